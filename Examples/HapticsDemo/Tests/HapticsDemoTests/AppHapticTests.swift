import Foundation
import HapticsDemo
import HaptTesting
import Testing

/// The app's haptics, checked the way a person would feel them on a simulated phone.
@Suite struct AppHapticTests {
  /// This test folder (baselines and the pinned device profile live next to the tests).
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  /// The phone the baselines were recorded on, pinned in the test folder.
  static let phone = folder.appendingPathComponent("Devices/demo-phone.json").path

  static func render(_ haptic: AppHaptic, device: String = phone) throws -> RenderedHaptic {
    try RenderedHaptic(file: haptic.url.path, device: device)
  }

  @Test func confirmAndRejectAreNeverConfused() throws {
    expectHaptic(HaptCheck.distinguishable(try Self.render(.confirm), try Self.render(.reject), atLeast: 2))
  }

  @Test func noTwoHapticsAreConfused() throws {
    expectHaptic(HaptCheck.distinguishable(try AppHaptic.allCases.map { try Self.render($0) }, atLeast: 2))
  }

  @Test(arguments: AppHaptic.allCases)
  func feltWithinFiftyMilliseconds(_ haptic: AppHaptic) throws {
    expectHaptic(HaptCheck.felt(try Self.render(haptic), within: 0.050))
  }

  @Test func rejectIsNotTheSystemErrorHaptic() throws {
    // hapt's approximation of UINotificationFeedbackGenerator .error, on a shipped profile.
    let systemError = try RenderedHaptic(preset: "uikit-notification-error", device: "iphone-wideband-lra")
    let reject = try Self.render(.reject, device: "iphone-wideband-lra")
    expectHaptic(HaptCheck.distinguishable(reject, systemError, atLeast: 2))
  }

  @Test(arguments: AppHaptic.allCases)
  func matchesItsBaseline(_ haptic: AppHaptic) throws {
    let baseline = Self.folder.appendingPathComponent("Baselines/\(haptic.rawValue)").path
    expectHaptic(HaptCheck.matchesBaseline(try Self.render(haptic), in: baseline))
  }
}
