import HaptCommandLine
import HaptSimulation
import HaptEvaluation
import Testing

@testable import hapt

/// Every command parses in-process into its typed options; wrong lines give the usage
/// error the binary prints (exit 64), without running anything.
@Suite struct CommandParsingTests {
  static let duration = "a duration with its unit, ms or s (for example 50ms or 0.05s)"

  /// (command line, the usage error it gives).
  static let usageErrors: [([String], UsageError)] = [
    (["baseline", "record", "c", "--out", "o", "--junit", "x.xml"], .unknownOption("--junit")),
    (["baseline", "check", "c", "--baseline", "b", "--force"], .unknownOption("--force")),
    (["baseline", "record", "c", "--out", "o", "--format", "csv"], .unknownOption("--format")),
    (
      ["baseline", "check", "c", "--baseline", "b", "--max-render-duration", "1s"],
      .unknownOption("--max-render-duration")
    ),
    (["baseline"], .missingArgument("record or check")),
    (["baseline", "--out", "o"], .missingArgument("record or check")),
    (["baseline", "frob", "c"], .invalidValue(option: "baseline", value: "frob", expected: "record or check")),
    (["baseline", "record", "c"], .missingArgument("--out DIR")),
    (["baseline", "record", "--out", "o"], .missingArgument("CORPUS (a pattern folder or files)")),
    (["baseline", "check", "c"], .missingArgument("--baseline DIR or --against REV")),
    (
      ["baseline", "check", "c", "--baseline", "b", "--against", "main"],
      .conflict("give either --baseline or --against, not both")
    ),
    (
      ["baseline", "check", "c", "--against", "main", "--shard", "1/2", "--out", "p"],
      .conflict("give either --against or --shard, not both")
    ),
    (
      ["lint", "x", "--format", "html"],
      .invalidValue(option: "--format", value: "html", expected: "text, csv, json, xcode, github, sarif, markdown")
    ),
    (
      ["baseline", "check", "c", "--baseline", "b", "--shard", "1/2"],
      .missingArgument("--out PART (where the shard's part goes)")
    ),
    (
      ["latency", "x", "--state", "cold", "--prepare-lead", "10ms"],
      .conflict("give either --state or --prepare-lead, not both")
    ),
    (
      ["render", "p.ahap", "--out", "o.wav", "--state", "cold", "--prepare-lead", "10ms"],
      .conflict("give either --state or --prepare-lead, not both")
    ),
    (["latency", "x", "--budget", "80ms", "--warn", "60ms"], .conflict("--warn must not be shorter than --budget")),
    (["latency"], .missingArgument("PATH (a pattern file or folder)")),
    (["latency", "x", "--budget", "40"], .invalidValue(option: "--budget", value: "40", expected: duration)),
    (
      ["latency", "x", "--threads", "0"],
      .invalidValue(option: "--threads", value: "0", expected: "a whole number from 1 to 1024")
    ),
    (
      ["latency", "x", "--max-pattern-time", "0.0001s"],
      .invalidValue(option: "--max-pattern-time", value: "0.0001s", expected: "a duration from 1ms to 10000000s")
    ),
    (
      ["latency", "x", "--max-render-duration", "0s"],
      .invalidValue(option: "--max-render-duration", value: "0s", expected: "a positive duration")
    ),
    (["latency", "x", "--format", "csv", "--format", "json"], .repeatedOption("--format")),
    (
      ["latency", "x", "--state", "warm"],
      .invalidValue(option: "--state", value: "warm", expected: "prepared, cold, both")
    ),
    (["lint", "x", "--state", "cold"], .unknownOption("--state")),
    (["lint", "x", "--strict=yes"], .unexpectedValue("--strict")),
    (["lint", "x", "--format"], .missingValue("--format")),
    (
      ["compare", "a", "b", "--device", "all"],
      .invalidValue(option: "--device", value: "all", expected: "one device profile, by name or path")
    ),
    (
      ["compare", "a", "b", "--device", "a,b"],
      .invalidValue(option: "--device", value: "a,b", expected: "one device profile, by name or path")
    ),
    (
      ["compare", "a", "b", "--state", "both"],
      .invalidValue(option: "--state", value: "both", expected: "prepared, cold")
    ),
    (
      ["compare", "a", "b", "--format", "csv"], .invalidValue(option: "--format", value: "csv", expected: "text, json")
    ),
    (
      ["compare", "a", "b", "--format", "xml"],
      .invalidValue(option: "--format", value: "xml", expected: "text, csv, json")
    ),
    (["compare", "a"], .missingArgument("A and B (two patterns or recordings)")),
    (["compare", "a", "b", "c"], .unexpectedArgument("c")),
    (["render", "p.ahap"], .missingArgument("--out FILE")),
    (
      ["render", "p.ahap", "--out", "o.mp3"],
      .invalidValue(option: "--out", value: "o.mp3", expected: "a file ending in .wav, .flac or .csv")
    ),
    (
      ["render", "p.ahap", "--out", "o.wav", "--tail", "61s"],
      .invalidValue(option: "--tail", value: "61s", expected: "at most 60s")
    ),
    (
      ["report", "c", "--shard", "3/2", "--out", "p"],
      .invalidValue(option: "--shard", value: "3/2", expected: "I/N with 1 <= I <= N, e.g. 2/4")
    ),
    (["report", "c", "--shard", "1/2"], .missingArgument("--out PART (where the shard's part goes)")),
    (
      ["rhythm", "--taps", "0,a"],
      .invalidValue(
        option: "--taps", value: "a", expected: "a time in seconds, or with its unit (for example 0.21, 210ms or 0.21s)"
      )
    ),
    (["rhythm"], .missingArgument("--taps SECONDS,...")),
    (["rhythm", "0.1"], .unexpectedArgument("0.1")),
    (["confusion", "--counts", "f.csv", "--set", "a,b"], .conflict("--counts takes no patterns and no --set")),
    (["merge"], .missingArgument("PART... (folders written with --shard)")),
    (
      ["convert", "in.ahap", "--format", "kotlin", "--out", "x.xml"],
      .invalidValue(option: "--out", value: "x.xml", expected: "a path matching --format kotlin")
    ),
    (
      ["convert", "in.ahap", "--format", "swift"],
      .invalidValue(option: "--format", value: "swift", expected: "ahap, xml, kotlin or hjif")
    ),
    (["convert", "in.ahap"], .missingArgument("--out FILE")),
    (
      ["fit", "r.wav", "--pattern", "p.ahap", "--out", "x.txt"],
      .invalidValue(option: "--out", value: "x.txt", expected: "a file ending in .json")
    ),
    (
      ["codegen", "p.ahap", "--name", "123"],
      .invalidValue(option: "--name", value: "123", expected: "a name with at least one letter")
    ),
    (["devices", "extra"], .unexpectedArgument("extra")),
  ]

