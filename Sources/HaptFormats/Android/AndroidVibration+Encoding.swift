import HaptCore
import HaptPatterns

extension AndroidVibration {
  /// Strict vibration XML: a UTF-8 declaration, the schema's element and attribute names,
  /// four-space indentation, attributes in a fixed order, defaults written out only where
  /// they differ (`scale` 1 and `delayMs` 0 are omitted, as Android's serializer does).
  ///
  /// `decode(encode(v))` gives `v` back for every vibration whose scales are in 0...1.
  package func encode() -> String {
    var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    if isSelect {
      out += "<vibration-select>\n"
      for effect in effects { Self.write(effect, indent: "    ", into: &out) }
      out += "</vibration-select>\n"
    } else if let effect = effects.first {
      Self.write(effect, indent: "", into: &out)
    }
    return out
  }

  private static func write(_ effect: AndroidVibrationEffect, indent: String, into out: inout String) {
    out += indent + "<vibration-effect>\n"
    writeContent(effect, indent: indent + "    ", into: &out)
    out += indent + "</vibration-effect>\n"
  }

  private static func number(_ value: Double) -> String {
    let text = JSONWriter.number(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// The elements inside `<vibration-effect>` (or a repeating effect's part), at `inner`.
  private static func writeContent(_ effect: AndroidVibrationEffect, indent inner: String, into out: inout String) {
    switch effect {
    case .predefined(let name, let fallback):
      let fallbackAttribute = fallback ? "" : " fallback=\"false\""
      out += inner + "<predefined-effect name=\"\(name.rawValue)\"\(fallbackAttribute)/>\n"
    case .composition(let primitives):
      for primitive in primitives {
        var line = inner + "<primitive-effect name=\"\(primitive.name.rawValue)\""
        if primitive.scale != 1 { line += " scale=\"\(JSONWriter.number(primitive.scale))\"" }
        if primitive.delay_ms != 0 { line += " delayMs=\"\(primitive.delay_ms)\"" }
        if primitive.delayType != .pause { line += " delayType=\"\(primitive.delayType.rawValue)\"" }
        out += line + "/>\n"
      }
    case .waveform(let waveform):
      out += inner + "<waveform-effect>\n"
      var entryIndent = inner + "    "
      for (index, entry) in waveform.entries.enumerated() {
        if index == waveform.repeatIndex {
          out += inner + "    <repeating>\n"
          entryIndent += "    "
        }
        let amplitude = entry.amplitude.map(String.init) ?? "default"
        out += entryIndent + "<waveform-entry durationMs=\"\(entry.duration_ms)\" amplitude=\"\(amplitude)\"/>\n"
      }
      if waveform.repeatIndex != nil { out += inner + "    </repeating>\n" }
      out += inner + "</waveform-effect>\n"
    case .waveformEnvelope(let envelope):
      let initial = envelope.initialFrequency_Hz.map { " initialFrequencyHz=\"\(number($0))\"" } ?? ""
      out += inner + "<waveform-envelope-effect\(initial)>\n"
      for point in envelope.controlPoints {
        out +=
          inner
          + "    <control-point amplitude=\"\(number(point.amplitude))\" frequencyHz=\"\(number(point.frequency_Hz))\" durationMs=\"\(point.duration_ms)\"/>\n"
      }
      out += inner + "</waveform-envelope-effect>\n"
    case .basicEnvelope(let envelope):
      let initial = envelope.initialSharpness.map { " initialSharpness=\"\(number($0))\"" } ?? ""
      out += inner + "<basic-envelope-effect\(initial)>\n"
      for point in envelope.controlPoints {
        out +=
          inner
          + "    <control-point intensity=\"\(number(point.intensity))\" sharpness=\"\(number(point.sharpness))\" durationMs=\"\(point.duration_ms)\"/>\n"
      }
      out += inner + "</basic-envelope-effect>\n"
    case .repeating(let preamble, let repeating):
      out += inner + "<repeating-effect>\n"
      if let preamble {
        out += inner + "    <preamble>\n"
        writePart(preamble, indent: inner + "        ", into: &out)
        out += inner + "    </preamble>\n"
      }
      out += inner + "    <repeating>\n"
      writePart(repeating, indent: inner + "        ", into: &out)
      out += inner + "    </repeating>\n"
      out += inner + "</repeating-effect>\n"
    }
  }

  /// A repeating effect's part: waveform entries are written bare (no `<waveform-effect>`).
  private static func writePart(_ effect: AndroidVibrationEffect, indent: String, into out: inout String) {
    if case .waveform(let waveform) = effect {
      for entry in waveform.entries {
        let amplitude = entry.amplitude.map(String.init) ?? "default"
        out += indent + "<waveform-entry durationMs=\"\(entry.duration_ms)\" amplitude=\"\(amplitude)\"/>\n"
      }
    } else {
      writeContent(effect, indent: indent, into: &out)
    }
  }
}
