import HaptSignals

extension PerceptualFeatures {
  /// The perceptual features of an acceleration signal (in g), for d'.
  ///
  /// The signal's mean is removed first (a constant offset, such as gravity in a
  /// recording, is not a vibration); the perceived frequency comes from the Hann spectrum
  /// (``HannPowerSpectrum``, the amplitudes of ``Spectra/hannMagnitude(_:paddedToFastLength:)``),
  /// zero-padded to a fast length. See
  /// ``PerceptualFeatures`` for the model.
  ///
  /// - Parameter signal: acceleration in g, any sample rate. Non-finite samples make the
  ///   signal count as silent.
  /// - Complexity: O(n log n): two Hann spectra and a few linear passes.
  package init(_ signal: Signal) {
    var samples = signal.samples
    var sum = 0.0
    for value in samples { sum += value }
    guard sum.isFinite else {
      self.init(samples: [], sampleRate_Hz: signal.sampleRate_Hz, frequency_Hz: nil)
      return
    }
    if !samples.isEmpty {
      let mean = sum / Double(samples.count)
      if mean != 0 { for k in samples.indices { samples[k] -= mean } }
    }
    let rate = signal.sampleRate_Hz
    self.init(samples: samples, sampleRate_Hz: rate) { felt in
      guard rate > 0 else { return nil }  // no bin above 0 Hz
      return Self.perceivedFrequency_Hz(
        HannPowerSpectrum(Signal(samples: felt, sampleRate_Hz: rate), paddedToFastLength: true))
    }
  }
}
