import HaptTestSupport
import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation
import Testing

@testable import HaptEvaluation
@testable import HaptAndroid

/// The report's Android sections computed pattern by pattern with shared renders
/// (issue 32, "compute once") are exactly the rows each section computes on its own, on
/// every kind of device (Android LRA and ERM classes, an iPhone, a device without an
/// actuator), whatever the thread count.
@Suite(.slow) struct AndroidSectionsTests {
  static func entries() throws -> [(name: String, path: String, pattern: HapticPattern)] {
    let library = try PatternExtentTests.libraryPatterns()
    // Every fourth shipped pattern: taps, buzzes, curves, sharpness contrasts.
    return library.enumerated().filter { $0.offset % 4 == 0 }.map {
      (name: $0.element.name, path: $0.element.name, pattern: $0.element.pattern)
    }
  }

  @Test func sharedRendersGiveTheRowsOfEachSectionAlone() throws {
    let entries = try Self.entries()
    let devices = try ["iphone-wideband-lra", "pixel-flagship-lra", "android-lra-onoff", "erm-phone", "mac-none"].map {
      try DeviceProfile.load(nameOrPath: $0)
    }
    var options = RenderOptions()
    options.maxDuration_s = 20
    let shared = AndroidSections.rows(entries, devices: devices, options: options, threads: 2)
    let patterns = entries.map { (name: $0.name, pattern: $0.pattern) }
    let android = devices.filter { $0.platform == .android }
    #expect(shared.ports == AndroidPort.rows(patterns: patterns, devices: android, threads: 2))
    #expect(shared.playback == DevicePlayback.rows(patterns: patterns, devices: devices, options: options, threads: 2))
    #expect(shared.ports.count == entries.count * android.count)
    #expect(shared.playback.count == entries.count * devices.count)
    let serial = AndroidSections.rows(entries, devices: devices, options: options, threads: 1)
    #expect(serial.ports == shared.ports)
    #expect(serial.playback == shared.playback)
  }

  @Test func aMemoRendersOnceAndReturnsTheSameRender() throws {
    let device = try DeviceProfile.load(nameOrPath: "pixel-flagship-lra")
    let pattern = try #require(try PatternExtentTests.libraryPatterns().first).pattern
    let memo = RenderMemo()
    let first = memo.render(pattern, on: device, options: RenderOptions())
    #expect(first == Renderer(device: device).render(pattern, options: RenderOptions()))
    #expect(memo.render(pattern, on: device, options: RenderOptions()) == first)
    #expect(memo.renderCount == 1)
    var cold = RenderOptions()
    cold.state = .cold
    #expect(memo.render(pattern, on: device, options: cold) != first)
    #expect(memo.renderCount == 2)
  }

  @Test func aRenderBitForBitLikeAMeasuredOneTakesItsFeatures() throws {
    let device = try DeviceProfile.load(nameOrPath: "pixel-flagship-lra")
    let pattern = try #require(try PatternExtentTests.libraryPatterns().first).pattern
    // Another pattern (its version differs) that renders the same signal.
    var renamed = pattern
    renamed.version = (pattern.version ?? 1) + 1
    let memo = RenderMemo()
    let first = memo.features(pattern, on: device, options: RenderOptions())
    #expect(memo.features(renamed, on: device, options: RenderOptions()) == first)
    #expect(memo.renderCount == 2)
    #expect(memo.measuredCount == 1)
    #expect(first == AndroidExport.features(Renderer(device: device).render(pattern, options: RenderOptions())))
    // A different signal is measured on its own.
    var cold = RenderOptions()
    cold.state = .cold
    let coldFeatures = memo.features(pattern, on: device, options: cold)
    #expect(memo.measuredCount == 2)
    #expect(coldFeatures == AndroidExport.features(Renderer(device: device).render(pattern, options: cold)))
  }
}