  @Test(arguments: usageErrors)
  func wrongLinesAreUsageErrors(line: [String], expected: UsageError) {
    #expect(Parse.error(line) == expected, "\(line)")
  }

  @Test func latencyOptionsAreTyped() throws {
    let latency = try Parse.hapt(
      [
        "latency", "x.ahap", "y", "--budget", "40", "ms", "--warn=80ms", "--state", "both", "--device", "a,b",
        "--device",
        "c", "--threads", "3", "--max-events", "7", "--max-files", "9", "--format", "csv",
      ],
      as: LatencyCommand.self)
    #expect(latency.paths == ["x.ahap", "y"])
    #expect(latency.budget == LatencyBudget(pass_s: 0.040, warn_s: 0.080))
    #expect(latency.states == [.prepared, .cold])
    #expect(latency.devices.names == ["a", "b", "c"])
    #expect(latency.threads.count == 3)
    #expect(latency.corpus.limits.maxEvents == 7 && latency.corpus.maxFiles == 9)
    #expect(latency.format == .csv && latency.prepareLead_s == nil)
  }

  @Test func defaultsAreTheDocumentedOnes() throws {
    let latency = try Parse.hapt(["latency", "x"], as: LatencyCommand.self)
    #expect(latency.budget == .default && latency.states == nil && latency.format == .text)
    #expect(latency.maxRenderDuration_s == RenderOptions.defaultMaxDuration_s)
    let render = try Parse.hapt(["render", "p.ahap", "--out", "o.wav"], as: RenderCommand.self)
    #expect(render.options == RenderOptions() && render.device == DeviceProfile.defaultName)
  }

