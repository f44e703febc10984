// WatchKit's haptic playback, as Apple documents it
// (developer.apple.com/documentation/watchkit/wkinterfacedevice/play(_:)). Bodies do
// nothing.
public enum WKHapticType: Int, Sendable {
  case notification, directionUp, directionDown, success, failure, retry, start, stop, click
  case navigationGenericManeuver, navigationLeftTurn, navigationRightTurn, underwaterDepthPrompt
  case underwaterDepthCriticalPrompt
}

@MainActor public class WKInterfaceDevice {
  public static func current() -> WKInterfaceDevice { WKInterfaceDevice() }
  public func play(_ type: WKHapticType) {}
}
