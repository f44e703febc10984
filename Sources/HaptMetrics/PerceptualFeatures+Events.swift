#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("hapt needs a C library module: Glibc, Musl or Darwin")
#endif

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
  static func eventRanges(_ envelope: [Double], threshold_g: Double, sampleRate_Hz: Double)
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
    guard let first = ranges.first else { return [] }
    return ranges.map { run in
      var peak = 0.0
      for k in run { peak = max(peak, envelope[k]) }
      let peakLevel_dB = 20 * log10(peak) - threshold_dB
      let length = run.count
      let shape = (0..<shapePoints).map { i -> Double in
        let offset = Int((Double(i) + 0.5) / Double(shapePoints) * Double(length))
        let value = envelope[run.lowerBound + min(offset, length - 1)]
        let relative = 20 * log10(max(value, .leastNormalMagnitude)) - threshold_dB - peakLevel_dB
        return max(relative, -peakLevel_dB)
      }
      return Event(
        onset_s: Double(run.lowerBound - first.lowerBound) / sampleRate_Hz,
        duration_s: Double(length) / sampleRate_Hz,
        peakLevel_dB: peakLevel_dB,
        shape_dB: shape)
    }
  }
}
