import Foundation
import HaptCore
import HaptPatterns
import HaptLint

/// `hapt lint` on one-line (minified) AHAP files with a misspelled key in every event, at
/// two sizes 8 times apart: linear lint takes about 8 times as long on the larger one
/// (the target is at most 12 times; issues 32 and 33). Each event yields one finding
/// with a "did you mean" suggestion and a line and column on the file's only line.
enum LintBenchmarks {
  static var all: [Bench.Case] { [oneLine(events: 4_000), oneLine(events: 32_000)] }

  static func oneLine(events: Int) -> Bench.Case {
    Bench.Case(
      name: "lint/one-line-ahap-\(events)",
      summary: "hapt lint of a one-line AHAP with \(events) events, each with a misspelled key, per event"
    ) {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-bench-lint-\(events).ahap")
      try Data(misspelledOneLine(events: events).utf8).write(to: file)
      return {
        let report = LintReport.lint(paths: [file.path])
        guard report.failures.isEmpty, report.findings.count >= events else {
          throw InputError(file: file.path, "lint found \(report.findings.count) findings, expected \(events)")
        }
        return events
      }
    }
  }

  /// A one-line AHAP file of `events` transients 50 ms apart, each with the misspelled key
  /// `EventParameter` (for `EventParameters`).
  static func misspelledOneLine(events: Int) -> String {
    var text = "{\"Version\":1,\"Pattern\":["
    for i in 0..<events {
      if i > 0 { text += "," }
      text +=
        "{\"Event\":{\"Time\":\(JSONWriter.number(Double(i) * 0.05)),\"EventType\":\"HapticTransient\",\"EventParameter\":[]}}"
    }
    return text + "]}"
  }
}
