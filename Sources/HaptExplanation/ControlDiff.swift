import HaptPatterns

/// The edits of a pattern's dynamic controls: parameter curves and steps added, removed or
/// changed, each named by its parameter and start time.
///
/// Curves (and steps) of one parameter are paired by start time (within
/// ``PatternDiff/timeTolerance_s``); a pair whose points or value differ (by more than the
/// tolerances) is changed, an unpaired one added or removed.
enum ControlDiff {
  /// A curve or step reduced to what is compared: its parameter, start time and points
  /// (a step is one point at offset 0).
  struct Control {
    var parameter: DynamicParameterID
    var time_s: Double
    var points: [ParameterCurve.ControlPoint]
  }

  static func edits(from old: HapticPattern, to new: HapticPattern) -> [PatternEdit] {
    var edits: [PatternEdit] = []
    let a = controls(old)
    let b = controls(new)
    for parameter in Set(a.keys).union(b.keys).sorted() {
      var unmatched = b[parameter] ?? []
      for control in a[parameter] ?? [] {
        if let k = unmatched.firstIndex(where: { abs($0.time_s - control.time_s) <= PatternDiff.timeTolerance_s }) {
          if !isSame(control.points, unmatched[k].points) {
            edits.append(edit(unmatched[k], .changed))
          }
          unmatched.remove(at: k)
        } else {
          edits.append(edit(control, .removed))
        }
      }
      edits += unmatched.map { edit($0, .added) }
    }
    return edits.sorted { ($0.time_s, $0.sortKey) < ($1.time_s, $1.sortKey) }
  }

  /// Curves and steps by parameter, each list in time order (stable).
  static func controls(_ pattern: HapticPattern) -> [DynamicParameterID: [Control]] {
    var all: [DynamicParameterID: [Control]] = [:]
    for curve in pattern.parameterCurves {
      all[curve.parameterID, default: []].append(
        Control(parameter: curve.parameterID, time_s: curve.time_s, points: curve.controlPoints))
    }
    for step in pattern.parameterSteps {
      all[step.parameterID, default: []].append(
        Control(parameter: step.parameterID, time_s: step.time_s, points: [.init(time_s: 0, value: step.value)]))
    }
    return all.mapValues { list in
      list.enumerated().sorted { ($0.element.time_s, $0.offset) < ($1.element.time_s, $1.offset) }.map(\.element)
    }
  }

  static func isSame(_ a: [ParameterCurve.ControlPoint], _ b: [ParameterCurve.ControlPoint]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        abs($0.time_s - $1.time_s) <= PatternDiff.timeTolerance_s
          && abs($0.value - $1.value) <= PatternDiff.valueTolerance
      }
  }

  static func edit(_ control: Control, _ kind: PatternEdit.ControlEdit) -> PatternEdit {
    PatternEdit(
      oldNumber: nil, newNumber: nil, eventType: nil, time_s: control.time_s,
      change: .control(parameter: control.parameter, time_s: control.time_s, kind: kind))
  }
}

extension PatternEdit {
  /// Orders control edits at one time by parameter name.
  fileprivate var sortKey: String {
    if case .control(let parameter, _, _) = change { return parameter.rawValue }
    return ""
  }
}
