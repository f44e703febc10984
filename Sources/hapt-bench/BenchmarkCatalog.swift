/// Every benchmark, one line per case. Add a case by adding its `Bench.Case` here;
/// put the case itself in its own file (`RenderBenchmarks.swift`, ...).
enum BenchmarkCatalog {
  static var all: [Bench.Case] {
    [RenderBenchmarks.lra, RenderBenchmarks.lraCurves, RenderBenchmarks.lraNarrow, RenderBenchmarks.erm]
      + RenderBenchmarks.library
      + SignalBenchmarks.all
      + SimilarityBenchmarks.all
      + PairwiseBenchmarks.all
      + PerceptionBenchmarks.all
      + ConfusionBenchmarks.all
      + ReportBenchmarks.all
      + FitBenchmarks.all
      + ExportBenchmarks.all
      + LintBenchmarks.all
      + FileWriteBenchmarks.all
  }
}
