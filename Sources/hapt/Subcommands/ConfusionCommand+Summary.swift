import HaptCore
import HaptMetrics
import HaptEvaluation

/// `hapt confusion`'s text for a set too large to print whole: what a design review
/// reads at 300 patterns (the confusable pairs, each pattern's nearest neighbour, what the
/// numbers mean) instead of every pair and an n x n matrix.
extension ConfusionCommand {
  /// Largest set printed whole (every pair and the confusion matrix) by default.
  static let wholeSetLimit = 10
  /// Most confusable pairs listed in a summary.
  static let listedPairs = 20

  /// `text`, its controls escaped (``OneLine``: it may quote pattern names), broken at
  /// spaces into lines of at most `width` characters (a longer word stays whole).
  static func wrapped(_ text: String, width: Int = 100) -> String {
    var lines: [String] = []
    var line = ""
    for word in OneLine.escaped(text).split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  /// How each nearest neighbour that may be confused (d' under 2 JND) feels against its
  /// pattern, once per pair, closest first: the line `compare` gives for the two.
  static func howNeighboursFeel(_ review: ConfusabilityReview) -> [String] {
    var seen = Set<[Int]>()
    let near = review.nearestNeighbours.filter { $0.verdict != .distinct }
      .sorted { ($0.dPrime_JND, $0.pattern) < ($1.dPrime_JND, $1.pattern) }
      .filter { seen.insert([min($0.pattern, $0.nearest), max($0.pattern, $0.nearest)]).inserted }
    guard !near.isEmpty else { return [] }
    var lines = ["How the neighbours that may be confused feel, closest first:"]
    lines += near.prefix(listedPairs).map { wrapped(review.howTheyFeel($0.pattern, $0.nearest)) }
    if near.count > listedPairs { lines.append("... and \(near.count - listedPairs) more.") }
    return lines + [""]
  }

  static func summary(_ review: ConfusabilityReview) -> String {
    let n = review.names.count
    var lines = [
      "\(OneLine.escaped(review.device)) (\(review.state.rawValue)): \(n) patterns, \(review.pairs.count) pairs", "",
    ]
    let confusable = review.pairs(.confusable)
    let close = review.pairs(.close)
    if confusable.isEmpty {
      lines.append("Confusable pairs (d' < 1 JND): none.")
    } else {
      lines.append("Confusable pairs (d' < 1 JND): \(confusable.count), most confusable first:")
      var table = TextTable(["pattern A", "pattern B", "dPrime_JND", "waveformSimilarity_0to1", "B against A"])
      let index = Dictionary(review.names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      for pair in confusable.prefix(listedPairs) {
        let feel = index[pair.first].flatMap { i in index[pair.second].map { review.howTheyFeel(i, $0) } } ?? ""
        table.append([
          pair.first, pair.second, Format.fixed(pair.dPrime, 2), Format.fixed(pair.similarity.similarity, 3), feel,
        ])
      }
      lines.append(table.text)
      if confusable.count > listedPairs {
        lines.append("... and \(confusable.count - listedPairs) more confusable pairs.")
      }
    }
    lines.append(
      "Close pairs (1 <= d' < 2 JND, may be confused): \(close.count); distinct pairs (d' >= 2 JND): "
        + "\(review.pairs.count - confusable.count - close.count).")
    lines += ["", "Nearest neighbour of each pattern:"]
    var neighbours = TextTable(["pattern", "nearest", "dPrime_JND", "verdict"])
    for neighbour in review.nearestNeighbours {
      neighbours.append([
        review.names[neighbour.pattern], review.names[neighbour.nearest], Format.fixed(neighbour.dPrime_JND, 2),
        neighbour.verdict.rawValue,
      ])
    }
    lines.append(neighbours.text)
    lines += howNeighboursFeel(review)
    lines.append(wrapped(review.identificationSentence))
    lines.append(wrapped(review.meaning))
    lines.append(
      wrapped(
        "Every pair and the predicted confusion matrix: --all-pairs (text), --format csv (one row per cell) or json."))
    lines.append("")
    return lines.joined(separator: "\n") + "\n"
  }
}
