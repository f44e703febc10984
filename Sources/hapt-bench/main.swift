import Foundation
import HaptCommandLine
import HaptCore

#if canImport(CTCMalloc)
  // tcmalloc is the process's malloc on Linux (linked, nothing to call): Docs/Performance.md.
  import CTCMalloc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "scale":
  switch CommandLineTool.parse(ScaleBenchmark.Options.self, Array(arguments.dropFirst()), tool: "hapt-bench") {
  case .run(let options):
    let status = ScaleBenchmark.main(options)
    ScratchFolders.deleteSetAside()  // after every size's measurement
    exit(status)
  case .exit(let status): exit(status)
  }
case "shards":
  switch CommandLineTool.parse(ShardBenchmark.Options.self, Array(arguments.dropFirst()), tool: "hapt-bench") {
  case .run(let options):
    let status = ShardBenchmark.main(options)
    ScratchFolders.deleteSetAside()
    exit(status)
  case .exit(let status): exit(status)
  }
case "baselines":
  switch CommandLineTool.parse(BaselineBenchmark.Options.self, Array(arguments.dropFirst()), tool: "hapt-bench") {
  case .run(let options): exit(BaselineBenchmark.main(options))
  case .exit(let status): exit(status)
  }
case "vibviz":
  switch CommandLineTool.parse(VibVizValidation.Options.self, Array(arguments.dropFirst()), tool: "hapt-bench") {
  case .run(let options): exit(VibVizValidation.main(options.folder.first))
  case .exit(let status): exit(status)
  }
case "pairwise-signals":
  switch CommandLineTool.parse(PairwiseBenchmarks.SignalsOptions.self, Array(arguments.dropFirst()), tool: "hapt-bench")
  {
  case .run(let options):
    do {
      try PairwiseBenchmarks.writeSignals(to: options.folder[0])
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      exit(1)
    }
  case .exit(let status): exit(status)
  }
default:
  switch CommandLineTool.parse(Bench.Options.self, arguments, tool: "hapt-bench") {
  case .run(let options): exit(Bench.main(options))
  case .exit(let status): exit(status)
  }
}
