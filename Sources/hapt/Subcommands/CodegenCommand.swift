import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptFormats
import HaptCodegen

/// `hapt codegen PATTERN [--target ...]`: prints the Swift that plays a pattern.
struct CodegenCommand: HaptCommand {
  static let help = CommandHelp(
    name: "codegen",
    summary:
      "Print the Swift that plays a pattern (Core Haptics, or a preset's UIKit, SwiftUI or WatchKit call).",
    discussion: """
      PATTERN is a pattern file (.ahap or .haptic) or the name of a system preset (see
      'hapt presets'). corehaptics writes a CHHapticPattern with every event, dynamic
      parameter and parameter curve, and a function that plays it; it works for every
      pattern. For a system preset the default target is the preset's own API (uikit:
      the UIFeedbackGenerator call; swiftui: a View extension applying .sensoryFeedback;
      watchkit: WKInterfaceDevice.play), which plays Apple's haptic itself; the comment
      says where it plays. The Swift names come from the pattern's name, or from NAME.
      Output goes to stdout; see Docs/Codegen.md.
      """)

  var inputs: [String] = []
  var target: CodegenTarget?
  var name: String?

  var input: String { inputs[0] }

  static var arguments: [Argument<Self>] {
    [
      .positionals(
        \.inputs,
        PositionalSpec(minimum: 1, maximum: 1, missing: "PATTERN (a .ahap or .haptic file, or a preset name)")),
      .option(
        "target", "corehaptics|uikit|swiftui|watchkit",
        help: "The API to play it with (default: a preset's own API, else corehaptics).", \.target, .choice),
      .option(
        "name", "NAME", help: "Name the Swift functions after NAME (default: the pattern's name).", \.name,
        ValueParser.string.refusing(
          unless: { $0.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) },
          expected: "a name with at least one letter")),
    ]
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    let (loaded, preset) = try Self.load(input)
    let target =
      target ?? SwiftCodegen.defaultTarget(for: preset)
    var name = loaded.name
    if let given = self.name { name = given }
    let source =
      preset.map { "the system preset \($0.name) (\(URL(fileURLWithPath: $0.file).lastPathComponent))" }
      ?? input
    console.out(
      try SwiftCodegen.generate(loaded.pattern, name: name, source: source, preset: preset, target: target))
    return .success
  }

  /// The pattern, and the preset it is: by preset name, or a file named after a preset
  /// that holds the preset's pattern (the shipped file or a copy of it).
  static func load(_ input: String) throws -> (LoadedPattern, Preset?) {
    let isFile = FileManager.default.fileExists(atPath: input)
    if !isFile, let preset = Presets.named(input) {
      return (try preset.load(), preset)
    }
    if !isFile, PatternFormat(path: input) == nil {
      // Neither a file nor a preset: most likely a mistyped preset name.
      let hint = NearestName.closest(to: input, among: Presets.all().map(\.name)).map { "; did you mean \($0)?" }
      throw InputError(
        file: input, "no such preset or pattern file" + (hint ?? " (hapt presets lists the presets)"), kind: .missing)
    }
    let loaded = try PatternFile.load(path: input)
    guard let preset = Presets.named(loaded.name), let shipped = try? preset.load(),
      shipped.pattern == loaded.pattern
    else { return (loaded, nil) }
    return (loaded, preset)
  }
}