  @Test func baselineSubcommandsTakeOnlyTheirOwnOptions() throws {
    let record = try Parse.hapt(
      ["baseline", "record", "c", "--out", "o", "--force", "--shard", "2/3"], as: BaselineRecordCommand.self)
    #expect(record.force && record.shard == ShardSpec(index: 2, count: 3) && record.out == "o")
    let check = try Parse.hapt(
      [
        "baseline", "check", "c", "--baseline", "b", "--max-dprime", "0.5", "--max-latency-shift", "2ms", "--junit",
        "j.xml",
      ],
      as: BaselineCheckCommand.self)
    #expect(check.tolerances.maxDPrime_JND == 0.5 && check.tolerances.maxLatencyShift_s == 0.002)
    #expect(check.junit == "j.xml" && check.baseline == "b")
    let record2 = BaselineRecordCommand.optionSpecs.map(\.name)
    let check2 = BaselineCheckCommand.optionSpecs.map(\.name)
    #expect(!record2.contains("junit") && !record2.contains("baseline") && !check2.contains("force"))
  }

  @Test(arguments: [
    ["lint", "--help"], ["lint", "x", "-h"], ["baseline", "--help"], ["baseline", "record", "-h"],
    ["baseline", "check", "--help", "--bogus-after-help-is-still-unknown-first"],
  ])
  func helpIsNotACommand(line: [String]) {
    do {
      #expect(try Parse.hapt(line) == nil, "\(line)")
    } catch {
      // An unknown option fails before --help is seen, as on the binary.
      #expect(error as? UsageError == .unknownOption("--bogus-after-help-is-still-unknown-first"), "\(line)")
    }
  }

  @Test func reportShardRecordsTypedSettingsForMerge() throws {
    let report = try Parse.hapt(
      ["report", "c", "--shard", "2/4", "--out", "p", "--neighbours", "3", "--all-pairs", "--device", "erm-phone"],
      as: ReportCommand.self)
    #expect(report.shard == ShardSpec(index: 2, count: 4) && report.pairwise.neighbours == 3 && report.allPairs)
    let job = report.job
    #expect(job.paths == ["c"] && job.devices == ["erm-phone"] && job.allPairs && job.pairwise.neighbours == 3)
    #expect(job.states == [.prepared, .cold] && job.title == nil && job.resolvedTitle == "hapt report: c")
  }

  /// Each command's table names every option once (groups included), so that help and
  /// the parser agree on one meaning per option.
  @Test func everyTableNamesEachOptionOnce() {
    var commands: [any HaptCommand.Type] = []
    for command in Commands.all { commands += [command] + command.subcommands }
    for command in commands {
      let names = command.optionSpecs.map(\.name)
      #expect(Set(names).count == names.count, "\(command.help.name): \(names)")
      #expect(!names.contains("help"), "\(command.help.name)")
    }
  }
}

/// In-process parsing, as `hapt` does it (command word, subcommand words, then the
/// command's table), without running anything: the analogue of swift-argument-parser's
/// `AssertParse`.
enum Parse {
  /// The typed command for `words` (`["latency", "x.ahap", "--budget", "40ms"]`), or nil
  /// when the line asks for help.
  /// - Throws: the ``UsageError`` the command line would print (exit 64).
  static func hapt(_ words: [String]) throws -> (any HaptCommand)? {
    guard let name = words.first, let command = Commands.named(name) else {
      throw UsageError.unknownCommand(words.first ?? "")
    }
    var arguments = Array(words.dropFirst())
    let resolved = try Hapt.resolve(command, &arguments)
    return try resolved.parse(arguments)
  }

  /// `words` parsed as `Command`, failing the test when it is another command or help.
  static func hapt<Command: HaptCommand>(
    _ words: [String], as type: Command.Type, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Command {
    let parsed = try hapt(words)
    return try #require(
      parsed as? Command, "\(words) parsed as \(String(describing: parsed))", sourceLocation: sourceLocation)
  }

  /// The usage error `words` give, or nil when they parse.
  static func error(_ words: [String]) -> UsageError? {
    do {
      _ = try hapt(words)
      return nil
    } catch let error as UsageError {
      return error
    } catch {
      Issue.record("\(words): not a usage error: \(error)")
      return nil
    }
  }
}
