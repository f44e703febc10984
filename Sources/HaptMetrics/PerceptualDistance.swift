import HaptCore

/// How different two clearly different haptics feel (Docs/Perception.md §11).
///
/// d' counts just-noticeable differences and is the right measure up to a few JNDs; beyond
/// that its size says little about how different two patterns feel. The perceptual
/// distance places each pattern in people's sensation space: its eight attribute
/// ``coordinates`` are standardised and projected linearly onto the four axes of the
/// VibViz sensation space (complexity, continuity, roughness, duration: Seifi, Zhang and
/// MacLean 2015), and the distance is the Euclidean distance between the two positions,
/// in units of the median distance between two VibViz vibrations, combined with d' capped
/// at ``dPrimeCap_JND``:
///
///     D = sqrt( |p(a) - p(b)|^2 / typical^2 + (0.25 min(d', 3) / 3)^2 )
///
/// so two patterns within a few JNDs are ordered by d' (the capped term dominates when the
/// attributes barely differ) and clearly different ones by their positions. Identical
/// signals are 0 apart; the distance is symmetric. A silent pattern has no distance to a
/// felt one (nil): it is not a neighbour of anything.
///
/// The projection (``Model``) is fitted by ridge regression of the VibViz sensation
/// coordinates on the standardised attribute coordinates; ``fitted`` holds the constants
/// that `hapt-bench vibviz` re-derives and prints.
package enum PerceptualDistance {
  /// d' above this counts as this much (JND): beyond it, d' no longer ranks.
  package static let dPrimeCap_JND = 3.0
  /// Size of the capped d' term at the cap, in units of the typical distance (a choice:
  /// a copy 3 JND away is a quarter as far as two typical VibViz vibrations).
  package static let dPrimeWeight = 0.25
  /// Ridge penalty of the fit, on standardised coordinates (a choice: 0.3, 1 and 3 give
  /// cross-validated figures within 0.01 of each other).
  package static let ridge = 1.0

  /// What each of ``coordinates(_:)`` is.
  package static let coordinateNames = [
    "log2 energy", "log2 tempo_Hz", "log2 fluctuation", "continuity", "log2 duration_s", "dutyCycle",
    "log2 frequency_Hz", "log2 meanMagnitude",
  ]
  /// The sensation axes positions are given on (Seifi, Zhang and MacLean 2015).
  package static let sensationAxes = ["complexity", "continuity", "roughness", "duration"]

  /// The attribute coordinates of a felt pattern: doublings of energy, tempo, fluctuation
  /// and duration, continuity, duty cycle, and doublings of perceived frequency and of mean
  /// felt magnitude (the offsets keep a zero attribute finite). Roughness enters through
  /// its two codes, fluctuation and mean magnitude, rather than their product.
  package static func coordinates(_ a: PerceptualAttributes) -> [Double] {
    [
      log2(a.energy + 0.05), log2(a.tempo_Hz + 0.1), log2(a.fluctuation + 0.01), a.continuity,
      log2(a.duration_s + 0.05), a.dutyCycle, log2(a.frequency_Hz + 1), log2(a.meanMagnitude + 0.01),
    ]
  }

  /// A linear map from attribute coordinates to a position in the sensation space.
  package struct Model: Sendable, Equatable {
    /// Mean of each coordinate over the fitting patterns.
    package var mean: [Double]
    /// Standard deviation of each coordinate over the fitting patterns.
    package var scale: [Double]
    /// One row per coordinate, one column per sensation axis.
    package var projection: [[Double]]
    /// Median distance between two fitting patterns' positions (sensation-space units).
    package var typicalDistance: Double

    package init(mean: [Double], scale: [Double], projection: [[Double]], typicalDistance: Double) {
      self.mean = mean
      self.scale = scale
      self.projection = projection
      self.typicalDistance = typicalDistance
    }

    /// The position of coordinates `c` in the sensation space.
    package func position(_ c: [Double]) -> [Double] {
      let axes = projection.first?.count ?? 0
      var p = [Double](repeating: 0, count: axes)
      for (i, row) in projection.enumerated() {
        let z = scale[i] > 0 ? (c[i] - mean[i]) / scale[i] : 0
        for k in 0..<axes { p[k] += z * row[k] }
      }
      return p
    }

    /// Ridge regression of `targets` (one row of sensation coordinates per pattern) on
    /// the standardised `coordinates` (one row per pattern): `B = (Z'Z + ridge I)^-1 Z'(Y -
    /// mean Y)`. Nil for fewer than three patterns or a singular system.
    ///
    /// - Complexity: O(n k^2 + k^3 + n^2 log n) for n patterns and k coordinates.
    package static func fit(coordinates x: [[Double]], targets y: [[Double]], ridge: Double) -> Model? {
      let n = x.count
      guard n >= 3, y.count == n, let k = x.first?.count, let m = y.first?.count, k > 0, m > 0 else { return nil }
      var mean = [Double](repeating: 0, count: k)
      for row in x { for i in 0..<k { mean[i] += row[i] / Double(n) } }
      var scale = [Double](repeating: 0, count: k)
      for row in x { for i in 0..<k { scale[i] += (row[i] - mean[i]) * (row[i] - mean[i]) / Double(n) } }
      scale = scale.map { $0.squareRoot() }
      let z = x.map { row in (0..<k).map { scale[$0] > 0 ? (row[$0] - mean[$0]) / scale[$0] : 0 } }
      var yMean = [Double](repeating: 0, count: m)
      for row in y { for j in 0..<m { yMean[j] += row[j] / Double(n) } }
      var a = [Double](repeating: 0, count: k * k)
      var b = [Double](repeating: 0, count: k * m)
      for (r, zr) in z.enumerated() {
        for i in 0..<k {
          for j in 0..<k { a[i * k + j] += zr[i] * zr[j] }
          for j in 0..<m { b[i * m + j] += zr[i] * (y[r][j] - yMean[j]) }
        }
      }
      for i in 0..<k { a[i * k + i] += ridge }
      guard let solution = LinearSolve.solve(a, b, order: k, columns: m) else { return nil }
      let projection = (0..<k).map { i in Array(solution[(i * m)..<((i + 1) * m)]) }
      var model = Model(mean: mean, scale: scale, projection: projection, typicalDistance: 1)
      let positions = x.map(model.position)
      var distances: [Double] = []
      for i in 0..<n {
        for j in (i + 1)..<n { distances.append(euclidean(positions[i], positions[j])) }
      }
      distances.sort()
      let typical = distances[distances.count / 2]
      guard typical > 0, typical.isFinite else { return nil }
      model.typicalDistance = typical
      return model
    }
  }

  /// The shipped model: ``Model/fit(coordinates:targets:ridge:)`` on the 60 VibViz
  /// vibrations of Benchmarks/VibViz read through its c2-tactor profile, ridge 1, as
  /// printed by `hapt-bench vibviz` (Docs/Perception.md §11-12).
  package static let fitted = Model(
    mean: [-0.868735, 1.5093, -2.79056, 0.382407, 0.439522, 0.663284, 7.65331, -1.39649],
    scale: [1.27049, 1.43563, 1.05223, 0.178431, 1.43625, 0.273544, 0.411791, 1.34874],
    projection: [
      [0.303389, -0.00555531, 0.0244551, -0.0603611],
      [-0.0263137, -0.0765971, -0.0299265, -0.0515418],
      [0.125954, 0.00583436, 0.0327735, 0.0514216],
      [-0.0468822, 0.0917785, 0.041349, 0.0475921],
      [0.0468199, -0.04855, -0.0849901, 0.0994475],
      [0.103791, 0.122737, -0.00609388, -0.00150157],
      [-0.0184262, -0.0250995, 0.0620545, 0.0466482],
      [-0.296685, -0.0321856, 0.0659922, 0.105882],
    ],
    typicalDistance: 0.398457)

  /// Where a pattern sits in the sensation space under `model` (``Model/position(_:)``
  /// of its ``coordinates(_:)``); nil if silent. What the attribute part of the distance
  /// compares: a corpus computes it once per pattern, not once per pair.
  package static func position(of a: PerceptualAttributes, model: Model = fitted) -> [Double]? {
    a.isPerceptible ? model.position(coordinates(a)) : nil
  }

  /// The attribute part of the distance between `a` and `b` (typical-distance units);
  /// nil if either is silent.
  package static func attributeDistance(
    _ a: PerceptualAttributes, _ b: PerceptualAttributes, model: Model = fitted
  ) -> Double? {
    attributeDistance(position(of: a, model: model), position(of: b, model: model), model: model)
  }

  /// ``attributeDistance(_:_:model:)`` of two patterns' ``position(of:model:)``s.
  package static func attributeDistance(_ a: [Double]?, _ b: [Double]?, model: Model = fitted) -> Double? {
    guard let a, let b else { return nil }
    return euclidean(a, b) / model.typicalDistance
  }

  /// A bounded closeness for maps, `1 / (1 + D)`: 1 identical, towards 0 as patterns feel
  /// more different; 0 for a silent pattern against a felt one (nil distance).
  package static func closeness(_ distance: Double?) -> Double {
    guard let distance, distance.isFinite, distance >= 0 else { return 0 }
    return 1 / (1 + distance)
  }

  /// The perceptual distance between two signals given their attributes and d' (JND);
  /// 0 for two silent signals, nil for a silent one against a felt one.
  package static func distance(
    _ a: PerceptualAttributes, _ b: PerceptualAttributes, dPrime: Double
  ) -> Double? {
    distance(a, b, dPrime: dPrime, model: fitted)
  }

  /// ``distance(_:_:dPrime:)`` with another model (the benchmark's cross-validation).
  package static func distance(
    _ a: PerceptualAttributes, _ b: PerceptualAttributes, dPrime: Double, model: Model
  ) -> Double? {
    distance(positions: position(of: a, model: model), position(of: b, model: model), dPrime: dPrime, model: model)
  }

  /// ``distance(_:_:dPrime:)`` of two patterns' ``position(of:model:)``s (nil: silent).
  package static func distance(
    positions a: [Double]?, _ b: [Double]?, dPrime: Double, model: Model = fitted
  ) -> Double? {
    if a == nil && b == nil { return 0 }
    guard let attributes = attributeDistance(a, b, model: model) else { return nil }
    let d = dPrimeWeight * (dPrime.isNaN ? 0 : min(abs(dPrime), dPrimeCap_JND) / dPrimeCap_JND)
    return (attributes * attributes + d * d).squareRoot()
  }

  static func euclidean(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }
}
