/// The usage line of a command, generated from its argument table so that it cannot drift
/// from what the parser accepts (as swift-argument-parser's `UsageGenerator` does).
package struct Usage: Sendable, Equatable {
  /// The command's words after the tool's name: `baseline check`.
  package var name: String
  /// The positionals, if the command takes any.
  package var positionals: PositionalSpec?
  /// Every option in table order, groups flattened.
  package var options: [OptionSpec]

  package init(name: String, positionals: PositionalSpec?, options: [OptionSpec]) {
    self.name = name
    self.positionals = positionals
    self.options = options
  }

  /// The whole synopsis: name, positionals, then every option in brackets.
  package var synopsis: String {
    ([name] + (positionals.map { [$0.synopsis] } ?? []) + options.map(\.usageSynopsis)).joined(separator: " ")
  }

  /// The short synopsis a usage error prints: `latency PATH... [options]`.
  package var shortSynopsis: String {
    ([name] + (positionals.map { [$0.synopsis] } ?? []) + (options.isEmpty ? [] : ["[options]"]))
      .joined(separator: " ")
  }

  /// ``synopsis`` prefixed by `tool` and wrapped at `width` characters, each continued line
  /// indented under the first option.
  ///
  /// - Complexity: O(length of the synopsis).
  package func wrapped(tool: String, width: Int = 100, indent: String = "  ") -> [String] {
    let head = ([tool, name] + (positionals.map { [$0.synopsis] } ?? [])).joined(separator: " ")
    var lines: [String] = []
    var line = indent + head
    let continuation = String(repeating: " ", count: indent.count + tool.count + 1 + name.count + 1)
    for word in options.map(\.usageSynopsis) {
      if line.count + 1 + word.count > width, line.count > continuation.count {
        lines.append(line)
        line = continuation + word
      } else {
        line += " " + word
      }
    }
    lines.append(line)
    return lines
  }
}

extension ParsableArguments {
  /// The positionals this table takes, if any.
  package static var positionalSpec: PositionalSpec? {
    for entry in arguments {
      if case .positionals(let spec) = entry.kind { return spec }
    }
    return nil
  }

  /// The usage of this table under the command name `name`.
  package static func usage(name: String) -> Usage {
    Usage(name: name, positionals: positionalSpec, options: optionSpecs)
  }
}
