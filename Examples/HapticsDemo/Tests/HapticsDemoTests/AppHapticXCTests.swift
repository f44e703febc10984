#if canImport(XCTest)
  import HapticsDemo
  import HaptTesting
  import XCTest

  /// The same kind of check from an XCTest case.
  final class AppHapticXCTests: XCTestCase {
    func testRefreshIsGentlerThanReject() throws {
      let phone = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Devices/demo-phone.json"
      ).path
      let refresh = try RenderedHaptic(file: AppHaptic.refresh.url.path, device: phone)
      let reject = try RenderedHaptic(file: AppHaptic.reject.url.path, device: phone)
      XCTAssertHaptic(HaptCheck.distinguishable(refresh, reject, atLeast: 2))
      XCTAssertLessThan(refresh.peak_g, reject.peak_g)
    }
  }
#endif
