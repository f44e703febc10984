import HaptTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nothing lost (issue 6, part 3): a report run killed with SIGKILL at any moment, even
/// while it writes, leaves the previous report byte-identical and nothing behind that the
/// next run does not clean up; a baseline is never replaced without `--force`.
@Suite(.tags(.endToEnd), .slow, .serialized) struct InterruptTests {
  /// A generated pattern: a few transients and a continuous event, varied by `index`.
  static func generatedPattern(_ index: Int) -> String {
    var random = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next() -> Double {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(random >> 11) / Double(1 << 53)
    }
    var events: [String] = []
    for k in 0..<(1 + index % 3) {
      events.append(
        """
        {"Event": {"Time": \(Double(k) * 0.08), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \(((0.3 + 0.7 * next()) * 1000).rounded() / 1000)}, {"ParameterID": "HapticSharpness", "ParameterValue": \((next() * 1000).rounded() / 1000)}]}}
        """)
    }
    events.append(
      """
      {"Event": {"Time": 0.25, "EventType": "HapticContinuous", "EventDuration": \(((0.05 + 0.2 * next()) * 1000).rounded() / 1000), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \((next() * 1000).rounded() / 1000)}]}}
      """)
    return
      "{\"Version\": 1, \"Metadata\": {\"Description\": \"generated \(index)\"}, \"Pattern\": [\(events.joined(separator: ","))]}"
  }

  /// Writes `count` generated patterns into `folder` of `scratch`.
  static func generateCorpus(_ scratch: ScratchFolder, _ folder: String, count: Int) throws {
    for i in 0..<count { try scratch.write("\(folder)/gen-\(String(format: "%04d", i)).ahap", generatedPattern(i)) }
  }

  /// Every file below `folder` (hidden included) with its bytes.
  static func snapshot(_ folder: String) -> [String: Data] {
    var result: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return result }
    for case let relative as String in enumerator {
      var isFolder: ObjCBool = false
      let path = folder + "/" + relative
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      result[relative] = isFolder.boolValue ? Data("<folder>".utf8) : FileManager.default.contents(atPath: path)
    }
    return result
  }

  static let options = ["--device", "erm-phone", "--state", "prepared", "--title", "kill test"]

  @Test func killedReportRunLeavesThePreviousReportIntact() throws {
    let scratch = try ScratchFolder("interrupt")
    defer { scratch.remove() }
    try Self.generateCorpus(scratch, "small", count: 4)
    try Self.generateCorpus(scratch, "large", count: 60)
    let out = scratch.file("out/report")
    try FileManager.default.createDirectory(atPath: scratch.file("out"), withIntermediateDirectories: true)

    func writeSmall() throws {
      let run = try HaptInProcess.run(["report", scratch.file("small"), "--out", out] + Self.options)
      #expect(run.status == 0, "\(run.stderr)")
    }
    try writeSmall()
    let previous = Self.snapshot(out)
    #expect(previous["index.html"] != nil && previous["pairs.csv"] != nil)

    // The complete large report, for timing and for the "finished before the kill" case.
    let start = Date()
    let full = try HaptInProcess.run(
      ["report", scratch.file("large"), "--out", scratch.file("full/report")] + Self.options)
    let fullElapsed_s = Date().timeIntervalSince(start)
    #expect(full.status == 0, "\(full.stderr)")
    let complete = Self.snapshot(scratch.file("full/report"))
    print("interrupt: the large report takes \(fullElapsed_s) s")

    // Kills at fixed moments, then kills timed by the appearance of the temporary folder
    // (that is, while the report files are being written), 0-200 ms after it appears.
    var kills: [(label: String, delay_s: Double, afterTemporary: Bool)] = [0.2, 0.5, 1, 2].map {
      ("after \($0) s", $0, false)
    }
    kills += [0, 0.001, 0.003, 0.01, 0.02, 0.05, 0.1, 0.2].map { ("\($0 * 1000) ms into writing", $0, true) }
    var interrupted = 0
    var finished = 0
    var killedWhileWriting = 0
    var partialFiles: [Int] = []
    for kill in kills {
      RunLog.record("subprocess", ["report", "(killed)"])
      let process = Process()
      process.executableURL = HaptBinary.url
      process.arguments = ["report", scratch.file("large"), "--out", out] + Self.options
      process.currentDirectoryURL = HaptBinary.packageRoot
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let pid = process.processIdentifier
      if kill.afterTemporary {
        let deadline = Date().addingTimeInterval(max(60, 3 * fullElapsed_s))
        let prefix = ".report.tmp-\(pid)-"
        while Date() < deadline, process.isRunning {
          let names = (try? FileManager.default.contentsOfDirectory(atPath: scratch.file("out"))) ?? []
          if names.contains(where: { $0.hasPrefix(prefix) }) { break }
          usleep(200)
        }
      }
      if kill.delay_s > 0 { usleep(UInt32(kill.delay_s * 1_000_000)) }
      let wasRunning = process.isRunning
      killProcess(pid)
      process.waitUntilExit()
      let now = Self.snapshot(out)
      if wasRunning, process.terminationReason == .uncaughtSignal {
        if now == previous {
          interrupted += 1
        } else if now == complete {
          finished += 1  // killed after the swap, while removing the old folder
        } else {
          Issue.record(
            "\(kill.label): the report folder is neither the previous nor the new report: \(now.keys.sorted())")
        }
      } else {
        finished += 1
        #expect(now == complete, "\(kill.label): the run finished but the report differs")
      }
      // Left next to the report: only temporary folders of the killed process.
      let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.file("out"))) ?? [])
        .filter { $0 != "report" }
      if kill.afterTemporary, let partial = leftovers.first(where: { $0.hasPrefix(".report.tmp-\(pid)-") }) {
        killedWhileWriting += 1
        partialFiles.append(InterruptTests.snapshot(scratch.file("out/\(partial)")).count)
      }
      for name in leftovers {
        #expect(
          name.hasPrefix(".report.tmp-\(pid)-") || name.hasPrefix(".report.old-\(pid)-"), "\(kill.label): left \(name)")
      }
      if now != previous { try writeSmall() }
    }
    print(
      "interrupt: \(interrupted) runs killed with the previous report intact, \(finished) finished first; \(killedWhileWriting) killed while writing (files in the abandoned temporary folder: \(partialFiles))"
    )
    #expect(interrupted >= 4)
    #expect(killedWhileWriting >= 3)
    // The next run recovers: removes what the killed runs left and writes the report.
    try writeSmall()
    #expect(Self.snapshot(out) == previous)
    let left = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.file("out"))) ?? []).sorted()
    #expect(left == ["report"])
  }

  @Test func baselineIsNotReplacedWithoutForce() throws {
    let scratch = try ScratchFolder("baseline-force")
    defer { scratch.remove() }
    try Self.generateCorpus(scratch, "a", count: 3)
    try Self.generateCorpus(scratch, "b", count: 5)
    let out = scratch.file("baseline")
    let options = ["--device", "erm-phone", "--state", "prepared"]
    let first = try HaptInProcess.run(["baseline", "record", scratch.file("a"), "--out", out] + options)
    #expect(first.status == 0, "\(first.stderr)")
    let recorded = Self.snapshot(out)
    #expect(!recorded.isEmpty)
    let again = try HaptInProcess.run(["baseline", "record", scratch.file("b"), "--out", out] + options)
    #expect(again.status == 73, "\(again.stderr)")
    #expect(again.stderr.hasPrefix("error: ") && again.stderr.contains(out))
    #expect(Self.snapshot(out) == recorded)
    let forced = try HaptInProcess.run(["baseline", "record", scratch.file("b"), "--out", out, "--force"] + options)
    #expect(forced.status == 0, "\(forced.stderr)")
    let replaced = Self.snapshot(out)
    #expect(replaced != recorded)
    // The replaced baseline checks clean against the corpus it was recorded from.
    let check = try HaptInProcess.run(["baseline", "check", scratch.file("b"), "--baseline", out] + options)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(scratch.listing().filter { $0.contains(".tmp-") || $0.contains(".old-") }.isEmpty)
  }

  @Test func failingFileDoesNotLoseTheOthers() throws {
    let scratch = try ScratchFolder("one-bad")
    defer { scratch.remove() }
    try Self.generateCorpus(scratch, "corpus", count: 3)
    try scratch.write("corpus/broken.ahap", "{\"Pattern\": [")
    let run = try HaptInProcess.run(["report", scratch.file("corpus"), "--out", scratch.file("report")] + Self.options)
    #expect(run.status == 65)
    #expect(run.stderr.contains("error: \(scratch.file("corpus/broken.ahap")): "))
    let patterns = (try? String(contentsOfFile: scratch.file("report/patterns.csv"), encoding: .utf8)) ?? ""
    for i in 0..<3 { #expect(patterns.contains("gen-000\(i)")) }
  }

  /// `render --out FILE` killed while it writes leaves the previous FILE intact; the
  /// temporary file it leaves is removed by the next write of FILE.
  @Test(arguments: ["wav", "csv"])
  func killedRenderLeavesThePreviousFileIntact(_ ext: String) throws {
    let scratch = try ScratchFolder("interrupt-render")
    defer { scratch.remove() }
    try scratch.write("short.ahap", HostileInputTests.validAHAP)
    try scratch.write("long.ahap", HostileInputTests.ahap(HostileInputTests.continuous("0", "20")))
    let out = scratch.file("out.\(ext)")
    let first = try HaptInProcess.run(["render", scratch.file("short.ahap"), "--out", out])
    #expect(first.status == 0, "\(first.stderr)")
    let previous = FileManager.default.contents(atPath: out)
    #expect(previous != nil)
    // A temporary file abandoned by a process that no longer runs (pid beyond pid_max).
    try scratch.write(".out.\(ext).tmp-99999999-abc", "partial")
    var killedWhileWriting = 0
    for delay_us in [0, 100, 1000] as [UInt32] {
      RunLog.record("subprocess", ["render", "(killed)"])
      let process = Process()
      process.executableURL = HaptBinary.url
      process.arguments = ["render", scratch.file("long.ahap"), "--out", out]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let prefix = ".out.\(ext).tmp-\(process.processIdentifier)-"
      let deadline = Date().addingTimeInterval(120)
      while Date() < deadline, process.isRunning {
        if scratch.listing().contains(where: { $0.hasPrefix(prefix) }) { break }
        usleep(100)
      }
      usleep(delay_us)
      let wasRunning = process.isRunning
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = FileManager.default.contents(atPath: out)
      if wasRunning, now == previous {
        if scratch.listing().contains(where: { $0.hasPrefix(prefix) }) { killedWhileWriting += 1 }
      } else {
        #expect(now != nil && now != previous, "the file is neither the previous nor a complete new one")
        let again = try HaptInProcess.run(["render", scratch.file("short.ahap"), "--out", out])
        #expect(again.status == 0 && FileManager.default.contents(atPath: out) == previous)
      }
    }
    print("interrupt: render .\(ext) killed while writing \(killedWhileWriting) of 3 times, previous file intact")
    // The next write removes every abandoned temporary file.
    let last = try HaptInProcess.run(["render", scratch.file("short.ahap"), "--out", out])
    #expect(last.status == 0)
    #expect(FileManager.default.contents(atPath: out) == previous)
    #expect(scratch.listing().filter { $0.contains(".tmp-") } == [], "left: \(scratch.listing())")
  }
}

/// Sends SIGKILL to `pid` (the C library's `kill`, under a name the test's `kill` loop
/// variable does not shadow).
private func killProcess(_ pid: Int32) {
  _ = kill(pid, SIGKILL)
}
