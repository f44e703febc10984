import HaptCore

/// The exact text form of a pattern's perceptual features and attributes in a shard's
/// part file: space-free fields (``FieldCodec``, numbers as bit patterns), so that a merge
/// uses them as the shard computed them.
extension PerceptualFeatures {
  /// The fields: frequency, peak level, event count, then per event its onset, start,
  /// duration, peak level, shape point count and shape points.
  package var fields: [String] {
    var out = [FieldCodec.number(frequency_Hz), FieldCodec.number(peakLevel_dB), String(events.count)]
    for e in events {
      out += [e.onset_s, e.start_s, e.duration_s, e.peakLevel_dB].map { FieldCodec.number($0) }
      out.append(String(e.shape_dB.count))
      out += e.shape_dB.map { FieldCodec.number($0) }
    }
    return out
  }

  /// Reads ``fields`` from the front of `fields`, removing them; nil when they are not.
  package init?(taking fields: inout ArraySlice<Substring>) {
    func number() -> Double?? {
      guard let field = fields.popFirst() else { return nil }
      return FieldCodec.number(field)
    }
    func count() -> Int? { fields.popFirst().flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
    guard let frequency = number(), let peak = number(), let peak, let eventCount = count(),
      eventCount <= Self.maxEvents
    else { return nil }
    var events: [Event] = []
    for _ in 0..<eventCount {
      guard let onset = number() ?? nil, let start = number() ?? nil, let duration = number() ?? nil,
        let level = number() ?? nil, let points = count(), points <= 1024
      else { return nil }
      var shape: [Double] = []
      for _ in 0..<points {
        guard let value = number() ?? nil else { return nil }
        shape.append(value)
      }
      events.append(Event(onset_s: onset, start_s: start, duration_s: duration, peakLevel_dB: level, shape_dB: shape))
    }
    self.init(frequency_Hz: frequency, peakLevel_dB: peak, events: events)
  }
}

extension PerceptualAttributes {
  /// The fields: the nine numbers, then the felt event count.
  package var fields: [String] {
    [energy, tempo_Hz, roughness, meanMagnitude, fluctuation, continuity, dutyCycle, frequency_Hz, duration_s].map {
      FieldCodec.number($0)
    } + [String(feltEvents)]
  }

  /// Reads ``fields`` from the front of `fields`, removing them; nil when they are not.
  package init?(taking fields: inout ArraySlice<Substring>) {
    var numbers: [Double] = []
    for _ in 0..<9 {
      guard let field = fields.popFirst(), let value = FieldCodec.number(field) ?? nil else { return nil }
      numbers.append(value)
    }
    guard let felt = fields.popFirst().flatMap({ Int($0) }) else { return nil }
    self.init(
      energy: numbers[0], tempo_Hz: numbers[1], meanMagnitude: numbers[3], fluctuation: numbers[4],
      continuity: numbers[5], duration_s: numbers[8], dutyCycle: numbers[6], frequency_Hz: numbers[7], feltEvents: felt)
    roughness = numbers[2]
  }
}
