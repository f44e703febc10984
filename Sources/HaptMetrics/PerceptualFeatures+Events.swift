import HaptCore
extension PerceptualFeatures {
  /// The sample ranges of the felt events of a level envelope.
  ///
  /// A sample is felt when its level is above `threshold_g`. Runs of felt samples
  /// separated by less than ``fusionGap_s`` are one event (the gap is part of it).
  ///
  /// - Parameters:
  ///   - envelope: level envelope in g (``levelEnvelope(_:window:)``).
  ///   - threshold_g: detection threshold as an amplitude, in g.
  ///   - sampleRate_Hz: samples per second.
  /// - Returns: at most ``maxEvents`` ranges, in time order.
  /// - Complexity: O(n).
  static func eventRanges(
    _ envelope: [Double], threshold_g: Double, sampleRate_Hz: Double
  )
    -> [Range<Int>]
  {
    let fusionSamples = Int((fusionGap_s * sampleRate_Hz).rounded(.up))
    var runs: [(start: Int, end: Int)] = []  // [start, end)
    envelope.withUnsafeBufferPointer { e in
      var k = 0
      let n = e.count
      while k < n && runs.count <= maxEvents {
        guard e[k] > threshold_g else {
          k += 1
          continue
        }
        let start = k
        while k < n && e[k] > threshold_g { k += 1 }
        if let last = runs.last, start - last.end < fusionSamples {
          runs[runs.count - 1].end = k
        } else {
          runs.append((start, k))
        }
      }
    }
    if runs.count > maxEvents { runs.removeLast(runs.count - maxEvents) }
    return runs.map { $0.start..<$0.end }
  }

  /// The felt events of a level envelope, from their sample ranges.
  ///
  /// Each event's timing and shape are measured on its *extent*: the samples from the
  /// first to the last whose level is within ``shapeRange_dB`` of the event's peak (or
  /// above threshold, where that is higher). Scaling an event's level therefore moves
  /// neither its onset, nor its duration, nor its shape: a level change is counted once,
  /// by the level term, instead of also shifting every threshold crossing by the time the
  /// envelope takes to rise or fall through the change (several milliseconds per dB on
  /// a motor's slow spin-up and spin-down).
  ///
  /// - Parameters:
  ///   - ranges: ``eventRanges(_:threshold_g:sampleRate_Hz:)`` of the envelope.
  ///   - envelope: level envelope in g.
  ///   - threshold_dB: detection threshold in dB re 1 g.
  ///   - sampleRate_Hz: samples per second.
  /// - Returns: the events, onsets relative to the first.
  /// - Complexity: O(n).
  static func events(
    _ ranges: [Range<Int>], envelope: [Double], threshold_dB: Double, sampleRate_Hz: Double
  ) -> [Event] {
    let threshold_g = pow(10, threshold_dB / 20)
    let extents = ranges.map { run -> (extent: Range<Int>, peak: Double) in
      var peak = 0.0
      for k in run { peak = max(peak, envelope[k]) }
      let floor = max(threshold_g, peak * pow(10, -shapeRange_dB / 20))
      var first = run.lowerBound
      while first < run.upperBound - 1 && envelope[first] < floor { first += 1 }
      var last = run.upperBound - 1
      while last > first && envelope[last] < floor { last -= 1 }
      return (first..<(last + 1), peak)
    }
    guard let origin = extents.first?.extent.lowerBound else { return [] }
    return extents.map { item in
      let run = item.extent
      let peakLevel_dB = 20 * log10(item.peak) - threshold_dB
      let floor_dB = -min(peakLevel_dB, shapeRange_dB)
      let length = run.count
      let shape = (0..<shapePoints).map { i -> Double in
        let offset = Int((Double(i) + 0.5) / Double(shapePoints) * Double(length))
        let value = envelope[run.lowerBound + min(offset, length - 1)]
        let relative = 20 * log10(max(value, .leastNormalMagnitude)) - threshold_dB - peakLevel_dB
        return max(relative, floor_dB)
      }
      return Event(
        onset_s: Double(run.lowerBound - origin) / sampleRate_Hz,
        start_s: Double(run.lowerBound) / sampleRate_Hz,
        duration_s: Double(length) / sampleRate_Hz,
        peakLevel_dB: peakLevel_dB,
        shape_dB: shape)
    }
  }
}
