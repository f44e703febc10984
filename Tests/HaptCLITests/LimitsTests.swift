import HaptTestSupport
import Foundation
import Testing

/// Limits (issue 6, part 2): every bound on work gives a clear one-line error naming the
/// file and the limit, exit 65, and has a command-line override where one makes sense;
/// a pathological but valid file (a 30 s continuous event under a 100,000-point curve)
/// renders and reports in bounded time.
@Suite(.tags(.endToEnd), .slow, .serialized) struct LimitsTests {
  static let bound_s = 120.0

  static func pathological() -> String {
    HostileInputTests.ahap(
      HostileInputTests.continuous("0", "30") + "," + HostileInputTests.curve(points: 100_000, span_s: 30))
  }

  @Test func pathologicalValidFileRendersAndReportsInBoundedTime() throws {
    let scratch = try ScratchFolder("limits-pathological")
    defer { scratch.remove() }
    try scratch.write("in/long-curve.ahap", Self.pathological())
    let file = scratch.file("in/long-curve.ahap")
    let render = try HaptBinary.run(["render", file, "--out", scratch.file("long.wav")], timeout_s: Self.bound_s)
    #expect(render.status == 0 && !render.timedOut, "\(render.stderr)")
    let report = try HaptBinary.run(
      [
        "report", scratch.file("in"), "--out", scratch.file("report"), "--device", "iphone-wideband-lra", "--state",
        "prepared",
      ],
      timeout_s: Self.bound_s)
    #expect(report.status == 0 && !report.timedOut, "\(report.stderr)")
    print("limits: 30 s event with 100,000 curve points: render \(render.elapsed_s) s, report \(report.elapsed_s) s")
    #expect(FileManager.default.fileExists(atPath: scratch.file("report/index.html")))
  }

  /// A limit case: the file, the arguments, and words the error must contain.
  struct Case: Sendable, CustomStringConvertible {
    let name: String
    let file: String
    let contents: @Sendable () -> String
    let arguments: [String]
    let words: [String]
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "events", file: "many.ahap",
      contents: { HostileInputTests.ahap(HostileInputTests.compactTransients(100_001)) },
      arguments: ["lint"], words: ["100000"]),
    Case(
      name: "time", file: "late.ahap", contents: { HostileInputTests.ahap(HostileInputTests.transient("3601")) },
      arguments: ["lint"], words: ["3600"]),
    Case(
      name: "duration", file: "long.ahap",
      contents: { HostileInputTests.ahap(HostileInputTests.continuous("0", "1e6")) },
      arguments: ["lint"], words: ["Duration"]),
    Case(
      name: "file size", file: "big.ahap",
      contents: { HostileInputTests.validAHAP + String(repeating: " ", count: 5000) },
      arguments: ["lint", "--max-file-bytes", "4096"], words: ["4096", "--max-file-bytes"]),
    Case(
      name: "render length", file: "thirty.ahap",
      contents: { HostileInputTests.ahap(HostileInputTests.continuous("0", "30")) },
      arguments: ["render", "--max-duration", "2s", "--out", "OUT/x.wav"], words: ["limit", "2"]),
  ]

  @Test(arguments: cases)
  func limitGivesAClearError(_ limit: Case) throws {
    let scratch = try ScratchFolder("limits")
    defer { scratch.remove() }
    try scratch.write(limit.file, limit.contents())
    let path = scratch.file(limit.file)
    let arguments =
      [limit.arguments[0], path]
      + limit.arguments.dropFirst().map {
        $0.replacingOccurrences(of: "OUT", with: scratch.path)
      }
    let run = try HaptInProcess.run(arguments)
    #expect(run.status == 65, "\(limit.name): exit \(run.status), \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.first?.hasPrefix("error: \(path): ") == true, "\(limit.name): \(run.stderr)")
    for word in limit.words {
      #expect(run.stderr.contains(word), "\(limit.name): '\(word)' missing from \(run.stderr)")
    }
  }

  @Test func fileSizeAndCorpusSizeOverridesWork() throws {
    let scratch = try ScratchFolder("limits-overrides")
    defer { scratch.remove() }
    for name in ["a", "b", "c"] { try scratch.write("corpus/\(name).ahap", HostileInputTests.validAHAP) }
    let folder = scratch.file("corpus")
    let base = ["latency", folder, "--device", "erm-phone", "--state", "prepared"]
    let tooMany = try HaptInProcess.run(base + ["--max-files", "2"])
    #expect(tooMany.status == 65, "\(tooMany.stderr)")
    #expect(tooMany.stderr.contains("over the limit of 2") && tooMany.stderr.contains("--max-files"))
    // The first two files are still measured.
    #expect(tooMany.stdout.contains("a") && tooMany.stdout.contains("b"))
    let allowed = try HaptInProcess.run(base + ["--max-files", "3"])
    #expect([0, 1].contains(allowed.status), "\(allowed.stderr)")
    let small = try HaptInProcess.run(base + ["--max-file-bytes", "100"])
    #expect(small.status == 65)
    #expect(small.stderr.split(separator: "\n").filter { $0.contains("larger than the limit of 100 bytes") }.count == 3)
    let bad = try HaptInProcess.run(base + ["--max-file-bytes", "lots"])
    #expect(bad.status == 64)
  }
}
