import Foundation
import HaptCommandLine
import HaptCore

/// `hapt-bench baselines N`: the size of a `--device all --state both` baseline and the
/// memory of its check, on N generated one-second patterns (``CorpusGenerator``, seed
/// 2026) plus any pattern folders given with `--corpus`. Runs `hapt baseline record`, then
/// `hapt baseline check` of the unchanged corpus, each a child process; give `--hapt` an
/// earlier build to measure it side by side.
///
/// Prints one Markdown table row per step (wall time s, CPU time s, peak RSS MB), then the
/// baseline's bytes in all and per pattern (KB, 1 KB = 1,000 bytes).
enum BaselineBenchmark {
  /// `hapt-bench baselines N [--corpus DIR]... [--hapt PATH]`.
  struct Options: ParsableCommand {
    static let help = CommandHelp(
      name: "baselines",
      summary: "Baseline size (every device, both states) and check memory on N generated patterns.",
      discussion: "Default: 100 patterns. --corpus adds pattern folders (e.g. Corpora/library).")

    var words: [String] = []
    var hapt: String?
    var corpora: [String] = []
    var threads: String?
    var size = 100

    static var arguments: [Argument<Self>] {
      [
        .positionals(\.words, PositionalSpec(valueNames: ["N"])),
        .option("hapt", "PATH", help: "The hapt executable (default: next to hapt-bench).", \.hapt, .string),
        .option("threads", "N", help: "Passed to hapt (default: hapt's).", \.threads, .string),
        .list("corpus", "DIR", help: "Also a folder of pattern files.", \.corpora),
      ]
    }

    mutating func validate() throws {
      for word in words {
        guard let n = Int(word), n >= 0 else {
          throw UsageError.invalidValue(option: "N", value: word, expected: "a whole number")
        }
        size = n
      }
    }
  }

  static func main(_ options: Options) -> Int32 {
    guard let hapt = ScaleBenchmark.haptExecutable(options.hapt) else { return 66 }
    let temporary = FileManager.default.temporaryDirectory
    let generated = temporary.appendingPathComponent("hapt-baselines-corpus-\(options.size)").path
    let out = temporary.appendingPathComponent("hapt-baselines-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    do {
      var corpus = options.corpora
      if options.size > 0 {
        try CorpusGenerator.write(count: options.size, seed: 2026, to: generated)
        corpus.append(generated)
      }
      let threads = options.threads.map { ["--threads", $0] } ?? []
      print("| step | wall | CPU (user+sys) | peak RSS |")
      print("|---|---|---|---|")
      let record = try ShardBenchmark.timed([
        [hapt, "baseline", "record"] + corpus + ["--device", "all", "--state", "both", "--out", out] + threads
      ])
      row("baseline record", record)
      let check = try ShardBenchmark.timed([
        [hapt, "baseline", "check"] + corpus + ["--baseline", out] + threads
      ])
      row("baseline check", check)
      let patterns = corpus.map(patternCount).reduce(0, +)
      let bytes = folderBytes(out)
      print(
        String(
          format: "\n%d patterns x 13 devices x 2 states: baseline %.1f MB, %.1f KB a pattern", patterns,
          Double(bytes) / 1e6, Double(bytes) / 1e3 / Double(max(patterns, 1))))
      return record.status == 0 && check.status == 0 ? 0 : 1
    } catch {
      FileHandle.standardError.write(Data("error: baselines: \(error)\n".utf8))
      return 1
    }
  }

  static func row(_ name: String, _ step: ShardBenchmark.Step) {
    print(
      String(
        format: "| %@ | %.1f s | %.1f s | %.0f MB |%@", name, step.wall_s, step.cpu_s, step.peakRSS_GB * 1024,
        step.status == 0 ? "" : " exit \(step.status)"))
  }

  /// The pattern files under `folder` (by extension, recursively).
  static func patternCount(_ folder: String) -> Int {
    let extensions: Set<String> = ["ahap", "haptic", "haps", "ivs", "hjif", "hmpg", "xml"]
    let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    return names.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }.count
  }

  /// The bytes of every regular file under `folder`.
  static func folderBytes(_ folder: String) -> Int {
    let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    return names.reduce(0) { total, name in
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      guard (attributes?[.type] as? FileAttributeType) == .typeRegular else { return total }
      return total + ((attributes?[.size] as? Int) ?? 0)
    }
  }
}
