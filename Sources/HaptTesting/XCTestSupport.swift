#if canImport(XCTest)
  import XCTest

  /// Fails the XCTest test case with the check's message when the check fails (or when
  /// evaluating it throws: a pattern or profile that cannot be loaded).
  ///
  /// ```swift
  /// func testNotificationsAreDistinct() throws {
  ///   let success = try RenderedHaptic(preset: "uikit-notification-success")
  ///   let warning = try RenderedHaptic(preset: "uikit-notification-warning")
  ///   XCTAssertHaptic(HaptCheck.distinguishable(success, warning, atLeast: 2))
  /// }
  /// ```
  public func XCTAssertHaptic(
    _ check: @autoclosure () throws -> HaptCheckResult, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let result = try check()
      if !result.passed { XCTFail(result.message, file: file, line: line) }
    } catch {
      XCTFail("\(error)", file: file, line: line)
    }
  }
#endif
