import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
@testable import HaptEvaluation
import Testing

/// `Evaluation.run` measures a cold render by shifting the prepared render's analyses
/// (``RenderAnalysis``) when the cold render is the prepared one delayed by whole
/// samples: the measurements must be exactly, bit for bit, those of analysing every render
/// by itself, on every shipped profile, and the shortcut must really be taken.
@Suite struct DerivedColdTests {
  @Test func derivedColdMeasurementsAreTheRenderedOnesOnEveryShippedProfile() throws {
    let library = try PatternExtentTests.libraryPatterns()
    #expect(library.count >= 15)
    let entries = library.map { PatternCorpus.Entry(name: $0.name, path: $0.name, pattern: $0.pattern, findings: []) }
    let devices = try DeviceProfile.shipped()
    #expect(devices.count >= 13)
    let options = EvaluationOptions(devices: devices, states: [.prepared, .cold], threads: 2)
    let measured = Evaluation.run(entries, options: options).measurements
    #expect(measured.count == entries.count * devices.count * 2)
    var derived = 0
    for (e, entry) in entries.enumerated() {
      for (d, device) in devices.enumerated() {
        let renderer = Renderer(device: device)
        let prepared = renderer.render(entry.pattern, options: .init(state: .prepared))
        let cold = renderer.render(entry.pattern, options: .init(state: .cold))
        if RenderAnalysis.leadingZeros(of: cold.acceleration_g, before: prepared.acceleration_g) != nil {
          derived += 1
        }
        let states: [(EngineState, Rendering)] = [(.prepared, prepared), (.cold, cold)]
        for s in 0..<2 {
          let (state, rendering) = states[s]
          let alone = PatternMeasurement(
            pattern: entry.name, device: device.name, state: state, rendering: rendering, budget: .default)
          let row = measured[(e * devices.count + d) * 2 + s]
          #expect(row == alone, "\(entry.name) on \(device.name), \(state.rawValue)")
          #expect(row.markers.detect_s?.bitPattern == alone.markers.detect_s?.bitPattern)
          #expect(row.markers.stop_s?.bitPattern == alone.markers.stop_s?.bitPattern)
        }
      }
    }
    // Every pair that plays is a pure delay on the shipped profiles (silent ones too:
    // zeros after zeros); the shortcut is the rule, not the exception.
    #expect(derived == entries.count * devices.count)
  }

  /// The markers of an envelope taken after K zeros are those of the longer envelope,
  /// including an envelope that starts above the level at its first sample.
  @Test func markersAfterLeadingZerosAreThoseOfThePaddedEnvelope() {
    let envelopes: [[Double]] = [
      [0, 0, 0.2, 0.9, 1.0, 0.5, 0.05, 0],
      [0.8, 1.0, 0.6, 0.2, 0.01, 0],  // above 10 % (and 50 %) at the first sample
      [0, 0.3, 1.0, 1.0, 0.95],  // still above 10 % at the last sample: no stop
    ]
    for envelope in envelopes {
      for zeros in [0, 1, 7, 80] {
        for driveEnd in [nil, 0.0005, 1.0] as [Double?] {
          let padded = [Double](repeating: 0, count: zeros) + envelope
          let whole = EnvelopeMarkers.measure(
            envelope: padded, sampleRate_Hz: 8000, dominantFrequency_Hz: 150, driveEnd_s: driveEnd)
          let shifted = EnvelopeMarkers.measure(
            envelope: envelope, sampleRate_Hz: 8000, dominantFrequency_Hz: 150, driveEnd_s: driveEnd,
            leadingZeros: zeros)
          #expect(shifted == whole, "\(envelope) after \(zeros) zeros, drive end \(String(describing: driveEnd))")
        }
      }
    }
  }

  /// A signal that differs anywhere after the zeros, or has a non-zero sample among
  /// them, is not a delayed copy.
  @Test func onlyAnExactDelayedCopyCounts() {
    let base = Signal(samples: [0, 0.5, -0.25, 0.125], sampleRate_Hz: 8000)
    #expect(
      RenderAnalysis.leadingZeros(of: Signal(samples: [0, 0] + base.samples, sampleRate_Hz: 8000), before: base) == 2)
    #expect(RenderAnalysis.leadingZeros(of: base, before: base) == 0)
    #expect(
      RenderAnalysis.leadingZeros(of: Signal(samples: [0.1, 0] + base.samples, sampleRate_Hz: 8000), before: base)
        == nil)
    #expect(
      RenderAnalysis.leadingZeros(of: Signal(samples: [0, 0, 0, 0.5, -0.25, 0.12], sampleRate_Hz: 8000), before: base)
        == nil)
    #expect(
      RenderAnalysis.leadingZeros(of: Signal(samples: [0, 0.5, -0.25], sampleRate_Hz: 8000), before: base) == nil)
    #expect(
      RenderAnalysis.leadingZeros(of: Signal(samples: [0] + base.samples, sampleRate_Hz: 16000), before: base) == nil)
  }
}
