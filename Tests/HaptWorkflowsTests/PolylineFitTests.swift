import HaptCore
import Testing

@testable import HaptPatterns
@testable import HaptFormats
@testable import HaptAndroid

/// The polyline fit behind exported envelopes, and the envelopes it builds.
@Suite struct PolylineFitTests {
  /// A triangle of `up` then `down` samples peaking at `peak`, starting at `start`.
  static func triangle(start: Int, up: Int, down: Int, peak: Double, length: Int) -> [Double] {
    (0..<length).map { k in
      if k <= start || k >= start + up + down { return 0 }
      return k <= start + up
        ? peak * Double(k - start) / Double(up) : peak * Double(start + up + down - k) / Double(down)
    }
  }

  @Test func aTriangleIsFitByItsThreeCorners() throws {
    let curve = Self.triangle(start: 0, up: 20, down: 20, peak: 0.8, length: 60)
    let knots = try #require(
      PolylineFit.knots(curve, candidates: Array(0...60), minSegment: 20, maxSegment: 1000, maxSegments: 16))
    #expect(knots == [0, 20, 40])
  }

  @Test func segmentsKeepTheirLimits() throws {
    // A jump to a plateau needs a ramp of the shortest segment; the fit may not cut it.
    let curve = (0..<200).map { $0 >= 50 && $0 < 150 ? 1.0 : 0 }
    let knots = try #require(
      PolylineFit.knots(curve, candidates: Array(0...220), minSegment: 20, maxSegment: 60, maxSegments: 16))
    let segments = zip(knots.dropLast(), knots.dropFirst()).map { $1 - $0 }
    #expect(segments.allSatisfy { (20...60).contains($0) }, "\(knots)")
    #expect(knots.first == 0)
    #expect(knots.last.map { $0 >= 150 } == true)
    // Too few segments to reach the end within the longest segment: no fit.
    #expect(
      PolylineFit.knots(curve, candidates: Array(0...220), minSegment: 20, maxSegment: 60, maxSegments: 2) == nil)
  }

  @Test func theLineErrorMatchesADirectSum() {
    var random = SplitMix64(seed: 22)
    let curve = (0..<300).map { _ in random.nextUnit() }
    let sums = PolylineFit.PrefixSums(curve, count: curve.count)
    for (a, b) in [(0, 1), (0, 2), (3, 40), (17, 299), (100, 101), (120, 250)] {
      var direct = 0.0
      for k in (a + 1)..<Swift.max(a + 1, b) {
        let line = curve[a] + (curve[b] - curve[a]) * Double(k - a) / Double(b - a)
        direct += (curve[k] - line) * (curve[k] - line)
      }
      #expect(abs(sums.lineError(from: a, to: b) - direct) < 1e-9 * Swift.max(1, direct), "\(a)...\(b)")
    }
  }

  /// The pattern levels an envelope's intensities play on the limits' device (Android's
  /// intensity is a sensation level; ``AndroidFrequencyProfile``).
  static func levels(_ envelope: AndroidBasicEnvelope, limits: AndroidEnvelopeLimits) -> [Double] {
    let band = limits.band_Hz
    return envelope.controlPoints.map { point in
      let frequency = band.lowerBound + point.sharpness * (band.upperBound - band.lowerBound)
      return limits.frequencyProfile.amplitude(forIntensity: point.intensity, at: frequency)
    }
  }

  @Test func anExportedTapIsATriangleAndTapsKeepTheirGaps() throws {
    let limits = AndroidEnvelopeLimits.flagship
    let tap = try #require(AndroidTimeline(HapticPattern(events: [.transient(at: 0, intensity: 0.5, sharpness: 1)])))
    let one = try #require(
      AndroidAlternativeBuilder.envelope(tap, settings: AndroidAlternativeSettings(), limits: limits))
    #expect(one.controlPoints.map(\.duration_ms) == [20, 20])
    #expect(Self.levels(one, limits: limits).map { ($0 * 100).rounded() / 100 } == [0.5, 0])
    #expect(one.controlPoints.allSatisfy { $0.sharpness == 1 })
    // Three taps 60 ms apart: up, down, a 20 ms rest, for each.
    let three = HapticPattern(events: [
      .transient(at: 0, intensity: 1, sharpness: 0.2), .transient(at: 0.06, intensity: 0.8, sharpness: 0.2),
      .transient(at: 0.12, intensity: 0.6, sharpness: 0.2),
    ])
    let taps = try #require(AndroidTimeline(three))
    let envelope = try #require(
      AndroidAlternativeBuilder.envelope(taps, settings: AndroidAlternativeSettings(), limits: limits))
    #expect(Self.levels(envelope, limits: limits).map { ($0 * 100).rounded() / 100 } == [1, 0, 0, 0.8, 0, 0, 0.6, 0])
    #expect(envelope.controlPoints.allSatisfy { $0.duration_ms == 20 })
  }

  @Test func aContinuousEventKeepsItsBendsWithinTheLimits() throws {
    // A 300 ms event at 0.8 whose intensity curve falls to 0.2 over its second half.
    var pattern = HapticPattern(events: [
      .continuous(at: 0.05, duration_s: 0.3, intensity: 0.8, sharpness: 0.3, attackTime: 0, releaseTime: 0)
    ])
    pattern.parameterCurves = [
      ParameterCurve(
        parameterID: .hapticIntensityControl, time_s: 0.2,
        controlPoints: [.init(time_s: 0, value: 1), .init(time_s: 0.15, value: 0.25)])
    ]
    let limits = AndroidEnvelopeLimits.flagship
    let timeline = try #require(AndroidTimeline(pattern))
    let envelope = try #require(
      AndroidAlternativeBuilder.envelope(timeline, settings: AndroidAlternativeSettings(), limits: limits))
    let points = envelope.controlPoints
    #expect(points.count <= limits.maxControlPoints)
    #expect(points.allSatisfy { (limits.minControlPoint_ms...limits.maxControlPoint_ms).contains($0.duration_ms) })
    #expect(points.last?.intensity == 0)
    // The plateau at 0.8 and the bend where the fall starts (200 ms; the level is sampled
    // at each millisecond's middle) are knots, and the fall reaches about 0.2.
    var time = 0
    var knots: [(Int, Double)] = []
    for (p, level) in zip(points, Self.levels(envelope, limits: limits)) {
      time += p.duration_ms
      knots.append((time, level))
    }
    #expect(knots.contains { (199...200).contains($0.0) && abs($0.1 - 0.8) < 0.01 }, "\(knots)")
    #expect(knots.contains { $0.0 > 300 && (0.15...0.3).contains($0.1) }, "\(knots)")
  }
}

