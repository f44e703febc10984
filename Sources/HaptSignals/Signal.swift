/// A uniformly sampled, real, mono signal: an acceleration in g, a drive voltage in V,
/// or any other quantity named by its owner.
public struct Signal: Equatable, Sendable {
  /// The samples; sample n is at time `n / sampleRate_Hz` seconds after the start.
  public var samples: [Double]
  /// Samples per second (Hz).
  public var sampleRate_Hz: Double

  public init(samples: [Double], sampleRate_Hz: Double) {
    self.samples = samples
    self.sampleRate_Hz = sampleRate_Hz
  }

  /// A signal of `count` zeros.
  public init(zeros count: Int, sampleRate_Hz: Double) {
    self.init(samples: [Double](repeating: 0, count: count), sampleRate_Hz: sampleRate_Hz)
  }

  /// Number of samples.
  public var count: Int { samples.count }

  /// Length in seconds.
  public var duration_s: Double { Double(samples.count) / sampleRate_Hz }

  /// The time of sample `n`, in seconds.
  public func time(ofSample n: Int) -> Double { Double(n) / sampleRate_Hz }
}
