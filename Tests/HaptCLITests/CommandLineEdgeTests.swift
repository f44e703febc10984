import HaptTestSupport
import Foundation
import Testing

/// Command-line edges a new user trips over: duration units, one peak definition, help that
/// matches the parser, parent folders, exit statuses and honest notes.
@Suite(.tags(.endToEnd), .slow) struct CommandLineEdgeTests {
  static let heartbeat = WorkflowCommandsTests.heartbeat
  static let tripleTap = WorkflowCommandsTests.tripleTap

  // MARK: - Durations

  @Test func bareNumberForADurationIsAUsageErrorNamingTheUnits() throws {
    let run = try HaptInProcess.run(["latency", Self.tripleTap, "--budget", "40"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("--budget") && run.stderr.contains("ms or s"), "\(run.stderr)")
    #expect(!run.stdout.contains("40000"))
  }

  @Test func durationWithASpaceBeforeTheUnitIsRead() throws {
    let spaced = try HaptInProcess.run([
      "latency", Self.tripleTap, "--state", "prepared", "--budget", "50", "ms", "--format", "csv",
    ])
    #expect(spaced.status == 0, "\(spaced.stderr)")
    let joined = try HaptInProcess.run([
      "latency", Self.tripleTap, "--state", "prepared", "--budget", "50ms", "--format", "csv",
    ])
    #expect(spaced.stdout == joined.stdout)
    #expect(!spaced.stderr.contains("ms: no such file"))
    let seconds = try HaptInProcess.run([
      "latency", Self.tripleTap, "--state", "prepared", "--budget", "0.05s", "--format", "csv",
    ])
    #expect(seconds.stdout == joined.stdout)
  }

  // MARK: - One peak definition

  @Test func peakIsTheSameInLatencyRenderAndCompare() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
    let latency = try HaptInProcess.run(["latency", Self.heartbeat, "--state", "prepared", "--format", "json"])
    let latencyPeak = try #require((try json(latency.stdout) as? [[String: Any]])?.first?["peak_g"] as? Double)
    let csv = try HaptInProcess.run(["latency", Self.heartbeat, "--state", "prepared", "--format", "csv"])
    let lines = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let column = try #require(lines[0].firstIndex(of: "peak_g"))
    let csvPeak = try #require(Double(lines[1][column]))
    let render = try HaptInProcess.run([
      "render", Self.heartbeat, "--out", folder.appendingPathComponent("h.wav").path, "--format", "json",
    ])
    let renderPeak = try #require((try json(render.stdout) as? [String: Any])?["peak_g"] as? Double)
    let compare = try HaptInProcess.run(["compare", Self.heartbeat, Self.tripleTap, "--format", "json"])
    let a = try #require((try json(compare.stdout) as? [String: Any])?["a"] as? [String: Any])
    let comparePeak = try #require((a["markers"] as? [String: Any])?["peak_g"] as? Double)
    #expect(
      latencyPeak == csvPeak && csvPeak == renderPeak && renderPeak == comparePeak,
      "latency json \(latencyPeak), csv \(csvPeak), render \(renderPeak), compare \(comparePeak)")
    #expect(latencyPeak > 0.05)
  }

  // MARK: - Help lists what the parser accepts

  @Test func compareHelpListsOnlyWhatCompareAccepts() throws {
    let fullHelp = try HaptInProcess.run(["compare", "--help"]).stdout
    let options = try #require(fullHelp.range(of: "OPTIONS:"))
    let help = String(fullHelp[options.lowerBound...])
    #expect(help.contains("--state prepared|cold ") && help.contains("--format text|json "))
    #expect(!help.contains("both") && !help.contains("csv") && !help.contains("repeatable") && !help.contains("'all'"))
    for arguments in [["--state", "cold"], ["--format", "json"], ["--device", "erm-phone"]] {
      #expect(
        try HaptInProcess.run(["compare", Self.tripleTap, Self.tripleTap] + arguments).status == 0, "\(arguments)")
    }
    for arguments in [
      ["--state", "both"], ["--format", "csv"], ["--device", "all"], ["--device", "erm-phone,tablet-none"],
    ] {
      #expect(
        try HaptInProcess.run(["compare", Self.tripleTap, Self.tripleTap] + arguments).status == 64, "\(arguments)")
    }
  }

  /// Usage lines and the option table agree: `--state prepared|cold` in a usage line
  /// means the table (which the parser reads) says `prepared|cold` too.
  @Test(arguments: [
    "lint", "render", "compare", "confusion", "latency", "report", "baseline", "presets", "devices", "fit",
  ])
  func usageLinesMatchTheOptionTable(command: String) throws {
    let help = try HaptInProcess.run([command, "--help"]).stdout
    let lines = help.split(separator: "\n").map(String.init)
    let usage = lines.filter { $0.hasPrefix("  hapt ") }.joined(separator: " ")
    var table: [String: String] = [:]
    for line in lines where line.hasPrefix("  --") {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      if words.count >= 2, words[1].contains("|") { table[String(words[0])] = String(words[1]) }
    }
    let usageWords = usage.replacingOccurrences(of: "[", with: " ").replacingOccurrences(of: "]", with: " ")
      .split(separator: " ").map(String.init)
    for (index, word) in usageWords.enumerated() where table[word] != nil && index + 1 < usageWords.count {
      let value = usageWords[index + 1]
      guard value.contains("|") else { continue }
      #expect(value == table[word], "\(command): usage says \(word) \(value), the table \(table[word] ?? "")")
    }
  }

  @Test func everyFormatAndStateAHelpListsIsAccepted() throws {
    // devices --format: the help says text|csv|json (csv: one row of capabilities per
    // profile, issue 22); each is accepted, a format it does not list is not.
    let help = try HaptInProcess.run(["devices", "--help"]).stdout
    #expect(help.contains("--format text|csv|json "))
    #expect(try HaptInProcess.run(["devices", "--format", "json"]).status == 0)
    #expect(try HaptInProcess.run(["devices", "--format", "csv"]).status == 0)
    #expect(try HaptInProcess.run(["devices", "--format", "html"]).status == 64)
  }

  // MARK: - Devices without an actuator

  @Test func confusionOnEveryDeviceReportsTheSilentOneAndDoesNotFail() throws {
    let run = try HaptInProcess.run(["confusion", Self.tripleTap, Self.heartbeat, "--device", "all"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("tablet-none (prepared): silent, not reviewed"), "\(run.stdout)")
    #expect(!run.stdout.contains("confusable"))
    let json = try HaptInProcess.run([
      "confusion", Self.tripleTap, Self.heartbeat, "--device", "iphone-wideband-lra,tablet-none", "--format", "json",
    ])
    #expect(json.status == 0)
    #expect(json.stdout.contains("\"silent\": true") && json.stdout.contains("\"silent\": false"))
    // A real confusable pair still fails, whatever silent devices there are.
    let copy = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: copy) }
    let twin = copy.appendingPathComponent("twin.ahap")
    try FileManager.default.copyItem(atPath: Self.tripleTap, toPath: twin.path)
    let same = try HaptInProcess.run([
      "confusion", Self.tripleTap, twin.path, "--device", "iphone-wideband-lra,tablet-none",
    ])
    #expect(same.status == 1)
  }

  @Test func patternSilentOnEveryPhoneSaysWhyInLatencyAndLint() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("silent.ahap").path
    try """
    {"Version": 1, "Pattern": [
      {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.5,
        "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}},
      {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0,
        "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 0.5, "ParameterValue": 0}]}}]}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let latency = try HaptInProcess.run(["latency", file, "--state", "prepared", "--format", "json"])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(latency.stdout.utf8)) as? [[String: Any]])
    #expect(rows.first?["verdict"] as? String == "silent")
    #expect((rows.first?["silenceReason"] as? String)?.contains("intensity is 0 throughout") == true, "\(rows)")
    #expect(latency.stderr.contains("nothing to feel on any device"))
    let lint = try HaptInProcess.run(["lint", file])
    #expect(lint.stdout.contains("PAT005"), "\(lint.stdout)")
    // A felt pattern has no silence reason.
    let felt = try HaptInProcess.run(["latency", Self.tripleTap, "--state", "prepared", "--format", "json"])
    #expect(felt.stdout.contains("\"silenceReason\": null"))
  }

  // MARK: - Output folders and exit statuses

  @Test func baselineRecordCreatesParentFolders() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("Baselines/library").path
    let run = try HaptInProcess.run(["baseline", "record", Self.tripleTap, "--out", out, "--state", "prepared"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))
  }

  @Test func lintOfAMissingFileIsNoInput() throws {
    let run = try HaptInProcess.run(["lint", "nope.ahap"])
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains("nope.ahap"))
  }

  @Test func prepareLeadGivesOneRowPerDeviceAndSaysWhy() throws {
    let run = try HaptInProcess.run(["latency", Self.tripleTap, "--prepare-lead", "100ms", "--format", "csv"])
    #expect(run.stdout.split(separator: "\n").count == 2, "\(run.stdout)")
    #expect(run.stderr.contains("--prepare-lead") && run.stderr.contains("engine latency"), "\(run.stderr)")
    #expect(
      try HaptInProcess.run(["latency", Self.tripleTap, "--prepare-lead", "100ms", "--state", "cold"]).status == 64)
  }

  @Test func rhythmSaysTapsWereDroppedOnlyWhenTheyWere() throws {
    let kept = try HaptInProcess.run(["rhythm", "--taps", "0,0.25,0.5"])
    #expect(kept.status == 0 && !kept.stdout.contains("dropped"), "\(kept.stdout)")
    let cut = try HaptInProcess.run(["rhythm", "--taps", "0,0.25,9"])
    #expect(cut.stdout.contains("1 tap dropped"), "\(cut.stdout)")
  }

  /// A mono 16-bit PCM WAV at 8 kHz: a 20 ms burst at half scale.
  static func int16WAV() -> Data {
    let samples = (0..<800).map { n -> Int16 in n < 160 ? Int16(16384 * sin(2 * Double.pi * 170 * Double(n) / 8000)) : 0
    }
    var data = Data()
    func u32(_ x: UInt32) { withUnsafeBytes(of: x.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ x: UInt16) { withUnsafeBytes(of: x.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(1); u16(1); u32(8000); u32(16000); u16(2); u16(16)
    data.append(contentsOf: Array("data".utf8)); u32(UInt32(samples.count * 2))
    for s in samples { u16(UInt16(bitPattern: s)) }
    return data
  }

  @Test func int16RecordingNotesTheAssumedFullScale() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("int16.wav")
    try Self.int16WAV().write(to: wav)
    let run = try HaptInProcess.run(["compare", wav.path, wav.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("full scale = 1 g") && run.stderr.contains("int16.wav"), "\(run.stderr)")
    // A float WAV written by hapt carries its values: no note.
    let float = folder.appendingPathComponent("float.wav").path
    #expect(try HaptInProcess.run(["render", Self.tripleTap, "--out", float]).status == 0)
    #expect(!(try HaptInProcess.run(["compare", float, float]).stderr.contains("full scale")))
  }
}
