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
  /// The samples are taken to be at 8 kHz, the rate ST-SIM and SPQI are defined for;
  /// resample other rates before (``sampleRate_Hz`` keeps the rate the signal claimed).
  ///
  /// - Complexity: O(n log n) for n samples; about 3 doubles of storage per sample.
  public init(_ signal: Signal) {
    self.init(
      samples: signal.samples, sampleRate_Hz: signal.sampleRate_Hz, rule: .zeroPadded,
      transform: SimilarityDCT.transform)
  }
}
