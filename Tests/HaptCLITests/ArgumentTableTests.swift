import HaptCommandLine
import Testing

/// The shared frontend (HaptCommandLine) on a small command of its own: what hapt and
/// hapt-bench both rely on.
@Suite struct ArgumentTableTests {
  struct Limits: ParsableArguments, Equatable {
    var most = 10
    static var arguments: [Argument<Self>] {
      [.option("most", "N", help: "Most items (default 10).", \.most, .integer(in: 1...100))]
    }
  }

  struct Sample: ParsableCommand {
    static let help = CommandHelp(name: "sample", summary: "A sample.")
    var words: [String] = []
    var fast = false
    var slow = false
    var level: Double?
    var names: [String] = []
    var limits = Limits()
    var afterTerminator: [String] = []

    static var arguments: [Argument<Self>] {
      [
        .positionals(\.words, PositionalSpec(minimum: 1, missing: "WORD")),
        .flag("fast", help: "Go fast.", \.fast),
        .flag("slow", help: "Go slow.", \.slow),
        .option("level", "X", help: "A level 0 to 1.", \.level, .number(in: 0...1)),
        .list("name", "NAME", help: "Names, repeatable.", \.names),
        .group(\.limits),
      ]
    }
    static var exclusions: [Exclusion] { [Exclusion("fast", "slow")] }

    mutating func didParse(_ raw: RawArguments) {
      afterTerminator = Array(raw.positionals[raw.positionalsBeforeTerminator...])
    }
  }

  @Test func parsesEveryKindOfEntry() throws {
    let sample = try #require(
      try Sample.parse(["a", "--fast", "--level=0.5", "--name", "x,y", "-1", "--name", "z", "--most", "7", "--", "--b"])
    )
    #expect(sample.words == ["a", "-1", "--b"] && sample.fast && !sample.slow)
    #expect(sample.level == 0.5 && sample.names == ["x", "y", "z"] && sample.limits.most == 7)
    #expect(sample.afterTerminator == ["--b"])
  }

  @Test(arguments: [
    (["a", "--fast", "--slow"], UsageError.conflict("give either --fast or --slow, not both")),
    ([], .missingArgument("WORD")),
    (["a", "--most", "0"], .invalidValue(option: "--most", value: "0", expected: "a whole number from 1 to 100")),
    (["a", "--level", "2"], .invalidValue(option: "--level", value: "2", expected: "a number from 0.0 to 1.0")),
    (["a", "-x"], .unknownOption("-x")),
    (["a", "--level", "1", "--level", "0"], .repeatedOption("--level")),
  ])
  func refusesWhatTheTableDoesNotAllow(line: [String], expected: UsageError) {
    #expect(throws: expected) { try Sample.parse(line) }
  }

  @Test func helpListsTheTableInOrderWithGroups() {
    let help = Sample.helpText(tool: "tool")
    let options = help.split(separator: "\n").filter { $0.hasPrefix("  --") }.map {
      String($0.split(separator: " ")[0])
    }
    #expect(options == ["--fast", "--slow", "--level", "--name", "--most", "--help"])
    #expect(
      help.hasPrefix(
        "OVERVIEW: A sample.\n\nUSAGE:\n  tool sample WORD... [--fast] [--slow] [--level X] [--name NAME]... [--most N]\n"
      ))
  }
}
