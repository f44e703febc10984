import Foundation
import HaptCommandLine
import HaptCore

/// `hapt-bench shards N K`: the shard speed-up on a generated corpus of N one-second
/// patterns (``CorpusGenerator``, seed 2026): `hapt report` whole, then each of K shards
/// (`--shard I/K`) alone, one after another (as if each had a machine of its own), then
/// `hapt merge` of their parts, each a child process.
///
/// Prints one Markdown table row per step: wall time (s), CPU time (user + system, s),
/// peak RSS (GB), and the ratio of the sharded run's wall time (the slowest shard, then
/// the merge) to the whole run's. Checks that the merged report is the whole run's, file
/// for file.
enum ShardBenchmark {
  /// `hapt-bench shards N K [--hapt PATH]`.
  struct Options: ParsableCommand {
    static let help = CommandHelp(
      name: "shards", summary: "hapt report whole, then in K shards (each alone) and merged, on N generated patterns.",
      discussion: "Defaults: 300 patterns, 4 shards.")

    var words: [String] = []
    var hapt: String?
    var size = 300
    var shards = 4

    static var arguments: [Argument<Self>] {
      [
        .positionals(\.words, PositionalSpec(valueNames: ["N", "K"])),
        .option("hapt", "PATH", help: "The hapt executable (default: next to hapt-bench).", \.hapt, .string),
      ]
    }

    mutating func validate() throws {
      let numbers = try words.map { word in
        guard let n = Int(word), n > 0 else {
          throw UsageError.invalidValue(option: "N", value: word, expected: "a positive whole number")
        }
        return n
      }
      if numbers.count > 0 { size = numbers[0] }
      if numbers.count > 1 { shards = numbers[1] }
    }
  }

  static func main(_ options: Options) -> Int32 {
    guard let hapt = ScaleBenchmark.haptExecutable(options.hapt) else { return 66 }
    let temporary = FileManager.default.temporaryDirectory
    let corpus = temporary.appendingPathComponent("hapt-shards-corpus-\(options.size)").path
    let out = temporary.appendingPathComponent("hapt-shards-\(options.size)").path
    do {
      try CorpusGenerator.write(count: options.size, seed: 2026, to: corpus)
      ScratchFolders.setAside(out)  // deleted after the measurements
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      print("| step | wall | CPU (user+sys) | of which sys | peak RSS |")
      print("|---|---|---|---|---|")
      let whole = try timed([[hapt, "report", corpus, "--out", out + "/whole"]])
      row("whole run", whole)
      let parts = (1...options.shards).map { out + "/part-\($0)" }
      // Each shard runs alone, as it would on a machine of its own: the sharded run takes
      // as long as its slowest shard, then the merge.
      var shards: [Step] = []
      for k in parts.indices {
        let step = try timed([[hapt, "report", corpus, "--shard", "\(k + 1)/\(options.shards)", "--out", parts[k]]])
        row("shard \(k + 1)/\(options.shards) alone", step)
        shards.append(step)
      }
      let slowest = shards.max { $0.wall_s < $1.wall_s } ?? Step()
      let busiest = shards.map(\.cpu_s).max() ?? 0
      let merge = try timed([[hapt, "merge"] + parts + ["--out", out + "/merged"]])
      row("merge", merge)
      let same = ShardBenchmark.sameFiles(out + "/whole", out + "/merged")
      let shardsCPU_s = shards.map(\.cpu_s).reduce(0, +)
      print(
        String(
          format:
            "\nslowest shard + merge: %.2f of the whole run's wall time (shards as on separate machines); by CPU time (steadier on a loaded machine), the busiest shard + merge: %.2f of the whole run's; all shards + merge: %.2f of its CPU time; merged report %@",
          (slowest.wall_s + merge.wall_s) / whole.wall_s, (busiest + merge.cpu_s) / whole.cpu_s,
          (shardsCPU_s + merge.cpu_s) / whole.cpu_s,
          same ? "identical to the whole run's" : "DIFFERS from the whole run's"))
      let failed = shards.contains { $0.status != 0 }
      return same && whole.status == 0 && !failed && merge.status == 0 ? 0 : 1
    } catch {
      FileHandle.standardError.write(Data("error: shards: \(error)\n".utf8))
      return 1
    }
  }

  struct Step {
    var wall_s = 0.0
    /// User and system time.
    var cpu_s = 0.0
    /// System time alone (the file system's share of a step is most of it).
    var system_s = 0.0
    var peakRSS_GB = 0.0
    var status: Int32 = 0
  }

  static func row(_ name: String, _ step: Step) {
    print(
      String(
        format: "| %@ | %.1f s | %.1f s | %.1f s | %.2f GB |%@", name, step.wall_s, step.cpu_s, step.system_s,
        step.peakRSS_GB,
        step.status == 0 ? "" : " exit \(step.status)"))
  }

  /// Runs every command at once and waits for all: the wall time of the lot, the CPU
  /// time of all children together, the largest child's peak RSS, the first failure.
  static func timed(_ commands: [[String]]) throws -> Step {
    let start = DispatchTime.now().uptimeNanoseconds
    var pids: [pid_t] = []
    for argv in commands {
      pids.append(try ScaleBenchmark.spawnQuietly(argv))
    }
    var step = Step()
    for pid in pids {
      var status: Int32 = 0
      var usage = rusage()
      while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
      let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
      if step.status == 0 { step.status = exitStatus }
      let system_s = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
      step.cpu_s += Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + system_s
      step.system_s += system_s
      step.peakRSS_GB = max(step.peakRSS_GB, Double(usage.ru_maxrss) * 1024 / 1e9)
    }
    step.wall_s = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return step
  }

  /// Whether two folders hold the same files with the same bytes.
  static func sameFiles(_ a: String, _ b: String) -> Bool {
    let files = FileManager.default
    guard let left = files.enumerator(atPath: a)?.allObjects as? [String],
      let right = files.enumerator(atPath: b)?.allObjects as? [String], left.sorted() == right.sorted()
    else { return false }
    return left.allSatisfy { files.contentsEqual(atPath: a + "/" + $0, andPath: b + "/" + $0) }
  }
}
