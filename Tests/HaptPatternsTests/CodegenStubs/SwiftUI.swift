// SwiftUI's sensory feedback, as Apple documents it
// (developer.apple.com/documentation/swiftui/sensoryfeedback and
// View/sensoryFeedback(_:trigger:)), with a minimal View. Bodies do nothing.
public protocol View {}

public struct SensoryFeedback: Equatable, Sendable {
  public struct Weight: Equatable, Sendable {
    public static let light = Weight()
    public static let medium = Weight()
    public static let heavy = Weight()
  }

  public struct Flexibility: Equatable, Sendable {
    public static let rigid = Flexibility()
    public static let solid = Flexibility()
    public static let soft = Flexibility()
  }

  public static let success = SensoryFeedback()
  public static let warning = SensoryFeedback()
  public static let error = SensoryFeedback()
  public static let selection = SensoryFeedback()
  public static let increase = SensoryFeedback()
  public static let decrease = SensoryFeedback()
  public static let start = SensoryFeedback()
  public static let stop = SensoryFeedback()
  public static let alignment = SensoryFeedback()
  public static let levelChange = SensoryFeedback()
  public static let pathComplete = SensoryFeedback()
  public static let impact = SensoryFeedback()
  public static func impact(weight: Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
    SensoryFeedback()
  }
  public static func impact(flexibility: Flexibility, intensity: Double = 1.0) -> SensoryFeedback {
    SensoryFeedback()
  }
}

public struct SensoryFeedbackView<Content: View>: View {}

extension View {
  public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View {
    SensoryFeedbackView<Self>()
  }
}
