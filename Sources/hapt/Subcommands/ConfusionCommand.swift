import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptEvaluation
import Foundation
import HaptFormats

/// `hapt confusion`: can people tell a set of patterns apart?
struct ConfusionCommand: HaptCommand {
  static let help = CommandHelp(
    name: "confusion",
    summary: "Confusability of a set of patterns (default: success, warning, error), or IT of observed counts.",
    forms: ["confusion --counts FILE.csv"],
    discussion: """
      Renders the set on each device, computes pairwise d' (JND units), predicts the
      identification confusion matrix and its information transfer (IT, bits; 2^IT
      patterns are effectively distinguishable), and gives a verdict per pair: confusable
      (d' < 1), close (d' < 2) or distinct. Without PATH the shipped presets are used; without
      --set, the default review set (the UIKit notification success, warning, error) when
      at least two of it are among the patterns given, else every pattern given. The text
      prints every pair and the confusion matrix of a set of up to 10 patterns (or with
      --all-pairs); a larger set reads as a summary: the confusable pairs, each pattern's
      nearest neighbour, and what d' (discrimination, two side by side) and the information
      transfer (identification from memory among all) each mean. CSV and JSON always hold
      every pair and every cell. Exit status 1 if any pair is confusable on a device that renders the set; a device
      that renders none of it (no actuator, haptics off) is reported as silent instead.
      With --counts, reads a square matrix of observed counts (rows presented, columns
      answered; no header) and prints IT, percent correct and 2^IT.
      """)

