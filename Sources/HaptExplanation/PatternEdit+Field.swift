import HaptCore
import HaptPatterns

extension PatternEdit {
  /// The edit as one space-free field of a part file, exact (every number its bit pattern,
  /// ``FieldCodec``): `old,new,type,time,kind[,a,b]`, `-` for a missing number or type; a
  /// control's kind is `control:PARAMETER:added|removed|changed` with its time as `a`.
  package var field: String {
    func n(_ x: Int?) -> String { x.map(String.init) ?? "-" }
    var parts = [
      n(oldNumber), n(newNumber), FieldCodec.text(eventType?.rawValue), FieldCodec.number(time_s),
    ]
    switch change {
    case .added: parts.append("added")
    case .removed: parts.append("removed")
    case .envelope: parts.append("envelope")
    case .moved(let a, let b): parts += ["moved", FieldCodec.number(a), FieldCodec.number(b)]
    case .intensity(let a, let b): parts += ["intensity", FieldCodec.number(a), FieldCodec.number(b)]
    case .sharpness(let a, let b): parts += ["sharpness", FieldCodec.number(a), FieldCodec.number(b)]
    case .duration(let a, let b): parts += ["duration", FieldCodec.number(a), FieldCodec.number(b)]
    case .control(let parameter, let t, let kind):
      parts += ["control", FieldCodec.text(parameter.rawValue), kind.rawValue, FieldCodec.number(t)]
    }
    return parts.joined(separator: ",")
  }

  /// The edit a ``field`` holds, nil when it is not one.
  package init?(field: Substring) {
    let f = field.split(separator: ",", omittingEmptySubsequences: false)
    guard f.count >= 5, let time = FieldCodec.number(f[3]), let time, let typeName = FieldCodec.text(f[2]) else {
      return nil
    }
    func n(_ s: Substring) -> Int?? { s == "-" ? .some(nil) : Int(s).map { .some($0) } }
    guard let old = n(f[0]), let new = n(f[1]) else { return nil }
    let type = typeName.flatMap(HapticEventType.init(rawValue:))
    guard (typeName == nil) == (type == nil) else { return nil }
    func pair() -> (Double, Double)? {
      guard f.count == 7, let a = FieldCodec.number(f[5]), let a, let b = FieldCodec.number(f[6]), let b else {
        return nil
      }
      return (a, b)
    }
    let change: Change
    switch f[4] {
    case "added" where f.count == 5: change = .added
    case "removed" where f.count == 5: change = .removed
    case "envelope" where f.count == 5: change = .envelope
    case "moved": guard let (a, b) = pair() else { return nil }; change = .moved(from_s: a, to_s: b)
    case "intensity": guard let (a, b) = pair() else { return nil }; change = .intensity(from: a, to: b)
    case "sharpness": guard let (a, b) = pair() else { return nil }; change = .sharpness(from: a, to: b)
    case "duration": guard let (a, b) = pair() else { return nil }; change = .duration(from_s: a, to_s: b)
    case "control":
      guard f.count == 8, let name = FieldCodec.text(f[5]), let name, let kind = ControlEdit(rawValue: String(f[6])),
        let t = FieldCodec.number(f[7]), let t
      else { return nil }
      change = .control(parameter: DynamicParameterID(rawValue: name), time_s: t, kind: kind)
    default: return nil
    }
    self.init(oldNumber: old, newNumber: new, eventType: type, time_s: time, change: change)
  }
}
