/// What `--help` and usage errors say about a command: its name, summary, other forms and
/// discussion. The usage line and the options come from the command's argument table
/// (``Usage``), so help cannot disagree with the parser.
package struct CommandHelp: Sendable {
  /// The words after the tool's name: `lint`, `baseline record`.
  package let name: String
  /// One line for the command list.
  package let summary: String
  /// Ways to call the command that the generated usage line does not show (one of two
  /// exclusive modes, a sharded run), without the tool's name: `confusion --counts FILE.csv`.
  /// Every option a form names must be in the command's table (the tests check).
  package let forms: [String]
  /// Paragraphs shown under the usage in `--help`.
  package let discussion: String

  package init(name: String, summary: String, forms: [String] = [], discussion: String = "") {
    self.name = name
    self.summary = summary
    self.forms = forms
    self.discussion = discussion
  }

  /// The text of `TOOL NAME --help`: the usage generated from `usage` (a command group's
  /// from its subcommands' usages), the forms, the discussion, the subcommands and the
  /// options (`--help` is added).
  package func text(tool: String, usage: Usage, subcommands: [(help: CommandHelp, usage: Usage)] = []) -> String {
    var lines = ["OVERVIEW: \(summary)", ""]
    lines.append("USAGE:")
    if subcommands.isEmpty {
      lines += usage.wrapped(tool: tool)
    } else {
      lines += subcommands.map { "  \(tool) \($0.usage.shortSynopsis)" }
    }
    lines += forms.map { "  \(tool) \($0)" }
    if !discussion.isEmpty {
      lines += ["", discussion]
    }
    if !subcommands.isEmpty {
      lines += ["", "SUBCOMMANDS:"]
      let width = (subcommands.map(\.help.lastWord.count).max() ?? 0) + 4
      for (sub, _) in subcommands {
        lines.append("  " + sub.lastWord + String(repeating: " ", count: width - sub.lastWord.count) + sub.summary)
      }
      lines += ["", "See '\(tool) \(name) <subcommand> --help' for a subcommand's options."]
    }
    lines += ["", "OPTIONS:"]
    let all = usage.options + [OptionSpec(name: "help", valueName: nil, help: "Show this help.", repeatable: false)]
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
