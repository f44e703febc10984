import Foundation
import HaptCore

import HaptSignals

/// Seeded Gaussian noise.
func noise(count: Int, seed: UInt64) -> [Double] {
  var rng = SplitMix64(seed: seed)
  return (0..<count).map { _ in rng.nextGaussian() }
}

/// The largest absolute difference between two equally long arrays.
func maxAbsDifference(_ a: [Double], _ b: [Double]) -> Double {
  precondition(a.count == b.count)
  return zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}

/// A sine of `amplitude` at `frequency_Hz`, `count` samples at `sampleRate_Hz`.
func sine(
  frequency_Hz: Double, amplitude: Double = 1, count: Int, sampleRate_Hz: Double, phase: Double = 0
) -> [Double] {
  (0..<count).map { n in amplitude * sin(2 * Double.pi * frequency_Hz * Double(n) / sampleRate_Hz + phase) }
}

/// A fresh, empty temporary folder for one test.
func temporaryFolder() throws -> String {
  let path = NSTemporaryDirectory() + "hapt-signals-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Removes a folder made by ``temporaryFolder()`` and everything in it.
func removeFolder(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}
