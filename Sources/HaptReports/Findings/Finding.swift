import HaptPatterns
import HaptLint

/// How serious a finding is: the levels Xcode, GitHub and SARIF share.
package enum FindingLevel: String, Sendable, CaseIterable {
  /// Fails the check (or, for lint, a format break that changes playback).
  case error
  case warning
  /// Information (lint's `info`, a rename, a note on the check).
  case note
}

/// A rule a finding belongs to, with what SARIF's rule metadata needs.
package struct FindingRule: Sendable, Equatable {
  /// Stable identifier, e.g. `AHAP003` or `BASE001`.
  package var id: String
  /// Short kebab-case name, e.g. `missing-key`.
  package var name: String
  /// One phrase.
  package var shortDescription: String
  /// One or two sentences: what the rule finds and why it matters.
  package var fullDescription: String
  /// What to do about a finding.
  package var help: String
  /// The level its findings have unless a finding says otherwise.
  package var level: FindingLevel

  package init(
    id: String, name: String, shortDescription: String, fullDescription: String, help: String, level: FindingLevel
  ) {
    self.id = id
    self.name = name
    self.shortDescription = shortDescription
    self.fullDescription = fullDescription
    self.help = help
    self.level = level
  }
}

/// One finding of `hapt lint`, `hapt baseline check` or `hapt latency`, in a shape every
/// reporter reads: a rule, a level, a file and a place in it, a message.
package struct Finding: Sendable, Equatable {
  package var ruleID: String
  package var level: FindingLevel
  /// The file's path as the user gave it; empty for a finding about the whole run.
  package var file: String
  /// Line and column in the file, when the finding has a place there.
  package var position: SourcePosition?
  /// What is wrong, one line.
  package var message: String
  /// The pattern, device and engine state of a check's row (nil for lint).
  package var pattern: String?
  package var device: String?
  package var state: String?
  /// d' of the row against its reference, JND (baseline checks).
  package var dPrime_JND: Double?

  package init(
    ruleID: String, level: FindingLevel, file: String, position: SourcePosition?, message: String,
    pattern: String? = nil, device: String? = nil, state: String? = nil, dPrime_JND: Double? = nil
  ) {
    self.ruleID = ruleID
    self.level = level
    self.file = file
    self.position = position
    self.message = message
    self.pattern = pattern
    self.device = device
    self.state = state
    self.dPrime_JND = dPrime_JND
  }
}

/// The findings of one run, with what a summary says about the run as a whole.
package struct FindingSet: Sendable {
  /// The command, e.g. `baseline check`.
  package var command: String
  /// Every rule findings may name (SARIF lists them all).
  package var rules: [FindingRule]
  package var findings: [Finding]
  /// Whether the run passed (no finding fails it).
  package var passed: Bool
  /// What was counted, e.g. (`unchanged`, 40), (`changed`, 2).
  package var counts: [(label: String, count: Int)]
  /// Lines about the run as a whole (problems of a baseline, skipped files).
  package var notes: [String] = []
  /// Where the full report was written, to link from a summary.
  package var reportLink: String?

  package init(
    command: String, rules: [FindingRule], findings: [Finding], passed: Bool,
    counts: [(label: String, count: Int)], notes: [String] = [], reportLink: String? = nil
  ) {
    self.command = command
    self.rules = rules
    self.findings = findings
    self.passed = passed
    self.counts = counts
    self.notes = notes
    self.reportLink = reportLink
  }

  /// The counts in words: "40 unchanged, 2 changed".
  package var countsText: String { counts.map { "\($0.count) \($0.label)" }.joined(separator: ", ") }

  /// The rule `id`, if listed.
  package func rule(_ id: String) -> FindingRule? { rules.first { $0.id == id } }
}
