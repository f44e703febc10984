import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// A recording prepared for ``DeviceFit``: checked, scaled to g, its mean (gravity, sensor
/// offset) removed and resampled to the device's simulation rate.
package struct FitRecording: Sendable {
  /// The file the recording came from (errors name it).
  package var path: String
  /// Acceleration in g at the profile's sample rate, zero mean.
  package var acceleration_g: Signal
  /// The file's own sample rate, Hz.
  package var originalRate_Hz: Double

  /// The largest |acceleration| a recording may hold, g. A handheld device vibrating
  /// moves at a few g (the shipped profiles peak below 5 g; phone accelerometers saturate
  /// at 2-16 g); a sample beyond 1000 g is not the vibration of a device's body but a
  /// file in other units, a wrong scale or damaged data, which would otherwise surface as
  /// a fitted body mass below zero.
  package static let maximumAcceleration_g = 1000.0

  /// Flat tops longer than this many samples at the recording's peak mean clipping.
  package static let clippedRunSamples = 3

  /// Checks and prepares `signal` (read from `path`, raw units times `scale`).
  ///
  /// Refused, each with a one-line ``InputError`` naming the file (malformed):
  /// - samples out of range: a sample (times `scale`) that is not finite or beyond
  ///   ``maximumAcceleration_g``, with its place;
  /// - a silent recording: its peak (after removing the mean) is below the detection
  ///   threshold of a phone in the hand anywhere in the drive band (nothing a person
  ///   would feel, nothing to fit);
  /// - a recording that ends before the pattern's first event has started on the start
  ///   profile (`firstEvent_s`: trigger to the first event's output, seconds);
  /// - a clipped recording: the peak magnitude is held for at least
  ///   ``clippedRunSamples`` consecutive samples in two places or more, or for five in one
  ///   (a sensor or file at full scale; a sine's peak is held for at most a sample or two
  ///   even at 192 kHz).
  ///
  /// - Parameters:
  ///   - signal: the samples as read (mono: ``AudioFile/read(path:maxFrames:maxDuration_s:)``
  ///     refuses other channel counts).
  ///   - scale: g per unit of the file's samples.
  ///   - firstEvent_s: when the first event's output starts after the trigger, s.
  ///   - band_Hz: the drive band, for the silence threshold.
  ///   - sampleRate_Hz: the simulation rate to resample to.
  package init(
    _ signal: Signal, path: String, scale: Double, firstEvent_s: Double, band_Hz: ClosedRange<Double>,
    sampleRate_Hz: Double
  ) throws {
    self.path = path
    originalRate_Hz = signal.sampleRate_Hz
    guard scale.isFinite, scale > 0 else {
      throw InputError(file: path, "the scale must be a positive number of g per unit")
    }
    var samples = signal.samples.map { $0 * scale }
    if let n = samples.firstIndex(where: { !$0.isFinite || abs($0) > Self.maximumAcceleration_g }) {
      throw InputError(
        file: path, place: "sample \(n)",
        "is \(FitFormat.significant(samples[n])) g, out of the range of a vibrating device (its body moves at a few g; "
          + "the limit is \(JSONWriter.number(Self.maximumAcceleration_g)) g): the recording's samples are not acceleration in g",
        setting: .recordingScale)
    }
    let mean = samples.reduce(0, +) / Double(max(samples.count, 1))
    for n in samples.indices { samples[n] -= mean }
    guard signal.duration_s > firstEvent_s else {
      throw InputError(
        file: path,
        "lasts \(FitFormat.seconds(signal.duration_s)), shorter than the pattern's first event, which starts \(FitFormat.seconds(firstEvent_s)) after the trigger"
      )
    }
    let peak = samples.map(abs).max() ?? 0
    let threshold =
      stride(from: band_Hz.lowerBound, through: band_Hz.upperBound, by: 1)
      .map { DetectionThreshold.threshold_g(at: $0) }.min() ?? 0
    guard peak >= threshold else {
      throw InputError(
        file: path,
        "is silent: its peak \(FitFormat.significant(peak)) g is below the detection threshold \(FitFormat.significant(threshold)) g",
        setting: .recordingScale)
    }
    if let place = FitRecording.clipping(signal.samples) {
      throw InputError(file: path, place: place, "is clipped (the peak is held flat); record at a lower gain or range")
    }
    var prepared = Signal(samples: samples, sampleRate_Hz: signal.sampleRate_Hz)
    prepared = try RecordingResampling.resample(prepared, to: sampleRate_Hz, path: path)
    acceleration_g = prepared
  }

  /// The place of the first flat top if the raw samples are clipped, else nil.
  static func clipping(_ raw: [Double]) -> String? {
    let peak = raw.map(abs).max() ?? 0
    guard peak > 0 else { return nil }
    let level = peak * (1 - 1e-6)
    var runs: [(start: Int, length: Int)] = []
    var start = -1
    for n in 0...raw.count {
      let high = n < raw.count && abs(raw[n]) >= level
      if high, start < 0 { start = n }
      if !high, start >= 0 {
        if n - start >= clippedRunSamples { runs.append((start, n - start)) }
        start = -1
      }
    }
    guard runs.count >= 2 || runs.contains(where: { $0.length >= 5 }), let first = runs.first else { return nil }
    return "sample \(first.start)"
  }
}

/// Number formatting for fit messages.
enum FitFormat {
  static func seconds(_ s: Double) -> String { "\(JSONWriter.number((s * 1000).rounded() / 1000)) s" }
  static func significant(_ x: Double, digits: Int = 3) -> String {
    guard x.isFinite, x != 0 else { return JSONWriter.number(x) }
    let scale = pow(10, Double(digits - 1 - Int(log10(abs(x)).rounded(.down))))
    return JSONWriter.number((x * scale).rounded() / scale)
  }
}
