// The UIKit feedback generators `hapt codegen` output uses, as Apple documents them
// (developer.apple.com/documentation/uikit/uifeedbackgenerator); main-actor isolated as
// in the SDK. Bodies do nothing.
@MainActor open class UIFeedbackGenerator {
  public init() {}
  open func prepare() {}
}

@MainActor open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackStyle: Int, Sendable {
    case light, medium, heavy, soft, rigid
  }

  public init(style: FeedbackStyle) {}
  open func impactOccurred() {}
  open func impactOccurred(intensity: Double) {}
}

@MainActor open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
  open func selectionChanged() {}
}

@MainActor open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackType: Int, Sendable {
    case success, warning, error
  }

  open func notificationOccurred(_ notificationType: FeedbackType) {}
}
