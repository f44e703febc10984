import HaptCommandLine
import HaptCore

/// `--threads N`: worker threads (results do not depend on it).
struct ThreadOptions: ParsableArguments, Equatable {
  /// The thread count given with `--threads`, or nil.
  var count: Int?

  /// The thread count: the one given, else the environment's (`HAPT_THREADS` or the
  /// number of cores).
  func resolved(in environment: HaptEnvironment) -> Int { count ?? environment.threadCount }

  static var arguments: [Argument<Self>] {
    [
      .option(
        "threads", "N",
        help: "Worker threads (default: HAPT_THREADS or the number of cores). Results do not depend on it.",
        \.count, .integer(in: 1...1024))
    ]
  }
}
