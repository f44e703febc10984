import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptEvaluation
import HaptFormats

/// The pattern limits and `--max-files`: how a corpus is loaded.
struct CorpusOptions: ParsableArguments, Equatable {
  var patternLimits = PatternLimitOptions()
  /// Most pattern files in the corpus.
  var maxFiles = 100_000

  static var arguments: [Argument<Self>] {
    [
      .group(\.patternLimits),
      .option(
        "max-files", "N", help: "Most pattern files in the corpus (default 100000).", \.maxFiles,
        .integer(in: 1...100_000_000)),
    ]
  }

  var limits: PatternLimits { patternLimits.limits }

  /// The corpus under `paths`.
  ///
  /// Says once on stderr which files were skipped as not patterns; a corpus with no
  /// pattern that loads is an error (exit 66) naming what was skipped. Load errors of
  /// single files are printed here too.
  func load(_ paths: [String], _ console: Console) throws -> PatternCorpus {
    let corpus = PatternCorpus.load(paths, maxFiles: maxFiles, limits: limits)
    for failure in corpus.failures { console.error(ErrorText.line(failure.error)) }
    try corpus.requirePatterns(in: paths)
    if let skipped = corpus.skippedSummary { console.warning(skipped) }
    return corpus
  }
}
