import Foundation
import HaptPatterns
import HaptSimulation

/// What a pattern's drive can tell about an actuator: how long it drives steadily at
/// frequencies below and above the resonance, within the resonance's half-power band.
///
/// An LRA's resonance and Q show in the steady-state response across its half-power band
/// `f0 (1 +- 1 / (2 Qv))` (Qv: Q under voltage drive): the fit can place them only if the
/// pattern holds a drive there on both sides of f0. Transients last two cycles or so;
/// their response is dominated by the start-up and a free decay a few milliseconds long,
/// which says little about Q (and a tap off resonance little about f0). So only continuous
/// events count, sampled every millisecond where the effective intensity is at least 0.1.
package struct FitExcitation: Sendable, Equatable {
  /// The half-power band examined, Hz.
  package var band_Hz: ClosedRange<Double>
  /// Steady drive below the resonance within the band, s.
  package var below_s: Double
  /// Steady drive above the resonance within the band, s.
  package var above_s: Double

  /// The shortest steady drive needed on each side, s (several decay time constants of
  /// a phone LRA, 4-6 ms).
  package static let minimumSide_s = 0.03

  /// Whether resonance and Q can be identified.
  package var identifiesResonance: Bool { below_s >= Self.minimumSide_s && above_s >= Self.minimumSide_s }

  /// The excitation of `pattern` for an LRA `p` driven with `drive`.
  package init(_ pattern: HapticPattern, lra p: LRAParameters, drive: DriveParameters) {
    let f0 = p.resonance_Hz
    let half = f0 / (2 * p.voltageDrivenQ)
    band_Hz = (f0 - half)...(f0 + half)
    let controls = pattern.controls
    var below = 0.0
    var above = 0.0
    let step = 0.001
    for event in pattern.events where event.type == .hapticContinuous {
      guard event.duration_s.isFinite, event.duration_s > 0 else { continue }
      var offset = step / 2
      while offset < event.duration_s {
        let t = event.time_s + offset
        let level = controls.effectiveIntensity(of: event, at: t) * event.envelope(atOffset: offset)
        if level >= 0.1 {
          let f = drive.frequency_Hz(sharpness: controls.effectiveSharpness(of: event, at: t))
          if band_Hz.contains(f) {
            if f < f0 { below += step } else { above += step }
          }
        }
        offset += step
      }
    }
    below_s = below
    above_s = above
  }
}
