import Foundation
import Testing

/// Library errors name no command-line option; the command line adds the option that
/// changes the outcome (issue 14).
@Suite struct ErrorWordingTests {
  @Test func existingBaselineNamesForceOnTheCommandLine() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try HaptBinary.run(
      ["baseline", "record", "Corpora/library/double-tap.ahap", "--out", folder.path])
    #expect(run.status == 73)
    #expect(run.stderr == "error: \(folder.path): a baseline exists here already; pass --force to replace it\n")
  }

  @Test func limitNamesItsOptionOnTheCommandLine() throws {
    let run = try HaptBinary.run(["lint", "Corpora/library/double-tap.ahap", "--max-events", "1"])
    #expect(run.stderr.contains("over the limit of 1 (see --max-events)"), "\(run.stderr)")
  }
}
