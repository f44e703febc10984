import Foundation
import Testing

/// An AHAP fragment (a top-level `Event` and no `Pattern`) is bad input for every command:
/// `lint` (even without `--strict`), `convert`, `render` and `report` exit 65 with one line
/// naming the file, instead of a silent 1 ms pattern.
@Suite struct AHAPFragmentCommandTests {
  @Test func everyCommandRefusesAFragment() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("fragment.ahap").path
    try #"{"Event":{"Time":0,"EventType":"HapticTransient","EventParameters":[]}}"#.write(
      toFile: file, atomically: true, encoding: .utf8)
    let runs = [
      try HaptInProcess.run(["lint", file]),
      try HaptInProcess.run(["lint", file, "--strict"]),
      try HaptInProcess.run(["convert", file, "--out", folder.appendingPathComponent("out.xml").path]),
      try HaptInProcess.run(["render", file, "--out", folder.appendingPathComponent("out.wav").path]),
      try HaptInProcess.run(["report", file, "--out", folder.appendingPathComponent("report").path]),
    ]
    for run in runs {
      #expect(run.status == 65, "\(run.stdout)\(run.stderr)")
      let lines = (run.stdout + run.stderr).split(separator: "\n").filter { $0.contains("an AHAP fragment") }
      #expect(lines.count == 1, "\(run.stdout)\(run.stderr)")
      #expect(lines.first?.contains("fragment.ahap") == true)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.xml").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.wav").path))
  }
}
