import HaptTestSupport
import Foundation
import HaptCore
import HaptPatterns
import HaptFormats
import HaptSignals
import HaptSimulation
import HaptEvaluation
import Testing

/// A cold render is the prepared render delayed by the engine (RendererTests checks that
/// sample for sample), so every marker read on it must move by exactly that delay and no
/// more: the onset (detect minus the engine latency), the pattern's own markers and its
/// dominant frequency are the same in both states, on every shipped profile.
///
/// Until this was tested, the dominant frequency was read on the whole render, leading
/// silence included, so the Hann window sat differently on the vibration in the two
/// states: watchos-direction-up read 230 Hz prepared and 117 Hz cold on a voice-coil
/// profile, and game-power-up's onset moved by 0.28 ms on iphone-wideband-lra (0.63 ms on
/// a 90 Hz voice coil) through the detection threshold at that frequency.
@Suite(.slow) struct ColdMarkersTests {
  @Test func coldMarkersAreThePreparedOnesDelayedByTheEngineOnEveryProfile() throws {
    let library = try PatternExtentTests.libraryPatterns()
    #expect(library.count >= 15)
    let devices = try DeviceProfile.shipped().filter { $0.capabilities.plays }
    #expect(devices.count >= 9)
    var compared = 0
    for device in devices {
      let renderer = Renderer(device: device)
      for (name, pattern) in library {
        func measured(_ state: EngineState) -> PatternMeasurement {
          PatternMeasurement(
            pattern: name, device: device.name, state: state,
            rendering: renderer.render(pattern, options: .init(state: state)), budget: .default)
        }
        let prepared = measured(.prepared)
        let cold = measured(.cold)
        let delay = cold.engineLatency_s - prepared.engineLatency_s
        let place = "\(name) on \(device.name)"
        #expect(delay >= 0, "\(place)")  // 0 only on the ideal profile, which has no engine
        #expect(cold.dominantFrequency_Hz == prepared.dominantFrequency_Hz, "\(place)")
        #expect(cold.peak_g == prepared.peak_g && cold.rms_g == prepared.rms_g, "\(place)")
        let pairs: [(String, Double?, Double?)] = [
          ("detect", prepared.markers.detect_s, cold.markers.detect_s),
          ("t10", prepared.markers.t10_s, cold.markers.t10_s),
          ("t50", prepared.markers.t50_s, cold.markers.t50_s),
          ("t90", prepared.markers.t90_s, cold.markers.t90_s),
          ("stop", prepared.markers.stop_s, cold.markers.stop_s),
        ]
        for (marker, a, b) in pairs {
          #expect((a == nil) == (b == nil), "\(place): \(marker)")
          guard let a, let b else { continue }
          // 1e-9 s: rounding of the two sums, far below the 125 us of one sample.
          #expect(abs((b - a) - delay) < 1e-9, "\(place): \(marker) prepared \(a) s, cold \(b) s")
          compared += 1
        }
      }
    }
    #expect(compared >= 500)
  }

  /// Silence around a vibration does not move its dominant frequency or its envelope.
  @Test func silenceAroundASignalChangesNeitherItsPeakFrequencyNorItsEnvelope() throws {
    let rate = 8000.0
    // A 30 ms burst of 90 Hz and 230 Hz: the peak depends on where a window sits on it.
    let burst = (0..<240).map { n -> Double in
      let t = Double(n) / rate
      return sin(2 * .pi * 90 * t) * exp(-t / 0.01) + 0.8 * sin(2 * .pi * 230 * t)
    }
    let alone = try #require(Spectra.dominantFrequency_Hz(Signal(samples: burst, sampleRate_Hz: rate)))
    for (before, after) in [(80, 0), (1600, 0), (1600, 4000), (0, 777)] {
      let padded = [Double](repeating: 0, count: before) + burst + [Double](repeating: 0, count: after)
      let f = Spectra.dominantFrequency_Hz(Signal(samples: padded, sampleRate_Hz: rate))
      #expect(f == alone, "\(before) zeros before, \(after) after")
      let envelope = Envelope.causal(padded)
      #expect(envelope.count == padded.count)
      #expect(envelope[..<before].allSatisfy { $0 == 0 })
      let shifted = Envelope.causal(burst + [Double](repeating: 0, count: after))
      #expect(Array(envelope[before...]) == shifted, "\(before) zeros before")
    }
  }
}
