import Foundation
import HaptCore

HeapTuning.apply()
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "scale" {
  exit(ScaleBenchmark.main(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "vibviz" {
  exit(VibVizValidation.main(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "pairwise-signals" {
  do {
    try PairwiseBenchmarks.writeSignals(to: CommandLine.arguments[2])
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
}
exit(Bench.main(CommandLine.arguments))
