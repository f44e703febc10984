import Foundation
import HaptCore
import HaptPatterns
import Testing

import HaptSimulation

/// `.hjif` files shaped like the MPEG reference encoder's output from AHAP and IVS
/// (hand-written: one perception of modality `Other`, one channel "placeholder
/// description", a Transient band and VectorialWave bands of Basis Sine effects). The
/// reference synthesizer renders every perception whatever its modality, so hapt renders
/// `Other` as vibrotactile; on the `ideal` profile the render is the signal the file
/// defines, written out here analytically, within 1e-3 of full scale.
@Suite struct MPEGEncoderOutputTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("HaptPatternsTests/MPEGEncoderFixtures")

  static func text(_ name: String) throws -> String {
    String(decoding: try InputFile.read(folder.appendingPathComponent(name + ".hjif").path), as: UTF8.self)
  }

  static func render(_ text: String, file: String) throws -> [Double] {
    let (haptics, _) = try MPEGHaptics.decode(Array(text.utf8), file: file)
    return Renderer(device: try Fixtures.shippedProfile("ideal")).render(haptics.pattern()).acceleration_g.samples
  }

  /// Largest |render - expected| with the render at 8 kHz.
  static func maxError(_ name: String, _ expected: (Double) -> Double) throws -> Double {
    let x = try render(try text(name), file: name + ".hjif")
    #expect(!x.isEmpty)
    var worst = 0.0
    for (n, value) in x.enumerated() { worst = max(worst, abs(value - expected(Double(n) / 8000))) }
    return worst
  }

  static func sine(_ f: Double, _ t: Double) -> Double { sin(2 * Double.pi * f * t) }

  @Test func anAHAPEncodedFileRendersItsTransientAndContinuousEvent() throws {
    let error = try Self.maxError("ahap-transient-continuous") { t in
      (t <= 2.0 / 90 ? 0.8 * Self.sine(90, t) : 0) + (t >= 0.1 && t <= 0.3 ? 0.6 * Self.sine(100, t - 0.1) : 0)
    }
    #expect(error < 1e-3)
  }

  @Test func anIVSEncodedFileRendersItsPeriodicEffect() throws {
    let error = try Self.maxError("ivs-periodic") { t in t >= 0.05 && t <= 0.25 ? 0.5 * Self.sine(150, t - 0.05) : 0 }
    #expect(error < 1e-3)
  }

  /// `Other` renders exactly as `Vibrotactile` does; `Force` stays unrendered.
  @Test(arguments: ["ahap-transient-continuous", "ivs-periodic"])
  func otherRendersAsVibrotactile(name: String) throws {
    let other = try Self.text(name)
    let vibrotactile = other.replacingOccurrences(of: "\"Other\"", with: "\"Vibrotactile\"")
    let force = other.replacingOccurrences(of: "\"Other\"", with: "\"Force\"")
    let rendered = try Self.render(other, file: name + ".hjif")
    #expect(rendered == (try Self.render(vibrotactile, file: name + ".hjif")))
    #expect(rendered.contains { abs($0) > 0.1 })
    #expect((try Self.render(force, file: name + ".hjif")).allSatisfy { $0 == 0 })
  }

  /// Lint names the modality in an info finding (MPG010), and nothing else.
  @Test(arguments: ["ahap-transient-continuous", "ivs-periodic"])
  func lintNamesTheModality(name: String) throws {
    let (_, findings) = try MPEGHaptics.decode(Array(try Self.text(name).utf8), file: name + ".hjif")
    #expect(findings.map(\.ruleID) == ["MPG010"], "\(findings)")
    #expect(findings.first?.severity == .info)
    #expect(findings.first?.message.contains("Other perception 0") == true)
  }

  /// A `.hmpg` stream as the reference encoder writes it by default: the reference
  /// encoder's stream of the `sine-constant` fixture with its modality byte (offset 107)
  /// set to 0, Other. It renders as the Vibrotactile original does.
  @Test func anOtherStreamRendersAsItsVibrotactileTwin() throws {
    let path = Self.folder.deletingLastPathComponent().appendingPathComponent(
      "MPEGStreamFixtures/sine-constant.hmpg"
    ).path
    let original = try InputFile.read(path)
    var other = original
    other[107] = 0
    let (vibrotactile, _) = try MPEGHaptics.decodeBinary(original, file: "sine-constant.hmpg")
    let (encoderDefault, findings) = try MPEGHaptics.decodeBinary(other, file: "other.hmpg")
    #expect(vibrotactile.perceptions.map(\.modality) == ["Vibrotactile"])
    #expect(encoderDefault.perceptions.map(\.modality) == ["Other"])
    #expect(findings.map(\.ruleID) == ["MPG010"])
    let renderer = Renderer(device: try Fixtures.shippedProfile("ideal"))
    let a = renderer.render(vibrotactile.pattern()).acceleration_g.samples
    let b = renderer.render(encoderDefault.pattern()).acceleration_g.samples
    #expect(a == b)
    #expect(b.contains { abs($0) > 0.5 })
  }
}
