import Foundation
import HaptCore
import HaptReports
import HaptSimulation
import HaptEvaluation

/// `hapt confusion` of a folder of generated patterns on the default device (prepared):
/// render, pairwise d' and similarity, the predicted confusion matrix, and the CSV table
/// (one row per cell of the matrix), as the command does with `--format csv`.
///
/// Target (issue 32): 300 patterns in at most 2 s CPU. Before issue 31's change the CSV
/// table searched the pair list for every cell (O(n^4) string comparisons): 300 patterns
/// took 10.8 s CPU, 80 % of it in the table.
enum ConfusionBenchmarks {
  static var all: [Bench.Case] { [confusion(300), confusion(1000)] }

  static func confusion(_ count: Int) -> Bench.Case {
    Bench.Case(
      name: "confusion/\(count)-patterns",
      summary: "hapt confusion of \(count) generated patterns, default device, with the CSV table"
    ) {
      let folder = try ReportBenchmarks.generateCorpus(count: count, seed: 2031)
      let corpus = PatternCorpus.load([folder])
      let devices = try DeviceProfile.selection([DeviceProfile.defaultName])
      return {
        let reviews = ConfusabilityReview.run(corpus.entries, devices: devices, states: [.prepared])
        let csv = ReportTables.confusionReview(reviews).csvText
        precondition(!csv.isEmpty)
        return corpus.entries.count
      }
    }
  }
}
