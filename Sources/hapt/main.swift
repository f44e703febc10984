import Foundation

exit(Hapt.main(CommandLine.arguments))
