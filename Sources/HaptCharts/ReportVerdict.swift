import HaptEvaluation

/// The outcome of a budget check as the report shows it.
///
/// Each verdict has a colour from the Okabe-Ito palette (Okabe & Ito, 2008), chosen to stay
/// distinguishable for readers with any common form of colour blindness, and a text label
/// and symbol, so the verdict never depends on colour alone.
package enum ReportVerdict: String, CaseIterable, Sendable {
  /// Within the pass budget.
  case pass
  /// Within the pass budget once the engine is prepared; misses it cold: the app should
  /// call `prepare()` ahead (the pattern itself is fine).
  case prepare
  /// Over the pass budget but within the warn budget.
  case warn
  /// Over the warn budget.
  case fail
  /// Never felt on a device that can play it: the pattern is below the detection
  /// threshold (a failure).
  case unfelt
  /// Nothing was felt because the device cannot play (no actuator, haptics off):
  /// information.
  case silent

  /// Fill colour: bluish green, sky blue, orange, vermillion (fail and never felt), grey.
  package var color: String {
    switch self {
    case .pass: return "#009e73"
    case .prepare: return "#56b4e9"
    case .unfelt: return "#d55e00"
    case .warn: return "#e69f00"
    case .fail: return "#d55e00"
    case .silent: return "#999999"
    }
  }

  /// A symbol shown with the label: check mark, half circle, exclamation, cross, crossed
  /// circle, empty circle.
  package var symbol: String {
    switch self {
    case .pass: return "✓"
    case .prepare: return "◐"
    case .unfelt: return "⊘"
    case .warn: return "!"
    case .fail: return "✗"
    case .silent: return "○"
    }
  }

  /// The word shown with the symbol.
  package var label: String {
    switch self {
    case .unfelt: return "never felt"
    default: return rawValue
    }
  }

  /// The badge for what a pattern's author can act on (``PatternLatency``).
  package init(_ verdict: PatternLatency.Verdict) {
    switch verdict {
    case .pass: self = .pass
    case .prepare: self = .prepare
    case .warn: self = .warn
    case .fail: self = .fail
    case .silent: self = .unfelt
    case .unplayable: self = .silent
    }
  }

  /// The verdict for a latency in milliseconds against two budgets; `nil` is silent.
  ///
  /// - Parameters:
  ///   - latency_ms: The detect latency, or nil if nothing was felt.
  ///   - pass_ms: At or below this, pass (50 ms by default).
  ///   - warn_ms: At or below this, warn; above, fail (70 ms by default).
  package init(latency_ms: Double?, pass_ms: Double = 50, warn_ms: Double = 70) {
    guard let latency_ms, !latency_ms.isNaN else {
      self = .silent
      return
    }
    self = latency_ms <= pass_ms ? .pass : latency_ms <= warn_ms ? .warn : .fail
  }
}
