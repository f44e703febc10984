/// A dynamic parameter that changes piecewise linearly between control points (AHAP
/// `ParameterCurve`, Core Haptics `CHHapticParameterCurve`).
///
/// A point's pattern time is the curve's `time_s` plus the point's own `time_s`. The curve
/// has no effect before its first point, interpolates linearly between points, and holds
/// its last value until a later curve or step of the same identifier starts (Docs/Model.md §1).
package struct ParameterCurve: Equatable, Sendable {
  /// One control point: a time relative to the curve's start and a value.
  package struct ControlPoint: Equatable, Sendable {
    /// Seconds after the curve's `time_s`.
    package var time_s: Double
    /// The control's value at that time.
    package var value: Double

    package init(time_s: Double, value: Double) {
      self.time_s = time_s
      self.value = value
    }
  }

  /// Which control the curve drives.
  package var parameterID: DynamicParameterID
  /// Pattern time the point times are relative to, in seconds.
  package var time_s: Double
  /// The control points, in file order (the decoder reports unsorted ones).
  package var controlPoints: [ControlPoint]

  package init(parameterID: DynamicParameterID, time_s: Double, controlPoints: [ControlPoint]) {
    self.parameterID = parameterID
    self.time_s = time_s
    self.controlPoints = controlPoints
  }

  /// Pattern time of the first control point (where the curve takes effect), or nil if
  /// the curve has no points.
  package var start_s: Double? { controlPoints.first.map { time_s + $0.time_s } }

  /// Pattern time of the last control point, or nil if the curve has no points.
  package var end_s: Double? {
    controlPoints.map { time_s + $0.time_s }.max()
  }
}
