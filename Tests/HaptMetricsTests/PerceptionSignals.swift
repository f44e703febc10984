import HaptCore
import Foundation
import HaptSignals

import HaptMetrics

/// Synthetic 8 kHz acceleration signals with known properties, for the perception tests.
enum PerceptionSignals {
  static let rate_Hz = 8000.0

  /// A sine burst starting at phase 0, gated on and off, with silence before and after.
  static func burst(
    frequency_Hz: Double, amplitude_g: Double, duration_s: Double, lead_s: Double = 0.05,
    tail_s: Double = 0.1
  ) -> Signal {
    let start = Int((lead_s * rate_Hz).rounded())
    let length = Int((duration_s * rate_Hz).rounded())
    var samples = [Double](repeating: 0, count: start + length + Int((tail_s * rate_Hz).rounded()))
    for n in 0..<length {
      samples[start + n] = amplitude_g * sin(2 * Double.pi * frequency_Hz * Double(n) / rate_Hz)
    }
    return Signal(samples: samples, sampleRate_Hz: rate_Hz)
  }

  /// The amplitude in g of a vibration at `level_dB` sensation level at `frequency_Hz`.
  static func amplitude_g(sensationLevel_dB level: Double, frequency_Hz: Double) -> Double {
    pow(10, (DetectionThreshold.threshold_dB(at: frequency_Hz) + level) / 20)
  }

  /// Taps of `cycles` sine cycles at `frequency_Hz`, the k-th at `onsets_s[k]` (after a
  /// 50 ms lead), with amplitudes `amplitudes_g[k]`.
  static func taps(
    onsets_s: [Double], amplitudes_g: [Double], frequency_Hz: Double = 170, cycles: Double = 2,
    total_s: Double = 0.8
  ) -> Signal {
    var samples = [Double](repeating: 0, count: Int(total_s * rate_Hz))
    let length = Int((cycles * rate_Hz / frequency_Hz).rounded())
    for (onset, amplitude) in zip(onsets_s, amplitudes_g) {
      let start = Int(((0.05 + onset) * rate_Hz).rounded())
      for n in 0..<length where start + n < samples.count {
        samples[start + n] += amplitude * sin(2 * Double.pi * frequency_Hz * Double(n) / rate_Hz)
      }
    }
    return Signal(samples: samples, sampleRate_Hz: rate_Hz)
  }

  /// A `frequency_Hz` sine whose amplitude follows `envelope(t)` for `duration_s`,
  /// then `decay(t - duration_s)` for `tail_s`, sampled from t = 0.
  static func modulated(
    frequency_Hz: Double, duration_s: Double, tail_s: Double = 0.2,
    envelope: (Double) -> Double, decay: (Double) -> Double = { _ in 0 }
  ) -> Signal {
    let count = Int(((duration_s + tail_s) * rate_Hz).rounded())
    let samples = (0..<count).map { n -> Double in
      let t = Double(n) / rate_Hz
      let a = t < duration_s ? envelope(t) : decay(t - duration_s)
      return a * sin(2 * Double.pi * frequency_Hz * t)
    }
    return Signal(samples: samples, sampleRate_Hz: rate_Hz)
  }
}
