import HaptCore

extension AndroidVibration {
  /// Strict vibration XML: a UTF-8 declaration, the schema's element and attribute names,
  /// four-space indentation, attributes in a fixed order, defaults written out only where
  /// they differ (`scale` 1 and `delayMs` 0 are omitted, as Android's serializer does).
  ///
  /// `decode(encode(v))` gives `v` back for every vibration whose scales are in 0...1.
  public func encode() -> String {
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
    let inner = indent + "    "
    out += indent + "<vibration-effect>\n"
    switch effect {
    case .predefined(let name, let fallback):
      let fallbackAttribute = fallback ? "" : " fallback=\"false\""
      out += inner + "<predefined-effect name=\"\(name.rawValue)\"\(fallbackAttribute)/>\n"
    case .composition(let primitives):
      for primitive in primitives {
        var line = inner + "<primitive-effect name=\"\(primitive.name.rawValue)\""
        if primitive.scale != 1 { line += " scale=\"\(JSONWriter.number(primitive.scale))\"" }
        if primitive.delay_ms != 0 { line += " delayMs=\"\(primitive.delay_ms)\"" }
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
    }
    out += indent + "</vibration-effect>\n"
  }
}
