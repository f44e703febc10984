import HaptTestSupport
import Foundation
import Testing

/// `hapt lint --strict` fails a file whose misspelled key drops content; without
/// `--strict` it warns and exits 0; text groups repeated findings, CSV keeps them all.
@Suite(.tags(.endToEnd), .slow) struct LintStrictCommandTests {
  @Test func aMisspelledParameterCurvesFailsStrictLint() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("typo.ahap").path
    var entries = [
      #"{"ParameterCurves":{"ParameterID":"HapticIntensityControl","Time":0,"ParameterCurveControlPoints":[{"Time":0,"ParameterValue":0.1},{"Time":1,"ParameterValue":1}]}}"#
    ]
    for k in 0..<6 {
      entries.append(#"{"Event":{"Time":\#(Double(k) * 0.1),"EventType":"HapticContinuous","EventDuration":1}}"#)
    }
    try (#"{"Version":1,"Pattern":["# + entries.joined(separator: ",") + "]}").write(
      toFile: file, atomically: true, encoding: .utf8)
    let lenient = try HaptInProcess.run(["lint", file])
    #expect(lenient.status == 0)
    #expect(
      lenient.stdout.contains(
        "warning: unknown key \"ParameterCurves\" ignored with everything under it: did you mean \"ParameterCurve\"? [AHAP016]"
      ))
    let strict = try HaptInProcess.run(["lint", file, "--strict"])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("error: unknown key \"ParameterCurves\""))
    // Five overlaps of continuous events: one grouped line in text, five rows in CSV.
    #expect(strict.stdout.contains("warning: 5 findings [PAT001] at events[1], events[2], events[3] and 2 more"))
    let csv = try HaptInProcess.run(["lint", file, "--strict", "--format", "csv"])
    #expect(csv.stdout.split(separator: "\n").filter { $0.contains(",PAT001,") }.count == 5)
    #expect(csv.stdout.contains(",AHAP016,error,"))
  }
}
