/// A JUnit XML test report, the format CI systems (Jenkins, GitLab, GitHub Actions
/// reporters) read to show check results per test.
///
/// Layout: `<testsuites>` holding one `<testsuite>` per suite, each holding `<testcase>`
/// elements with `classname`, `name` and `time` (seconds); a failed case has a `<failure>`
/// child, an error an `<error>` child, a skipped case a `<skipped>` child. Suites and the
/// root carry `tests`, `failures`, `errors`, `skipped` and `time` counts. No timestamps or
/// host names are written, so the same results give byte-identical files.
/// Sources: the JUnit XML schema as documented by Jenkins (`junit` plugin) and GitLab
/// ("Unit test reports"); testmoapp/junitxml.
package struct JUnitReport: Equatable, Sendable {
  /// The name of the whole run (`hapt baseline check`).
  package var name: String
  /// The suites, in order.
  package var suites: [JUnitSuite]

  package init(name: String, suites: [JUnitSuite]) {
    self.name = name
    self.suites = suites
  }
}

/// A `<testsuite>`: a group of test cases (for hapt: one device, or one check kind).
package struct JUnitSuite: Equatable, Sendable {
  /// The suite's name.
  package var name: String
  /// The cases, in order.
  package var cases: [JUnitCase]
  /// `<property>` name/value pairs (device profile, tool version), in order.
  package var properties: [JUnitProperty]

  package init(name: String, cases: [JUnitCase], properties: [JUnitProperty] = []) {
    self.name = name
    self.cases = cases
    self.properties = properties
  }

  /// Total time of the cases, in seconds.
  package var time_s: Double { cases.reduce(0) { $0 + ($1.time_s.isFinite ? max($1.time_s, 0) : 0) } }
  /// Number of failed cases.
  package var failures: Int { cases.filter { if case .failed = $0.outcome { true } else { false } }.count }
  /// Number of cases that could not run because of an error.
  package var errors: Int { cases.filter { if case .error = $0.outcome { true } else { false } }.count }
  /// Number of skipped cases.
  package var skipped: Int { cases.filter { if case .skipped = $0.outcome { true } else { false } }.count }
}

/// A `<property name= value=>` of a suite.
package struct JUnitProperty: Equatable, Sendable {
  package var name: String
  package var value: String

  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A `<testcase>`: one check (a pattern's latency on a device, a pattern against its
/// baseline).
package struct JUnitCase: Equatable, Sendable {
  /// The outcome of a case.
  package enum Outcome: Equatable, Sendable {
    /// The check passed.
    case passed
    /// The check failed: a short message (the attribute) and details (the element text).
    case failed(message: String, details: String = "", type: String = "failure")
    /// The check could not be made (bad input, render error).
    case error(message: String, details: String = "", type: String = "error")
    /// The check was not run, with the reason.
    case skipped(message: String)
  }

  /// The class name: for hapt the suite-level grouping, e.g. `latency.iphone-15`.
  package var classname: String
  /// The case name, e.g. `success/prepared`.
  package var name: String
  /// Duration in seconds.
  package var time_s: Double
  /// The outcome.
  package var outcome: Outcome
  /// Text for `<system-out>` (measured values), or nil.
  package var systemOut: String?
  /// The file the case is about (the pattern's path), written as the `file` attribute
  /// that GitLab and GitHub annotators use, or nil.
  package var file: String?

  package init(
    classname: String, name: String, time_s: Double = 0, outcome: Outcome = .passed,
    systemOut: String? = nil, file: String? = nil
  ) {
    self.classname = classname
    self.name = name
    self.time_s = time_s
    self.outcome = outcome
    self.systemOut = systemOut
    self.file = file
  }
}
