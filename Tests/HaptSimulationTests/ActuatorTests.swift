import Foundation
import Testing

import HaptSimulation

/// The ``Actuator`` protocol: what each type reports, and that a profile's parameters
/// make the model of the type its `type` string names.
@Suite struct ActuatorTests {
  static let fs = 8000.0

  /// Each shipped profile's actuator is the type its schema `type` names, with the traits
  /// the renderer, the capabilities and the Android defaults branch on.
  @Test func shippedProfilesMakeTheTypeTheyName() throws {
    for profile in try DeviceProfile.shipped() {
      let model = profile.actuator.model(bodyMass_kg: profile.bodyMass_kg, sampleRate_Hz: profile.sampleRate_Hz)
      switch profile.actuator.typeName {
      case "lra": #expect(model is LRAModel, "\(profile.name)")
      case "erm": #expect(model is ERMModel, "\(profile.name)")
      case "ideal": #expect(model is IdealActuator, "\(profile.name)")
      default:
        #expect(profile.actuator == .none && model == nil, "\(profile.name)")
        #expect(profile.actuator.kind == nil && !profile.actuator.isPhysical)
        #expect(profile.frequencyBand_Hz == nil && !profile.capabilities.plays)
        continue
      }
      let kind = try #require(profile.actuator.kind)
      #expect(kind.typeName == profile.actuator.typeName)
      #expect(profile.capabilities.actuatorType == kind.typeName)
      #expect((profile.frequencyBand_Hz != nil) == kind.hasFrequencyControl, "\(profile.name)")
      #expect((profile.capabilities.frequencyRange_Hz != nil) == kind.hasFrequencyControl, "\(profile.name)")
    }
  }

  /// The traits of each type, as Docs/Model.md describes the actuators.
  @Test func traitsOfEachType() {
    #expect(LRAModel.typeName == "lra" && LRAModel.isPhysical && LRAModel.driveWaveform == .sine)
    #expect(LRAModel.hasFrequencyControl && LRAModel.defaultsToRichHaptics)
    #expect(ERMModel.typeName == "erm" && ERMModel.isPhysical && ERMModel.driveWaveform == .dc)
    #expect(!ERMModel.hasFrequencyControl && !ERMModel.defaultsToRichHaptics)
    #expect(IdealActuator.typeName == "ideal" && !IdealActuator.isPhysical)
    #expect(IdealActuator.driveWaveform == .sine && IdealActuator.hasFrequencyControl)
  }

  /// The ideal actuator outputs its drive, 1 g per volt; an LRA and an ERM asked through
  /// the protocol give what their own models give.
  @Test func simulateThroughTheProtocolMatchesEachModel() throws {
    let drive = (0..<400).map { n in n < 300 ? 2 * sin(2 * Double.pi * 170 * Double(n) / Self.fs) : 0 }
    func run(_ actuator: any Actuator) -> [Double] {
      [Double](unsafeUninitializedCapacity: drive.count) { out, count in
        drive.withUnsafeBufferPointer { actuator.simulate(drive: $0, into: out) }
        count = drive.count
      }
    }
    #expect(run(IdealActuator()) == drive)
    let lra = try #require(LRAModel(parameters: Fixtures.iphoneLRA, bodyMass_kg: 0.15, sampleRate_Hz: Self.fs))
    #expect(run(lra) == lra.simulate(drive: drive))
    let erm = try #require(ERMModel(parameters: Fixtures.erm, bodyMass_kg: 0.15, sampleRate_Hz: Self.fs))
    #expect(run(erm) == erm.simulate(drive: drive).acceleration_g)
    #expect(run(lra).contains { $0 != 0 } && run(erm).contains { $0 != 0 })
  }
}
