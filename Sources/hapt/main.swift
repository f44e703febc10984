import Foundation
import HaptCore

HeapTuning.apply()
exit(Hapt.main(CommandLine.arguments))
