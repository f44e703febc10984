import HaptPatterns
import HaptFormats
/// The API call a system preset stands for, read from its entry in ``Presets/table``
/// (`UIImpactFeedbackGenerator(style: .light)`, `SensoryFeedback.success`,
/// `WKHapticType.click`, ...).
enum SystemFeedbackCall: Equatable {
  /// `UIImpactFeedbackGenerator(style: .STYLE)`.
  case uiImpact(style: String)
  /// `UISelectionFeedbackGenerator`.
  case uiSelection
  /// `UINotificationFeedbackGenerator` with `.TYPE`.
  case uiNotification(type: String)
  /// `sensoryFeedback(EXPRESSION, trigger:)`, EXPRESSION starting with `.`.
  case sensoryFeedback(expression: String)
  /// `WKInterfaceDevice.current().play(.TYPE)`.
  case watchKit(type: String)

  init?(api: String) {
    func member(after prefix: String) -> String? {
      guard api.hasPrefix(prefix) else { return nil }
      let rest = String(api.dropFirst(prefix.count))
      return rest.isEmpty ? nil : rest
    }
    if let style = member(after: "UIImpactFeedbackGenerator(style: ."), style.hasSuffix(")") {
      self = .uiImpact(style: String(style.dropLast()))
    } else if api == "UISelectionFeedbackGenerator" {
      self = .uiSelection
    } else if let type = member(after: "UINotificationFeedbackGenerator .") {
      self = .uiNotification(type: type)
    } else if let expression = member(after: "SensoryFeedback") {
      self = .sensoryFeedback(expression: expression)
    } else if let type = member(after: "WKHapticType.") {
      self = .watchKit(type: type)
    } else {
      return nil
    }
  }

  var target: CodegenTarget {
    switch self {
    case .uiImpact, .uiSelection, .uiNotification: .uiKit
    case .sensoryFeedback: .swiftUI
    case .watchKit: .watchKit
    }
  }

  /// Where the preset plays, in words, from its platform table.
  static func availabilityNote(_ preset: Preset) -> String {
    let names: [Platform: String] = [
      .iOS: "iPhone (iOS)", .watchOS: "Apple Watch (watchOS)", .macOS: "Mac trackpad (macOS)",
    ]
    let plays = Platform.allCases.filter { preset.platforms.contains($0) }.compactMap { names[$0] }
    let silent =
      Platform.allCases.filter { !preset.platforms.contains($0) }.compactMap { names[$0] } + ["iPad"]
    return "Plays on \(plays.joined(separator: ", ")); silent on \(silent.joined(separator: ", "))."
  }

  /// The `@available` attribute: when the API appeared (Apple's documentation of each).
  var availability: String {
    switch self {
    case .uiImpact(let style) where style == "soft" || style == "rigid": "@available(iOS 13.0, *)"
    case .uiImpact, .uiSelection, .uiNotification: "@available(iOS 10.0, *)"
    case .sensoryFeedback(let expression) where expression.hasPrefix(".pathComplete"):
      "@available(iOS 17.5, macOS 14.5, watchOS 10.5, *)"
    case .sensoryFeedback: "@available(iOS 17.0, macOS 14.0, watchOS 10.0, *)"
    case .watchKit: "@available(watchOS 2.0, *)"
    }
  }

  /// The whole generated file.
  func source(preset: Preset, name: String) -> String {
    let typeName = SwiftSource.typeName(name)
    var lines = SwiftCodegen.header(source: "the system preset \(preset.name)", name: preset.name)
    let note = Self.availabilityNote(preset)
    switch self {
    case .uiImpact, .uiSelection, .uiNotification:
      lines += [
        "import UIKit", "",
        "/// The system haptic `\(preset.api)`, prepared ahead: call `prepare()` when the",
        "/// feedback becomes likely (a gesture begins; Apple: the generator stays ready for a",
        "/// few seconds), then `play()` at the moment. A `prepare()` just before the feedback",
        "/// gains nothing.", "///", "/// \(note)",
        availability, "@MainActor", "final class \(typeName)Feedback {",
        "  private \(generator)", "",
        "  /// Readies the Taptic Engine ahead of `play()`.",
        "  func prepare() {", "    generator.prepare()", "  }", "",
        "  /// Plays the haptic now.",
        "  func play() {", "    generator.\(fire)", "  }", "}", "",
        "/// Plays the system haptic `\(preset.api)` at once (unprepared: the Taptic Engine may",
        "/// add latency; for feedback that must be felt on time use `\(typeName)Feedback`).",
        availability, "@MainActor", "func play\(typeName)() {",
        "  \(generator)", "  generator.\(fire)", "}",
      ]
    case .sensoryFeedback(let expression):
      lines += [
        "import SwiftUI", "",
        "extension View {",
        "  /// Plays the system haptic `\(preset.api)` each time `trigger` changes.", "  ///",
        "  /// \(note)",
        "  " + availability,
        "  func \(Self.lowerFirst(typeName))Feedback<Trigger: Equatable>(trigger: Trigger) -> some View {",
        "    sensoryFeedback(\(expression), trigger: trigger)", "  }", "}",
      ]
    case .watchKit:
      lines += [
        "import WatchKit", "",
        "/// Plays the system haptic `\(preset.api)`.", "///", "/// \(note)",
        availability, "@MainActor", "func play\(typeName)() {",
      ]
      lines += body.map { "  " + $0 }
      lines.append("}")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The statement of the `play` function (WatchKit).
  private var body: [String] {
    switch self {
    case .watchKit(let type): ["WKInterfaceDevice.current().play(.\(type))"]
    case .uiImpact, .uiSelection, .uiNotification, .sensoryFeedback: []
    }
  }

  /// The UIKit generator's declaration: `let generator = ...`.
  private var generator: String {
    switch self {
    case .uiImpact(let style): "let generator = UIImpactFeedbackGenerator(style: .\(style))"
    case .uiSelection: "let generator = UISelectionFeedbackGenerator()"
    case .uiNotification: "let generator = UINotificationFeedbackGenerator()"
    case .sensoryFeedback, .watchKit: ""
    }
  }

  /// The UIKit generator's call that fires the feedback.
  private var fire: String {
    switch self {
    case .uiImpact: "impactOccurred()"
    case .uiSelection: "selectionChanged()"
    case .uiNotification(let type): "notificationOccurred(.\(type))"
    case .sensoryFeedback, .watchKit: ""
    }
  }

  static func lowerFirst(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }
}
