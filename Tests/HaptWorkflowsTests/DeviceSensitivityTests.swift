import HaptTestSupport
import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation
import HaptAndroid
import Testing

/// Which guessed numbers move a device's verdicts (Docs/Devices.md, "What rests on
/// guesses").
@Suite(.slow) struct DeviceSensitivityTests {
  @Test func theSampleIsEveryFourthSystemPreset() throws {
    let device = try DeviceProfile.load(nameOrPath: "pixel-flagship-lra")
    let sample = DeviceSensitivity.samplePresets(for: [device], threads: 2)
    #expect(sample.patterns.count == 9)
    #expect(sample.ports.count == 9)
    #expect(sample.patterns.first?.name == "swiftui-alignment.ahap")
  }

  /// On the Pixel class, built from Google's HAL, the moving mass (a guess, 1.5-4 g) moves verdicts: it moves
  /// the resonance the HAL fixes at 145 Hz. A profile without guesses has nothing to move.
  @Test func theGuessesThatMoveVerdictsAreFound() throws {
    let pixel = try DeviceProfile.load(nameOrPath: "pixel-flagship-lra")
    let ideal = try DeviceProfile.load(nameOrPath: "ideal")
    let sample = DeviceSensitivity.samplePresets(for: [pixel], threads: 2)
    let s = DeviceSensitivity.measure(pixel, patterns: sample.patterns, ports: sample.ports, threads: 2)
    #expect(s.numberCount == 33 && s.guessCount == 8)
    #expect(s.guessesWithoutRange == ["drive.overdriveVoltage_V"])
    let top = try #require(s.guesses.first)
    #expect(top.field == "actuator.movingMass_kg")
    #expect(top.movedVerdicts > 0 && top.movedVerdicts <= 9)
    #expect(s.guesses.map(\.movedVerdicts) == s.guesses.map(\.movedVerdicts).sorted(by: >))
    // Same result on one thread.
    #expect(DeviceSensitivity.measure(pixel, patterns: sample.patterns, ports: sample.ports, threads: 1) == s)
    let none = DeviceSensitivity.measure(ideal, patterns: sample.patterns, ports: sample.ports, threads: 2)
    #expect(none.guessCount == 0 && none.guesses.isEmpty)
  }
}
