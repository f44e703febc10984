import Foundation
import HaptMetrics
import HaptSignals
import Testing

/// Each attribute moves the way its word says (a stronger, faster, rougher, steadier or
/// longer variant scores higher), and the perceptual distance behaves as a distance.
struct PerceptualAttributesTests {
  static let rate = 8000.0

  /// `bursts` bursts of `length_s` every `period_s` of a `frequency_Hz` sine of `amplitude_g`,
  /// amplitude-modulated at `modulation_Hz` with `depth` (0: none), in 1.5 s.
  static func signal(
    amplitude_g: Double = 0.3, bursts: Int = 1, length_s: Double = 0.4, period_s: Double = 0.5,
    modulation_Hz: Double = 30, depth: Double = 0, frequency_Hz: Double = 200
  ) -> Signal {
    var x = [Double](repeating: 0, count: Int(1.5 * rate))
    for b in 0..<bursts {
      let start = Int((0.05 + Double(b) * period_s) * rate)
      for n in 0..<Int(length_s * rate) where start + n < x.count {
        let t = Double(n) / rate
        let envelope = 1 - depth * (0.5 - 0.5 * cos(2 * Double.pi * modulation_Hz * t))
        x[start + n] = amplitude_g * envelope * sin(2 * Double.pi * frequency_Hz * t)
      }
    }
    return Signal(samples: x, sampleRate_Hz: rate)
  }

  @Test func strongerScoresHigherEnergy() {
    let weak = PerceptualAttributes(Self.signal(amplitude_g: 0.1))
    let strong = PerceptualAttributes(Self.signal(amplitude_g: 0.3))
    #expect(strong.energy > 1.5 * weak.energy)
    // Temporal summation: the same level held longer feels stronger, up to a point.
    let short = PerceptualAttributes(Self.signal(length_s: 0.05))
    let long = PerceptualAttributes(Self.signal(length_s: 0.4))
    #expect(long.energy > 2 * short.energy)
  }

  @Test func fasterScoresHigherTempo() {
    let slow = PerceptualAttributes(Self.signal(bursts: 3, length_s: 0.05, period_s: 0.4))
    let fast = PerceptualAttributes(Self.signal(bursts: 6, length_s: 0.05, period_s: 0.2))
    #expect(fast.tempo_Hz > 1.5 * slow.tempo_Hz)
    #expect(slow.tempo_Hz > 1 && fast.tempo_Hz < 20)
  }

  @Test func rougherScoresHigherRoughness() {
    let smooth = PerceptualAttributes(Self.signal(depth: 0))
    let rough = PerceptualAttributes(Self.signal(depth: 0.8))
    #expect(rough.fluctuation > 3 * smooth.fluctuation)
    #expect(rough.roughness > smooth.roughness)
  }

  @Test func steadierScoresHigherContinuityAndLongerHigherDuration() {
    let taps = PerceptualAttributes(Self.signal(bursts: 6, length_s: 0.03, period_s: 0.2))
    let buzz = PerceptualAttributes(Self.signal(length_s: 1.0))
    #expect(buzz.continuity > taps.continuity + 0.3)
    #expect((0...1).contains(taps.continuity) && (0...1).contains(buzz.continuity))
    let short = PerceptualAttributes(Self.signal(length_s: 0.2))
    #expect(abs(buzz.duration_s - 1.0) < 0.03)
    #expect(abs(short.duration_s - 0.2) < 0.03)
  }

  @Test func gappierScoresLowerDutyCycleAndHigherPitchHigherFrequency() {
    let taps = PerceptualAttributes(Self.signal(bursts: 6, length_s: 0.03, period_s: 0.2))
    let buzz = PerceptualAttributes(Self.signal(length_s: 1.0))
    #expect(buzz.dutyCycle > 0.95)
    #expect(taps.dutyCycle < 0.5 && taps.dutyCycle > 0)
    let low = PerceptualAttributes(Self.signal(frequency_Hz: 100))
    let high = PerceptualAttributes(Self.signal(frequency_Hz: 250))
    #expect(high.frequency_Hz > 1.5 * low.frequency_Hz)
    #expect(abs(low.frequency_Hz - 100) < 20)
  }

