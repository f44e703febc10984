import HaptTestSupport
import Foundation
import HaptMetrics
import HaptPatterns
import HaptFormats
import HaptSignals
import HaptSimulation
import Testing

/// Perceptual invariants that must hold on every shipped device profile with an actuator,
/// generated over a grid of intensity and sharpness (Docs/Perception.md, "Invariants").
///
/// The profiles are whatever `Corpora/devices` holds when the tests run, so a profile
/// added later is checked with no change here. Every test is parameterised by profile
/// (and event kind), so a failure names the profile and the property; its message names
/// the grid point and the numbers.
@Suite(.slow) struct PerceptualInvariantTests {
  static let devicesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpora/devices")

  /// The names of the shipped profiles that have an actuator, sorted.
  static let profileNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: devicesFolder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
      guard let device = try? DeviceProfile(contentsOf: devicesFolder.appendingPathComponent(file).path),
        device.actuator.typeName != "none"
      else { return nil }
      return device.name
    }
  }()

  static func device(_ name: String) throws -> DeviceProfile {
    try DeviceProfile(contentsOf: devicesFolder.appendingPathComponent("\(name).json").path)
  }

  /// The two kinds of haptic event.
  enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case transient, continuous
    var testDescription: String { rawValue }
  }

  static let sharpnessGrid = (0...10).map { Double($0) / 10 }
  static let intensities = [0.25, 0.5, 0.75, 1.0]

  /// One event at pattern time `at_s`: a transient, or a continuous event of `duration_s`
  /// without attack or release.
  static func pattern(
    _ kind: Kind, intensity: Double, sharpness: Double, duration_s: Double = 0.2, at_s: Double = 0
  ) -> HapticPattern {
    switch kind {
    case .transient:
      HapticPattern(events: [.transient(at: at_s, intensity: intensity, sharpness: sharpness)])
    case .continuous:
      HapticPattern(
        events: [.continuous(at: at_s, duration_s: duration_s, intensity: intensity, sharpness: sharpness)])
    }
  }

  /// What a hand feels of one render.
  struct Felt {
    /// Peak |a|, g.
    var peak_g: Double
    var features: PerceptualFeatures
    var level_dB: Double { features.peakLevel_dB }
    /// Total time above threshold, s.
    var feltDuration_s: Double { features.events.reduce(0) { $0 + $1.duration_s } }
  }

  static func feel(_ pattern: HapticPattern, on device: DeviceProfile) -> Felt {
    let signal = Renderer(device: device).render(pattern).acceleration_g
    return Felt(peak_g: signal.samples.reduce(0) { max($0, abs($1)) }, features: PerceptualFeatures(signal))
  }

  static func f3(_ x: Double) -> String { String(format: "%.3f", x) }

  /// The suite checks something: the shipped profiles include an LRA and an ERM.
  @Test func theShippedProfilesAreFound() throws {
    let types = try Self.profileNames.map { try Self.device($0).actuator.typeName }
    #expect(types.contains("lra") && types.contains("erm"), "\(Self.profileNames)")
  }

  @Test(arguments: profileNames, Kind.allCases)
  func peakAndSensationLevelRiseWithIntensity(_ profile: String, _ kind: Kind) throws {
    let device = try Self.device(profile)
    for s in Self.sharpnessGrid {
      let felt = Self.intensities.map { Self.feel(Self.pattern(kind, intensity: $0, sharpness: s), on: device) }
      for (i, pair) in zip(felt, felt.dropFirst()).enumerated() {
        let (lo, hi) = (Self.intensities[i], Self.intensities[i + 1])
        #expect(
          pair.1.peak_g > pair.0.peak_g,
          "\(profile) \(kind) sharpness \(s): peak \(Self.f3(pair.1.peak_g)) g at intensity \(hi) is not above \(Self.f3(pair.0.peak_g)) g at \(lo)"
        )
        #expect(
          pair.1.level_dB > pair.0.level_dB,
          "\(profile) \(kind) sharpness \(s): sensation level \(Self.f3(pair.1.level_dB)) dB at intensity \(hi) is not above \(Self.f3(pair.0.level_dB)) dB at \(lo)"
        )
      }
    }
  }

  @Test(arguments: profileNames, Kind.allCases)
  func halfTheIntensityIsAtLeastOneJNDAway(_ profile: String, _ kind: Kind) throws {
    let device = try Self.device(profile)
    for s in Self.sharpnessGrid {
      for intensity in Self.intensities {
        let full = Self.feel(Self.pattern(kind, intensity: intensity, sharpness: s), on: device)
        let half = Self.feel(Self.pattern(kind, intensity: intensity / 2, sharpness: s), on: device)
        guard half.features.isPerceptible else { continue }
        let d = Distinguishability.dPrime(full.features, half.features)
        #expect(
          d >= 1,
          "\(profile) \(kind) sharpness \(s): d'(\(intensity), \(intensity / 2)) = \(Self.f3(d)) JND (peaks \(Self.f3(full.peak_g)) / \(Self.f3(half.peak_g)) g)"
        )
      }
    }
  }

  /// Perceived frequency (``PerceptualFeatures/frequency_Hz``) at sharpness s1 > s0 is not
  /// below that at s0, over every pair of the grid (so a slow fall fails too), to 0.1 %
  /// (numerical noise, 1/200 of a frequency JND).
  @Test(arguments: profileNames, Kind.allCases)
  func perceivedFrequencyDoesNotFallAsSharpnessRises(_ profile: String, _ kind: Kind) throws {
    let device = try Self.device(profile)
    var falls: [String] = []
    for intensity in [0.5, 1.0] {
      let frequencies = Self.sharpnessGrid.map {
        Self.feel(Self.pattern(kind, intensity: intensity, sharpness: $0), on: device).features.frequency_Hz
      }
      for i in frequencies.indices {
        for j in frequencies.indices where j > i {
          let (s0, s1) = (Self.sharpnessGrid[i], Self.sharpnessGrid[j])
          guard let f0 = frequencies[i], let f1 = frequencies[j] else {
            falls.append("intensity \(intensity): silent at sharpness \(s0) or \(s1)")
            continue
          }
          if f1 < f0 * (1 - 1e-3) {
            falls.append(
              "intensity \(intensity): \(Self.f3(f0)) Hz at sharpness \(s0) falls to \(Self.f3(f1)) Hz at \(s1)")
          }
        }
      }
    }
    let message =
      "\(profile) \(kind): perceived frequency falls as sharpness rises in \(falls.count) pairs: "
      + falls.prefix(6).joined(separator: "; ")
    #expect(falls.isEmpty, Comment(rawValue: message))
  }

  @Test(arguments: profileNames)
  func aLongerContinuousEventIsFeltLonger(_ profile: String) throws {
    let device = try Self.device(profile)
    let durations = [0.05, 0.1, 0.2, 0.4, 0.8]
    for s in [0.0, 0.5, 1.0] {
      for intensity in [0.5, 1.0] {
        let felt = durations.map {
          Self.feel(Self.pattern(.continuous, intensity: intensity, sharpness: s, duration_s: $0), on: device)
            .feltDuration_s
        }
        for (i, pair) in zip(felt, felt.dropFirst()).enumerated() {
          #expect(
            pair.1 > pair.0,
            "\(profile) sharpness \(s) intensity \(intensity): a \(durations[i + 1]) s event is felt for \(Self.f3(pair.1)) s, not longer than the \(durations[i]) s event (\(Self.f3(pair.0)) s)"
          )
        }
      }
    }
  }

  @Test(arguments: profileNames)
  func dPrimeIsZeroOnItselfAndSymmetric(_ profile: String) throws {
    let device = try Self.device(profile)
    var patterns: [(String, HapticPattern)] = []
    for kind in Kind.allCases {
      for (intensity, s) in [(1.0, 0.0), (0.5, 0.1), (0.75, 0.5), (0.25, 1.0)] {
        patterns.append(("\(kind) \(intensity)/\(s)", Self.pattern(kind, intensity: intensity, sharpness: s)))
      }
    }
    let features = patterns.map { Self.feel($0.1, on: device).features }
    for i in features.indices {
      let own = Distinguishability.dPrime(features[i], features[i])
      #expect(own == 0, "\(profile) \(patterns[i].0): d'(A, A) = \(own)")
      for j in features.indices where j > i {
        let ab = Distinguishability.dPrime(features[i], features[j])
        let ba = Distinguishability.dPrime(features[j], features[i])
        #expect(ab == ba, "\(profile) \(patterns[i].0) vs \(patterns[j].0): d'(A, B) = \(ab), d'(B, A) = \(ba)")
      }
    }
  }

  /// Detect times are interpolated between samples on an FFT envelope whose length
  /// follows the render's, so they move by the delay to within a fraction of a sample
  /// (measured: at most 0.07 sample): "to the sample" is within half a sample.
  @Test(arguments: profileNames)
  func delayingAPatternMovesItsDetectTimeByTheDelay(_ profile: String) throws {
    let device = try Self.device(profile)
    let fs = device.sampleRate_Hz
    let patterns: [(String, HapticPattern)] = [
      ("tap", Self.pattern(.transient, intensity: 1, sharpness: 0.5)),
      ("buzz", Self.pattern(.continuous, intensity: 0.6, sharpness: 0.2)),
      (
        "tap then buzz",
        HapticPattern(events: [
          .transient(at: 0, intensity: 0.8, sharpness: 0.9),
          .continuous(at: 0.12, duration_s: 0.15, intensity: 0.4, sharpness: 0.3),
        ])
      ),
    ]
    for (name, pattern) in patterns {
      let base = EnvelopeMarkers.measure(Renderer(device: device).render(pattern).acceleration_g, driveEnd_s: nil)
      let detect = try #require(base.detect_s, "\(profile) \(name): not felt")
      for samples in [1, 7, 80, 1234] {
        let delay_s = Double(samples) / fs
        var delayed = pattern
        for i in delayed.events.indices { delayed.events[i].time_s += delay_s }
        let moved = EnvelopeMarkers.measure(
          Renderer(device: device).render(delayed).acceleration_g, driveEnd_s: nil
        ).detect_s
        let shift = try #require(moved, "\(profile) \(name) delayed \(samples) samples: not felt") - detect
        #expect(
          abs(shift - delay_s) < 0.5 / fs,
          "\(profile) \(name) delayed by \(samples) samples (\(delay_s * 1000) ms): detect moved \(shift * 1000) ms"
        )
      }
    }
  }
}
