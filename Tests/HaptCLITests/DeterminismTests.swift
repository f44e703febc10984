import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// Determinism (issue 6, part 5): the same inputs and options give byte-identical CSV,
/// JSON and HTML whatever the thread count (`--threads` or `HAPT_THREADS`).
@Suite(.tags(.endToEnd), .slow, .serialized) struct DeterminismTests {

  /// Every file below `folder` with its bytes.
  static func files(_ folder: String) -> [String: Data] { InterruptTests.snapshot(folder) }

  @Test func reportIsByteIdenticalForAnyThreadCount() throws {
    let scratch = try ScratchFolder("determinism-report")
    defer { scratch.remove() }
    let corpus = HaptBinary.packageRoot.appendingPathComponent("Corpora").path
    let common = ["report", corpus, "--state", "prepared", "--device", "iphone-wideband-lra,erm-phone"]
    let start = Date()
    let one = try HaptInProcess.run(common + ["--out", scratch.file("t1"), "--threads", "1"])
    let middle = Date()
    let four = try HaptInProcess.run(common + ["--out", scratch.file("t4"), "--threads", "4"])
    let env = try HaptInProcess.run(common + ["--out", scratch.file("env")], environment: ["HAPT_THREADS", "3"].pairs)
    print(
      "determinism: report with 1 thread \(middle.timeIntervalSince(start)) s, "
        + "4 threads \(Date().timeIntervalSince(middle)) s")
    for run in [one, four, env] { #expect(run.status == 0, "\(run.stderr)") }
    let reference = Self.files(scratch.file("t1"))
    #expect(reference.keys.contains("index.html") && reference.keys.contains("pairs.csv"))
    #expect(reference.count >= 6)
    for other in ["t4", "env"] {
      let files = Self.files(scratch.file(other))
      #expect(files.keys.sorted() == reference.keys.sorted())
      for (name, bytes) in reference where files[name] != bytes {
        Issue.record("\(other)/\(name) differs from the 1-thread report")
      }
    }
  }

  /// Runs `arguments` with 1 and with 4 threads (and HAPT_THREADS=2) and expects equal stdout.
  @Test(arguments: [
    ["latency", "Corpora/system", "--state", "both", "--format", "json"],
    ["latency", "Corpora/library", "--format", "csv", "--device", "all"],
    ["confusion", "Corpora/system", "--format", "csv"],
  ])
  func tabularOutputIsIdenticalForAnyThreadCount(_ arguments: [String]) throws {
    let one = try HaptInProcess.run(arguments + ["--threads", "1"])
    let four = try HaptInProcess.run(arguments + ["--threads", "4"])
    let env = try HaptInProcess.run(arguments, environment: ["HAPT_THREADS", "2"].pairs)
    #expect([0, 1].contains(one.status), "\(one.stderr)")
    #expect(!one.stdout.isEmpty)
    #expect(four.status == one.status && env.status == one.status)
    #expect(four.stdout == one.stdout)
    #expect(env.stdout == one.stdout)
  }

  @Test func baselineCheckIsIdenticalForAnyThreadCount() throws {
    let scratch = try ScratchFolder("determinism-baseline")
    defer { scratch.remove() }
    let options = ["--state", "both", "--device", "iphone-wideband-lra,erm-phone"]
    let record = try HaptInProcess.run(
      ["baseline", "record", "Corpora/library", "--out", scratch.file("b"), "--threads", "3"] + options)
    #expect(record.status == 0, "\(record.stderr)")
    // Check the other corpus against it, so the result has changes to report.
    var outputs: [String] = []
    var junits: [Data] = []
    for threads in ["1", "4"] {
      for format in ["json", "csv"] {
        let junit = scratch.file("junit-\(threads)-\(format).xml")
        let run = try HaptInProcess.run(
          [
            "baseline", "check", "Corpora/library", "--baseline", scratch.file("b"), "--format", format, "--threads",
            threads,
            "--junit", junit,
          ] + options)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        outputs.append(run.stdout)
        junits.append(FileManager.default.contents(atPath: junit) ?? Data())
      }
    }
    #expect(outputs[0] == outputs[2] && outputs[1] == outputs[3])
    #expect(!outputs[0].isEmpty && !outputs[1].isEmpty)
    #expect(junits[0] == junits[2] && !junits[0].isEmpty)
  }
}

extension DeterminismTests {
  /// Rendered WAV/FLAC files and baselines carry no clock time: two runs more than a
  /// second apart give identical bytes (libsndfile's PEAK chunk used to hold the time).
  @Test func renderedFilesAndBaselinesAreByteIdenticalAcrossRuns() throws {
    let scratch = try ScratchFolder("determinism-files")
    defer { scratch.remove() }
    let pattern = HaptBinary.packageRoot.appendingPathComponent("Corpora/library/heartbeat.ahap").path
    func runAll(_ tag: String) throws {
      for ext in ["wav", "flac", "csv"] {
        let run = try HaptInProcess.run(
          ["render", pattern, "--out", scratch.file("\(tag).\(ext)")])
        #expect(run.status == 0, "\(run.stderr)")
      }
      let record = try HaptInProcess.run(
        ["baseline", "record", "Corpora/system", "--out", scratch.file("\(tag)-baseline"), "--device", "erm-phone"])
      #expect(record.status == 0, "\(record.stderr)")
    }
    try runAll("first")
    usleep(1_100_000)
    try runAll("second")
    for ext in ["wav", "flac", "csv"] {
      let first = FileManager.default.contents(atPath: scratch.file("first.\(ext)"))
      #expect(
        first != nil && first == FileManager.default.contents(atPath: scratch.file("second.\(ext)")), "\(ext) differs")
    }
    let a = Self.files(scratch.file("first-baseline"))
    let b = Self.files(scratch.file("second-baseline"))
    #expect(a.count > 3 && a.keys.sorted() == b.keys.sorted())
    for (name, bytes) in a where b[name] != bytes { Issue.record("baseline file \(name) differs between runs") }
  }
}

extension Array where Element == String {
  /// `["KEY", "VALUE", ...]` as a dictionary.
  var pairs: [String: String] {
    var result: [String: String] = [:]
    var i = 0
    while i + 1 < count {
      result[self[i]] = self[i + 1]
      i += 2
    }
    return result
  }
}
