#if canImport(Testing)
  import Testing

  /// Records a Swift Testing issue carrying the check's message when it fails (or when
  /// evaluating it throws: a pattern or profile that cannot be loaded).
  ///
  /// ```swift
  /// @Test func notificationsAreDistinct() throws {
  ///   let success = try RenderedHaptic(preset: "uikit-notification-success")
  ///   let warning = try RenderedHaptic(preset: "uikit-notification-warning")
  ///   expectHaptic(HaptCheck.distinguishable(success, warning, atLeast: 2))
  /// }
  /// ```
  ///
  /// - Returns: whether the check passed.
  @discardableResult
  public func expectHaptic(
    _ check: @autoclosure () throws -> HaptCheckResult, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    do {
      let result = try check()
      if !result.passed { Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation) }
      return result.passed
    } catch {
      Issue.record(error, sourceLocation: sourceLocation)
      return false
    }
  }
#endif
