import HaptSimulation

/// A pattern's latency on one device as its author can act on it: the engine's start-up
/// (prepared or cold) is the app's to fix, by calling `prepare()` ahead of the trigger;
/// the pattern's own onset (detect minus the engine latency) is the pattern's.
///
/// The verdict judges the onset on a prepared engine; a pattern that passes there and
/// misses the budget only when the engine starts cold is ``Verdict/prepare``, with the
/// shortest `prepare()` lead that makes it pass (from the profile's latency model).
package struct PatternLatency: Sendable, Equatable {
  /// What the author should do, most severe first in ``severity``.
  package enum Verdict: String, CaseIterable, Sendable {
    /// Felt within the budget in every state measured.
    case pass
    /// Within the budget on a prepared engine; misses it cold: call `prepare()` ahead.
    case prepare
    /// The pattern's own onset lands in the warn band even on a prepared engine.
    case warn
    /// The pattern's own onset misses the warn limit even on a prepared engine.
    case fail
    /// Never felt on a device that can play it.
    case silent
    /// The device cannot play anything (no actuator, haptics off): information.
    case unplayable

    /// Sort order, most severe first: fail, silent, warn, prepare, pass, unplayable.
    package var severity: Int {
      switch self {
      case .fail: 0
      case .silent: 1
      case .warn: 2
      case .prepare: 3
      case .pass: 4
      case .unplayable: 5
      }
    }

    /// Whether the pattern's author has something to fix (fail, silent, warn).
    package var needsPatternWork: Bool { self == .fail || self == .silent || self == .warn }
  }

  package var pattern: String
  package var device: String
  package var verdict: Verdict
  /// The pattern's own onset after the engine starts, seconds (nil when never felt).
  package var onset_s: Double?
  /// Detect on a prepared engine: the profile's prepared latency plus the onset, seconds.
  package var preparedDetect_s: Double?
  /// For ``Verdict/prepare``: the shortest `prepare()` lead that makes the pattern pass on
  /// this device, seconds before the trigger.
  package var prepareLead_s: Double?
  /// The device's cold-start engine latency, seconds.
  package var coldStart_s: Double
  /// Whether the app can call `prepare()` ahead of the trigger on this device (Core
  /// Haptics, UIKit). An Android app cannot: the vibrator wakes when first asked to play.
  package var canPrepare = true

  /// Whether measurement row `m` (of this pattern on this device) misses the budget only
  /// because the engine starts cold: the pattern passes on a prepared engine. The one rule
  /// every view uses (the report's ◐ prepare cells, bars and pages, `hapt latency`).
  package func missesOnlyCold(_ m: PatternMeasurement) -> Bool {
    verdict == .prepare && m.verdict != .silent && m.verdict > .pass
  }

  /// What to do about ``Verdict/prepare``, one phrase worded the same in every view:
  /// "prepare at least 40 ms ahead"; on Android, which has no `prepare()`, what the cold
  /// start is. Nil for the other verdicts.
  package var advice: String? {
    guard verdict == .prepare else { return nil }
    guard canPrepare else {
      return "the vibrator wakes in \(Self.wholeMs(coldStart_s)) cold; Android has no prepare() to call ahead"
    }
    return "prepare at least \(Self.leadMs(prepareLead_s ?? 0)) ahead"
  }

  /// ``advice`` for measurement row `m`: on the rows that miss the budget only cold.
  package func advice(for m: PatternMeasurement) -> String? {
    missesOnlyCold(m) ? advice : nil
  }

  /// A lead time stated as a requirement ("at least"): whole milliseconds rounded up, so
  /// that the lead named always suffices ("40 ms").
  package static func leadMs(_ seconds: Double) -> String {
    "\(Int((seconds * 1000 - 1e-6).rounded(.up))) ms"
  }

  /// Milliseconds to the nearest whole one ("50 ms").
  static func wholeMs(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }

  /// Assesses the rows of one pattern on one device (every state measured).
  ///
  /// - Parameters:
  ///   - rows: the pattern's measurements on `device` (one per state; not empty).
  ///   - latency: the device's engine latency model.
  ///   - budget: the budget the rows were judged against.
  ///   - canPrepare: whether the app can call `prepare()` on the device (not on Android).
  package init(
    rows: [PatternMeasurement], latency: LatencyParameters, budget: LatencyBudget, canPrepare: Bool = true
  ) {
    pattern = rows.first?.pattern ?? ""
    device = rows.first?.device ?? ""
    coldStart_s = latency.cold_s
    self.canPrepare = canPrepare
    let felt = rows.first { $0.state == .prepared && $0.onset_s != nil } ?? rows.first { $0.onset_s != nil }
    onset_s = felt?.onset_s
    guard let onset = onset_s else {
      preparedDetect_s = nil
      prepareLead_s = nil
      verdict = rows.contains(where: \.isFailure) ? .silent : .unplayable
      return
    }
    let prepared = latency.prepared_s + onset
    preparedDetect_s = prepared
    let own = budget.verdict(detect_s: prepared)
    let measured = rows.map(\.verdict).filter { $0 != .silent }.max() ?? .pass
    switch own {
    case .pass where measured > .pass:
      verdict = .prepare
      prepareLead_s = latency.shortestLead_s(toStartWithin: budget.pass_s - onset)
    case .pass:
      verdict = .pass
      prepareLead_s = nil
    case .warn, .silent:
      verdict = .warn
      prepareLead_s = nil
    case .fail:
      verdict = .fail
      prepareLead_s = nil
    }
  }

  /// One assessment per pattern and device, in the measurements' pattern then device
  /// order (measurements in ``Evaluation`` order: pattern, device, state).
  package static func assess(
    _ measurements: [PatternMeasurement], devices: [DeviceProfile], states: Int, budget: LatencyBudget
  ) -> [PatternLatency] {
    guard states > 0, !devices.isEmpty else { return [] }
    var result: [PatternLatency] = []
    var start = 0
    while start + states <= measurements.count {
      let rows = Array(measurements[start..<(start + states)])
      let device = devices[(start / states) % devices.count]
      result.append(
        PatternLatency(
          rows: rows, latency: device.latency, budget: budget, canPrepare: device.platform != .android))
      start += states
    }
    return result
  }
}
