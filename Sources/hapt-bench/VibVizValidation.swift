import Foundation
import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptSignals
import HaptSimulation
import HaptEvaluation

/// The validation of the perceptual attributes and distance against people's ratings of
/// the VibViz vibrations (Benchmarks/VibViz, Seifi, Zhang and MacLean 2015, CC BY 4.0).
///
/// `hapt-bench vibviz [FOLDER]` prints Spearman rho of each attribute against its mean
/// rating, and of the perceptual distance against the distance in the sensation MDS space,
/// next to simple-feature baselines measured here on the same files. The distance's
/// projection onto the sensation space is cross-validated (``VibVizFolds``: 5 folds x 5
/// seeds over vibrations): fitted on the training vibrations only and scored on every
/// pair involving a held-out vibration. It then fits the model on all the vibrations and
/// prints it as ``PerceptualDistance/fitted`` is written, saying whether the shipped
/// constants are that fit. Not a timed test.
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
    return (attributeLines(items) + distanceLines(items)).joined(separator: "\n")
  }

  /// The header and each attribute's Spearman rho against people's ratings and the
  /// sensation dimensions, beside a simple feature of the drive file.
  static func attributeLines(_ items: [Item]) -> [String] {
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
    lines.append(
      String(
        format: "  dutyCycle vs sensationD2 (continuity) %+.3f; frequency_Hz vs sensationD3 (roughness) %+.3f",
        Rank.spearman(a.map(\.dutyCycle), items.map { $0.sensation[1] }),
        Rank.spearman(a.map(\.frequency_Hz), items.map { $0.sensation[2] })))
    return lines
  }

  /// Pairwise: perceptual distance (shipped, cross-validated, previous form), simple
  /// features and d' against the sensation-space distance.
  static func distanceLines(_ items: [Item]) -> [String] {
    let n = items.count
    let a = items.map(\.description.attributes)
    var lines: [String] = []
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
    let coordinates = a.map(PerceptualDistance.coordinates)
    let targets = items.map(\.sensation)
    func distances(_ model: PerceptualDistance.Model) -> [Double] {
      pairs.enumerated().map { k, p in
        PerceptualDistance.distance(a[p.0], a[p.1], dPrime: dPrime[k], model: model) ?? .nan
      }
    }
    lines.append(
      "Spearman rho against the sensation-space distance (Euclidean over sensationD1..D4), \(pairs.count) pairs:")
    lines.append(
      String(
        format: "  perceptualDistance, shipped model (fitted on these), all pairs: %+.3f (in-sample)",
        Rank.spearman(distances(PerceptualDistance.fitted), sensation)))
    let folds = VibVizFolds(n: n, pairs: pairs)
    let cv = folds.mean { train, held in
      let fit = PerceptualDistance.Model.fit(
        coordinates: train.map { coordinates[$0] }, targets: train.map { targets[$0] },
        ridge: PerceptualDistance.ridge)
      guard let fit else { return .nan }
      let d = distances(fit)
      return Rank.spearman(held.map { d[$0] }, held.map { sensation[$0] })
    }
    lines.append(
      String(
        format:
          "  perceptualDistance, cross-validated:             %+.3f (5 folds x 5 seeds over vibrations; fitted on the training vibrations, scored on every pair with a held-out one)",
        cv))
    let previous = PreviousDistance.crossValidated(folds: folds, attributes: a, dPrime: dPrime, sensation: sensation)
    lines.append(
      String(
        format:
          "  previous form (weighted attributes, 0.25/0.5/1 grid), cross-validated: %+.3f; shipped weights, all pairs: %+.3f",
        previous.cv, previous.shipped))
    lines.append(
      String(
        format: "  baseline: distance over five simple features:    %+.3f", Rank.spearman(baselineDistance, sensation)))
    lines.append(
      String(
        format: "  d' (JND), for reference:                         %+.3f (median d' %.1f)",
        Rank.spearman(dPrime, sensation), median(dPrime)))
    if let all = PerceptualDistance.Model.fit(
      coordinates: coordinates, targets: targets, ridge: PerceptualDistance.ridge)
    {
      lines.append(contentsOf: describe(all))
    }
    return lines
  }

  /// The model fitted on all the vibrations, as PerceptualDistance.fitted is written, and
  /// whether the shipped constants are these.
  static func describe(_ model: PerceptualDistance.Model) -> [String] {
    func list(_ v: [Double]) -> String { "[" + v.map { String(format: "%.6g", $0) }.joined(separator: ", ") + "]" }
    let shipped = PerceptualDistance.fitted
    var largest = abs(shipped.typicalDistance - model.typicalDistance)
    if shipped.mean.count != model.mean.count || shipped.projection.count != model.projection.count
      || zip(shipped.projection, model.projection).contains(where: { $0.0.count != $0.1.count })
    {
      largest = .infinity
    } else {
      for i in model.mean.indices {
        largest = max(largest, abs(shipped.mean[i] - model.mean[i]), abs(shipped.scale[i] - model.scale[i]))
        for k in model.projection[i].indices {
          largest = max(largest, abs(shipped.projection[i][k] - model.projection[i][k]))
        }
      }
    }
    var lines = [
      "Model fitted on all the vibrations (ridge \(PerceptualDistance.ridge); rows "
        + PerceptualDistance.coordinateNames.joined(separator: ", ") + "; columns "
        + PerceptualDistance.sensationAxes.joined(separator: ", ") + "):",
      "    mean: " + list(model.mean) + ",",
      "    scale: " + list(model.scale) + ",",
      "    projection: [",
    ]
    lines += model.projection.map { "      " + list($0) + "," }
    lines.append("    ],")
    lines.append("    typicalDistance: " + String(format: "%.6g", model.typicalDistance) + ")")
    lines.append(
      String(format: "  shipped PerceptualDistance.fitted differs from this fit by at most %.2g", largest)
        + (largest < 1e-4 ? " (the shipped constants are this fit)" : " (re-ship the constants above)"))
    return lines
  }

  static func euclidean(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }
}
