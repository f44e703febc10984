import HaptCore
import HaptPatterns

extension AndroidVibration {
  /// A Kotlin snippet that builds the same `VibrationEffect` (API 30+ for compositions).
  ///
  /// A `<vibration-select>` becomes a chain of capability checks choosing the first
  /// alternative the device supports, as the platform does for the XML: envelopes need
  /// API 36 and `Vibrator.areEnvelopeEffectsSupported()`, compositions API 30 and
  /// `areAllPrimitivesSupported`, predefined effects `areAllEffectsSupported`, waveform
  /// levels other than 0 and 255 `hasAmplitudeControl()`; the last alternative is returned
  /// unchecked. The snippet defines `fun hapticEffect(vibrator: Vibrator):
  /// VibrationEffect`; `comments` are written above it.
  package func kotlin(functionName: String = "hapticEffect", comments: [String] = []) -> String {
    var out = "import android.os.Build\nimport android.os.VibrationEffect\nimport android.os.Vibrator\n\n"
    for comment in comments { out += "// \(comment)\n" }
    out += "fun \(functionName)(vibrator: Vibrator): VibrationEffect {\n"
    for (index, effect) in effects.enumerated() {
      let isLast = index == effects.count - 1
      if let condition = Self.supportCondition(effect), !isLast {
        out += "    if (\(condition)) {\n        return \(Self.expression(effect, indent: "            "))\n    }\n"
      } else {
        out += "    return \(Self.expression(effect, indent: "        "))\n"
        break
      }
    }
    out += "}\n"
    return out
  }

  private static func supportCondition(_ effect: AndroidVibrationEffect) -> String? {
    switch effect {
    case .waveform(let waveform): return waveform.needsAmplitudeControl ? "vibrator.hasAmplitudeControl()" : nil
    case .composition(let primitives):
      let names = Array(Set(primitives.map(\.name))).sorted { $0.rawValue < $1.rawValue }
        .map { "VibrationEffect.Composition.\($0.constantName)" }
      return "Build.VERSION.SDK_INT >= 30 && vibrator.areAllPrimitivesSupported(\(names.joined(separator: ", ")))"
    case .predefined(let name, _):
      return
        "Build.VERSION.SDK_INT >= 30 && vibrator.areAllEffectsSupported(VibrationEffect.\(name.constantName)) == Vibrator.VIBRATION_EFFECT_SUPPORT_YES"
    case .waveformEnvelope, .basicEnvelope:
      return "Build.VERSION.SDK_INT >= 36 && vibrator.areEnvelopeEffectsSupported()"
    case .repeating(let preamble, let repeating):
      let conditions = ([preamble].compactMap { $0 } + [repeating]).compactMap(supportCondition)
      return conditions.isEmpty ? nil : conditions.joined(separator: " && ")
    }
  }

  private static func float(_ value: Double) -> String { JSONWriter.number(value) + "f" }

  private static func expression(_ effect: AndroidVibrationEffect, indent: String) -> String {
    switch effect {
    case .predefined(let name, _):
      return "VibrationEffect.createPredefined(VibrationEffect.\(name.constantName))"
    case .composition(let primitives):
      var out = "VibrationEffect.startComposition()\n"
      for primitive in primitives {
        let type = primitive.delayType == .pause ? "" : ", VibrationEffect.Composition.DELAY_TYPE_RELATIVE_START_OFFSET"
        out +=
          indent
          + ".addPrimitive(VibrationEffect.Composition.\(primitive.name.constantName), \(JSONWriter.number(primitive.scale))f, \(primitive.delay_ms)\(type))\n"
      }
      return out + indent + ".compose()"
    case .waveformEnvelope(let envelope):
      var out = "VibrationEffect.WaveformEnvelopeBuilder()\n"
      if let f = envelope.initialFrequency_Hz { out += indent + ".setInitialFrequencyHz(\(float(f)))\n" }
      for p in envelope.controlPoints {
        out += indent + ".addControlPoint(\(float(p.amplitude)), \(float(p.frequency_Hz)), \(p.duration_ms))\n"
      }
      return out + indent + ".build()"
    case .basicEnvelope(let envelope):
      var out = "VibrationEffect.BasicEnvelopeBuilder()\n"
      if let s = envelope.initialSharpness { out += indent + ".setInitialSharpness(\(float(s)))\n" }
      for p in envelope.controlPoints {
        out += indent + ".addControlPoint(\(float(p.intensity)), \(float(p.sharpness)), \(p.duration_ms))\n"
      }
      return out + indent + ".build()"
    case .repeating(let preamble, let repeating):
      let inner = indent + "    "
      let parts = ([preamble].compactMap { $0 } + [repeating]).map { inner + expression($0, indent: inner + "    ") }
      return "VibrationEffect.createRepeatingEffect(\n" + parts.joined(separator: ",\n") + ")"
    case .waveform(let waveform):
      let timings = waveform.entries.map { "\($0.duration_ms)" }.joined(separator: ", ")
      let amplitudes = waveform.entries.map { $0.amplitude.map(String.init) ?? "VibrationEffect.DEFAULT_AMPLITUDE" }
        .joined(separator: ", ")
      return "VibrationEffect.createWaveform(\n" + indent + "longArrayOf(\(timings)),\n" + indent
        + "intArrayOf(\(amplitudes)),\n" + indent + "\(waveform.repeatIndex ?? -1))"
    }
  }
}
