import Foundation
import HaptCore
import HaptPatterns

/// One system feedback preset: an approximation of a platform haptic, as an AHAP file in
/// `Corpora/system/`.
package struct Preset: Equatable, Sendable {
  /// The file name without extension (`uikit-notification-success`): the name a set is
  /// referred to by.
  package var name: String
  /// The API that plays it (`UINotificationFeedbackGenerator .success`).
  package var api: String
  /// Where the API plays haptics (never iPad).
  package var platforms: [Platform]
  /// The AHAP file's path.
  package var file: String

  /// Loads the preset's pattern.
  package func load() throws -> LoadedPattern { try PatternFile.load(path: file) }
}

/// The system presets (UIKit, SwiftUI, watchOS) and their platform table.
///
/// Apple does not publish these waveforms; the files approximate them from public
/// descriptions (success and warning: medium, two taps; error: strong, three taps;
/// selection: very light; impact weights light to heavy), and each file's metadata
/// description says so and gives its rationale. Availability (Apple's documentation of
/// UIFeedbackGenerator, SensoryFeedback and WKHapticType): UIKit generators on iPhone;
/// SensoryFeedback `start`/`stop` on watchOS only, `increase`/`decrease` on watchOS and
/// iOS, `alignment`/`levelChange` on macOS only; WKHapticType on watchOS; nothing on iPad.
package enum Presets {
  /// The default confusability review set: the three UIKit notification presets.
  package static let defaultReviewSet = [
    "uikit-notification-success", "uikit-notification-warning", "uikit-notification-error",
  ]

  /// The table: name, API, platforms. Order is the listing order of `hapt presets`.
  package static let table: [(name: String, api: String, platforms: [Platform])] = [
    ("uikit-impact-light", "UIImpactFeedbackGenerator(style: .light)", [.iOS]),
    ("uikit-impact-medium", "UIImpactFeedbackGenerator(style: .medium)", [.iOS]),
    ("uikit-impact-heavy", "UIImpactFeedbackGenerator(style: .heavy)", [.iOS]),
    ("uikit-impact-soft", "UIImpactFeedbackGenerator(style: .soft)", [.iOS]),
    ("uikit-impact-rigid", "UIImpactFeedbackGenerator(style: .rigid)", [.iOS]),
    ("uikit-selection", "UISelectionFeedbackGenerator", [.iOS]),
    ("uikit-notification-success", "UINotificationFeedbackGenerator .success", [.iOS]),
    ("uikit-notification-warning", "UINotificationFeedbackGenerator .warning", [.iOS]),
    ("uikit-notification-error", "UINotificationFeedbackGenerator .error", [.iOS]),
    ("swiftui-success", "SensoryFeedback.success", [.iOS, .watchOS]),
    ("swiftui-warning", "SensoryFeedback.warning", [.iOS, .watchOS]),
    ("swiftui-error", "SensoryFeedback.error", [.iOS, .watchOS]),
    ("swiftui-selection", "SensoryFeedback.selection", [.iOS, .watchOS]),
    ("swiftui-increase", "SensoryFeedback.increase", [.iOS, .watchOS]),
    ("swiftui-decrease", "SensoryFeedback.decrease", [.iOS, .watchOS]),
    ("swiftui-start", "SensoryFeedback.start", [.watchOS]),
    ("swiftui-stop", "SensoryFeedback.stop", [.watchOS]),
    ("swiftui-alignment", "SensoryFeedback.alignment", [.macOS]),
    ("swiftui-level-change", "SensoryFeedback.levelChange", [.macOS]),
    ("swiftui-path-complete", "SensoryFeedback.pathComplete", [.iOS]),
    ("swiftui-impact-weight-light", "SensoryFeedback.impact(weight: .light, intensity: 1)", [.iOS, .watchOS]),
    ("swiftui-impact-weight-medium", "SensoryFeedback.impact(weight: .medium, intensity: 1)", [.iOS, .watchOS]),
    ("swiftui-impact-weight-heavy", "SensoryFeedback.impact(weight: .heavy, intensity: 1)", [.iOS, .watchOS]),
    (
      "swiftui-impact-flexibility-rigid", "SensoryFeedback.impact(flexibility: .rigid, intensity: 1)", [.iOS, .watchOS]
    ),
    (
      "swiftui-impact-flexibility-solid", "SensoryFeedback.impact(flexibility: .solid, intensity: 1)", [.iOS, .watchOS]
    ),
    ("swiftui-impact-flexibility-soft", "SensoryFeedback.impact(flexibility: .soft, intensity: 1)", [.iOS, .watchOS]),
    ("watchos-notification", "WKHapticType.notification", [.watchOS]),
    ("watchos-direction-up", "WKHapticType.directionUp", [.watchOS]),
    ("watchos-direction-down", "WKHapticType.directionDown", [.watchOS]),
    ("watchos-success", "WKHapticType.success", [.watchOS]),
    ("watchos-failure", "WKHapticType.failure", [.watchOS]),
    ("watchos-retry", "WKHapticType.retry", [.watchOS]),
    ("watchos-start", "WKHapticType.start", [.watchOS]),
    ("watchos-stop", "WKHapticType.stop", [.watchOS]),
    ("watchos-click", "WKHapticType.click", [.watchOS]),
  ]

  /// Every preset, in table order, with its file in `folder` (default:
  /// `Corpora/system/`, or `Corpora/system/NAME.ahap` relative to the current folder if no
  /// corpora folder is found).
  package static func all(in folder: URL? = Corpora.directory("system")) -> [Preset] {
    table.map { entry in
      let file =
        folder?.appendingPathComponent(entry.name + ".ahap").path ?? "Corpora/system/\(entry.name).ahap"
      return Preset(name: entry.name, api: entry.api, platforms: entry.platforms, file: file)
    }
  }

  /// The preset called `name`, or nil.
  package static func named(_ name: String, in folder: URL? = Corpora.directory("system")) -> Preset? {
    all(in: folder).first { $0.name == name }
  }
}
