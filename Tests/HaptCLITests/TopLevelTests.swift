import HaptTestSupport
import Testing

@Suite(.tags(.endToEnd), .slow) struct TopLevelTests {
  @Test func versionPrintsAndExitsZero() throws {
    let run = try HaptBinary.run(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("hapt "))
  }

  @Test func unknownCommandIsUsageError() throws {
    let run = try HaptBinary.run(["frobnicate"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("error: unknown command 'frobnicate'"))
  }

  @Test func helpListsCommands() throws {
    let run = try HaptBinary.run(["--help"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("USAGE: hapt <command>"))
  }
}
