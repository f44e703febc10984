import HaptCore
import Foundation
import HaptSignals
import HaptEvaluation

/// A pattern page's sound: the body acceleration rendered on the primary device, played as
/// audio (`patterns/NAME.flac` beside `patterns/NAME.html`, an `<audio>` element on the
/// page, no script). A proxy to listen to, not the feel: the hand feels the vibration,
/// the ear hears the same waveform as sound, at the same time scale.
///
/// The file is lossless FLAC (``FLACEncoder``, hapt's own, so the bytes are the same on
/// every machine; every current browser plays it), 16-bit, mono, at ``rate_Hz`` (4 kHz;
/// the render, at 8 kHz, is resampled with the anti-aliasing low-pass of `Resampler`,
/// flat to 1.6 kHz and 80 dB down from 2 kHz, far above the 50-500 Hz a hand feels), with
/// one fixed scale for every page, ``fullScale_g`` (clipped beyond), so that a stronger
/// pattern sounds louder than a weaker one. The silent end of the render (the samples
/// that round to 0 at 16 bits) is left out. About half the bytes of the same samples as
/// a 16-bit WAV, which the pages held until issue 32.
enum PatternAudio {
  /// The acceleration that plays at full scale, g (a phone's patterns peak near 1 g).
  static let fullScale_g = 2.0
  /// The sound's sample rate, Hz (renders at a higher rate are resampled to it).
  static let rate_Hz = 4000.0

  /// The sound's path in the report folder for the page at `page` (`patterns/NAME.html`).
  static func path(forPage page: String) -> String {
    (page.hasSuffix(".html") ? String(page.dropLast(5)) : page) + ".flac"
  }

  /// Whether `acceleration` has anything to hear (silent renders get no audio).
  static func isAudible(_ acceleration: Signal) -> Bool {
    acceleration.sampleRate_Hz >= 1 && acceleration.samples.contains { $0 != 0 }
  }

  /// The 16-bit levels of `acceleration` at ``rate_Hz`` and the full scale, without the
  /// trailing samples that round to 0 (at least one sample), and their rate in Hz.
  static func levels(_ acceleration: Signal) -> (levels: [Int16], rate_Hz: Int) {
    let heard =
      acceleration.sampleRate_Hz > rate_Hz ? Resampler.resample(acceleration, to: rate_Hz) : acceleration
    var levels = heard.samples.map { sample -> Int16 in
      let scaled = (sample / fullScale_g * 32767).rounded()
      return Int16(scaled.isNaN ? 0 : min(32767, max(-32767, scaled)))
    }
    while levels.count > 1, levels.last == 0 { levels.removeLast() }
    return (levels, Int(max(1, heard.sampleRate_Hz.rounded())))
  }

  /// The FLAC file of `acceleration` (``levels(_:)``).
  ///
  /// - Complexity: O(samples).
  static func flac(_ acceleration: Signal) -> Data {
    let (levels, rate) = levels(acceleration)
    return Data(FLACEncoder.encode(levels, sampleRate_Hz: rate))
  }

  /// The page's block: the `<audio>` element and what it is.
  static func block(file: String, device: String) -> ReportBlock {
    .html(
      .element(
        "figure", attributes: ["class": "audio"],
        [
          .element(
            "audio", attributes: ["controls": "controls", "preload": "none", "src": file],
            text: "Your browser does not play audio: open \(file)."),
          .element(
            "figcaption",
            text:
              "Listen: the body acceleration on \(device), played as sound at the same time scale (\(file); full scale \(DecimalText.fixed(fullScale_g, decimals: 0)) g, the same for every pattern). A proxy to compare patterns by ear, not the feel: the hand feels this waveform as vibration, the ear hears it as sound."
          ),
        ]))
  }
}
