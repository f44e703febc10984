/// What `--help` and usage errors say about a command: its name, summary, usage lines and
/// discussion. The options come from the command's argument table.
package struct CommandHelp: Sendable {
  /// The words after the tool's name: `lint`, `baseline record`.
  package let name: String
  /// One line for the command list.
  package let summary: String
  /// Usage lines without the tool's name: `lint PATH... [options]`.
  package let usage: [String]
  /// Paragraphs shown under the usage in `--help`.
  package let discussion: String

  package init(name: String, summary: String, usage: [String], discussion: String = "") {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.discussion = discussion
  }

  /// The text of `TOOL NAME --help`, with `options` (`--help` is added) and, for a command
  /// with subcommands, their names and summaries.
  package func text(tool: String, options: [OptionSpec], subcommands: [CommandHelp] = []) -> String {
    var lines = ["OVERVIEW: \(summary)", ""]
    lines.append("USAGE:")
    lines += usage.map { "  \(tool) \($0)" }
    if !discussion.isEmpty {
      lines += ["", discussion]
    }
    if !subcommands.isEmpty {
      lines += ["", "SUBCOMMANDS:"]
      let width = (subcommands.map(\.lastWord.count).max() ?? 0) + 4
      for sub in subcommands {
        lines.append("  " + sub.lastWord + String(repeating: " ", count: width - sub.lastWord.count) + sub.summary)
      }
      lines += ["", "See '\(tool) \(name) <subcommand> --help' for a subcommand's options."]
    }
    lines += ["", "OPTIONS:"]
    let all = options + [OptionSpec(name: "help", valueName: nil, help: "Show this help.", repeatable: false)]
    let width = min(30, (all.map(\.synopsis.count).max() ?? 0) + 2)
    for option in all {
      let left = "  " + option.synopsis
      let pad = max(1, width + 2 - left.count)
      lines.append(left + String(repeating: " ", count: pad) + option.help)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The last word of the name (`record` of `baseline record`).
  package var lastWord: String { String(name.split(separator: " ").last ?? Substring(name)) }
}
