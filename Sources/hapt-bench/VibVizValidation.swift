import Foundation
import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptSignals
import HaptSimulation
import HaptWorkflows

/// The validation of the perceptual attributes and distance against people's ratings of
/// the VibViz vibrations (Benchmarks/VibViz, Seifi, Zhang and MacLean 2015, CC BY 4.0).
///
/// `hapt-bench vibviz [FOLDER]` prints Spearman rho of each attribute against its mean
/// rating, and of the perceptual distance against the distance in the sensation MDS space,
/// next to simple-feature baselines measured here on the same files. The distance weights
/// are cross-validated (5 folds, 5 seeds): chosen on the training vibrations' pairs and
/// scored on the pairs involving a held-out vibration. Not a timed test.
enum VibVizValidation {
  struct Item {
    var id: String
    var ratings: [String: Double]
    var sensation: [Double]
    var description: PatternDescription
    var baseline: [Double]  // rms dB, onset rate, modulation, log duration, log frequency
  }

  static var defaultFolder: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Benchmarks/VibViz").path
  }

  /// `hapt-bench vibviz [FOLDER]`.
  struct Options: ParsableCommand {
    static let help = CommandHelp(
      name: "vibviz",
      summary: "Attributes and perceptual distance against people's ratings of the VibViz vibrations.",
      usage: ["vibviz [FOLDER]"],
      discussion: "FOLDER holds annotations.csv, wav/ and c2-tactor.json (default: Benchmarks/VibViz).")

    var folder: [String] = []

    static var arguments: [Argument<Self>] {
      [.positionals(\.folder, PositionalSpec(minimum: 0, maximum: 1, missing: "FOLDER"))]
    }
  }

  static func main(_ given: String?) -> Int32 {
    let folder = given ?? defaultFolder
    do {
      print(try report(folder: folder))
      return 0
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      return 1
    }
  }

  static func load(folder: String) throws -> [Item] {
    let device = try DeviceProfile.load(nameOrPath: folder + "/c2-tactor.json")
    let rows = try AnnotationTable.read(folder + "/annotations.csv")
    let reading = SignalSource.RecordingReading(isDriveSignal: true, mixChannels: true)
    return try rows.map { row in
      let path = folder + "/wav/\(row.id).wav"
      let source = try SignalSource.load(path, device: device, options: RenderOptions(), recording: reading)
      let drive = try AudioFile.read(path: path, mixChannels: true).signal
      return Item(
        id: row.id, ratings: row.ratings, sensation: row.sensation, description: PatternDescription(source),
        baseline: SimpleFeatures.of(drive))
    }
  }

  static func report(folder: String) throws -> String {
    let items = try load(folder: folder)
    let n = items.count
    var lines = ["VibViz validation: \(n) vibrations (Seifi, Zhang and MacLean 2015, CC BY 4.0), c2-tactor profile"]
    lines.append("Spearman rho against people's mean ratings (attributes have no parameter fitted per fold):")
    lines.append("  attribute    rating        hapt   baseline (simple feature of the drive file)")
    let a = items.map(\.description.attributes)
    let rows: [(String, String, [Double], Int, String)] = [
      ("energy", "energy", a.map(\.energy), 0, "RMS level"),
      ("tempo_Hz", "tempo", a.map(\.tempo_Hz), 1, "onset rate"),
      ("roughness", "roughness", a.map(\.roughness), 2, "envelope modulation"),
      (" fluctuation", "roughness", a.map(\.fluctuation), 2, "envelope modulation"),
      (" meanMagn.", "roughness", a.map(\.meanMagnitude), 0, "RMS level"),
      ("energy", "arousal", a.map(\.energy), 0, "RMS level"),
      ("-roughness", "pleasantness", a.map { -$0.roughness }, 2, "-envelope modulation"),
    ]
    for (name, rating, values, baselineIndex, baselineName) in rows {
      let people = items.map { $0.ratings[rating] ?? .nan }
      var baseline = items.map { $0.baseline[baselineIndex] }
      if name.hasPrefix("-") { baseline = baseline.map { -$0 } }
      lines.append(
        "  " + name.padding(toLength: 12, withPad: " ", startingAt: 0) + " "
          + rating.padding(toLength: 13, withPad: " ", startingAt: 0)
          + String(
            format: "%+.3f  %+.3f (%@)", Rank.spearman(values, people), Rank.spearman(baseline, people), baselineName))
    }
    let continuityRho = Rank.spearman(a.map(\.continuity), items.map { $0.sensation[1] })
    let durationRho = Rank.spearman(a.map(\.duration_s), items.map { $0.sensation[3] })
    lines.append(
      String(
        format: "  continuity vs sensationD2 (continuity) %+.3f; duration_s vs sensationD4 (duration) %+.3f",
        continuityRho, durationRho))

    // Pairwise: perceptual distance against the sensation-space distance.
    var sensation: [Double] = []
    var dPrime: [Double] = []
    var baselineDistance: [Double] = []
    let z = SimpleFeatures.standardised(items.map(\.baseline))
    var pairs: [(Int, Int)] = []
    for i in 0..<n {
      for j in (i + 1)..<n {
        pairs.append((i, j))
        sensation.append(euclidean(items[i].sensation, items[j].sensation))
        dPrime.append(Distinguishability.dPrime(items[i].description.features, items[j].description.features))
        baselineDistance.append(euclidean(z[i], z[j]))
      }
    }
    func distances(_ weights: [Double]) -> [Double] {
      pairs.enumerated().map { k, p in
        PerceptualDistance.distance(a[p.0], a[p.1], dPrime: dPrime[k], weights: weights) ?? .nan
      }
    }
    let shipped = PerceptualDistance.axes.map(\.weight)
    lines.append(
      "Spearman rho against the sensation-space distance (Euclidean over sensationD1..D4), \(pairs.count) pairs:")
    lines.append(
      String(
        format: "  perceptualDistance, shipped weights, all pairs:  %+.3f", Rank.spearman(distances(shipped), sensation)
      ))
    lines.append(
      String(
        format: "  perceptualDistance, equal weights, all pairs:    %+.3f",
        Rank.spearman(distances([1, 1, 1, 1, 1]), sensation)))
    let cv = crossValidated(pairs: pairs, n: n, sensation: sensation, distances: distances)
    lines.append(
      String(
        format: "  perceptualDistance, cross-validated weights:     %+.3f (5 folds x 5 seeds, held-out pairs)", cv.rho))
    lines.append("    weights chosen per fold (energy, tempo, fluctuation, continuity, duration): " + cv.chosen)
    lines.append(
      String(
        format: "  baseline: distance over five simple features:    %+.3f", Rank.spearman(baselineDistance, sensation)))
    lines.append(
      String(
        format: "  d' (JND), for reference:                         %+.3f (median d' %.1f)",
        Rank.spearman(dPrime, sensation), median(dPrime)))
    return lines.joined(separator: "\n")
  }

  /// The weight grid: every weight 0.25, 0.5 or 1.
  static let grid: [[Double]] = {
    let levels = [0.25, 0.5, 1.0]
    var all: [[Double]] = [[]]
    for _ in 0..<5 { all = all.flatMap { w in levels.map { w + [$0] } } }
    return all
  }()

  static func crossValidated(
    pairs: [(Int, Int)], n: Int, sensation: [Double], distances: ([Double]) -> [Double]
  ) -> (rho: Double, chosen: String) {
    let table = grid.map(distances)
    var scores: [Double] = []
    var chosen: [String: Int] = [:]
    for seed in 0..<5 {
      var rng = SplitMix64(seed: UInt64(0x7E57 + seed))
      var order = Array(0..<n)
      for k in stride(from: n - 1, to: 0, by: -1) { order.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
      for fold in 0..<5 {
        let test = Set(order.enumerated().filter { $0.offset % 5 == fold }.map(\.element))
        let train = pairs.indices.filter { !test.contains(pairs[$0].0) && !test.contains(pairs[$0].1) }
        let held = pairs.indices.filter { test.contains(pairs[$0].0) || test.contains(pairs[$0].1) }
        var best = 0
        var bestScore = -Double.infinity
        for (g, d) in table.enumerated() {
          let score = Rank.spearman(train.map { d[$0] }, train.map { sensation[$0] })
          if score > bestScore {
            bestScore = score
            best = g
          }
        }
        scores.append(Rank.spearman(held.map { table[best][$0] }, held.map { sensation[$0] }))
        chosen[grid[best].map { String($0) }.joined(separator: "/"), default: 0] += 1
      }
    }
    var allBest = 0
    var allScore = -Double.infinity
    for (g, d) in table.enumerated() {
      let score = Rank.spearman(d, sensation)
      if score > allScore {
        allScore = score
        allBest = g
      }
    }
    let summary =
      chosen.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.prefix(3)
      .map { "\($0.key) (\($0.value)x)" }.joined(separator: ", ")
      + "; on all pairs: " + grid[allBest].map { String($0) }.joined(separator: "/")
    return (scores.reduce(0, +) / Double(scores.count), summary)
  }

  static func euclidean(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }
}
