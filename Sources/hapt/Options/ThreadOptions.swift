import HaptCommandLine
import HaptCore

/// `--threads N`: worker threads (results do not depend on it).
struct ThreadOptions: ParsableArguments, Equatable {
  /// The thread count (default: HAPT_THREADS or the number of cores).
  var count = Parallel.defaultThreadCount

  static var arguments: [Argument<Self>] {
    [
      .option(
        "threads", "N",
        help: "Worker threads (default: HAPT_THREADS or the number of cores). Results do not depend on it.",
        \.count, .integer(in: 1...1024))
    ]
  }
}
