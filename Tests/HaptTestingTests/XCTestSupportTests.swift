#if canImport(XCTest)
  import HaptTesting
  import XCTest

  /// `XCTAssertHaptic` from an XCTest case: a passing check records no failure.
  final class XCTestSupportTests: XCTestCase {
    func testPassingCheckDoesNotFail() throws {
      let success = try RenderedHaptic(preset: "uikit-notification-success")
      let error = try RenderedHaptic(preset: "uikit-notification-error")
      XCTAssertHaptic(HaptCheck.distinguishable(success, error, atLeast: 2))
      XCTAssertHaptic(HaptCheck.felt(success, within: 0.050))
    }
  }
#endif
