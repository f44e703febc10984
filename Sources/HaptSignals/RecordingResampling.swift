import HaptCore

/// Resampling a recording read from a file, bounded: a header may claim any sample rate,
/// and resampling a few kilobytes declared at 1 Hz to 8 kHz would build tens of millions
/// of samples. Reading refuses rates below ``AudioFile/minimumSampleRate_Hz``; resampling
/// up refuses to build more than ``maxUpsampledCount`` samples.
package enum RecordingResampling {
  /// The most samples resampling a recording up (to a higher rate) may build: 10 minutes
  /// at 8 kHz. Resampling down never builds more samples than were read.
  package static let maxUpsampledCount = 4_800_000

  /// `signal` (read from `path`) at `rate_Hz`.
  /// - Throws: ``InputError`` naming `path` when resampling up would build more than
  ///   ``maxUpsampledCount`` samples.
  package static func resample(_ signal: Signal, to rate_Hz: Double, path: String) throws -> Signal {
    guard signal.sampleRate_Hz != rate_Hz else { return signal }
    let count = (Double(signal.count) * rate_Hz / signal.sampleRate_Hz).rounded(.up)
    if rate_Hz > signal.sampleRate_Hz, count > Double(maxUpsampledCount) {
      throw InputError(
        file: path,
        "resampling its \(signal.count) samples at \(JSONWriter.number(signal.sampleRate_Hz)) Hz to \(JSONWriter.number(rate_Hz)) Hz would build \(Int(count)) samples, more than the limit of \(maxUpsampledCount) (10 minutes at 8 kHz); shorten it or record at a higher rate",
        kind: .overLimit)
    }
    return Resampler.resample(signal, to: rate_Hz)
  }
}
