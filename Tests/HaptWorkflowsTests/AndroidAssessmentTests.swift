import Foundation
import HaptCore
import Testing
import HaptPatterns
import HaptFormats
import HaptSignals
import HaptSimulation

@testable import HaptAndroid

/// Android's hardware assessment on the shipped profiles, and each failure code's two sides.
@Suite struct AndroidAssessmentTests {
  @Test func runsOnEveryShippedProfile() throws {
    let profiles = try DeviceProfile.shipped()
    #expect(profiles.count >= 4)
    for profile in profiles {
      let assessment = AndroidAssessment(device: profile)
      #expect(assessment.measurements.map(\.effect) == AndroidAssessment.Effect.allCases)
    }
  }

  @Test func tabletWithoutActuatorFailsWithNoOutput() throws {
    let assessment = AndroidAssessment(device: try DeviceProfile.load(nameOrPath: "tablet-none"))
    #expect(!assessment.passes)
    #expect(assessment.measurements[0].failures == [.f01])
    #expect(assessment.measurements.allSatisfy { $0.peak_g == nil })
  }

  @Test func androidLRAPasses() throws {
    let assessment = AndroidAssessment(device: try DeviceProfile.load(nameOrPath: "android-lra-235"))
    #expect(assessment.passes, "\(assessment.measurements.map(\.failures))")
    let click = assessment.measurements[0]
    #expect((click.peak_g ?? 0) >= AndroidAssessment.minimumPeak_g)
    #expect((click.peakDuration_ms ?? 99) < 20)
    #expect((click.peakRingRatio_dB ?? -1) > 0)
    let waveform = assessment.measurements[2]
    #expect(abs((waveform.amplitudeRatio ?? 0) - 255.0 / 128) < 0.05)
  }

  @Test func ermWithoutAmplitudeControlFailsF05ButPassesWithIt() throws {
    var erm = try DeviceProfile.load(nameOrPath: "erm-phone")
    #expect(AndroidAssessment(device: erm).measurements[2].failures == [.f05])
    erm.android = AndroidCapabilities(hasAmplitudeControl: true)
    #expect(AndroidAssessment(device: erm).measurements[2].failures.isEmpty)
  }

  @Test func weakDriveFailsF03_2() throws {
    var weak = try DeviceProfile.load(nameOrPath: "android-lra-235")
    weak.drive.ratedVoltage_V = 0.3
    weak.drive.overdriveVoltage_V = 0.3
    let assessment = AndroidAssessment(device: weak)
    #expect(assessment.measurements[1].failures.contains(.f03_2), "\(assessment.measurements[1])")
  }

  @Test func ringingWorseThanItsPeakFailsF03_1() {
    // A click followed 30 ms later by a stronger burst: the ring outweighs the first peak.
    let fs = 8000.0
    var samples = [Double](repeating: 0, count: 4000)
    for n in 80..<200 { samples[n] = 0.6 * sin(2 * Double.pi * 235 * Double(n) / fs) }
    for n in 400..<800 { samples[n] = 0.9 * sin(2 * Double.pi * 235 * Double(n) / fs) }
    let rendering = Rendering(
      drive_V: Signal(zeros: 4000, sampleRate_Hz: fs), acceleration_g: Signal(samples: samples, sampleRate_Hz: fs),
      latency_s: 0.01, driveEnd_s: 0.1, silenceReason: nil)
    let measurement = AndroidAssessment.measure(.click, rendering)
    #expect(measurement.failures.contains(.f03_1), "\(measurement)")
  }
}
