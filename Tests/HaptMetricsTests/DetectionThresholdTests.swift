import HaptCore
import Foundation
import Testing

import HaptMetrics

@Suite struct DetectionThresholdTests {
  /// Docs/Model.md §5 table, every point exactly.
  @Test(arguments: [
    (10.0, -48.9), (20, -40.4), (40, -32.8), (60, -31.8), (100, -31.9), (150, -31.4),
    (200, -30.9), (250, -29.0), (300, -26.8), (400, -19.8),
  ])
  func tablePoints(frequency_Hz: Double, expected_dB: Double) {
    #expect(abs(DetectionThreshold.threshold_dB(at: frequency_Hz) - expected_dB) < 1e-12)
  }

  @Test func interpolatesInLogFrequency() {
    // Geometric mean of 300 and 400 Hz is the midpoint in log frequency.
    let f = (300.0 * 400.0).squareRoot()
    #expect(abs(DetectionThreshold.threshold_dB(at: f) - (-26.8 + -19.8) / 2) < 1e-12)
    // 170 Hz: 40 % of the way from 150 to 200 in log10.
    let w = log10(170.0 / 150) / log10(200.0 / 150)
    #expect(abs(DetectionThreshold.threshold_dB(at: 170) - (-31.4 + w * 0.5)) < 1e-12)
    // Not linear in frequency: at 350 Hz linear would be -23.3.
    #expect(abs(DetectionThreshold.threshold_dB(at: 350) - -23.3) > 0.1)
  }

  @Test(arguments: [
    (0.0, -48.9), (-5, -48.9), (5, -48.9), (Double.nan, -48.9), (1000, -19.8),
    (Double.infinity, -19.8),
  ])
  func holdsTheEnds(frequency_Hz: Double, expected_dB: Double) {
    #expect(DetectionThreshold.threshold_dB(at: frequency_Hz) == expected_dB)
  }

  @Test func continuousAndMonotoneBetweenPoints() {
    var previous = DetectionThreshold.threshold_dB(at: 10)
    var f = 10.0
    while f < 500 {
      f *= 1.001
      let t = DetectionThreshold.threshold_dB(at: f)
      #expect(abs(t - previous) < 0.05)  // no jumps
      previous = t
    }
  }

  @Test func sensationLevel() {
    let t = DetectionThreshold.threshold_dB(at: 170)
    let sl = DetectionThreshold.sensationLevel_dB(amplitude_g: 0.5, frequency_Hz: 170)
    #expect(abs(sl - (20 * log10(0.5) - t)) < 1e-12)
    let atThreshold = DetectionThreshold.threshold_g(at: 170)
    #expect(abs(DetectionThreshold.sensationLevel_dB(amplitude_g: atThreshold, frequency_Hz: 170)) < 1e-9)
    #expect(DetectionThreshold.sensationLevel_dB(amplitude_g: 0, frequency_Hz: 170) == -.infinity)
  }
}
