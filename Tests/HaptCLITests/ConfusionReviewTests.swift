import HaptTestSupport
import Foundation
import Testing

/// Issue 31 item 4: `hapt confusion` for design review. A folder gives the review set
/// where it holds it, else a summary that stays readable however many patterns there are,
/// and says what its numbers mean.
@Suite(.tags(.endToEnd), .slow) struct ConfusionReviewTests {
  static let library = HaptBinary.packageRoot.appendingPathComponent("Corpora/library").path
  static let system = HaptBinary.packageRoot.appendingPathComponent("Corpora/system").path

  @Test func aFolderWithTheReviewSetGivesTheReviewSet() throws {
    let run = try HaptInProcess.run(["confusion", Self.system])
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        "(prepared): uikit-notification-success.ahap, uikit-notification-warning.ahap, uikit-notification-error.ahap\n")
    )
    #expect(!run.stdout.contains("swiftui-"), "\(run.stdout.prefix(400))")
    #expect(run.stdout.contains("Predicted confusion matrix"))
    #expect(run.stderr.contains("reviewing the review set"))
    #expect(run.stdout.contains("Two different questions"))
  }

  /// 17 patterns (more than 10): the summary, not 136 pairs and a 17-column matrix.
  @Test func aLargerSetReadsAsASummary() throws {
    let run = try HaptInProcess.run(["confusion", Self.library])
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    let text = run.stdout
    #expect(text.contains("iphone-wideband-lra (prepared): 17 patterns, 136 pairs"))
    #expect(text.contains("Confusable pairs (d' < 1 JND)"))
    #expect(text.contains("Nearest neighbour of each pattern:"))
    // The neighbours that may be confused say how they feel, in `compare`'s words.
    #expect(text.contains("How the neighbours that may be confused feel, closest first:\n"))
    #expect(text.contains("\nui-toggle-on.ahap feels stronger, duller and shorter than ui-drag-snap.ahap\n"), "\(text)")
    let prose = text.replacingOccurrences(of: "\n", with: " ")
    #expect(prose.contains("patterns are effectively distinguishable"))
    #expect(prose.contains("Two different questions: d' (per pair, discrimination)"))
    #expect(prose.contains("whether one can be named from memory among all 17"))
    #expect(!text.contains("Predicted confusion matrix"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < 17 + 40, "\(lines.count) lines")
    #expect((lines.map(\.count).max() ?? 0) <= 120, "\(lines.max { $0.count < $1.count } ?? "")")
    // Every pattern has its nearest-neighbour row.
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.library) {
      #expect(lines.contains { $0.hasPrefix(name + " ") }, "\(name)")
    }
    // --all-pairs prints everything; CSV holds every cell.
    let all = try HaptInProcess.run(["confusion", Self.library, "--all-pairs"])
    #expect(all.stdout.contains("Predicted confusion matrix"))
    let csv = try HaptInProcess.run(["confusion", Self.library, "--format", "csv"])
    #expect(csv.stdout.split(separator: "\n").count == 1 + 17 * 17)
  }
}
