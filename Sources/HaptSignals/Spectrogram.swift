/// Short-time spectrum levels of a signal, for the report's spectrogram chart.
///
/// Made by ``Spectra/spectrogram(_:window:hop:)``. `levels_dB[m][k]` is the level of
/// frame m at frequency `frequencies_Hz[k]`, in dB re 1 unit of the signal (dB re 1 g for
/// an acceleration in g), floored at ``floor_dB``.
package struct Spectrogram: Equatable, Sendable {
  /// The lowest level stored; quieter bins (and exact zeros) read this value (dB).
  package static let floor_dB = -120.0

  /// Levels in dB: rows are frames (time), columns are frequency bins.
  package var levels_dB: [[Double]]
  /// The centre time of each frame, in seconds from the signal's start.
  package var times_s: [Double]
  /// The frequency of each bin, in Hz (`k * fs / window`).
  package var frequencies_Hz: [Double]

  package init(levels_dB: [[Double]], times_s: [Double], frequencies_Hz: [Double]) {
    self.levels_dB = levels_dB
    self.times_s = times_s
    self.frequencies_Hz = frequencies_Hz
  }

  /// Number of frames (rows).
  package var frameCount: Int { levels_dB.count }

  /// The highest level in the spectrogram (dB), or ``floor_dB`` if it is empty.
  package var maximumLevel_dB: Double {
    levels_dB.lazy.compactMap { $0.max() }.max() ?? Self.floor_dB
  }
}
