import Foundation
import HaptCore
import HaptPatterns
import HaptEvaluation
import HaptBaselines
import HaptCalibration

extension FindingSet {
  // MARK: - Baseline checks

  package static let baselineChanged = FindingRule(
    id: "BASE001", name: "pattern-changed", shortDescription: "Pattern feels different",
    fullDescription:
      "The pattern's render differs from its reference by at least the d' tolerance (JND), its detect time moved past the latency tolerance, or it turned from felt to silent or back.",
    help:
      "If the change is intended, record the baseline again (or merge: the revision moves on); if not, undo the edit the message points at.",
    level: .error)
  package static let baselineAdded = FindingRule(
    id: "BASE002", name: "pattern-added", shortDescription: "Pattern not in the reference",
    fullDescription: "A pattern, device or state the reference (a recorded baseline or a git revision) does not have.",
    help: "Record the baseline again to include it; against a git revision it passes once merged.", level: .error)
  package static let baselineRemoved = FindingRule(
    id: "BASE003", name: "pattern-removed", shortDescription: "Pattern no longer in the corpus",
    fullDescription:
      "A pattern the reference has and the corpus no longer has (a rename git did not detect shows as one removed and one added).",
    help: "Restore the file, or record the baseline again if the removal is intended.", level: .error)
  package static let baselineIncomparable = FindingRule(
    id: "BASE004", name: "pattern-incomparable", shortDescription: "Cannot be compared honestly",
    fullDescription: "The device profile was edited or the baseline comes from another model version.",
    help: "Record the baseline again with this version of hapt and these device profiles.", level: .error)
  package static let baselineRenamed = FindingRule(
    id: "BASE005", name: "pattern-renamed", shortDescription: "Pattern file renamed",
    fullDescription:
      "Git's rename detection paired the file with one of another name at the revision; it was compared with that one.",
    help: "Nothing to do when the row is otherwise unchanged.", level: .note)
  package static let baselineEditNotFelt = FindingRule(
    id: "BASE007", name: "edit-not-felt", shortDescription: "Pattern file edited, nothing felt changed",
    fullDescription:
      "The file's events or controls were edited, but what a person would feel stays within the tolerances; the message says why (below one JND, masked, silenced, beyond the device's band).",
    help: "Nothing to do if that is intended; if the edit should be felt, the message names what hides it.",
    level: .note)
  package static let baselineProblem = FindingRule(
    id: "BASE006", name: "baseline-problem", shortDescription: "Problem with the baseline as a whole",
    fullDescription:
      "The baseline was recorded with another model version, lacks a device or state asked for, or a device profile cannot be loaded.",
    help: "Record the baseline again, or check only the devices and states it has.", level: .error)

  /// The findings of a baseline check: one per row that is not unchanged (and a note per
  /// renamed row), one per problem of the baseline and per file that failed to load.
  ///
  /// - Parameter paths: the file of each pattern name (the corpus entries' paths); a
  ///   removed pattern's file is `removedFolder/NAME` when given.
  package static func baseline(
    _ result: BaselineCheckResult, paths: [String: String], removedFolder: String? = nil, reportLink: String? = nil
  ) -> FindingSet {
    var findings: [Finding] = []
    for problem in result.problems {
      findings.append(Finding(ruleID: baselineProblem.id, level: .error, file: "", position: nil, message: problem))
    }
    for failure in result.failures {
      findings.append(
        Finding(
          ruleID: unreadableFile.id, level: .error, file: failure.path,
          position: errorPosition(failure.error, path: failure.path), message: failure.error.message))
    }
    for c in result.comparisons {
      let rule: FindingRule?
      switch c.status {
      case .unchanged:
        rule = c.story != nil ? baselineEditNotFelt : c.renamedFrom == nil ? nil : baselineRenamed
      case .changed: rule = baselineChanged
      case .added: rule = baselineAdded
      case .removed: rule = baselineRemoved
      case .incomparable: rule = baselineIncomparable
      }
      guard let rule else { continue }
      let file = paths[c.pattern] ?? removedFolder.map { $0 + "/" + c.pattern } ?? c.pattern
      let message =
        "\(c.pattern) on \(c.device) (\(c.state.rawValue)): \(c.status.rawValue)"
        + (c.summary.isEmpty ? "" : ": \(c.summary)")
      findings.append(
        Finding(
          ruleID: rule.id, level: rule.level, file: file, position: c.status == .removed ? nil : .start,
          message: message, pattern: c.pattern, device: c.device, state: c.state.rawValue, dPrime_JND: c.dPrime_JND))
    }
    var set = FindingSet(
      command: "baseline check",
      rules: [
        baselineChanged, baselineAdded, baselineRemoved, baselineIncomparable, baselineRenamed, baselineProblem,
        unreadableFile, baselineEditNotFelt,
      ],
      findings: findings, passed: result.passed,
      counts: BaselineStatus.allCases.map { status in
        (status.rawValue, result.comparisons.filter { $0.status == status }.count)
      }, reportLink: reportLink)
    set.notes = result.notes
    return set
  }

