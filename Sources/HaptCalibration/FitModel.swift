import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation

/// The model ``DeviceFit`` adjusts: the start profile with a resonance ratio, a Q ratio
/// and a gain, rendering the pattern at zero latency (the latency is a shift of the
/// render, exact to the sample).
struct FitModel {
  struct Parameters: Equatable {
    /// Fitted resonance over the start's.
    var resonanceRatio: Double
    /// Fitted mechanical Q over the start's.
    var qualityRatio: Double
    /// Measured over simulated acceleration.
    var gain: Double
  }

  let pattern: HapticPattern
  let start: DeviceProfile
  /// Samples in the recording.
  let count: Int
  /// Renders this long after the pattern cover the recording, s.
  let tail_s: Double
  let maxDuration_s: Double
  /// Renders memoised by (resonance ratio, Q ratio): the search revisits points.
  private var cache: [Key: [Double]] = [:]

  private struct Key: Hashable {
    let resonance: Double
    let quality: Double
  }

  init(pattern: HapticPattern, start: DeviceProfile, count: Int) {
    self.pattern = pattern
    self.start = start
    self.count = count
    let length_s = Double(count) / start.sampleRate_Hz
    tail_s = Swift.min(Swift.max(length_s - pattern.duration_s, 0) + 0.01, 60)
    maxDuration_s = Swift.max(length_s + 1, RenderOptions.defaultMaxDuration_s)
  }

  /// The start profile with resonance and Q scaled (k and c; m kept), the gain applied as
  /// the effective body mass, at the given latency for `state`.
  func device(_ theta: Parameters, latency_s: Double = 0, state: EngineState = .prepared) -> DeviceProfile {
    var device = start
    // A switch: scaling resonance, Q and gain rewrites each actuator's own parameters.
    switch start.actuator {
    case .lra(var p):
      let q = p.mechanicalQ * theta.qualityRatio
      let w0 = 2 * Double.pi * p.resonance_Hz * theta.resonanceRatio
      p.stiffness_N_per_m = p.movingMass_kg * w0 * w0
      p.damping_Ns_per_m = (p.stiffness_N_per_m * p.movingMass_kg).squareRoot() / q
      device.actuator = .lra(p)
      // a = (m / (M + m)) x'': scaling by g is M' = (M + m) / g - m.
      device.bodyMass_kg = (start.bodyMass_kg + p.movingMass_kg) / theta.gain - p.movingMass_kg
    case .erm(let p):
      device.bodyMass_kg = (start.bodyMass_kg + p.eccentricMass_kg) / theta.gain - p.eccentricMass_kg
    case .none, .ideal:
      break
    }
    switch state {
    case .prepared:
      device.latency.prepared_s = latency_s
      device.latency.cold_s = Swift.max(device.latency.cold_s, latency_s)
    case .cold:
      device.latency.cold_s = latency_s
      device.latency.prepared_s = Swift.min(device.latency.prepared_s, latency_s)
    }
    return device
  }

  /// The fitted profile, validated by the schema's own decoder (so every command accepts it).
  func profile(_ theta: Parameters, latency_s: Double, state: EngineState, name: String) throws -> DeviceProfile {
    var device = device(theta, latency_s: latency_s, state: state)
    device.name = name
    // The start's sources are re-attached by DeviceFit with the measured fields replaced
    // (a guess's stated range need not hold the fitted value).
    device.sources = []
    guard device.bodyMass_kg > 0, device.bodyMass_kg <= 1000 else {
      throw InputError(
        "the fitted gain \(theta.gain) cannot be expressed as a body mass (it would be \(device.bodyMass_kg) kg)",
        setting: .recordingScale)
    }
    return try DeviceProfile(jsonBytes: Array(device.jsonText().utf8), file: name)
  }

  /// The pattern's acceleration at zero latency and unit gain, `count` samples, g.
  mutating func render(_ theta: Parameters) -> [Double] {
    let key = Key(resonance: theta.resonanceRatio, quality: theta.qualityRatio)
    if let cached = cache[key] { return cached }
    var unit = theta
    unit.gain = 1
    var device = device(unit)
    device.latency.prepared_s = 0
    let rendering = Renderer(device: device).render(
      pattern, options: RenderOptions(state: .prepared, tail_s: tail_s, maxDuration_s: maxDuration_s))
    var y = Array(rendering.acceleration_g.samples.prefix(count))
    if y.count < count { y += [Double](repeating: 0, count: count - y.count) }
    if cache.count > 256 { cache.removeAll() }
    cache[key] = y
    return y
  }
}