  var paths: [String] = []
  var set: [String] = []
  var devices = DeviceOptions()
  var states: [EngineState]?
  var counts: String?
  var allPairs = false
  var format = OutputFormat.text
  var threads = ThreadOptions()
  var corpus = CorpusOptions()

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.paths, PositionalSpec(valueNames: ["PATH"])),
      .list("set", "NAMES", help: "Pattern names (file names without extension), comma-separated.", \.set),
      .group(\.devices), .states(\.states),
      .option(
        "counts", "FILE", help: "A CSV of observed identification counts instead of patterns.", \.counts, .string),
      .flag(
        "all-pairs", help: "Text: every pair and the confusion matrix, whatever the set's size (default: up to 10).",
        \.allPairs),
      .format(\.format), .group(\.threads), .group(\.corpus),
    ]
  }

  func validate() throws {
    if counts != nil, !paths.isEmpty || !set.isEmpty {
      throw UsageError.conflict("--counts takes no patterns and no --set")
    }
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    if let counts { return try Self.observed(counts, format: format, console: console) }
    let states = states ?? [.prepared]
    let devices = try devices.profiles(in: environment)
    let paths: [String]
    if self.paths.isEmpty {
      guard let system = Corpora.directory("system", in: environment) else {
        throw InputError(
          "the shipped presets (Corpora/system) were not found; give PATH or set HAPT_CORPORA", kind: .missing)
      }
      paths = [system.path]
    } else {
      paths = self.paths
    }
    let corpus = try corpus.load(paths, console)
    var names = set
    if names.isEmpty {
      // The review set where the patterns hold it (as the help says), else all of them.
      let review = Presets.defaultReviewSet.filter { corpus.entry(named: $0) != nil }
      if self.paths.isEmpty {
        names = Presets.defaultReviewSet
      } else if review.count >= 2 {
        console.note("reviewing the review set \(review.joined(separator: ", ")); choose others with --set")
        names = review
      } else {
        names = corpus.entries.map(\.name)
      }
    }
    let entries = try names.map { name -> PatternCorpus.Entry in
      guard let entry = corpus.entry(named: name) else {
        throw InputError("no pattern named '\(name)' in \(paths.joined(separator: ", "))", kind: .missing)
      }
      return entry
    }
    guard entries.count >= 2 else { throw UsageError.conflict("a confusability set needs at least two patterns") }
    let reviews = ConfusabilityReview.run(
      entries, devices: devices, states: states, threads: threads.resolved(in: environment))
    if format != .text {
      for review in reviews where review.isSilent { console.note(review.sentences.first ?? "") }
    }
    switch format {
    case .csv:
      // Written one presented pattern at a time (the table of 1,000 patterns is 200 MB).
      console.out(CSVTable(columns: ReportTables.confusionReviewColumns).headerText)
      for review in reviews where !review.isSilent {
        for i in review.names.indices { console.out(ReportTables.confusionReviewRows(review, presented: i).rowsText) }
      }
    case .json: console.out(JSONWriter.string(.list(reviews.map(ReportJSON.review))))
    case .text:
      for review in reviews {
        let whole = allPairs || review.isSilent || review.names.count <= Self.wholeSetLimit
        console.out(whole ? Self.text(review) : Self.summary(review))
      }
    }
    // With --set, files that failed to load are not in the set (every name was found):
    // they are named above but do not decide the set's verdict.
    if !set.isEmpty, !corpus.failures.isEmpty {
      let count = corpus.failures.count
      console.note(
        "\(count) file\(count == 1 ? "" : "s") that failed to load \(count == 1 ? "is" : "are") not in the set; the exit status is the set's"
      )
    } else if let status = CommandSupport.loadFailureStatus(corpus.failures.map(\.error)) {
      return status
    }
    return reviews.contains { $0.hasConfusablePair } ? .checkFailed : .success
  }

  static func text(_ review: ConfusabilityReview) -> String {
    if review.isSilent {
      return
        "\(OneLine.escaped(review.device)) (\(review.state.rawValue)): silent, not reviewed (does not fail the set). "
        + OneLine.escaped(review.sentences.first ?? "") + "\n\n"
    }
    var lines = [
      OneLine.escaped("\(review.device) (\(review.state.rawValue)): \(review.names.joined(separator: ", "))"), "",
    ]
    var pairs = TextTable(["pattern A", "pattern B", "dPrime_JND", "verdict", "waveformSimilarity_0to1"])
    for pair in review.pairs {
      pairs.append([
        pair.first, pair.second, Format.fixed(pair.dPrime, 2), pair.verdict.rawValue,
        Format.fixed(pair.similarity.similarity, 3),
      ])
    }
    lines.append(pairs.text)
    var matrix = TextTable(["presented \\ answered"] + review.names)
    for (i, name) in review.names.enumerated() {
      matrix.append([name] + review.confusion[i].map { Format.fixed($0, 3) })
    }
    lines.append("Predicted confusion matrix (P(answer | presented)):")
    lines.append(matrix.text)
    lines += review.sentences.map(OneLine.escaped)
    lines.append(wrapped(review.meaning))
    lines.append("")
    return lines.joined(separator: "\n") + "\n"
  }

  static func observed(_ path: String, format: OutputFormat, console: Console) throws -> ExitStatus {
    let counts = try CountsFile.read(path: path)
    let bits = InformationTransfer.bits(counts: counts)
    let total = counts.joined().reduce(0, +)
    let correct = counts.indices.map { counts[$0][$0] }.reduce(0, +)
    let percent = total > 0 ? 100 * correct / total : 0
    switch format {
    case .json:
      console.out(
        JSONWriter.string(
          .orderedObject([
            ("file", .string(path)), ("stimuli", .number(Double(counts.count))), ("trials", .number(total)),
            ("informationTransfer_bits", .number(bits)), ("percentCorrect", .number(percent)),
            ("distinguishableItems", .number(pow(2, bits))),
          ])))
    case .csv:
      console.out("file,stimuli,trials,informationTransfer_bits,percentCorrect,distinguishableItems\n")
      console.out(
        "\(CSVCell.text(path).field),\(counts.count),\(JSONWriter.number(total)),\(bits),\(percent),\(pow(2, bits))\n")
    case .text:
      console.line("\(OneLine.escaped(path)): \(counts.count) stimuli, \(JSONWriter.number(total)) trials")
      console.line(
        "information transfer: \(Format.fixed(bits, 3)) bits of \(Format.fixed(log2(Double(counts.count)), 3)) possible"
      )
      console.line("percent correct: \(Format.fixed(percent, 1)) %")
      console.line("2^IT: \(Format.fixed(pow(2, bits), 2)) effectively distinguishable items")
    }
    return .success
  }
}
