import HaptCore
import Foundation
import HaptSignals
import HaptEvaluation

/// A pattern page's sound: the body acceleration rendered on the primary device, played as
/// audio (`patterns/NAME.wav` beside `patterns/NAME.html`, an `<audio>` element on the
/// page, no script). A proxy to listen to, not the feel: the hand feels the vibration,
/// the ear hears the same waveform as sound, at the same time scale.
///
/// The WAV is 16-bit PCM, mono, at ``rate_Hz`` (4 kHz: 8 kB a second; the render, at
/// 8 kHz, is resampled with the anti-aliasing low-pass of `Resampler`, flat to 1.6 kHz
/// and 80 dB down from 2 kHz, far above the 50-500 Hz a hand feels), with one fixed scale
/// for every page, ``fullScale_g`` (clipped beyond), so that a stronger pattern sounds
/// louder than a weaker one. The silent end of the render (the samples that round to 0 at
/// 16 bits) is left out.
enum PatternAudio {
  /// The acceleration that plays at full scale, g (a phone's patterns peak near 1 g).
  static let fullScale_g = 2.0
  /// The WAV's sample rate, Hz (renders at a higher rate are resampled to it).
  static let rate_Hz = 4000.0

  /// The WAV's path in the report folder for the page at `page` (`patterns/NAME.html`).
  static func path(forPage page: String) -> String {
    (page.hasSuffix(".html") ? String(page.dropLast(5)) : page) + ".wav"
  }

  /// Whether `acceleration` has anything to hear (silent renders get no audio).
  static func isAudible(_ acceleration: Signal) -> Bool {
    acceleration.sampleRate_Hz >= 1 && acceleration.samples.contains { $0 != 0 }
  }

  /// The WAV file of `acceleration`: a 44-byte RIFF header and the samples at
  /// ``rate_Hz``, little-endian, without the trailing samples that round to 0.
  ///
  /// - Complexity: O(samples).
  static func wav(_ acceleration: Signal) -> Data {
    let heard =
      acceleration.sampleRate_Hz > rate_Hz ? Resampler.resample(acceleration, to: rate_Hz) : acceleration
    var levels = heard.samples.map { sample -> Int16 in
      let scaled = (sample / fullScale_g * 32767).rounded()
      return Int16(scaled.isNaN ? 0 : min(32767, max(-32767, scaled)))
    }
    while levels.count > 1, levels.last == 0 { levels.removeLast() }
    let rate = UInt32(max(1, heard.sampleRate_Hz.rounded()))
    let count = levels.count
    var data = Data(capacity: 44 + 2 * count)
    func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8))
    u32(UInt32(36 + 2 * count))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(16)  // PCM format chunk size
    u16(1)  // PCM
    u16(1)  // mono
    u32(rate)
    u32(rate * 2)  // bytes a second
    u16(2)  // bytes a frame
    u16(16)  // bits a sample
    data.append(contentsOf: Array("data".utf8))
    u32(UInt32(2 * count))
    for level in levels { u16(UInt16(bitPattern: level)) }
    return data
  }

  /// The page's block: the `<audio>` element and what it is.
  static func block(wavFile: String, device: String) -> ReportBlock {
    .html(
      .element(
        "figure", attributes: ["class": "audio"],
        [
          .element(
            "audio", attributes: ["controls": "controls", "preload": "none", "src": wavFile],
            text: "Your browser does not play audio: open \(wavFile)."),
          .element(
            "figcaption",
            text:
              "Listen: the body acceleration on \(device), played as sound at the same time scale (\(wavFile); full scale \(DecimalText.fixed(fullScale_g, decimals: 0)) g, the same for every pattern). A proxy to compare patterns by ear, not the feel: the hand feels this waveform as vibration, the ear hears it as sound."
          ),
        ]))
  }
}
