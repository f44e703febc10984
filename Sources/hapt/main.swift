import Foundation
import HaptCore

#if canImport(CTCMalloc)
  // tcmalloc is the process's malloc on Linux (linked, nothing to call): Docs/Performance.md.
  import CTCMalloc
#endif

exit(Hapt.main(CommandLine.arguments))
