import HaptTestSupport
import Testing

/// Issue 31 item 7: a misspelled option, command, subcommand or device name gets the
/// nearest known name, as a misspelled preset does; a name near nothing gets none.
@Suite(.tags(.endToEnd), .slow) struct SuggestionTests {
  static let tap = HaptBinary.packageRoot.appendingPathComponent("Corpora/library/double-tap.ahap").path

  @Test(arguments: [
    (["latency", tap, "--budjet", "40ms"], "unknown option '--budjet'; did you mean '--budget'?"),
    (["latency", tap, "--budjet=40ms"], "unknown option '--budjet'; did you mean '--budget'?"),
    (["lantecy", tap], "unknown command 'lantecy'; did you mean 'latency'?"),
    (["baseline", "chek", tap], "did you mean 'check'?"),
    (["latency", tap, "--device", "iphone-wideband"], "no such device; did you mean 'iphone-wideband-lra'?"),
  ])
  func aNearNameIsSuggested(_ arguments: [String], _ expected: String) throws {
    let run = try HaptInProcess.run(arguments)
    #expect(run.status == 64 || run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains(expected), "\(run.stderr)")
  }

  @Test func aFarNameGetsNoSuggestion() throws {
    let option = try HaptInProcess.run(["latency", Self.tap, "--frobnicate"])
    #expect(option.status == 64)
    #expect(option.stderr.contains("unknown option '--frobnicate'\n"), "\(option.stderr)")
    let command = try HaptInProcess.run(["frobnicate"])
    #expect(!command.stderr.contains("did you mean"), "\(command.stderr)")
  }
}
