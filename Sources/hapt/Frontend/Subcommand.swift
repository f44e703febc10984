import HaptCore

/// A `hapt` subcommand: its option table (which both parses and prints help) and its body.
struct Subcommand: Sendable {
  /// The word after `hapt`: `lint`, `render`, ...
  let name: String
  /// One line for the command list.
  let summary: String
  /// Usage lines without the leading `hapt`: `lint PATH... [options]`.
  let usage: [String]
  /// Paragraphs shown under the usage in `--help`.
  let discussion: String
  /// The options, `--help` excluded (every command has it).
  let options: [OptionSpec]
  /// The body: returns the exit status; throws ``HaptError`` for usage or input errors.
  let run: @Sendable (ParsedArguments, Console) throws -> ExitStatus

  /// The text of `hapt NAME --help`.
  var help: String {
    var lines = ["OVERVIEW: \(summary)", ""]
    lines.append("USAGE:")
    lines += usage.map { "  hapt \($0)" }
    if !discussion.isEmpty {
      lines += ["", discussion]
    }
    lines += ["", "OPTIONS:"]
    let all = options + [OptionSpec.flag("help", help: "Show this help.")]
    let width = min(30, (all.map(\.synopsis.count).max() ?? 0) + 2)
    for option in all {
      let left = "  " + option.synopsis
      let pad = max(1, width + 2 - left.count)
      lines.append(left + String(repeating: " ", count: pad) + option.help)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
