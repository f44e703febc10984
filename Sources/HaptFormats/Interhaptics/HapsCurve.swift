/// A `.haps` keyframe curve (`m_amplitudeModulation`, `m_frequencyModulation`) and how
/// hapt evaluates it.
///
/// The keyframe fields (`m_time`, `m_value`, `m_inSlope`, `m_outSlope`) are Unity's
/// `Keyframe` (time, value, inTangent, outTangent). The SDK evaluates curves inside its
/// closed native engine (`HAR`), so hapt follows Unity's documented evaluation
/// ("Keyframe", Unity Scripting API: unweighted segments are cubic Hermite curves):
/// between keys k0 and k1, with `h = t1 - t0` and `u = (t - t0) / h`,
/// `v = h00(u) v0 + h10(u) h m0 + h01(u) v1 + h11(u) h m1`, where `m0` is k0's out-slope
/// and `m1` k1's in-slope (value per second). A key without a slope on that side uses the
/// segment's straight-line slope (our choice: a segment without slopes is then a straight
/// line, as the Composer draws it); an infinite slope holds v0 (Unity's stepped key).
/// Before the first key and after the last the curve holds the end value
/// (`m_extrapolationStrategy` 0 and 1 in the SDK's files both mean that here).
struct HapsCurve {
  struct Key {
    var time_s: Double
    var value: Double
    var inSlope: Double?
    var outSlope: Double?
  }

  /// Keys sorted by time (stable).
  let keys: [Key]

  init(keys: [Key]) {
    self.keys = keys.enumerated().sorted { ($0.element.time_s, $0.offset) < ($1.element.time_s, $1.offset) }.map(
      \.element)
  }

  /// Sampling step inside Hermite segments, s: 2 ms, under what the skin resolves in an
  /// envelope (a few ms) and the JND of envelope timing.
  static let step_s = 0.002
  /// At most this many samples per segment.
  static let maxSamplesPerSegment = 256

  /// The value at `t_s` seconds from the note's start.
  func value(at t_s: Double) -> Double {
    guard let first = keys.first, let last = keys.last else { return 0 }
    if t_s <= first.time_s { return first.value }
    if t_s >= last.time_s { return last.value }
    var index = 0
    while index + 1 < keys.count, keys[index + 1].time_s <= t_s { index += 1 }
    return Self.segment(keys[index], keys[index + 1], at: t_s)
  }

  /// Cubic Hermite between `a` and `b` at `t_s` (Unity's unweighted segment).
  static func segment(_ a: Key, _ b: Key, at t_s: Double) -> Double {
    let h = b.time_s - a.time_s
    guard h > 0 else { return b.value }
    let secant = (b.value - a.value) / h
    let m0 = a.outSlope ?? secant
    let m1 = b.inSlope ?? secant
    guard m0.isFinite, m1.isFinite else { return a.value }
    let u = (t_s - a.time_s) / h
    let u2 = u * u
    let u3 = u2 * u
    let h00 = 2 * u3 - 3 * u2 + 1
    let h10 = u3 - 2 * u2 + u
    let h01 = -2 * u3 + 3 * u2
    let h11 = u3 - u2
    return h00 * a.value + h10 * h * m0 + h01 * b.value + h11 * h * m1
  }

  /// Whether the segment from `a` to `b` is a straight line (no slope differs from the
  /// secant), so its end points describe it exactly.
  static func isStraight(_ a: Key, _ b: Key) -> Bool {
    let h = b.time_s - a.time_s
    guard h > 0 else { return true }
    let secant = (b.value - a.value) / h
    let tolerance = 1e-9 * Swift.max(1, abs(secant))
    return abs((a.outSlope ?? secant) - secant) <= tolerance && abs((b.inSlope ?? secant) - secant) <= tolerance
  }

  /// The curve as piecewise-linear points from 0 to `length_s` (times from the note's
  /// start): every key inside the note, Hermite segments sampled every ``step_s``, and the
  /// value at the note's start and end.
  func sampled(upTo length_s: Double) -> [(time_s: Double, value: Double)] {
    guard !keys.isEmpty else { return [] }
    var points: [(time_s: Double, value: Double)] = []
    func add(_ t: Double, _ v: Double) {
      guard t >= 0, t <= length_s else { return }
      if let last = points.last, last.time_s == t, last.value == v { return }
      points.append((t, v))
    }
    add(0, value(at: 0))
    for k in keys.indices {
      let a = keys[k]
      add(a.time_s, a.value)
      guard k + 1 < keys.count else { continue }
      let b = keys[k + 1]
      guard b.time_s > a.time_s, !Self.isStraight(a, b), b.time_s > 0, a.time_s < length_s else { continue }
      let h = b.time_s - a.time_s
      let count = Swift.min(Swift.max(Int((h / Self.step_s).rounded(.up)), 2), Self.maxSamplesPerSegment)
      for i in 1..<count {
        let t = a.time_s + h * Double(i) / Double(count)
        add(t, Self.segment(a, b, at: t))
      }
    }
    add(length_s, value(at: length_s))
    return points
  }
}
