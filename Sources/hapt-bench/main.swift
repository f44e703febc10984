import Foundation
import HaptCore

HeapTuning.apply()
exit(Bench.main(CommandLine.arguments))
