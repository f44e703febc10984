import Foundation

/// Spectra of sampled signals: Hann-windowed magnitude spectrum, dominant frequency,
/// spectrogram.
///
/// Conventions, shared by every function here:
/// - The Hann window is the periodic ("DFT-even") one, `w_n = 0.5 - 0.5 cos(2 pi n / N)`
///   for `n = 0 ..< N` (`scipy.signal.get_window("hann", N)`, to 1e-14:
///   ``hannPoints(count:)``); for N = 1 it is `[1]`.
/// - Magnitudes are a single-sided *amplitude* spectrum in the signal's own units:
///   `|X_k| * 2 / sum(w)` for the bins between DC and Nyquist, `|X_k| / sum(w)` for DC and
///   (even N) Nyquist, so a sine of amplitude A centred on a bin reads A (and a sine
///   between two bins reads down to 0.85 A, the Hann scalloping loss of 1.42 dB).
/// - Bin k is at `k * fs / N` Hz, `k = 0 ... N/2`.
package enum Spectra {
  /// The periodic Hann window of `count` points (see ``Spectra``), from the cache of
  /// recent lengths (``HannWindowCache``).
  package static func hannWindow(count: Int) -> [Double] { hann(count: count).points }

  /// The periodic Hann window of `count` points with the sum of its points, from the cache.
  static func hann(count: Int) -> HannWindow {
    if count <= 0 { return HannWindow(points: []) }
    if count == 1 { return HannWindow(points: [1]) }
    return HannWindowCache.shared.window(count: count) { HannWindow(points: hannPoints(count: $0)) }
  }

  /// Points between anchors of ``hannPoints(count:)``.
  static let hannAnchorInterval = 64

  /// The periodic Hann window's points, `0.5 - 0.5 cos(2 pi n / N)`: cos and sin of the
  /// angle turned by one step from point to point, re-anchored with the C library's every
  /// ``hannAnchorInterval`` points, so within 1e-14 of a `cos` per point (SpectraTests) at
  /// a fraction of its cost (render lengths are many, so windows are often made).
  static func hannPoints(count: Int) -> [Double] {
    let step = 2 * Double.pi / Double(count)
    let turn = (cos: cos(step), sin: sin(step))
    return [Double](unsafeUninitializedCapacity: count) { points, initialised in
      var (c, s) = (1.0, 0.0)
      for n in 0..<count {
        if n % hannAnchorInterval == 0 {
          let angle = step * Double(n)
          (c, s) = (cos(angle), sin(angle))
        }
        points[n] = 0.5 - 0.5 * c
        (c, s) = (c * turn.cos - s * turn.sin, s * turn.cos + c * turn.sin)
      }
      initialised = count
    }
  }

  /// Magnitude spectrum of the Hann-windowed signal.
  ///
  /// - Parameters:
  ///   - signal: any length; an empty signal gives two empty arrays.
  ///   - paddedToFastLength: zero-pad the windowed signal (N samples) to M, the smallest
  ///     length of at least N whose factors are 2, 3, 5 and 7
  ///     (``FFTWPlanner/fastLength(atLeast:)``): the same spectrum sampled on a grid finer
  ///     by at most a few per cent, at a length FFTW transforms fast (a length with a large
  ///     prime factor took about ten times as long) and one of few plans. Otherwise M = N.
  /// - Returns: `frequencies_Hz[k] = k * fs / M` and the single-sided amplitude
  ///   `magnitudes[k]` in the signal's units, `k = 0 ... M/2` (see ``Spectra``).
  /// - Complexity: O(M log M).
  package static func hannMagnitude(
    _ signal: Signal, paddedToFastLength: Bool = false
  ) -> (frequencies_Hz: [Double], magnitudes: [Double]) {
    let spectrum = hannMagnitudes(signal, paddedToFastLength: paddedToFastLength)
    return ((0..<spectrum.magnitudes.count).map(spectrum.frequency_Hz), spectrum.magnitudes)
  }

  /// ``hannMagnitude(_:paddedToFastLength:)`` without the array of bin frequencies:
  /// the magnitudes and the frequency of bin k, `k * fs / M` (the same numbers, bit for
  /// bit), for a caller that needs the frequencies of a few bins only.
  package static func hannMagnitudes(
    _ signal: Signal, paddedToFastLength: Bool = false
  ) -> (magnitudes: [Double], frequency_Hz: @Sendable (Int) -> Double) {
    let n = signal.count
    let rate = signal.sampleRate_Hz
    if n == 0 { return ([], { Double($0) * rate }) }
    let m = paddedToFastLength ? FFTWPlanner.fastLength(atLeast: n) : n
    let magnitudes = amplitudeSpectrum(of: signal.samples, offset: 0, window: hann(count: n), length: m)
    return (magnitudes, { binFrequency_Hz($0, sampleRate_Hz: rate, length: m) })
  }

  /// The frequency of the highest peak of the Hann-windowed magnitude spectrum, in Hz.
  ///
  /// The spectrum is taken over the span from the first to the last non-zero sample, so
  /// silence around a vibration (a cold engine's later start, a longer tail) does not move
  /// the peak. The span's mean is removed first (a constant offset is not a vibration) and
  /// the DC bin is not a candidate. The windowed span is zero-padded to N points, the
  /// smallest length of at least its own whose factors are 2, 3, 5 and 7
  /// (``FFTWPlanner/fastLength(atLeast:)``). The peak bin k is refined by fitting a
  /// parabola through the natural logarithms of the magnitudes at k-1, k, k+1 (Gaussian
  /// interpolation, which is nearly exact for the Hann window's main lobe): offset
  /// `d = (a - c) / (2 (a - 2b + c))` bins, clamped to [-0.5, 0.5], frequency
  /// `(k + d) fs / N`. A pure sine reads within about 0.02 bins of its frequency. Without
  /// a usable neighbour (k = N/2, or a zero magnitude) the bin's own frequency is used.
  ///
  /// - Returns: nil for an empty or constant (for example all-zero) signal, or one with
  ///   non-finite samples.
  /// - Complexity: O(N log N).
  package static func dominantFrequency_Hz(_ signal: Signal) -> Double? {
    guard let centred = centredSpan(signal) else { return nil }
    let n = centred.count
    // Zero-padded to a fast length: finer bins, and one of few plans.
    let length = FFTWPlanner.fastLength(atLeast: n)
    let window = hann(count: n)
    let found: (peak: Int, magnitude: (Int) -> Double)? = squaredModuli(
      of: centred, offset: 0, window: window, length: length
    ) { squared, bins in
      func magnitude(_ k: Int) -> Double {
        binMagnitude(squaredModulus: squared[k], bin: k, length: length, windowSum: window.sum)
      }
      guard let peak = firstPeakBin(squared, bins: bins, length: length, magnitude: magnitude) else { return nil }
      // The peak's neighbours, read before the scratch spectrum is gone.
      let around = [peak - 1, peak, peak + 1].map { $0 < bins ? magnitude($0) : 0 }
      return (peak, { around[$0 - peak + 1] })
    }
    guard let (peak, magnitude) = found.map({ ($0.peak, $0.magnitude) }) else { return nil }
    guard magnitude(peak) > 0, magnitude(peak).isFinite else { return nil }
    var offset = 0.0
    if peak + 1 < length / 2 + 1, magnitude(peak - 1) > 0, magnitude(peak + 1) > 0 {
      let a = log(magnitude(peak - 1))
      let b = log(magnitude(peak))
      let c = log(magnitude(peak + 1))
      let curvature = a - 2 * b + c
      if curvature < 0 { offset = min(max(0.5 * (a - c) / curvature, -0.5), 0.5) }
    }
    return (Double(peak) + offset) * signal.sampleRate_Hz / Double(length)
  }

  /// The samples ``dominantFrequency_Hz(_:)`` transforms: the span from the first to the
  /// last non-zero sample, less its mean; nil when there is no such span of two samples
  /// that are not all equal, or a sample is not finite.
  static func centredSpan(_ signal: Signal) -> [Double]? {
    guard signal.samples.allSatisfy(\.isFinite),
      let start = signal.samples.firstIndex(where: { $0 != 0 }),
      let end = signal.samples.lastIndex(where: { $0 != 0 })
    else { return nil }
    let span = signal.samples[start...end]
    let n = span.count
    guard n >= 2, let first = span.first, span.contains(where: { $0 != first }) else { return nil }
    let mean = span.reduce(0, +) / Double(n)
    return span.map { $0 - mean }
  }

  /// The first bin above DC whose amplitude (``binMagnitude(squaredModulus:bin:length:windowSum:)``
  /// of `squared`, `magnitude(k)`) is the largest, as a scan of every amplitude finds it,
  /// with the amplitudes made only of the bins that can be the peak
  /// (``SquaredModulusPeak/candidateFloor(fraction:)`` with fraction 1, and Nyquist).
  static func firstPeakBin(
    _ squared: UnsafePointer<Double>, bins: Int, length: Int, magnitude: (Int) -> Double
  ) -> Int? {
    guard bins > 1 else { return nil }
    let largest = SquaredModulusPeak(UnsafeBufferPointer(start: squared, count: bins), length: length)
    let candidate = largest.isReliable ? largest.candidateFloor(fraction: 1) : -Double.infinity
    var peak = 1
    var peakMagnitude = magnitude(1)
    for k in 2..<bins where squared[k] >= candidate || k == largest.nyquist {
      let m = magnitude(k)
      if m > peakMagnitude { (peak, peakMagnitude) = (k, m) }
    }
    return peak
  }

  /// Short-time Fourier transform levels for the report's spectrogram.
  ///
  /// Frame m covers samples `m*hop ..< m*hop + window` (samples past the end count as 0);
  /// there are `1 + ceil(max(0, N - window) / hop)` frames, so the whole signal is
  /// covered. Each frame is Hann-windowed and turned into the amplitude spectrum of
  /// ``Spectra`` in dB re 1 unit (re 1 g for an acceleration in g):
  /// `20 log10(magnitude)`, floored at ``Spectrogram/floor_dB``.
  ///
  /// - Parameters:
  ///   - window: frame length in samples (values below 1 are taken as 1).
  ///   - hop: frame step in samples (values below 1 are taken as 1).
  /// - Returns: an empty spectrogram for an empty signal.
  /// - Complexity: O(frames * window log window).
  package static func spectrogram(_ signal: Signal, window: Int, hop: Int) -> Spectrogram {
    let window = max(window, 1)
    let hop = max(hop, 1)
    let n = signal.count
    let bins = window / 2 + 1
    let frequencies = (0..<bins).map { Double($0) * signal.sampleRate_Hz / Double(window) }
    guard n > 0 else { return Spectrogram(levels_dB: [], times_s: [], frequencies_Hz: frequencies) }
    let frames = 1 + (max(0, n - window) + hop - 1) / hop
    let taper = hann(count: window)
    var levels: [[Double]] = []
    levels.reserveCapacity(frames)
    var times: [Double] = []
    times.reserveCapacity(frames)
    for m in 0..<frames {
      let start = m * hop
      var row = amplitudeSpectrum(of: signal.samples, offset: start, window: taper)
      for k in 0..<row.count {
        row[k] = row[k] > 0 ? max(20 * log10(row[k]), Spectrogram.floor_dB) : Spectrogram.floor_dB
      }
      levels.append(row)
      times.append((Double(start) + Double(window) / 2) / signal.sampleRate_Hz)
    }
    return Spectrogram(levels_dB: levels, times_s: times, frequencies_Hz: frequencies)
  }

  /// Single-sided amplitude spectrum (see ``Spectra``) of `samples[offset ..< offset + N]`
  /// times `window` (N = its point count), with samples past the end taken as 0,
  /// transformed at `length` points (default N; more zero-pads the windowed frame).
  static func amplitudeSpectrum(
    of samples: [Double], offset: Int, window hann: HannWindow, length: Int? = nil
  ) -> [Double] {
    let n = max(length ?? hann.points.count, hann.points.count)
    let windowSum = hann.sum
    return squaredModuli(of: samples, offset: offset, window: hann, length: length) { squared, bins in
      [Double](unsafeUninitializedCapacity: bins) { out, count in
        for k in 0..<bins { out[k] = binMagnitude(squaredModulus: squared[k], bin: k, length: n, windowSum: windowSum) }
        count = bins
      }
    }
  }

  /// The amplitude (see ``Spectra``) of bin `k` of a `length`-point transform of a frame
  /// windowed by points summing to `windowSum`, from the bin's `|X_k|^2`: the one
  /// definition ``amplitudeSpectrum(of:offset:window:length:)`` and
  /// ``HannPowerSpectrum/magnitude(_:)`` share, so that both give the same bits.
  @inline(__always)
  static func binMagnitude(squaredModulus: Double, bin k: Int, length n: Int, windowSum: Double) -> Double {
    squaredModulus.squareRoot() * (isEdgeBin(k, length: n) ? 1 : 2) / windowSum
  }

  /// The frequency of bin `k` of an `n`-point transform at `sampleRate_Hz`, `k * fs / n` Hz.
  @inline(__always)
  static func binFrequency_Hz(_ k: Int, sampleRate_Hz: Double, length n: Int) -> Double {
    Double(k) * sampleRate_Hz / Double(n)
  }

  /// Whether bin `k` of an `n`-point transform is DC or (even `n`) Nyquist: the bins a
  /// single-sided spectrum does not double.
  @inline(__always)
  static func isEdgeBin(_ k: Int, length n: Int) -> Bool { k == 0 || (n % 2 == 0 && k == n / 2) }

  /// Runs `body` with `|X_k|^2` (`re * re + im * im`, unscaled) of each bin of the
  /// windowed frame of ``amplitudeSpectrum(of:offset:window:length:)``, and the bin count.
  static func squaredModuli<T>(
    of samples: [Double], offset: Int, window hann: HannWindow, length: Int? = nil,
    _ body: (UnsafePointer<Double>, Int) -> T
  ) -> T {
    let window = hann.points
    let frameLength = window.count
    let n = max(length ?? frameLength, frameLength)
    let plan = RealFFTPlan.shared(length: n)
    let bins = plan.binCount
    return FFTWPlanner.withAlignedScratch(FFTWPlanner.alignedCount(n) + 2 * bins) { frame in
      let spectrum = frame + FFTWPlanner.alignedCount(n)
      // The frame's samples that exist, then zeros (past the end, and the padding).
      let present = max(0, min(frameLength, samples.count - offset))
      samples.withUnsafeBufferPointer { x in
        window.withUnsafeBufferPointer { w in
          for j in 0..<present { frame[j] = x[offset + j] * w[j] }
        }
      }
      for j in present..<n { frame[j] = 0 }
      plan.forwardAligned(frame, into: spectrum)
      // In place: bin k's pair (2k, 2k+1) is read before any later bin is written.
      for k in 0..<bins {
        let re = spectrum[2 * k]
        let im = spectrum[2 * k + 1]
        spectrum[k] = re * re + im * im
      }
      return body(UnsafePointer(spectrum), bins)
    }
  }
}
