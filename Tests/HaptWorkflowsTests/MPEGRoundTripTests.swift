import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation
import Testing

import HaptAndroid
import HaptFormats

/// AHAP -> .hjif -> AHAP keeps every haptic event of the shipped library and system
/// presets within the tolerances Docs/Formats-MPEG.md documents ("Round trips").
@Suite struct MPEGRoundTripTests {
  /// Times round to whole milliseconds (timescale 1000).
  static let time_s = 0.0005 + 1e-9
  /// Frequencies round to whole hertz over the 150 Hz of sharpness 0...1.
  static let sharpness = 0.5 / 150 + 1e-9
  /// Continuous intensity (envelope x controls) at every whole millisecond inside an event.
  static let intensity = 0.01
  /// d' between the original and the round trip on the default device, JND (people notice 1).
  static let dPrime_JND = 0.25

  static var files: [String] {
    ["library", "system"].flatMap { folder -> [String] in
      guard let url = Corpora.directory(folder) else { return [] }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.filter { $0.hasSuffix(".ahap") }.sorted().map { url.appendingPathComponent($0).path }
    }
  }

  @Test func corporaAreThere() { #expect(Self.files.count >= 40) }

  @Test(arguments: files)
  func roundTripKeepsEveryEvent(path: String) throws {
    let original = try PatternFile.load(path: path).pattern
    let hjif = MPEGHaptics(pattern: original).jsonText()
    let read = try MPEGHaptics.decode(hjif, file: "rt.hjif")
    #expect(read.findings.isEmpty, "\(read.findings)")
    let back = try AHAP.decode(AHAP.encode(read.haptics.pattern()), file: "rt.ahap").pattern
    let a = original.hapticEvents
    let b = back.hapticEvents
    try #require(a.count == b.count, "\(a.count) events became \(b.count)")
    let ca = original.controls
    let cb = back.controls
    for (x, y) in zip(a, b) {
      #expect(x.type == y.type)
      #expect(abs(x.time_s - y.time_s) <= Self.time_s, "time \(x.time_s) -> \(y.time_s)")
      if x.type == .hapticTransient {
        let ix = min(max(x.intensity * ca.intensityMultiplier(at: x.time_s), 0), 1)
        let iy = min(max(y.intensity * cb.intensityMultiplier(at: y.time_s), 0), 1)
        #expect(abs(ix - iy) <= 1e-9, "transient at \(x.time_s): intensity \(ix) -> \(iy)")
        let sx = min(max(x.sharpness + ca.sharpnessOffset(at: x.time_s), 0), 1)
        let sy = min(max(y.sharpness + cb.sharpnessOffset(at: y.time_s), 0), 1)
        #expect(abs(sx - sy) <= Self.sharpness, "transient at \(x.time_s): sharpness \(sx) -> \(sy)")
        continue
      }
      #expect(abs(x.end_s - y.end_s) <= Self.time_s, "end \(x.end_s) -> \(y.end_s)")
      let ex = EventEnvelope(x)
      let ey = EventEnvelope(y)
      var t = (x.time_s * 1000).rounded(.up) / 1000 + 0.001
      while t < x.end_s - 0.001 {
        let lx = min(max(x.intensity * ca.intensityMultiplier(at: t), 0), 1) * ex.gain(atOffset: t - x.time_s)
        let ly = min(max(y.intensity * cb.intensityMultiplier(at: t), 0), 1) * ey.gain(atOffset: t - y.time_s)
        #expect(abs(lx - ly) <= Self.intensity, "continuous at \(x.time_s), t \(t): level \(lx) -> \(ly)")
        let sx = min(max(x.sharpness + ca.sharpnessOffset(at: t), 0), 1)
        let sy = min(max(y.sharpness + cb.sharpnessOffset(at: t), 0), 1)
        #expect(abs(sx - sy) <= Self.sharpness + 1e-6, "continuous at \(x.time_s), t \(t): sharpness \(sx) -> \(sy)")
        t += 0.001
      }
    }
    let device = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    let distance = ConversionDistance.measure(original: original, converted: back, losses: [], on: device)
    #expect((distance.dPrime_JND ?? 0) < Self.dPrime_JND, "d' \(distance.dPrime_JND ?? -1)")
  }
}
