/// The outcome of a budget check as the report shows it.
///
/// Each verdict has a colour from the Okabe-Ito palette (Okabe & Ito, 2008), chosen to stay
/// distinguishable for readers with any common form of colour blindness, and a text label
/// and symbol, so the verdict never depends on colour alone.
public enum ReportVerdict: String, CaseIterable, Sendable {
  /// Within the pass budget.
  case pass
  /// Over the pass budget but within the warn budget.
  case warn
  /// Over the warn budget.
  case fail
  /// Nothing was felt (no actuator, haptics off, below threshold).
  case silent

  /// Fill colour: bluish green, orange, vermillion, grey.
  public var color: String {
    switch self {
    case .pass: return "#009e73"
    case .warn: return "#e69f00"
    case .fail: return "#d55e00"
    case .silent: return "#999999"
    }
  }

  /// A symbol shown with the label: check mark, exclamation, cross, empty circle.
  public var symbol: String {
    switch self {
    case .pass: return "✓"
    case .warn: return "!"
    case .fail: return "✗"
    case .silent: return "○"
    }
  }

  /// The verdict for a latency in milliseconds against two budgets; `nil` is silent.
  ///
  /// - Parameters:
  ///   - latency_ms: The detect latency, or nil if nothing was felt.
  ///   - pass_ms: At or below this, pass (50 ms by default).
  ///   - warn_ms: At or below this, warn; above, fail (70 ms by default).
  public init(latency_ms: Double?, pass_ms: Double = 50, warn_ms: Double = 70) {
    guard let latency_ms, !latency_ms.isNaN else {
      self = .silent
      return
    }
    self = latency_ms <= pass_ms ? .pass : latency_ms <= warn_ms ? .warn : .fail
  }
}