  /// The fit recovers an exact linear map (up to the ridge's shrinkage), and the shipped
  /// model has one row per coordinate and one column per sensation axis.
  @Test func theSensationModelFitsALinearMapAndShipsInShape() throws {
    var rng = SystemRandomNumberGenerator()
    let x = (0..<40).map { _ in (0..<3).map { _ in Double.random(in: -1...1, using: &rng) } }
    let truth = [[1.0, 0], [0, 2], [0.5, -1]]
    let y = x.map { row in (0..<2).map { k in (0..<3).reduce(0) { $0 + row[$1] * truth[$1][k] } } }
    let model = try #require(PerceptualDistance.Model.fit(coordinates: x, targets: y, ridge: 1e-9))
    for i in 0..<3 {
      for k in 0..<2 {
        #expect(abs(model.projection[i][k] / model.scale[i] - truth[i][k]) < 1e-6, "\(i),\(k)")
      }
    }
    // The shrinkage of a real ridge pulls positions together.
    let shrunk = try #require(PerceptualDistance.Model.fit(coordinates: x, targets: y, ridge: 10))
    #expect(shrunk.typicalDistance < model.typicalDistance)
    let shipped = PerceptualDistance.fitted
    let count = PerceptualDistance.coordinates(.silent).count
    #expect(shipped.mean.count == count && shipped.scale.count == count && shipped.projection.count == count)
    #expect(shipped.projection.allSatisfy { $0.count == PerceptualDistance.sensationAxes.count })
    #expect(shipped.scale.allSatisfy { $0 > 0 } && shipped.typicalDistance > 0)
  }

  @Test func nothingFeltHasNoAttributes() {
    let silent = PerceptualAttributes(Signal(zeros: 8000, sampleRate_Hz: Self.rate))
    let faint = PerceptualAttributes(Self.signal(amplitude_g: 0.001))
    for a in [silent, faint] {
      #expect(!a.isPerceptible)
      #expect(a == .silent)
    }
  }

  @Test func distanceIsADistanceAndSilenceIsNoNeighbour() {
    let a = Self.signal(amplitude_g: 0.3)
    let b = Self.signal(bursts: 6, length_s: 0.05, period_s: 0.2)
    let fa = PerceptualFeatures(a)
    let fb = PerceptualFeatures(b)
    let pa = PerceptualAttributes(a, features: fa)
    let pb = PerceptualAttributes(b, features: fb)
    let d = Distinguishability.dPrime(fa, fb)
    #expect(PerceptualDistance.distance(pa, pa, dPrime: 0) == 0)
    let ab = PerceptualDistance.distance(pa, pb, dPrime: d)
    #expect(ab != nil && ab == PerceptualDistance.distance(pb, pa, dPrime: d))
    #expect((ab ?? 0) > 1)
    #expect(PerceptualDistance.distance(pa, .silent, dPrime: 10) == nil)
    #expect(PerceptualDistance.closeness(nil) == 0 && PerceptualDistance.closeness(0) == 1)
  }

  /// Within a few JNDs the distance follows d': a louder copy 1, 2, 3 JND away is farther
  /// each time, and its attributes barely move.
  @Test func withinAFewJNDsTheDistanceFollowsDPrime() {
    let base = Self.signal(amplitude_g: 0.3)
    let fBase = PerceptualFeatures(base)
    let aBase = PerceptualAttributes(base, features: fBase)
    var last = 0.0
    for step in 1...3 {
      let louder = Self.signal(amplitude_g: 0.3 * pow(10, Double(step) * 2.3 / 20))
      let f = PerceptualFeatures(louder)
      let d = Distinguishability.dPrime(fBase, f)
      let distance = PerceptualDistance.distance(aBase, PerceptualAttributes(louder, features: f), dPrime: d) ?? 0
      #expect(distance > last, "step \(step): \(distance) after \(last)")
      last = distance
    }
  }
}