/// Android's basic envelope intensity: a sensation level, linear in dB.
@Suite struct AndroidFrequencyProfileTests {
  let profile = AndroidFrequencyProfile.reference

  @Test func intensityIsASensationLevelLinearInDecibels() throws {
    let top = profile.maxSensationLevel_dB
    #expect(top > 20 && top < 30, "\(top)")
    // Intensity 1 drives full amplitude where the sensation level is largest.
    let levels = zip(profile.frequencies_Hz, profile.outputAccelerations_g).map { f, a in
      (f, 20 * log10(a) - DetectionThreshold.threshold_dB(at: f))
    }
    let best = try #require(levels.max { $0.1 < $1.1 }).0
    #expect(abs(profile.amplitude(forIntensity: 1, at: best) - 1) < 1e-12)
    // Half the intensity is half the sensation level: top / 2 dB quieter, not 6 dB.
    let half = profile.amplitude(forIntensity: 0.5, at: best)
    #expect(abs(20 * log10(half) + top / 2) < 1e-9, "\(half)")
    #expect(profile.amplitude(forIntensity: 0, at: 150) == 0)
    // Where the vibrator is weaker than at its best, intensity 1 saturates at amplitude 1.
    #expect(profile.amplitude(forIntensity: 1, at: 80) == 1)
  }

  @Test func intensityAndAmplitudeInvertEachOther() {
    for frequency in [80.0, 95, 150, 233, 250] {
      for amplitude in [0.05, 0.2, 0.5, 0.9, 1] {
        let intensity = profile.intensity(forAmplitude: amplitude, at: frequency)
        guard intensity > 0.001, intensity < 1 else { continue }
        let back = profile.amplitude(forIntensity: intensity, at: frequency)
        #expect(abs(back - amplitude) < 1e-9, "\(frequency) Hz, amplitude \(amplitude)")
      }
    }
    #expect(profile.intensity(forAmplitude: 0, at: 150) == 0)
    // Below the detection threshold: the least intensity that is not off.
    #expect(profile.intensity(forAmplitude: 1e-6, at: 150) == 0.001)
  }

  @Test func aTableMustIncreaseAndBePositive() {
    #expect(AndroidFrequencyProfile(frequencies_Hz: [], outputAccelerations_g: []) == nil)
    #expect(AndroidFrequencyProfile(frequencies_Hz: [100, 90], outputAccelerations_g: [1, 1]) == nil)
    #expect(AndroidFrequencyProfile(frequencies_Hz: [100, 110], outputAccelerations_g: [1, 0]) == nil)
    #expect(AndroidFrequencyProfile(frequencies_Hz: [100, 110], outputAccelerations_g: [1]) == nil)
  }
}