  // MARK: - Latency

  package static let latencyFail = FindingRule(
    id: "LAT001", name: "over-budget", shortDescription: "Felt later than the warn limit",
    fullDescription: "The vibration is first felt (detect) later than the warn limit after the trigger.",
    help: "Start the pattern with a strong transient, call prepare() ahead of the trigger, or shorten the ramp.",
    level: .error)
  package static let latencyWarn = FindingRule(
    id: "LAT002", name: "late", shortDescription: "Felt after the budget",
    fullDescription: "The vibration is first felt after the budget but within the warn limit.",
    help: "Start the pattern with a stronger onset, or call prepare() ahead of the trigger.", level: .warning)
  package static let latencySilent = FindingRule(
    id: "LAT003", name: "silent", shortDescription: "Never felt",
    fullDescription: "The vibration never rises above the detection threshold on this device and state.",
    help: "Raise the intensity, or check that the device can play the pattern's frequencies.", level: .warning)

  /// Seconds as milliseconds with one decimal ("-" for none).
  static func milliseconds(_ seconds: Double?) -> String {
    guard let seconds else { return "-" }
    let text = DecimalText.fixed(seconds * 1000, decimals: 1)
    return text == "-0.0" ? "0.0" : text
  }

  /// The findings of `hapt latency`: one per row that is not a pass.
  package static func latency(
    _ measurements: [PatternMeasurement], budget: LatencyBudget, paths: [String: String], failed: Bool
  ) -> FindingSet {
    var findings: [Finding] = []
    for m in measurements {
      let rule: FindingRule
      var message = "\(m.pattern) on \(m.device) (\(m.state.rawValue)): "
      switch m.verdict {
      case .pass: continue
      case .warn:
        rule = latencyWarn
        message += "felt at \(milliseconds(m.markers.detect_s)) ms, after the \(milliseconds(budget.pass_s)) ms budget"
      case .fail:
        rule = latencyFail
        message +=
          "felt at \(milliseconds(m.markers.detect_s)) ms, after the \(milliseconds(budget.warn_s)) ms warn limit"
      case .silent:
        rule = latencySilent
        message += "never felt" + (m.silenceReason.map { " (\($0))" } ?? "")
      }
      findings.append(
        Finding(
          ruleID: rule.id, level: rule.level, file: paths[m.pattern] ?? m.pattern, position: .start, message: message,
          pattern: m.pattern, device: m.device, state: m.state.rawValue))
    }
    return FindingSet(
      command: "latency", rules: [latencyFail, latencyWarn, latencySilent], findings: findings, passed: !failed,
      counts: LatencyVerdict.allCases.map { verdict in
        (verdict.rawValue, measurements.filter { $0.verdict == verdict }.count)
      })
  }
}
