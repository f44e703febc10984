import HaptCore
import HaptPatterns

/// Designers' words for the edits of a pattern file (Docs/Explanations.md): intensity
/// reads stronger or weaker, sharpness sharper or duller (with the frequency it maps to on
/// the device, when one is given), time earlier or later, duration longer or shorter.
package enum EditWording {
  /// "event 2 (transient at 0.10 s)".
  package static func eventName(_ number: Int, _ type: HapticEventType?, at time_s: Double) -> String {
    let kind =
      switch type {
      case .hapticTransient: "transient"
      case .hapticContinuous: "continuous"
      default: "event"
      }
    return "event \(number) (\(kind) at \(seconds(time_s)) s)"
  }

  /// One event's edits as one line: "event 2 (transient at 0.15 s): moved 50 ms later
  /// (0.10 → 0.15 s); intensity 0.80 → 0.64 (weaker)".
  ///
  /// - Parameters:
  ///   - band_Hz: the device's drive band, to say which frequency a sharpness maps to; nil
  ///     leaves the frequencies out.
  ///   - frequencyControl: false on a device that plays every sharpness alike (an ERM):
  ///     a sharpness edit then says so.
  package static func sentence(
    _ edits: [PatternEdit], band_Hz: ClosedRange<Double>? = nil, frequencyControl: Bool = true
  ) -> String {
    guard let first = edits.first else { return "" }
    let number = first.newNumber ?? first.oldNumber ?? 0
    let name = eventName(number, first.eventType, at: first.time_s)
    if first.change == .removed, let old = first.oldNumber {
      return "\(eventName(old, first.eventType, at: first.time_s)) removed"
    }
    if first.change == .added { return "\(name) added" }
    return name + ": "
      + edits.map { phrase($0.change, band_Hz: band_Hz, frequencyControl: frequencyControl) }.joined(separator: "; ")
  }

  /// A control edit: "intensity control at 0.20 s changed".
  package static func controlSentence(_ edit: PatternEdit) -> String {
    guard case .control(let parameter, let time_s, let kind) = edit.change else { return phrase(edit.change) }
    return "\(controlName(parameter)) at \(seconds(time_s)) s \(kind.rawValue)"
  }

  /// The words of one change, without the event's name.
  package static func phrase(
    _ change: PatternEdit.Change, band_Hz: ClosedRange<Double>? = nil, frequencyControl: Bool = true
  ) -> String {
    switch change {
    case .added: return "added"
    case .removed: return "removed"
    case .moved(let from, let to):
      return
        "moved \(milliseconds(abs(to - from))) ms \(to > from ? "later" : "earlier") (\(seconds(from)) → \(seconds(to)) s)"
    case .intensity(let from, let to):
      return "intensity \(value(from)) → \(value(to)) (\(to > from ? "stronger" : "weaker"))"
    case .sharpness(let from, let to):
      var words = "sharpness \(value(from)) → \(value(to)) (\(to > from ? "sharper" : "duller")"
      if let band_Hz {
        let (a, b) = (
          HertzPattern.frequency_Hz(atSharpness: from, band_Hz: band_Hz),
          HertzPattern.frequency_Hz(atSharpness: to, band_Hz: band_Hz)
        )
        words += ": \(DecimalText.fixed(a, decimals: 0)) → \(DecimalText.fixed(b, decimals: 0)) Hz on this device"
      } else if !frequencyControl {
        words += " as written; this device has no frequency control"
      }
      return words + ")"
    case .duration(let from, let to):
      return
        "\(milliseconds(abs(to - from))) ms \(to > from ? "longer" : "shorter") (\(seconds(from)) → \(seconds(to)) s)"
    case .envelope:
      return "envelope (attack, decay or release) changed"
    case .control(let parameter, let time_s, let kind):
      return "\(controlName(parameter)) at \(seconds(time_s)) s \(kind.rawValue)"
    }
  }

  /// "intensity control", "sharpness control", or the parameter's AHAP name.
  package static func controlName(_ parameter: DynamicParameterID) -> String {
    switch parameter {
    case .hapticIntensityControl: "intensity control"
    case .hapticSharpnessControl: "sharpness control"
    case .hapticAttackTimeControl: "attack time control"
    case .hapticDecayTimeControl: "decay time control"
    case .hapticReleaseTimeControl: "release time control"
    default: parameter.rawValue
    }
  }

  /// A 0...1 parameter with two decimals.
  static func value(_ x: Double) -> String { DecimalText.fixed(x, decimals: 2) }

  /// Milliseconds, whole.
  static func milliseconds(_ seconds: Double) -> String { DecimalText.fixed(seconds * 1000, decimals: 0) }

  /// Seconds as the felt layer writes them (``FileEventNames/seconds(_:)``): two
  /// decimals, or three where two would hide a difference.
  package static func seconds(_ value: Double) -> String { FileEventNames.seconds(value) }
}
