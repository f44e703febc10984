/// A dynamic parameter set at one instant (AHAP `Parameter`, Core Haptics
/// `CHHapticDynamicParameter`).
///
/// The value applies from `time_s` until a later step or curve of the same identifier
/// starts (Docs/Model.md §1).
package struct ParameterStep: Equatable, Sendable {
  /// Which control the step sets.
  package var parameterID: DynamicParameterID
  /// Pattern time of the step, in seconds.
  package var time_s: Double
  /// The control's new value (a multiplier for intensity, an offset for the others).
  package var value: Double

  package init(parameterID: DynamicParameterID, time_s: Double, value: Double) {
    self.parameterID = parameterID
    self.time_s = time_s
    self.value = value
  }
}
