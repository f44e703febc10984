import Foundation
import HaptCore

import HaptSimulation

/// Shared helpers for the simulation tests: reference parameter sets and signal analysis
/// done independently of the code under test.
enum Fixtures {
  /// The iPhone-class wideband LRA of Docs/Model.md §3.
  static let iphoneLRA = LRAParameters(
    movingMass_kg: 0.002, stiffness_N_per_m: 2282, damping_Ns_per_m: 0.568,
    forceFactor_N_per_A: 2, resistance_ohm: 8, inductance_H: 1e-4)
  /// The Android narrow-band LRA (J6 student model, k retuned to 235 Hz).
  static let androidLRA = LRAParameters(
    movingMass_kg: 0.00161, stiffness_N_per_m: 3510, damping_Ns_per_m: 0.5,
    forceFactor_N_per_A: 1.12, resistance_ohm: 9, inductance_H: 1e-4)
  /// A lightly damped LRA (damping ratio about 0.007): its acceleration peak lies within
  /// 0.01 Hz of sqrt(k/m)/2 pi, so an FFT peak can be checked against f0 itself.
  static let highQLRA = LRAParameters(
    movingMass_kg: 0.002, stiffness_N_per_m: 2282, damping_Ns_per_m: 0.02,
    forceFactor_N_per_A: 0.3, resistance_ohm: 8, inductance_H: 1e-4)

  static let erm = ERMParameters(
    rotorInertia_kg_m2: 1.2e-8, torqueConstant_N_m_per_A: 0.002,
    backEMFConstant_V_s_per_rad: 0.002, viscousFriction_N_m_s_per_rad: 7.7e-8,
    resistance_ohm: 10, inductance_H: 1e-4, eccentricMass_kg: 0.0003, eccentricRadius_m: 0.0029)

  /// The package's shipped profiles folder, found from this file's path.
  static let devicesFolder: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpora/devices")

  static func shippedProfile(_ name: String) throws -> DeviceProfile {
    try DeviceProfile(contentsOf: devicesFolder.appendingPathComponent(name + ".json").path)
  }

  static func shippedBytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: devicesFolder.appendingPathComponent(name + ".json")))
  }
}

enum Analysis {
  /// Least-squares amplitude of the sinusoid at `frequency_Hz` in `samples[range]`
  /// (fits a cos + b sin + c).
  static func sineAmplitude(
    _ samples: [Double], range: Range<Int>, frequency_Hz: Double, sampleRate_Hz: Double
  )
    -> Double
  {
    // Normal equations for [cos, sin, 1].
    var m = [[Double]](repeating: [0, 0, 0], count: 3)
    var r = [0.0, 0.0, 0.0]
    for n in range {
      let w = 2 * Double.pi * frequency_Hz * Double(n) / sampleRate_Hz
      let basis = [cos(w), sin(w), 1.0]
      for i in 0..<3 {
        r[i] += basis[i] * samples[n]
        for j in 0..<3 { m[i][j] += basis[i] * basis[j] }
      }
    }
    let solution = SquareMatrix(rows: m).solve(
      SquareMatrix(rows: [[r[0], 0, 0], [r[1], 0, 0], [r[2], 0, 0]]))!
    return (solution[0, 0] * solution[0, 0] + solution[1, 0] * solution[1, 0]).squareRoot()
  }

  /// |DFT| of `samples` at one frequency (direct evaluation: a fine DFT scan, no padding).
  static func dftMagnitude(_ samples: [Double], frequency_Hz: Double, sampleRate_Hz: Double) -> Double {
    let w = 2 * Double.pi * frequency_Hz / sampleRate_Hz
    let cw = cos(w)
    let sw = sin(w)
    var c = 1.0
    var s = 0.0
    var re = 0.0
    var im = 0.0
    for (n, x) in samples.enumerated() {
      if n % 512 == 0 {
        c = cos(w * Double(n))
        s = sin(w * Double(n))
      }
      re += x * c
      im -= x * s
      let nc = c * cw - s * sw
      s = s * cw + c * sw
      c = nc
    }
    return (re * re + im * im).squareRoot()
  }

  /// The frequency of the DFT magnitude peak: a 1 Hz scan over `band`, refined by a
  /// 0.02 Hz scan within +-1.5 Hz of the coarse peak.
  static func peakFrequency_Hz(
    _ samples: [Double], sampleRate_Hz: Double, band: ClosedRange<Double>
  )
    -> Double
  {
    func argmax(_ grid: [Double]) -> Double {
      var best = grid[0]
      var bestValue = -1.0
      for f in grid {
        let v = dftMagnitude(samples, frequency_Hz: f, sampleRate_Hz: sampleRate_Hz)
        if v > bestValue {
          bestValue = v
          best = f
        }
      }
      return best
    }
    let coarse = argmax(Array(stride(from: band.lowerBound, through: band.upperBound, by: 1)))
    return argmax(Array(stride(from: coarse - 1.5, through: coarse + 1.5, by: 0.02)))
  }

  /// Times and values of the local maxima of |x| (parabolic interpolation through the
  /// three samples around each), in `range`.
  static func absolutePeaks(
    _ x: [Double], range: Range<Int>, sampleRate_Hz: Double
  ) -> [(
    t: Double, value: Double
  )] {
    var peaks: [(Double, Double)] = []
    for n in Swift.max(range.lowerBound, 1)..<Swift.min(range.upperBound, x.count - 1) {
      let a = abs(x[n - 1])
      let b = abs(x[n])
      let c = abs(x[n + 1])
      guard b > a, b >= c else { continue }
      let denominator = a - 2 * b + c
      let delta = denominator == 0 ? 0 : 0.5 * (a - c) / denominator
      let value = b - 0.25 * (a - c) * delta
      peaks.append(((Double(n) + delta) / sampleRate_Hz, value))
    }
    return peaks
  }

  /// Slope of the least-squares line through (x, y).
  static func slope(_ points: [(Double, Double)]) -> Double {
    let n = Double(points.count)
    let mx = points.map(\.0).reduce(0, +) / n
    let my = points.map(\.1).reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    for (x, y) in points {
      sxy += (x - mx) * (y - my)
      sxx += (x - mx) * (x - mx)
    }
    return sxy / sxx
  }
}
