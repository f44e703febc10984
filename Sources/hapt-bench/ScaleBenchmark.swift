import Foundation
import HaptCommandLine
import HaptCore

/// `hapt-bench scale N...`: `hapt report` end to end on generated corpora of N one-second
/// patterns (``CorpusGenerator``, seed 2026), one run each, as a child process, so that
/// each run's wall time, peak resident memory and output size are its own.
///
/// Prints one Markdown table row per size: patterns, wall time (s), CPU time of the child
/// (user + system, s: less sensitive than wall time to other work on the machine), peak
/// RSS (GB, 10^9 bytes), output size (MB, 10^6 bytes of regular files). Extra arguments after `--` go to `hapt report` (e.g. `--threads 1`).
enum ScaleBenchmark {
  struct Result {
    var patterns: Int
    var wall_s: Double
    var cpu_s: Double
    var peakRSS_GB: Double
    var output_MB: Double
    var status: Int32
  }

  /// `hapt-bench scale N... [--hapt PATH] [-- REPORT-ARGS...]`.
  struct Options: ParsableCommand {
    static let help = CommandHelp(
      name: "scale", summary: "hapt report end to end on generated corpora of N one-second patterns.",
      discussion: "Sizes default to 1000 and 2000. Arguments after -- go to hapt report (e.g. --threads 1).")

    var sizes: [Int] = []
    var extra: [String] = []
    var hapt: String?

    static var arguments: [Argument<Self>] {
      [
        .positionals(\.words, PositionalSpec(valueNames: ["SIZE"])),  // split into sizes and extra by didParse
        .option("hapt", "PATH", help: "The hapt executable (default: next to hapt-bench).", \.hapt, .string),
      ]
    }

    mutating func didParse(_ raw: RawArguments) {
      extra = Array(raw.positionals[raw.positionalsBeforeTerminator...])
      words = Array(raw.positionals[..<raw.positionalsBeforeTerminator])
    }

    /// The sizes as given (before `--`).
    var words: [String] = []

    mutating func validate() throws {
      sizes = try words.map { word in
        guard let n = Int(word), n > 0 else {
          throw UsageError.invalidValue(option: "N", value: word, expected: "a positive whole number")
        }
        return n
      }
    }
  }

  static func main(_ options: Options) -> Int32 {
    var sizes = options.sizes
    let extra = options.extra
    if sizes.isEmpty { sizes = [1000, 2000] }
    guard let hapt = haptExecutable(options.hapt) else { return 66 }
    print("| patterns | wall | CPU (user+sys) | peak RSS | output |")
    print("|---|---|---|---|---|")
    for size in sizes {
      do {
        let result = try run(size: size, hapt: hapt, extra: extra)
        print(
          String(
            format: "| %d | %.1f s | %.1f s | %.2f GB | %.1f MB |%@", result.patterns, result.wall_s, result.cpu_s,
            result.peakRSS_GB,
            result.output_MB, result.status == 0 ? "" : " exit \(result.status)"))
      } catch {
        FileHandle.standardError.write(Data("error: scale \(size): \(error)\n".utf8))
        return 1
      }
    }
    return 0
  }

  /// Generates the corpus (not timed), then runs `hapt report` on it once.
  static func run(size: Int, hapt: String, extra: [String]) throws -> Result {
    let temporary = FileManager.default.temporaryDirectory
    let corpus = temporary.appendingPathComponent("hapt-scale-corpus-\(size)").path
    let out = temporary.appendingPathComponent("hapt-scale-report-\(size)").path
    try CorpusGenerator.write(count: size, seed: 2026, to: corpus)
    ScratchFolders.setAside(out)
    let start = DispatchTime.now().uptimeNanoseconds
    let (status, maxRSS_kB, cpu_s) = try spawnAndWait([hapt, "report", corpus, "--out", out] + extra)
    let wall_s = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return Result(
      patterns: size, wall_s: wall_s, cpu_s: cpu_s, peakRSS_GB: Double(maxRSS_kB) * 1024 / 1e9,
      output_MB: Double(folderBytes(out)) / 1e6,
      status: status)
  }

  /// The `hapt` executable the benchmarks run: `given`, or the one beside hapt-bench;
  /// nil (after a one-line error) when it is not there.
  static func haptExecutable(_ given: String?) -> String? {
    let hapt =
      given
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hapt").path
    guard FileManager.default.isExecutableFile(atPath: hapt) else {
      FileHandle.standardError.write(
        Data("error: \(hapt): not found; build it with 'swift build -c release --product hapt'\n".utf8))
      return nil
    }
    return hapt
  }

  /// Starts `argv` (an absolute path first) with stdout and stderr discarded; returns
  /// its process id.
  static func spawnQuietly(_ argv: [String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for p in cArguments { free(p) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
    guard spawned == 0 else { throw InputError(file: argv[0], "cannot start (errno \(spawned))") }
    return pid
  }

  /// Runs `argv` with stdout and stderr discarded; returns the exit status and the child's
  /// peak resident set size in kB (`ru_maxrss` from `wait4`) and its CPU time (user +
  /// system), seconds.
  static func spawnAndWait(_ argv: [String]) throws -> (Int32, Int, Double) {
    let pid = try spawnQuietly(argv)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let cpu_s =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
    return (exitStatus, Int(usage.ru_maxrss), cpu_s)
  }

  /// The total size of the regular files under `path`, bytes.
  static func folderBytes(_ path: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
    var total = 0
    for case let relative as String in walker {
      let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + relative)
      if attributes?[.type] as? FileAttributeType == .typeRegular { total += (attributes?[.size] as? Int) ?? 0 }
    }
    return total
  }
}
