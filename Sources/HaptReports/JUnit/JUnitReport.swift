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
public struct JUnitReport: Equatable, Sendable {
  /// The name of the whole run (`hapt baseline check`).
  public var name: String
  /// The suites, in order.
  public var suites: [JUnitSuite]

  public init(name: String, suites: [JUnitSuite]) {
    self.name = name
    self.suites = suites
  }
}

/// A `<testsuite>`: a group of test cases (for hapt: one device, or one check kind).
public struct JUnitSuite: Equatable, Sendable {
  /// The suite's name.
  public var name: String
  /// The cases, in order.
  public var cases: [JUnitCase]
  /// `<property>` name/value pairs (device profile, tool version), in order.
  public var properties: [JUnitProperty]

  public init(name: String, cases: [JUnitCase], properties: [JUnitProperty] = []) {
    self.name = name
    self.cases = cases
    self.properties = properties
  }

  /// Total time of the cases, in seconds.
  public var time_s: Double { cases.reduce(0) { $0 + ($1.time_s.isFinite ? max($1.time_s, 0) : 0) } }
  /// Number of failed cases.
  public var failures: Int { cases.filter { if case .failed = $0.outcome { true } else { false } }.count }
  /// Number of cases that could not run because of an error.
  public var errors: Int { cases.filter { if case .error = $0.outcome { true } else { false } }.count }
  /// Number of skipped cases.
  public var skipped: Int { cases.filter { if case .skipped = $0.outcome { true } else { false } }.count }
}

/// A `<property name= value=>` of a suite.
public struct JUnitProperty: Equatable, Sendable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A `<testcase>`: one check (a pattern's latency on a device, a pattern against its
/// baseline).
public struct JUnitCase: Equatable, Sendable {
  /// The outcome of a case.
  public enum Outcome: Equatable, Sendable {
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
  public var classname: String
  /// The case name, e.g. `success/prepared`.
  public var name: String
  /// Duration in seconds.
  public var time_s: Double
  /// The outcome.
  public var outcome: Outcome
  /// Text for `<system-out>` (measured values), or nil.
  public var systemOut: String?
  /// The file the case is about (the pattern's path), written as the `file` attribute
  /// that GitLab and GitHub annotators use, or nil.
  public var file: String?

  public init(
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
