extension MPEGHaptics {
  /// Largest error, in intensity (0...1), of the amplitude keyframes written for a
  /// continuous event against its effective intensity (envelope x controls).
  package static let conversionIntensityTolerance = 1e-3

  /// Most keyframes one converted continuous event gets.
  static let maxKeyframesPerEvent = 512

  /// The experience that plays `pattern` (Docs/Formats-MPEG.md, "Writing"): a pattern read
  /// from MPEG-I Haptics is returned as it was read; otherwise one Vibrotactile perception
  /// with one channel (gain 1, mixing coefficient 1) and at most two bands, timescale 1000
  /// (the only one the Simple Parametric profile allows, so times round to 1 ms) and
  /// frequencies in whole hertz (the reference software ignores fractional ones):
  /// - a Transient band (0-1000 Hz): one effect per haptic transient at its time, one
  ///   keyframe with its effective intensity (intensity x `HapticIntensityControl` there)
  ///   and the frequency of its effective sharpness (``frequency_Hz(sharpness:)``);
  /// - a VectorialWave band (0-1000 Hz): one Sine effect per continuous event, keyframes at
  ///   its envelope's corners and its controls' points, refined until straight lines
  ///   between them follow the effective intensity within ``conversionIntensityTolerance``;
  ///   every keyframe carries amplitude and frequency. A parameter step becomes a 1 ms
  ///   ramp (keyframes cannot share a position).
  /// Audio events are dropped.
  package init(pattern: HapticPattern) {
    if let mpeg = pattern.mpeg {
      self = mpeg
      return
    }
    self.init(
      date: Self.isoDate(pattern.metadata.created) ?? Self.defaultDate,
      description: pattern.metadata.description ?? "converted by hapt", timescale: 1000)
    let controls = pattern.controls
    let ts = 1000.0
    func ticks(_ t: Double) -> Int { Int(Swift.min(Swift.max((t * ts).rounded(), 0), Double(Int32.max))) }
    var transients: [Effect] = []
    var vectorial: [Effect] = []
    let corners = Self.controlTimes(pattern)
    for event in pattern.hapticEvents {
      guard event.time_s.isFinite, event.duration_s.isFinite else { continue }
      if event.type == .hapticTransient {
        let intensity = clamp01(event.intensity * controls.intensityMultiplier(at: event.time_s))
        let sharpness = clamp01(event.sharpness + controls.sharpnessOffset(at: event.time_s))
        transients.append(
          Effect(
            position: ticks(event.time_s),
            keyframes: [
              Keyframe(0, amplitude: intensity, frequency_Hz: Self.frequency_Hz(sharpness: sharpness).rounded())
            ]))
        continue
      }
      let start = ticks(event.time_s)
      let length = ticks(event.time_s + event.duration_s) - start
      guard length > 0 else { continue }
      let envelope = EventEnvelope(event)
      func level(_ tick: Double) -> Double {
        let t = tick / ts
        // Whole ticks after the written start, so keyframes on the envelope's corners are exact.
        let offset = Swift.min(
          Swift.max((tick - Double(start)) / ts + (Double(start) / ts - event.time_s), 0),
          event.duration_s * (1 - 1e-12))
        return clamp01(event.intensity * controls.intensityMultiplier(at: t)) * envelope.gain(atOffset: offset)
      }
      func frequency(_ tick: Double) -> Double {
        Self.frequency_Hz(sharpness: clamp01(event.sharpness + controls.sharpnessOffset(at: tick / ts))).rounded()
      }
      var marks: Set<Int> = [0, length]
      let d = event.duration_s
      for corner in [envelope.attack_s, d - envelope.release_s]
        + (event.isSustained ? [] : [envelope.attack_s + envelope.decay_s])
      {
        marks.insert(Swift.min(Swift.max(ticks(event.time_s + corner) - start, 0), length))
      }
      for t in corners where t > event.time_s && t < event.time_s + d {
        let k = ticks(t) - start
        marks.insert(k)
        if k > 0 { marks.insert(k - 1) }
      }
      var positions = marks.sorted()
      positions = Self.refined(positions, start: Double(start), limit: Self.maxKeyframesPerEvent, level: level)
      vectorial.append(
        Effect(
          position: start, baseSignal: .sine,
          keyframes: positions.map { k in
            let tick = Double(start + k)
            var amplitude = k < length ? level(tick) : (envelope.release_s > 0 ? 0 : level(tick - 1e-6))
            if amplitude < 1e-6 { amplitude = 0 }  // a decay or release that reaches 0 at the end
            return Keyframe(k, amplitude: amplitude, frequency_Hz: frequency(tick))
          }))
    }
    var bands: [Band] = []
    if !transients.isEmpty {
      bands.append(Band(type: .transient, lowerFrequencyLimit_Hz: 0, upperFrequencyLimit_Hz: 1000, effects: transients))
    }
    if !vectorial.isEmpty {
      bands.append(
        Band(type: .vectorialWave, lowerFrequencyLimit_Hz: 0, upperFrequencyLimit_Hz: 1000, effects: vectorial))
    }
    perceptions = [
      Perception(
        id: 0, modality: "Vibrotactile", description: "vibration", avatarID: 1,
        channels: [Channel(id: 0, description: "vibration", gain: 1, mixingCoefficient: 1, bands: bands)])
    ]
  }

  /// The `date` written when the pattern's metadata has no ISO 8601 creation date (the
  /// format requires one; a fixed value keeps conversions byte-identical).
  package static let defaultDate = "2023-01-01"

  /// `created` if it starts with an ISO 8601 date (YYYY-MM-DD), else nil.
  static func isoDate(_ created: String?) -> String? {
    guard let created, created.utf8.count >= 10 else { return nil }
    let bytes = Array(created.utf8.prefix(10))
    let digits = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { bytes[$0] >= 48 && bytes[$0] <= 57 }
    guard digits, bytes[4] == 45, bytes[7] == 45 else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The times of every control point and parameter step, s.
  static func controlTimes(_ pattern: HapticPattern) -> [Double] {
    var times = pattern.parameterSteps.map(\.time_s)
    for curve in pattern.parameterCurves {
      for point in curve.controlPoints { times.append(curve.time_s + point.time_s) }
    }
    return times.filter(\.isFinite)
  }

  /// Inserts midpoints (whole ticks) where a straight line between neighbours misses
  /// `level` by more than the tolerance, breadth-first, up to `limit` positions.
  static func refined(_ positions: [Int], start: Double, limit: Int, level: (Double) -> Double) -> [Int] {
    var result = positions
    for _ in 0..<12 {
      var next: [Int] = []
      var changed = false
      for (i, k) in result.enumerated() {
        next.append(k)
        guard i + 1 < result.count, next.count + (result.count - i) < limit else { continue }
        let k1 = result[i + 1]
        guard k1 - k > 1 else { continue }
        let mid = (k + k1) / 2
        let a = level(start + Double(k))
        let b = level(start + Double(k1) - (i + 1 == result.count - 1 ? 1e-6 : 0))
        let line = a + (b - a) * Double(mid - k) / Double(k1 - k)
        if abs(level(start + Double(mid)) - line) > conversionIntensityTolerance {
          next.append(mid)
          changed = true
        }
      }
      result = next
      if !changed { break }
    }
    return result
  }
}

private func clamp01(_ x: Double) -> Double { Swift.min(Swift.max(x.isFinite ? x : 0, 0), 1) }
