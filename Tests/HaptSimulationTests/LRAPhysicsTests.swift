import Foundation
import HaptCore
import Testing

import HaptSimulation

/// The discrete LRA against the continuous model it discretises (Docs/Model.md §3).
@Suite struct LRAPhysicsTests {
  static let fs = 8000.0
  static let body = 0.174

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let parameters: LRAParameters
    let frequency_Hz: Double
    var testDescription: String { "\(name) at \(frequency_Hz) Hz" }
  }

  /// f0 and two other frequencies in each drive band (80-230 Hz, 200-270 Hz).
  static let steadyCases: [Case] = [
    Case(name: "iphone", parameters: Fixtures.iphoneLRA, frequency_Hz: Fixtures.iphoneLRA.resonance_Hz),
    Case(name: "iphone", parameters: Fixtures.iphoneLRA, frequency_Hz: 80),
    Case(name: "iphone", parameters: Fixtures.iphoneLRA, frequency_Hz: 230),
    Case(name: "android", parameters: Fixtures.androidLRA, frequency_Hz: Fixtures.androidLRA.resonance_Hz),
    Case(name: "android", parameters: Fixtures.androidLRA, frequency_Hz: 200),
    Case(name: "android", parameters: Fixtures.androidLRA, frequency_Hz: 270),
  ]

  /// A long sine drive: the steady-state acceleration amplitude (least-squares fit over
  /// the last 0.25 s of 0.6 s) matches |H(j 2 pi f)| of the continuous ODEs within 0.5 %.
  @Test(arguments: steadyCases)
  func steadyStateAmplitudeMatchesAnalyticResponse(_ c: Case) throws {
    let model = try #require(
      LRAModel(parameters: c.parameters, bodyMass_kg: Self.body, sampleRate_Hz: Self.fs))
    let count = Int(0.6 * Self.fs)
    let volts = 2.0
    let drive = (0..<count).map { volts * sin(2 * Double.pi * c.frequency_Hz * Double($0) / Self.fs) }
    let acceleration = model.simulate(drive: drive)
    let measured = Analysis.sineAmplitude(
      acceleration, range: (count - 2000)..<count, frequency_Hz: c.frequency_Hz, sampleRate_Hz: Self.fs)
    let analytic = volts * c.parameters.accelerationGain_g_per_V(at: c.frequency_Hz, bodyMass_kg: Self.body)
    let error = abs(measured / analytic - 1)
    #expect(error < 0.005, "measured \(measured) g, analytic \(analytic) g, error \(error * 100) %")
  }

  /// Impulse response, fine DFT scan (1 Hz grid, then 0.02 Hz around the peak; no
  /// zero-padding): for a lightly damped LRA the peak is within 1 Hz of sqrt(k/m)/2 pi.
  @Test func impulseResponsePeakSitsAtResonance() throws {
    let p = Fixtures.highQLRA
    let model = try #require(LRAModel(parameters: p, bodyMass_kg: Self.body, sampleRate_Hz: Self.fs))
    var drive = [Double](repeating: 0, count: Int(1 * Self.fs))
    drive[1] = 1
    let response = model.simulate(drive: drive)
    let peak = Analysis.peakFrequency_Hz(response, sampleRate_Hz: Self.fs, band: 120...220)
    #expect(abs(peak - p.resonance_Hz) < 1, "peak \(peak) Hz, f0 \(p.resonance_Hz) Hz")
  }

  /// For the heavily damped shipped LRAs the acceleration peak lies above f0
  /// (a_body ~ s^2 X peaks at about f0 / sqrt(1 - 2 zeta^2)); the simulated impulse
  /// response's peak matches the analytic |H| peak within 1 Hz.
  @Test(arguments: [("iphone", Fixtures.iphoneLRA), ("android", Fixtures.androidLRA)])
  func impulseResponsePeakMatchesAnalyticPeak(_ name: String, _ p: LRAParameters) throws {
    let model = try #require(LRAModel(parameters: p, bodyMass_kg: Self.body, sampleRate_Hz: Self.fs))
    var drive = [Double](repeating: 0, count: Int(0.5 * Self.fs))
    drive[1] = 1
    let response = model.simulate(drive: drive)
    let peak = Analysis.peakFrequency_Hz(response, sampleRate_Hz: Self.fs, band: 60...400)
    // FOH: a one-sample spike is a triangle of width 2h, spectrum h sinc^2(f h).
    var analyticPeak = 0.0
    var best = 0.0
    for f in stride(from: 60.0, through: 400, by: 0.01) {
      let x = Double.pi * f / Self.fs
      let triangle = pow(sin(x) / x, 2)
      let value = p.accelerationGain_g_per_V(at: f, bodyMass_kg: Self.body) * triangle
      if value > best {
        best = value
        analyticPeak = f
      }
    }
    #expect(abs(peak - analyticPeak) < 1, "\(name): simulated peak \(peak) Hz, analytic \(analyticPeak) Hz")
  }

  /// After the drive stops, the envelope decays with the time constant of the
  /// mechanical pole pair of D(s) (within 2 %), measured by a log-linear fit through the
  /// parabolically interpolated peaks of |a|.
  @Test(arguments: [
    ("iphone", Fixtures.iphoneLRA), ("android", Fixtures.androidLRA), ("high-Q", Fixtures.highQLRA),
  ])
  func freeDecayHasPredictedTimeConstant(_ name: String, _ p: LRAParameters) throws {
    let model = try #require(LRAModel(parameters: p, bodyMass_kg: Self.body, sampleRate_Hz: Self.fs))
    let tau = p.decayTimeConstant_s
    let driveCount = Int(0.2 * Self.fs)
    let total = driveCount + Int(8 * tau * Self.fs) + 10
    var drive = [Double](repeating: 0, count: total)
    for n in 0..<driveCount { drive[n] = 2 * sin(2 * Double.pi * p.resonance_Hz * Double(n) / Self.fs) }
    let response = model.simulate(drive: drive)
    let start = driveCount + 8  // 1 ms: the electrical pole (12 us) is long gone
    let end = driveCount + Int(5 * tau * Self.fs)
    let peaks = Analysis.absolutePeaks(response, range: start..<end, sampleRate_Hz: Self.fs)
    #expect(peaks.count >= 4)
    let slope = Analysis.slope(peaks.map { ($0.t, log($0.value)) })
    let measured = -1 / slope
    #expect(abs(measured / tau - 1) < 0.02, "\(name): measured \(measured) s, predicted \(tau) s")
    // The simple estimate 2m/(c + Bl^2/R) ignores L; it agrees within a few percent.
    let simple = 2 * p.movingMass_kg / p.electricallyLoadedDamping_Ns_per_m
    #expect(abs(simple / tau - 1) < 0.05)
  }

  /// The four-sample block loop against the textbook one-step recursion
  /// `s_n = Phi s_(n-1) + (G0 - G1) V_(n-1) + G1 V_n` on a seeded random drive with
  /// leading zeros and silent stretches (every length modulo 4): equal to 1e-12 of the peak.
  @Test(arguments: [4000, 4001, 4002, 4003])
  func blockLoopMatchesOneStepRecursion(count: Int) throws {
    let model = try #require(
      LRAModel(parameters: Fixtures.iphoneLRA, bodyMass_kg: Self.body, sampleRate_Hz: Self.fs))
    var random = SplitMix64(seed: 170 + UInt64(count))
    let drive = (0..<count).map { n -> Double in
      // 37 leading zeros, then bursts separated by silences of 1 to 451 samples.
      n < 37 || (n / 700) % 2 == 1 && n % 700 < 1 + count % 4 * 150 ? 0 : 2 * random.nextUnit() - 1
    }
    let fast = model.simulate(drive: drive)
    let phi = model.discretisation.phi
    let g0 = model.discretisation.g0
    let g1 = model.discretisation.g1
    var s = [0.0, 0.0, 0.0]
    var previous = 0.0
    var worst = 0.0
    var peak = 0.0
    for n in 0..<count {
      var next = [0.0, 0.0, 0.0]
      for row in 0..<3 {
        next[row] =
          phi[row * 3] * s[0] + phi[row * 3 + 1] * s[1] + phi[row * 3 + 2] * s[2]
          + (g0[row] - g1[row]) * previous + g1[row] * drive[n]
      }
      s = next
      previous = drive[n]
      let a = model.output[0] * s[0] + model.output[1] * s[1] + model.output[2] * s[2]
      worst = max(worst, abs(a - fast[n]))
      peak = max(peak, abs(a))
    }
    #expect(worst <= 1e-12 * peak, "worst \(worst) g, peak \(peak) g")
  }

  @Test func startsAtRestAndStaysThereWithoutDrive() throws {
    let model = try #require(
      LRAModel(parameters: Fixtures.iphoneLRA, bodyMass_kg: Self.body, sampleRate_Hz: Self.fs))
    let out = model.simulate(drive: [Double](repeating: 0, count: 100))
    #expect(out.allSatisfy { $0 == 0 })
  }

  @Test func derivedResonanceAndQ() {
    let p = Fixtures.iphoneLRA
    #expect(abs(p.resonance_Hz - 170.0055) < 1e-3)
    #expect(abs(p.mechanicalQ - 3.7612) < 1e-3)
    #expect(abs(p.voltageDrivenQ - 2.0003) < 1e-3)
    // Docs/Model.md §3: about 0.6 g at 155 Hz from 2.5 V on a 174 g phone.
    let g = 2.5 * p.accelerationGain_g_per_V(at: 155, bodyMass_kg: 0.174)
    #expect(abs(g - 0.618) < 0.005)
  }
}
