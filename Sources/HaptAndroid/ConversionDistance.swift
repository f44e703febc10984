import HaptCore
import Foundation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptFormats

/// How far a converted pattern feels from its original, and what the conversion lost.
package struct ConversionDistance: Sendable, Equatable {
  /// The device both were rendered on.
  package var device: String
  /// d' between the original and the converted pattern as read back, in JNDs; nil if
  /// either is silent on the device.
  package var dPrime_JND: Double?
  /// What the conversion drops or approximates, one phrase each.
  package var losses: [String]

  /// One line: the d' and its verdict, then the losses.
  package var summary: String {
    var text: String
    if let d = dPrime_JND {
      let verdict =
        d < PairVerdict.confusableBelow ? "within 1 JND" : (d < 3 ? "feels different" : "feels very different")
      text = "d' \(DecimalText.fixed(d, decimals: 2)) JND from the original on \(device) (\(verdict))"
    } else {
      text = "not compared on \(device): one of them is silent there"
    }
    if !losses.isEmpty { text += "; lost: " + losses.joined(separator: "; ") }
    return text
  }

  /// Renders `original` and `converted` (the output as read back) on `device` (prepared
  /// engine) and compares them with d' (Docs/Perception.md).
  /// - Complexity: two renders and their features.
  package static func measure(
    original: HapticPattern, converted: HapticPattern, losses: [String], on device: DeviceProfile
  ) -> ConversionDistance {
    let renderer = Renderer(device: device)
    let a = renderer.render(original)
    let b = renderer.render(converted)
    var result = ConversionDistance(device: device.name, dPrime_JND: nil, losses: losses)
    guard a.silenceReason == nil, b.silenceReason == nil else { return result }
    result.dPrime_JND = Distinguishability.dPrime(features(a), features(b))
    return result
  }

  private static func features(_ rendering: Rendering) -> PerceptualFeatures {
    var signal = rendering.acceleration_g
    if signal.sampleRate_Hz != SignalSource.metricRate_Hz {
      signal = Resampler.resample(signal, to: SignalSource.metricRate_Hz)
    }
    return PerceptualFeatures(signal)
  }

  /// What writing `pattern` as MPEG-I Haptics (``MPEGHaptics/init(pattern:)``) loses.
  package static func mpegLosses(_ pattern: HapticPattern) -> [String] {
    guard pattern.mpeg == nil else { return [] }
    var losses: [String] = []
    let audio = pattern.events.filter { !$0.type.isHaptic }.count
    if audio > 0 { losses.append("\(audio) audio event(s) dropped") }
    let times = pattern.hapticEvents.flatMap { [$0.time_s, $0.end_s] }.filter(\.isFinite)
    let shift = times.map { abs(($0 * 1000).rounded() / 1000 - $0) }.max() ?? 0
    if shift > 1e-9 {
      losses.append("times rounded to whole milliseconds (up to \(DecimalText.fixed(shift * 1000, decimals: 2)) ms)")
    }
    if !pattern.parameterSteps.isEmpty {
      losses.append("\(pattern.parameterSteps.count) parameter step(s) become 1 ms ramps")
    }
    if !pattern.parameterCurves.isEmpty || pattern.hapticEvents.contains(where: { $0.type == .hapticContinuous }) {
      losses.append(
        "continuous intensity follows straight lines between keyframes within \(JSONNumber.text(MPEGHaptics.conversionIntensityTolerance))"
      )
    }
    return losses
  }

  /// What reading `mpeg` into the pattern model (``MPEGHaptics/pattern()``) and writing it
  /// as AHAP or another event format loses.
  package static func patternLosses(_ mpeg: MPEGHaptics) -> [String] {
    var losses: [String] = []
    let others = mpeg.perceptions.filter { !$0.isRendered }
    if !others.isEmpty {
      losses.append(
        "\(others.count) non-vibrotactile perception(s) (\(others.map(\.modality).joined(separator: ", "))) dropped")
    }
    var bases = Set<String>()
    var wavelet = 0
    var outside = false
    var channels = 0
    for perception in mpeg.perceptions where perception.isRendered {
      channels += perception.channels.count
      for channel in perception.channels {
        for band in channel.bands {
          if band.type == .waveletWave { wavelet += 1 }
          for effect in mpeg.playedEffects(of: band, in: perception) {
            if band.type == .vectorialWave && effect.baseSignal != .sine { bases.insert(effect.baseSignal.rawValue) }
            for k in effect.keyframes {
              if let f = k.frequency_Hz, !MPEGHaptics.sharpnessBand_Hz.contains(f) { outside = true }
            }
          }
        }
      }
    }
    if !bases.isEmpty { losses.append("base signals \(bases.sorted().joined(separator: ", ")) play as sine") }
    if wavelet > 0 { losses.append("\(wavelet) WaveletWave band(s) dropped") }
    if outside { losses.append("frequencies outside 80-230 Hz clamped to sharpness 0 or 1") }
    if channels > 1 { losses.append("\(channels) channels merged into one pattern (curves are global in AHAP)") }
    return losses
  }
}

private enum JSONNumber {
  static func text(_ x: Double) -> String { String(format: "%g", x) }
}
