/// A uniformly sampled, real, mono signal: an acceleration in g, a drive voltage in V,
/// or any other quantity named by its owner.
package struct Signal: Equatable, Sendable {
  /// The samples; sample n is at time `n / sampleRate_Hz` seconds after the start.
  package var samples: [Double]
  /// Samples per second (Hz).
  package var sampleRate_Hz: Double

  package init(samples: [Double], sampleRate_Hz: Double) {
    self.samples = samples
    self.sampleRate_Hz = sampleRate_Hz
  }

  /// A signal of `count` zeros.
  package init(zeros count: Int, sampleRate_Hz: Double) {
    self.init(samples: [Double](repeating: 0, count: count), sampleRate_Hz: sampleRate_Hz)
  }

  /// Number of samples.
  package var count: Int { samples.count }

  /// Length in seconds.
  package var duration_s: Double { Double(samples.count) / sampleRate_Hz }

  /// The time of sample `n`, in seconds.
  package func time(ofSample n: Int) -> Double { Double(n) / sampleRate_Hz }
}
