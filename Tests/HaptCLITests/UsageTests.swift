import Foundation
import HaptCommandLine
import Testing

@testable import hapt

/// The usage lines are generated from the argument tables; the hand-written forms may name
/// only options the tables have.
@Suite struct UsageTests {
  /// Every command and subcommand hapt has.
  static var commands: [any HaptCommand.Type] {
    Commands.all.flatMap { [$0] + $0.subcommands }
  }

  @Test func everyFormNamesOnlyOptionsOfItsCommand() {
    for command in Self.commands {
      let known = Set(command.optionSpecs.map(\.flagName))
      // A group's forms may name its subcommands' options.
      let subcommandOptions = Set(command.subcommands.flatMap { $0.optionSpecs.map(\.flagName) })
      for form in command.help.forms {
        let named = form.split(separator: " ").map { $0.split(separator: "=")[0] }.filter { $0.hasPrefix("--") }
          .map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: "[]."))) }
        for option in named {
          #expect(
            known.contains(option) || subcommandOptions.contains(option),
            "\(command.help.name): form '\(form)' names \(option), which is not in its table")
        }
      }
    }
  }

  @Test func helpShowsEveryOptionOfTheTableInTheUsage() {
    for command in Self.commands where command.subcommands.isEmpty {
      let help = Hapt.helpText(command)
      let usage = help.components(separatedBy: "\n\n")[1]
      for option in command.optionSpecs {
        #expect(usage.contains(option.usageSynopsis), "\(command.help.name): \(option.usageSynopsis) not in its usage")
      }
      for line in command.usage.wrapped(tool: "hapt") {
        #expect(line.count <= 100, "\(command.help.name): usage line of \(line.count) characters")
        #expect(usage.contains(line))
      }
    }
  }

  @Test func usageErrorsPrintTheShortSynopsis() {
    #expect(LatencyCommand.usage.shortSynopsis == "latency PATH... [options]")
    #expect(CompareCommand.usage.shortSynopsis == "compare A B [options]")
    #expect(ConfusionCommand.usage.shortSynopsis == "confusion [PATH...] [options]")
    #expect(CodegenCommand.usage.shortSynopsis == "codegen PATTERN [options]")
  }

  @Test func positionalsReadAsTheirCount() {
    #expect(PositionalSpec(minimum: 1, missing: "PATH (a file)").synopsis == "PATH...")
    #expect(PositionalSpec(minimum: 0, maximum: 1, missing: "FOLDER").synopsis == "[FOLDER]")
    #expect(PositionalSpec(minimum: 1, maximum: 1, missing: "IN (a pattern file)").synopsis == "IN")
    #expect(PositionalSpec(minimum: 1, missing: "PART... (folders)").synopsis == "PART...")
    #expect(PositionalSpec(minimum: 2, maximum: 2, valueNames: ["A", "B"]).synopsis == "A B")
  }
}
