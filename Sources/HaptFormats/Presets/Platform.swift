import HaptPatterns
/// An Apple platform family that can play haptics.
///
/// iPad is not a case: no iPad has a Taptic Engine, so no preset plays on one (UIKit
/// feedback generators and SwiftUI sensory feedback do nothing there).
package enum Platform: String, CaseIterable, Comparable, Sendable {
  /// iPhone (UIKit feedback generators, SwiftUI sensory feedback, Core Haptics).
  case iOS
  /// Apple Watch (WKHapticType, SwiftUI sensory feedback).
  case watchOS
  /// Mac Force Touch trackpad (NSHapticFeedbackManager, SwiftUI sensory feedback).
  case macOS

  package static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
