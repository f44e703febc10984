import HaptSignals

extension WaveformChart {
  /// Renders the acceleration `signal` (in g) with its envelope and markers.
  ///
  /// - Parameters:
  ///   - title: The chart's title.
  ///   - acceleration: The acceleration in g.
  ///   - start_ms: Time of the first sample relative to the trigger, in milliseconds.
  ///   - envelope_g: An envelope of the same length (``Envelope/analytic(_:)``), or nil.
  ///   - markers: Latency markers (``ChartMarker/latencyMarkers(detect_s:t10_s:t50_s:t90_s:stop_s:)``).
  package static func render(
    title: String, acceleration: Signal, start_ms: Double = 0, envelope_g: [Double]? = nil,
    markers: [ChartMarker] = [], width: Int = 1100, height: Int = 320
  ) -> SVGChart {
    render(
      title: title, acceleration_g: acceleration.samples, sampleRate_Hz: acceleration.sampleRate_Hz,
      start_ms: start_ms, envelope_g: envelope_g, markers: markers, width: width, height: height)
  }
}

extension SpectrogramChart {
  /// Renders a ``Spectrogram`` made by ``Spectra/spectrogram(_:window:hop:)``.
  ///
  /// The frame step and bin spacing are read from the spectrogram's `times_s` and
  /// `frequencies_Hz` (assumed uniform, as ``Spectra`` makes them).
  ///
  /// - Parameters:
  ///   - title: The chart's title.
  ///   - spectrogram: The levels in dB.
  ///   - start_ms: Time of the analysed signal's first sample relative to the trigger, in
  ///     milliseconds (frame times are shifted by it).
  ///   - maxFrequency_Hz: Highest frequency shown (nil: all bins).
  ///   - range_dB: Span of the colour scale below the largest level.
  ///   - timeDomain_ms: The time axis, ms after the trigger (nil: the frames' extent).
  ///   - maxColumns: Most raster columns (time).
  package static func render(
    title: String, spectrogram: Spectrogram, start_ms: Double = 0, maxFrequency_Hz: Double? = 1000,
    range_dB: Double = 60, timeDomain_ms: ClosedRange<Double>? = nil, maxColumns: Int = 120, width: Int = 1100,
    height: Int = 320
  ) -> SVGChart {
    let times = spectrogram.times_s
    let frequencies = spectrogram.frequencies_Hz
    let step_ms = times.count >= 2 ? (times[1] - times[0]) * 1000 : 1
    let spacing_Hz = frequencies.count >= 2 ? frequencies[1] - frequencies[0] : 1
    return render(
      title: title, decibels: spectrogram.levels_dB, frameStep_ms: step_ms,
      firstFrame_ms: start_ms + (times.first ?? 0) * 1000, binSpacing_Hz: spacing_Hz,
      maxFrequency_Hz: maxFrequency_Hz, range_dB: range_dB, timeDomain_ms: timeDomain_ms, maxColumns: maxColumns,
      width: width,
      height: height)
  }
}
