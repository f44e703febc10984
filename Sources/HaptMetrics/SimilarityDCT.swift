import HaptSignals

/// The block transform of ST-SIM and SPQI: the orthonormal DCT-II of 512 samples
/// (`scipy.fftpack.dct(block, norm="ortho")`), on FFTW through ``DCT2Plan``.
enum SimilarityDCT {
  /// Writes the orthonormal DCT-II of one 512-sample block to `output`; thread-safe.
  @Sendable static func transform(
    _ input: UnsafeBufferPointer<Double>, _ output: UnsafeMutableBufferPointer<Double>
  ) {
    DCT2Plan.shared(length: PerceptualSpectrum.blockLength).transform(input, into: output)
  }
}

extension SimilarityFeatures {
  /// Computes the features of `signal`, zero-padded to a whole number of 512-sample
  /// blocks (the pattern-pair rule, Docs/Model.md §6.1).
  ///
  /// ST-SIM and SPQI are defined at 8 kHz (their perceptual spectrum maps block bin i to
  /// `i * 8000 / 1024` Hz): a signal at any other rate is first resampled to 8 kHz with
  /// the anti-aliased ``Resampler``, so no path feeds the features another rate
  /// (``sampleRate_Hz`` keeps the rate the signal came at). A signal whose rate is not a
  /// positive finite number has no meaningful time axis and gives the features of silence.
  ///
  /// - Complexity: O(n log n) for n samples (plus the resampling, O(n) with a fixed
  ///   kernel); about 3 doubles of storage per sample.
  package init(_ signal: Signal) {
    let rate = PerceptualSpectrum.sampleRate_Hz
    let samples: [Double]
    if signal.sampleRate_Hz == rate {
      samples = signal.samples
    } else if signal.sampleRate_Hz > 0, signal.sampleRate_Hz.isFinite {
      samples = Resampler.resample(signal, to: rate).samples
    } else {
      samples = []
    }
    self.init(
      samples: samples, sampleRate_Hz: signal.sampleRate_Hz, rule: .zeroPadded,
      transform: SimilarityDCT.transform)
  }
}
