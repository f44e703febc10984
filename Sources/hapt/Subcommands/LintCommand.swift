import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptReports
import HaptEvaluation
import HaptFormats
import HaptLint

/// `hapt lint PATH...`: checks pattern files against the AHAP, .haptic, structural and UX
/// rules (Docs/Patterns.md has the table).
struct LintCommand: HaptCommand {
  static let help = CommandHelp(
    name: "lint",
    summary:
      "Check haptic pattern files (.ahap, .haptic, .haps, .ivs, Android .xml) for format breaks and UX problems.",
    discussion: """
      PATH is a file or a folder (searched recursively for .ahap and .haptic files).
      Each finding names the file, the place (a JSON path or line and column), the
      severity (error, warning, info) and the rule ID; the rules are listed in
      Docs/Patterns.md. Findings go to stdout. A file that cannot be read or decoded is
      reported on stderr as 'error: FILE: PLACE: MESSAGE' and the other files are still
      checked. --format xcode prints 'FILE:LINE:COLUMN: error|warning|note: MESSAGE [RULE]'
      (Xcode and SwiftPM show it on the line), github GitHub Actions annotations, sarif
      SARIF 2.1.0, markdown a summary (Docs/CI.md); with these, unreadable files are
      findings (FILE001) on stdout.

      With --strict, an unknown key close to a known one (a misspelling such as
      EventParamters, which drops everything under it) is an error instead of a warning.
      Text output groups more than three findings of one rule in one file into one line
      (a count and the first places); CSV and JSON list every finding.

      With --device, each pattern is also played on each device named: a fallback people
      would notice is DEV001 (warning), one they would not DEV002 (info), nothing felt on
      a device with an actuator DEV003 (warning), a device without one DEV004 (info); the
      message names what plays instead, why, and its d' from the intended effect
      (Docs/Devices.md, "Fallback rules").

      Exit status: 65 if any file could not be decoded (this wins); 66 if a file is
      missing; otherwise 1
      with --strict if any error-severity finding exists; otherwise 0.
      """)

  var paths: [String] = []
  var format = FindingsFormat.text
  var summary: String?
  var strict = false
  var devices = DeviceOptions()
  var threads = ThreadOptions()
  var limits = PatternLimitOptions()

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.paths, PositionalSpec(minimum: 1, missing: "PATH (a pattern file or folder)")),
      .findingsFormat(\.format), .summary(\.summary),
      .flag(
        "strict", help: "Misspelled keys that drop content are errors; exit 1 if any finding has error severity.",
        \.strict),
      .group(\.devices), .group(\.threads), .group(\.limits),
    ]
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    try CommandSupport.checkOutputs([summary], inputs: paths)
    var lenient = LintReport.lint(paths: paths, limits: limits.limits)
    if devices.isGiven {
      lenient = lenient.addingDeviceFindings(
        devices: try devices.profiles(in: environment), limits: limits.limits,
        threads: threads.resolved(in: environment))
    }
    let report = strict ? lenient.strict() : lenient
    // A reporter lists unreadable files as findings.
    for failure in report.failures where format.table != nil {
      console.error(ErrorText.line(failure))
    }
    if report.files.isEmpty {
      // Nothing to lint is an error, never a pass (a file that fails to decode is linted: exit 65).
      var message = "no patterns found in \(paths.joined(separator: " "))"
      if let skipped = report.skippedSummary { message += "; " + skipped }
      throw InputError(message, kind: .missing)
    }
    if let skipped = report.skippedSummary { console.warning(skipped) }
    switch format.table {
    case .text: console.out(Self.text(report))
    case .csv: console.out(Self.csv(report))
    case .json: console.out(JSONWriter.string(Self.json(report)))
    case nil: break
    }
    try format.write(FindingSet.lint(report), summary: summary, console)
    if let status = CommandSupport.loadFailureStatus(report.failures) { return status }
    if strict, report.count(.error) > 0 { return .checkFailed }
    return .success
  }

  static func text(_ report: LintReport) -> String {
    var lines = LintGrouping.groups(report.findings).map { OneLine.escaped($0.description) }
    let checked = report.files.count - report.failures.count
    var summary =
      "\(checked) file(s) checked: \(report.count(.error)) error(s), \(report.count(.warning)) warning(s), \(report.count(.info)) info"
    if !report.failures.isEmpty { summary += "; \(report.failures.count) file(s) unreadable" }
    lines.append(summary)
    return lines.joined(separator: "\n") + "\n"
  }

  static func csv(_ report: LintReport) -> String {
    var table = CSVTable(columns: ["file", "place", "rule", "severity", "message"].map { CSVColumn($0) })
    for finding in report.findings {
      table.append([
        .text(finding.file), .text(finding.place), .text(finding.ruleID), .text(finding.severity.rawValue),
        .text(finding.message),
      ])
    }
    return table.csvText
  }

  static func json(_ report: LintReport) -> JSONValue {
    let files = report.files.map { result -> JSONValue in
      .orderedObject([
        ("file", .string(result.file)),
        ("error", result.error.map { .string($0.description) } ?? .null),
        (
          "findings",
          .list(
            result.findings.map {
              .orderedObject([
                ("rule", .string($0.ruleID)), ("severity", .string($0.severity.rawValue)), ("place", .string($0.place)),
                ("message", .string($0.message)),
              ])
            })
        ),
      ])
    }
    return .orderedObject([
      ("files", .list(files)),
      (
        "summary",
        .orderedObject([
          ("files", .number(Double(report.files.count))), ("unreadable", .number(Double(report.failures.count))),
          ("errors", .number(Double(report.count(.error)))), ("warnings", .number(Double(report.count(.warning)))),
          ("info", .number(Double(report.count(.info)))),
        ])
      ),
    ])
  }
}
