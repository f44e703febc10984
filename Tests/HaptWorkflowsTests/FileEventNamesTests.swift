import Foundation
import Testing

import HaptMetrics
import HaptPatterns
import HaptFormats
import HaptSimulation
import HaptEvaluation
import HaptExplanation

/// Changes name the file's own events (issue 18 item 5): the number in the file's order
/// and the time; events felt as one are named together; a moved event reads as moved.
@Suite struct FileEventNamesTests {
  /// Four transients, written in the file in the order `order` (indices into the times).
  static func pattern(
    _ events: [(time: Double, intensity: Double)], order: [Int]? = nil
  ) -> HapticPattern {
    let list = events.map { HapticEvent.transient(at: $0.time, intensity: $0.intensity, sharpness: 0.5) }
    return HapticPattern(events: (order ?? Array(list.indices)).map { list[$0] })
  }

  static let base: [(time: Double, intensity: Double)] = [(0, 1), (0.2, 0.8), (0.39, 1), (0.6, 0.8)]

  static func changes(_ a: HapticPattern, _ b: HapticPattern, on device: DeviceProfile) -> [PerceptualChange] {
    let renderer = Renderer(device: device)
    let ra = renderer.render(a)
    let rb = renderer.render(b)
    let fa = PerceptualFeatures(ra.acceleration_g)
    let fb = PerceptualFeatures(rb.acceleration_g)
    return FileEventNames.name(
      Distinguishability.changes(from: fa, to: fb, minimum_JND: 0.1),
      reference: (fa, FileEventNames(pattern: a, latency_s: ra.latency_s)),
      candidate: (fb, FileEventNames(pattern: b, latency_s: rb.latency_s)))
  }

  static func feltDevices() throws -> [DeviceProfile] {
    try DeviceProfile.shipped().filter { if case .none = $0.actuator { false } else { true } }
  }

  @Test func aHalvedEventIsNamedByItsNumberInTheFileAndItsTime() throws {
    // The file lists the events out of time order: the one at 0.39 s is the file's first.
    let order = [2, 0, 1, 3]
    var halved = Self.base
    halved[2].intensity = 0.5
    for device in try Self.feltDevices() {
      let changes = Self.changes(
        Self.pattern(Self.base, order: order), Self.pattern(halved, order: order), on: device)
      let first = try #require(changes.first, "\(device.name)")
      #expect(first.cue == .level && first.size < -3, "\(device.name): \(changes)")
      #expect(first.fileEvents == [1], "\(device.name)")
      #expect(first.sentence.hasPrefix("event 1 (transient at 0.39 s): "), "\(device.name): \(first.sentence)")
      #expect(first.sentence.contains("dB weaker"))
    }
  }

  @Test func aMovedEventStartsLaterInsteadOfAddedAndWeaker() throws {
    var moved = Self.base
    moved[1].time = 0.25
    for device in try Self.feltDevices() {
      let changes = Self.changes(Self.pattern(Self.base), Self.pattern(moved), on: device)
      #expect(!changes.contains { $0.cue == .added || $0.cue == .missing }, "\(device.name): \(changes)")
      let onset = try #require(changes.first { $0.cue == .onset }, "\(device.name): \(changes)")
      #expect(onset.sentence.hasPrefix("event 2 (transient at 0.25 s) starts 50 ms later"), "\(onset.sentence)")
      // One change for the moved event: its two intervals are its own.
      #expect(changes.filter { $0.cue == .onset }.count == 1, "\(device.name): \(changes)")
    }
  }

  @Test func eventsFeltAsOneAreNamedTogether() throws {
    let fused: [(time: Double, intensity: Double)] = [(0, 1), (0.2, 0.8), (0.21, 0.8), (0.6, 0.8)]
    var softer = fused
    softer[1].intensity = 0.4
    softer[2].intensity = 0.4
    for device in try Self.feltDevices() {
      let changes = Self.changes(Self.pattern(fused), Self.pattern(softer), on: device)
      let first = try #require(changes.first, "\(device.name)")
      #expect(first.fileEvents == [2, 3], "\(device.name): \(changes)")
      #expect(
        first.sentence.hasPrefix("events 2-3 (transients at 0.20-0.21 s, felt as one): "),
        "\(device.name): \(first.sentence)")
    }
  }

  @Test func anInsertedEventIsOneAddedEvent() throws {
    let inserted = [Self.base[0], (time: 0.1, intensity: 1.0)] + Self.base.dropFirst()
    let device = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    let changes = Self.changes(Self.pattern(Self.base), Self.pattern(Array(inserted)), on: device)
    let first = try #require(changes.first)
    #expect(first.cue == .added && first.sentence.hasPrefix("event 2 (transient at 0.10 s) added"), "\(changes)")
    #expect(changes.filter { $0.dPrime_JND >= 1 }.count == 1, "\(changes)")
  }

  @Test func alignmentKeepsDPrimeSymmetric() throws {
    let device = try DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    let renderer = Renderer(device: device)
    let variants: [[(time: Double, intensity: Double)]] = [
      Self.base, Array(Self.base.prefix(3)), [Self.base[0], (0.1, 1)] + Self.base.dropFirst(),
      [(0.05, 0.6)] + Self.base,
    ]
    let features = variants.map { PerceptualFeatures(renderer.render(Self.pattern($0)).acceleration_g) }
    for a in features {
      for b in features {
        #expect(abs(Distinguishability.dPrime(a, b) - Distinguishability.dPrime(b, a)) < 1e-9)
      }
      #expect(Distinguishability.dPrime(a, a) == 0)
    }
  }
}
