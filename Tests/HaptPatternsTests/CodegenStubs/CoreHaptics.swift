// The Core Haptics declarations `hapt codegen` output uses, with the names, labels and
// types of Apple's documentation (developer.apple.com/documentation/corehaptics), so that
// generated code can be type-checked where Core Haptics does not exist. Bodies do nothing.
import Foundation

public typealias CHHapticAudioResourceID = Int
public let CHHapticTimeImmediate: TimeInterval = 0

public class CHHapticEvent {
  public struct EventType: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let hapticTransient = EventType(rawValue: "HapticTransient")
    public static let hapticContinuous = EventType(rawValue: "HapticContinuous")
    public static let audioContinuous = EventType(rawValue: "AudioContinuous")
    public static let audioCustom = EventType(rawValue: "AudioCustom")
  }

  public struct ParameterID: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")
    public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")
    public static let attackTime = ParameterID(rawValue: "AttackTime")
    public static let decayTime = ParameterID(rawValue: "DecayTime")
    public static let releaseTime = ParameterID(rawValue: "ReleaseTime")
    public static let sustained = ParameterID(rawValue: "Sustained")
    public static let audioVolume = ParameterID(rawValue: "AudioVolume")
    public static let audioPitch = ParameterID(rawValue: "AudioPitch")
    public static let audioPan = ParameterID(rawValue: "AudioPan")
    public static let audioBrightness = ParameterID(rawValue: "AudioBrightness")
  }

  public init(
    eventType type: EventType, parameters eventParams: [CHHapticEventParameter],
    relativeTime time: TimeInterval
  ) {}
  public init(
    eventType type: EventType, parameters eventParams: [CHHapticEventParameter],
    relativeTime time: TimeInterval,
    duration: TimeInterval
  ) {}
  public init(
    audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter],
    relativeTime time: TimeInterval
  ) {}
  public init(
    audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter],
    relativeTime time: TimeInterval, duration: TimeInterval
  ) {}
}

public class CHHapticEventParameter {
  public init(parameterID: CHHapticEvent.ParameterID, value: Float) {}
}

public class CHHapticDynamicParameter {
  public struct ID: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let hapticIntensityControl = ID(rawValue: "HapticIntensityControl")
    public static let hapticSharpnessControl = ID(rawValue: "HapticSharpnessControl")
    public static let hapticAttackTimeControl = ID(rawValue: "HapticAttackTimeControl")
    public static let hapticDecayTimeControl = ID(rawValue: "HapticDecayTimeControl")
    public static let hapticReleaseTimeControl = ID(rawValue: "HapticReleaseTimeControl")
    public static let audioVolumeControl = ID(rawValue: "AudioVolumeControl")
    public static let audioPanControl = ID(rawValue: "AudioPanControl")
    public static let audioPitchControl = ID(rawValue: "AudioPitchControl")
    public static let audioBrightnessControl = ID(rawValue: "AudioBrightnessControl")
    public static let audioAttackTimeControl = ID(rawValue: "AudioAttackTimeControl")
    public static let audioDecayTimeControl = ID(rawValue: "AudioDecayTimeControl")
    public static let audioReleaseTimeControl = ID(rawValue: "AudioReleaseTimeControl")
  }

  public init(parameterID: ID, value: Float, relativeTime time: TimeInterval) {}
}

public class CHHapticParameterCurve {
  public class ControlPoint {
    public init(relativeTime time: TimeInterval, value: Float) {}
  }

  public init(
    parameterID: CHHapticDynamicParameter.ID, controlPoints: [ControlPoint], relativeTime: TimeInterval
  ) {}
}

public class CHHapticPattern {
  public init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws {}
  public init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws {}
}

public protocol CHHapticPatternPlayer {
  func start(atTime time: TimeInterval) throws
}

struct StubPlayer: CHHapticPatternPlayer {
  func start(atTime time: TimeInterval) throws {}
}

public class CHHapticEngine {
  public init() throws {}
  public func start() throws {}
  public func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer { StubPlayer() }
  public func registerAudioResource(
    _ resourceURL: URL, options: [AnyHashable: Any] = [:]
  ) throws
    -> CHHapticAudioResourceID
  { 0 }
}
