import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// End-to-end tests of the workflow commands: latency, baseline, compare, confusion, report.
@Suite(.tags(.endToEnd), .slow) struct WorkflowCommandsTests {
  static let library = HaptBinary.packageRoot.appendingPathComponent("Corpora/library").path
  static let tripleTap = HaptBinary.packageRoot.appendingPathComponent("Corpora/library/triple-tap.ahap").path
  static let heartbeat = HaptBinary.packageRoot.appendingPathComponent("Corpora/library/heartbeat.ahap").path

  static func temporaryFolder() throws -> URL { try HaptBinary.temporaryFolder(prefix: "hapt-e2e") }

  // MARK: - Latency

  @Test func latencyPassesPreparedAndFailsColdByDefault() throws {
    let prepared = try HaptInProcess.run(["latency", Self.tripleTap, "--state", "prepared"])
    #expect(prepared.status == 0, "\(prepared.stdout)\(prepared.stderr)")
    #expect(prepared.stdout.contains("pass"))
    let cold = try HaptInProcess.run(["latency", Self.tripleTap, "--state", "cold"])
    #expect(cold.status == 1, "\(cold.stdout)\(cold.stderr)")
    #expect(cold.stdout.contains("fail"))
    let both = try HaptInProcess.run(["latency", Self.tripleTap])
    #expect(both.status == 1)
  }

  @Test func latencyBudgetOptionChangesTheVerdict() throws {
    let generous = try HaptInProcess.run([
      "latency", Self.tripleTap, "--state", "cold", "--budget", "300ms", "--warn", "400ms",
    ])
    #expect(generous.status == 0, "\(generous.stdout)\(generous.stderr)")
    let strict = try HaptInProcess.run([
      "latency", Self.tripleTap, "--state", "prepared", "--budget", "1ms", "--warn", "2ms",
    ])
    #expect(strict.status == 1)
  }

  @Test func latencyCSVHasUnitsInHeaderAndOneRowPerDeviceAndState() throws {
    let run = try HaptInProcess.run([
      "latency", Self.tripleTap, "--device", "iphone-wideband-lra,android-lra-235", "--format", "csv",
    ])
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("pattern,device,state,engineLatency_ms,detect_ms") == true)
    #expect(lines.count == 1 + 2 * 2)
  }

  @Test func latencyBudgetFieldsShowTheGivenBudgetInCSVAndJSON() throws {
    let options = ["latency", Self.tripleTap, "--state", "prepared", "--budget", "40ms", "--warn", "45ms"]
    let csv = try HaptInProcess.run(options + ["--format", "csv"])
    let lines = csv.stdout.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let header = try #require(lines.first)
    let row = try #require(lines.dropFirst().first)
    let budget = try #require(header.firstIndex(of: "budget_ms"))
    let warn = try #require(header.firstIndex(of: "warn_ms"))
    #expect(row[budget] == "40" && row[warn] == "45", "\(csv.stdout)")
    let json = try HaptInProcess.run(options + ["--format", "json"])
    let object = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
    #expect(object["budget_ms"] as? Double == 40 && object["warn_ms"] as? Double == 45, "\(json.stdout)")
    // One key scheme: the JSON object has exactly the CSV's columns.
    #expect(Set(object.keys) == Set(header))
  }

  @Test func latencyOfSilentDeviceIsSilentNotFailed() throws {
    let run = try HaptInProcess.run(["latency", Self.tripleTap, "--device", "tablet-none"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("silent"))
  }

  @Test func latencyOfMissingFileIsNoInputAndOthersStillChecked() throws {
    let run = try HaptInProcess.run(["latency", "/nonexistent.ahap", Self.tripleTap, "--state", "prepared"])
    #expect(run.status == 66 || run.status == 65)
    #expect(run.stderr.contains("/nonexistent.ahap"))
    #expect(run.stdout.contains("triple-tap"))
  }

  // MARK: - Baseline

  /// A small corpus copied into a temporary folder.
  static func copyCorpus(to folder: URL) throws -> URL {
    let corpus = folder.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    for name in ["triple-tap", "heartbeat", "double-tap"] {
      try FileManager.default.copyItem(
        atPath: "\(library)/\(name).ahap", toPath: corpus.appendingPathComponent("\(name).ahap").path)
    }
    return corpus
  }

  /// A detect shift that rounds to zero prints as 0.0, never -0.0 (the second tap of the
  /// double tap at half intensity on android-lra-235 shifts detection by about -1e-12 s).
  @Test func baselineCheckPrintsNoNegativeZero() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try Self.copyCorpus(to: folder)
    let baseline = folder.appendingPathComponent("baseline").path
    let device = ["--device", "android-lra-235", "--state", "both"]
    let record = try HaptInProcess.run(["baseline", "record", corpus.path, "--out", baseline] + device)
    #expect(record.status == 0, "\(record.stderr)")
    let file = corpus.appendingPathComponent("double-tap.ahap").path
    var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
    let second = try #require(lines.indices.last { lines[$0].contains("\"ParameterValue\": 0.9") })
    lines[second] = lines[second].replacingOccurrences(of: "0.9", with: "0.45")
    try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    let check = try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline] + device)
    #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("event 2 (transient at 0.12 s): 6.0 dB weaker"), "\(check.stdout)")
    #expect(!check.stdout.contains("-0.0 "), "\(check.stdout)")
  }

  @Test func baselineCheckPassesOnUnchangedCorpusAndFailsOnEdits() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try Self.copyCorpus(to: folder)
    let baseline = folder.appendingPathComponent("baseline").path
    let record = try HaptInProcess.run(["baseline", "record", corpus.path, "--out", baseline])
    #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
    #expect(FileManager.default.fileExists(atPath: baseline + "/manifest.json"))

    let unchanged = try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline])
    #expect(unchanged.status == 0, "\(unchanged.stdout)\(unchanged.stderr)")
    #expect(unchanged.stdout.contains("PASS"))

    // One event's intensity changed: 0.9 -> 0.6 in the triple tap.
    let file = corpus.appendingPathComponent("triple-tap.ahap").path
    let original = try String(contentsOfFile: file, encoding: .utf8)
    let softer = original.replacingOccurrences(of: "\"ParameterValue\": 0.9", with: "\"ParameterValue\": 0.6")
    #expect(softer != original)
    try softer.write(toFile: file, atomically: true, encoding: .utf8)
    let junit = folder.appendingPathComponent("junit.xml").path
    let intensity = try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline, "--junit", junit])
    #expect(intensity.status == 1, "\(intensity.stdout)\(intensity.stderr)")
    let changedLines = intensity.stdout.split(separator: "\n").filter {
      $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first == "changed"
    }
    #expect(changedLines.allSatisfy { $0.hasPrefix("triple-tap.ahap") })
    #expect(changedLines.count >= 1)
    #expect(intensity.stdout.contains("d' ") && intensity.stdout.contains("dB weaker"))
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<testcase") && xml.contains("triple-tap") && xml.contains("<failure"))
    // The JUnit failure message names the file's event (its number and time) and the cue.
    let failure = xml.components(separatedBy: "<failure message=\"").dropFirst().first ?? ""
    #expect(
      failure.contains("event 1 (transient at 0.00 s): ") && failure.contains("dB weaker") && failure.contains("JND"),
      "\(failure.prefix(300))")

    // Timing changed: the second tap moves from 0.12 s to 0.20 s, where it is felt as
    // one with the third (40 ms apart): the file's events 2-3 are named together.
    let fused = original.replacingOccurrences(of: "\"Time\": 0.12", with: "\"Time\": 0.2")
    #expect(fused != original)
    try fused.write(toFile: file, atomically: true, encoding: .utf8)
    let together = try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline])
    #expect(together.status == 1)
    #expect(together.stdout.contains("events 2-3 (transients at 0.20-0.24 s, felt as one)"), "\(together.stdout)")
    // Moved 50 ms, to 0.17 s, it stays apart: one moved event, not added plus weaker.
    let later = original.replacingOccurrences(of: "\"Time\": 0.12", with: "\"Time\": 0.17")
    try later.write(toFile: file, atomically: true, encoding: .utf8)
    let timing = try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline])
    #expect(timing.status == 1)
    #expect(timing.stdout.contains("triple-tap"))
    #expect(timing.stdout.contains("event 2 (transient at 0.17 s) starts 50 ms later"), "\(timing.stdout)")
    #expect(!timing.stdout.contains(" added (") && !timing.stdout.contains(" missing ("), "\(timing.stdout)")
    let json = try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline, "--format", "json"])
    #expect(json.status == 1)
    #expect(json.stdout.contains("\"cue\": \"onset\"") && json.stdout.contains("\"dPrime_JND\""))

    // --device and --state select what is checked.
    let selected = try HaptInProcess.run([
      "baseline", "check", corpus.path, "--baseline", baseline, "--state", "cold", "--format", "csv",
    ])
    let rows = selected.stdout.split(separator: "\n").dropFirst()
    #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(",cold,") }, "\(selected.stdout)")

    // Restored: passes again.
    try original.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline]).status == 0)
  }

  @Test func baselineNoticesAnEditedDeviceProfileAndAddedOrRemovedPatterns() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try Self.copyCorpus(to: folder)
    let profile = folder.appendingPathComponent("phone.json").path
    let shipped = try String(
      contentsOfFile: HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/iphone-wideband-lra.json").path,
      encoding: .utf8)
    try shipped.replacingOccurrences(of: "\"iphone-wideband-lra\"", with: "\"test-phone\"")
      .write(toFile: profile, atomically: true, encoding: .utf8)
    let baseline = folder.appendingPathComponent("baseline").path
    #expect(
      try HaptInProcess.run(["baseline", "record", corpus.path, "--out", baseline, "--device", profile]).status == 0)
    #expect(
      try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline, "--device", profile]).status == 0
    )

    let edited = try String(contentsOfFile: profile, encoding: .utf8)
      .replacingOccurrences(of: "\"stiffness_N_per_m\": 2282", with: "\"stiffness_N_per_m\": 2400")
    try edited.write(toFile: profile, atomically: true, encoding: .utf8)
    let check = try HaptInProcess.run(["baseline", "check", corpus.path, "--baseline", baseline, "--device", profile])
    #expect(check.status == 1)
    #expect(check.stderr.contains("device profile 'test-phone' differs"))
    #expect(check.stdout.contains("incomparable"))
    #expect(check.stdout.contains("triple-tap"))

    // Pattern removed and added.
    try shipped.replacingOccurrences(of: "\"iphone-wideband-lra\"", with: "\"test-phone\"")
      .write(toFile: profile, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: corpus.appendingPathComponent("heartbeat.ahap").path)
    try FileManager.default.copyItem(
      atPath: "\(Self.library)/tick-tock.ahap", toPath: corpus.appendingPathComponent("tick-tock.ahap").path)
    let membership = try HaptInProcess.run([
      "baseline", "check", corpus.path, "--baseline", baseline, "--device", profile, "--format", "csv",
    ])
    #expect(membership.status == 1)
    #expect(membership.stdout.contains("heartbeat.ahap,test-phone,prepared,removed"))
    #expect(membership.stdout.contains("tick-tock.ahap,test-phone,prepared,added"))
  }

  @Test func baselineRecordNeverOverwritesWithoutForce() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try Self.copyCorpus(to: folder)
    let baseline = folder.appendingPathComponent("baseline").path
    #expect(
      try HaptInProcess.run(["baseline", "record", corpus.path, "--out", baseline, "--state", "prepared"]).status == 0)
    let manifest = try Data(contentsOf: URL(fileURLWithPath: baseline + "/manifest.json"))
    let again = try HaptInProcess.run(["baseline", "record", corpus.path, "--out", baseline])
    #expect(again.status == 73)
    #expect(again.stderr.contains("--force"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: baseline + "/manifest.json")) == manifest)
    #expect(try HaptInProcess.run(["baseline", "record", corpus.path, "--out", baseline, "--force"]).status == 0)
  }

  // MARK: - Compare and confusion

  @Test func compareGivesBothDirectionsAndIsZeroOnIdentity() throws {
    let same = try HaptInProcess.run(["compare", Self.tripleTap, Self.tripleTap, "--format", "json"])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(same.stdout.contains("\"dPrime_JND\": 0"))
    #expect(same.stdout.contains("\"similarity\": 1"))
    #expect(same.stdout.contains("\"changes\": []"))
    let different = try HaptInProcess.run(["compare", Self.tripleTap, Self.heartbeat])
    #expect(different.status == 0)
    // Text shows d' and its verdict, and the bounded waveform similarity labelled as
    // such; the raw, unbounded ST-SIM stays in JSON.
    #expect(different.stdout.contains("d' =") && different.stdout.contains("waveform similarity (ST-SIM, 0..1"))
    #expect(!different.stdout.contains("raw ST-SIM"))
    let tapPair = try HaptInProcess.run(["compare", "Corpora/library/double-tap.ahap", Self.tripleTap])
    #expect(tapPair.stdout.contains("waveform similarity (ST-SIM, 0..1, 1 identical; not the verdict) = 0.500"))
    #expect(!tapPair.stdout.contains("22.52"), "the raw ST-SIM (22.5) is JSON-only")
    #expect(different.stdout.contains("what a person would feel, from A to B:"))
    #expect(different.stdout.contains("detect_ms"))
    let json = try HaptInProcess.run(["compare", Self.tripleTap, Self.heartbeat, "--format", "json"])
    for key in ["\"dPrime_JND\"", "\"similarity\"", "\"changes\"", "\"event\"", "\"cue\"", "\"size\"", "\"unit\""] {
      #expect(json.stdout.contains(key), "\(key)")
    }
  }

  @Test func compareReadsRecordingsRenderedByHapt() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("triple.wav").path
    #expect(try HaptInProcess.run(["render", Self.tripleTap, "--out", wav]).status == 0)
    let run = try HaptInProcess.run(["compare", wav, Self.tripleTap, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("recording at 8000 Hz"))
    // A WAV rendered by hapt is the same signal (float32 rounding only): d' about 0.
    let comparison = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let d = comparison?["dPrime_JND"] as? Double ?? 99
    #expect(d < 0.05)
  }

  @Test func confusionOfDefaultSetPrintsMatrixAndIT() throws {
    let run = try HaptInProcess.run(["confusion"])
    #expect(run.status == 0 || run.status == 1)
    #expect(run.stdout.contains("uikit-notification-success"))
    #expect(run.stdout.contains("bits"))
    #expect(run.stdout.contains("Predicted confusion matrix"))
  }

  @Test func confusionOfIdenticalPatternsIsConfusableExitOne() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("copy.ahap").path
    try FileManager.default.copyItem(atPath: Self.tripleTap, toPath: copy)
    let run = try HaptInProcess.run(["confusion", Self.tripleTap, copy])
    #expect(run.status == 1)
    #expect(run.stdout.contains("likely to be confused"))
  }

  @Test func confusionCountsGivesITOfObservedData() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let counts = folder.appendingPathComponent("counts.csv").path
    try "10,0,0\n0,10,0\n0,0,10\n".write(toFile: counts, atomically: true, encoding: .utf8)
    let run = try HaptInProcess.run(["confusion", "--counts", counts, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    #expect(abs((object?["informationTransfer_bits"] as? Double ?? 0) - log2(3)) < 1e-12)
    #expect(object?["percentCorrect"] as? Double == 100)
    try "1,2\n3\n".write(toFile: counts, atomically: true, encoding: .utf8)
    let bad = try HaptInProcess.run(["confusion", "--counts", counts])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains(counts))
  }

  // MARK: - Report

  @Test func reportWritesEverySectionAndCSV() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("report").path
    let system = HaptBinary.packageRoot.appendingPathComponent("Corpora/system").path
    let run = try HaptInProcess.run([
      "report", system, Self.library, "--out", out, "--device", "iphone-wideband-lra,android-lra-235",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    for section in [
      "Latency budgets", "Design review: confusability", "Similarity across the corpus", "Patterns", "Lint findings",
      "Devices", "How to read this report",
    ] {
      #expect(html.contains(section), "missing section \(section)")
    }
    #expect(html.contains("<svg"))
    #expect(!html.contains("<script"))
    // The report's hints are the command line's own words (the library names no option).
    for hint in [
      "every pair with --all-pairs", "hapt confusion --counts reads its results", "exit status counts these",
    ] {
      #expect(html.contains(hint), "missing hint \(hint)")
    }
    for file in ["patterns.csv", "latency.csv", "pairs.csv", "confusion.csv", "lint.csv"] {
      let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
      #expect(text.split(separator: "\n").count >= 2, "\(file) is empty")
      let header = KeyNamingTests.csvHeader(text)
      #expect(header.allSatisfy(KeyNamingTests.follows), "\(file): \(header.filter { !KeyNamingTests.follows($0) })")
    }
    let latency = try String(contentsOfFile: out + "/latency.csv", encoding: .utf8)
    #expect(latency.hasPrefix("pattern,device,state,engineLatency_ms,detect_ms"))
  }

  @Test func reportListsFilesThatFailAndEvaluatesTheRest() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = try Self.copyCorpus(to: folder)
    try """
    {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient",
      "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": "loud"}]}}]}
    """.write(
      toFile: corpus.appendingPathComponent("broken.ahap").path, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("report").path
    let run = try HaptInProcess.run(["report", corpus.path, "--out", out, "--device", "iphone-wideband-lra"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("broken.ahap"))
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(html.contains("Files that failed to load"))
    #expect(html.contains("broken.ahap"))
    let patterns = try String(contentsOfFile: out + "/patterns.csv", encoding: .utf8)
    #expect(patterns.contains("triple-tap") && patterns.contains("heartbeat") && patterns.contains("double-tap"))
  }

  // MARK: - Limit overrides

  @Test func patternLimitOptionsOverrideTheDefaults() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("three.ahap").path
    try """
    {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},
      {"Event": {"Time": 0.1, "EventType": "HapticTransient"}},
      {"Event": {"Time": 0.2, "EventType": "HapticTransient"}}]}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let tooMany = try HaptInProcess.run(["lint", file, "--max-events", "2"])
    #expect(tooMany.status == 65)
    #expect(tooMany.stderr.contains("see --max-events"))
    #expect(try HaptInProcess.run(["lint", file, "--max-events", "3"]).status == 0)
    let tooLate = try HaptInProcess.run(["latency", file, "--max-pattern-time", "0.15s"])
    #expect(tooLate.status == 65)
    #expect(tooLate.stderr.contains("Pattern[2].Event.Time") && tooLate.stderr.contains("see --max-pattern-time"))
    #expect(try HaptInProcess.run(["lint", file, "--max-events", "0"]).status == 64)
  }

  @Test func renderLengthLimitCutsWithAWarning() throws {
    let cut = try HaptInProcess.run([
      "latency", Self.heartbeat, "--state", "prepared", "--max-render-duration", "0.5s", "--format", "csv",
    ])
    #expect(cut.status == 0, "\(cut.stderr)")
    #expect(cut.stderr.contains("heartbeat.ahap on iphone-wideband-lra: render cut at the length limit"))
    let whole = try HaptInProcess.run(["latency", Self.heartbeat, "--state", "prepared", "--format", "csv"])
    #expect(!whole.stderr.contains("render cut"))
    #expect(try HaptInProcess.run(["latency", Self.heartbeat, "--max-render-duration", "0"]).status == 64)
  }
}
