import Foundation
import HaptCore

HeapTuning.apply()
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "scale" {
  exit(ScaleBenchmark.main(Array(CommandLine.arguments.dropFirst(2))))
}
exit(Bench.main(CommandLine.arguments))
