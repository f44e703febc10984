import HaptPatterns

/// How serious a finding is: the levels Xcode, GitHub and SARIF share.
public enum FindingLevel: String, Sendable, CaseIterable {
  /// Fails the check (or, for lint, a format break that changes playback).
  case error
  case warning
  /// Information (lint's `info`, a rename, a note on the check).
  case note
}

/// A rule a finding belongs to, with what SARIF's rule metadata needs.
public struct FindingRule: Sendable, Equatable {
  /// Stable identifier, e.g. `AHAP003` or `BASE001`.
  public var id: String
  /// Short kebab-case name, e.g. `missing-key`.
  public var name: String
  /// One phrase.
  public var shortDescription: String
  /// One or two sentences: what the rule finds and why it matters.
  public var fullDescription: String
  /// What to do about a finding.
  public var help: String
  /// The level its findings have unless a finding says otherwise.
  public var level: FindingLevel

  public init(
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
public struct Finding: Sendable, Equatable {
  public var ruleID: String
  public var level: FindingLevel
  /// The file's path as the user gave it; empty for a finding about the whole run.
  public var file: String
  /// Line and column in the file, when the finding has a place there.
  public var position: SourcePosition?
  /// What is wrong, one line.
  public var message: String
  /// The pattern, device and engine state of a check's row (nil for lint).
  public var pattern: String?
  public var device: String?
  public var state: String?
  /// d' of the row against its reference, JND (baseline checks).
  public var dPrime_JND: Double?

  public init(
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
public struct FindingSet: Sendable {
  /// The command, e.g. `baseline check`.
  public var command: String
  /// Every rule findings may name (SARIF lists them all).
  public var rules: [FindingRule]
  public var findings: [Finding]
  /// Whether the run passed (its exit status is 0).
  public var passed: Bool
  /// What was counted, e.g. (`unchanged`, 40), (`changed`, 2).
  public var counts: [(label: String, count: Int)]
  /// Lines about the run as a whole (problems of a baseline, skipped files).
  public var notes: [String] = []
  /// Where the full report was written, to link from a summary.
  public var reportLink: String?

  public init(
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
  public var countsText: String { counts.map { "\($0.count) \($0.label)" }.joined(separator: ", ") }

  /// The rule `id`, if listed.
  public func rule(_ id: String) -> FindingRule? { rules.first { $0.id == id } }
}
