import HaptCore
import HaptPatterns

/// The Apple API that `hapt codegen` writes Swift for.
package enum CodegenTarget: String, CaseIterable, Sendable {
  /// Core Haptics: a `CHHapticPattern` with every event, dynamic parameter and curve of
  /// the pattern (iPhone; iOS 13 and later).
  case coreHaptics = "corehaptics"
  /// UIKit feedback generators (`UIImpactFeedbackGenerator` and friends): system presets
  /// `uikit-*` only.
  case uiKit = "uikit"
  /// SwiftUI's `sensoryFeedback(_:trigger:)` view modifier: system presets `swiftui-*` only.
  case swiftUI = "swiftui"
  /// WatchKit's `WKInterfaceDevice.play(_:)`: system presets `watchos-*` only.
  case watchKit = "watchkit"
}

/// Why Swift cannot be generated for a pattern and target.
package enum CodegenError: HaptError, Equatable, Sendable {
  /// The target plays system presets and the pattern is not one (or not one of its API).
  case notAPresetOf(target: CodegenTarget, pattern: String, targets: [CodegenTarget])

  package var description: String {
    switch self {
    case .notAPresetOf(let target, let pattern, let targets):
      let allowed = targets.map(\.rawValue).joined(separator: " or ")
      return "'\(pattern)' is not a system preset of \(target.rawValue); generate it for \(allowed)"
    }
  }
}
