import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// An acceleration signal to measure: a pattern rendered on a device, or a recorded
/// accelerometer trace (WAV/FLAC), both at the metrics' sample rate.
public struct SignalSource: Sendable {
  /// What the signal came from, for output.
  public enum Origin: Sendable, Equatable {
    case pattern(device: String, state: EngineState)
    /// A recording; `resampledFrom_Hz` is its original rate when it was resampled.
    case recording(resampledFrom_Hz: Double?)
  }

  /// The metrics' sample rate (ST-SIM assumes 8 kHz), Hz.
  public static let metricRate_Hz = 8000.0
  /// File extensions read as recordings.
  public static let recordingExtensions: Set<String> = ["wav", "flac"]

  /// The file's name without extension.
  public var label: String
  public var path: String
  public var acceleration_g: Signal
  /// Trigger -> end of drive, seconds (patterns only).
  public var driveEnd_s: Double?
  public var origin: Origin
  /// Notes for the user: what the render approximates (``Rendering/notes``: an Android
  /// fallback or repeat) or what reading a recording assumed.
  public var notes: [String] = []
  /// Largest |acceleration| at the signal's own rate (the device's rate for a render, the
  /// file's rate for a recording), before any resampling to 8 kHz, g. The same definition
  /// as `peak_g` everywhere else.
  public var peak_g: Double = 0
  /// A pattern's own events as rendered (nil for a recording, or a looped or rate-changed
  /// render), for change messages that name them.
  public var eventNames: FileEventNames?

  /// Loads `path`: a recording is read (and resampled to 8 kHz with an anti-aliasing
  /// filter if needed); a pattern is rendered on `device` with `options`.
  public static func load(_ path: String, device: DeviceProfile, options: RenderOptions) throws -> SignalSource {
    let url = URL(fileURLWithPath: path)
    let label = url.deletingPathExtension().lastPathComponent
    if recordingExtensions.contains(url.pathExtension.lowercased()) {
      var signal: Signal
      var notes: [String] = []
      do {
        let read = try AudioFile.read(path: path)
        signal = read.signal
        if read.metadata[AudioFile.assumedFullScaleKey] != nil {
          notes.append(
            "integer samples without fullScale_g metadata; read with full scale = 1 g (a sample of 1.0 is 1 g)")
        }
      } catch let error as InputError {
        throw error.inFile(path)
      }
      let peak = PeakLevel.peak_g(signal.samples)
      var resampledFrom: Double?
      if signal.sampleRate_Hz != metricRate_Hz {
        resampledFrom = signal.sampleRate_Hz
        signal = Resampler.resample(signal, to: metricRate_Hz)
      }
      return SignalSource(
        label: label, path: path, acceleration_g: signal, driveEnd_s: nil,
        origin: .recording(resampledFrom_Hz: resampledFrom),
        notes: notes, peak_g: peak)
    }
    let loaded: LoadedPattern
    do {
      loaded = try PatternFile.load(path: path)
    } catch let error as InputError {
      throw error.inFile(path)
    }
    let rendering = Renderer(device: device).render(loaded.pattern, options: options)
    var acceleration = rendering.acceleration_g
    let peak = PeakLevel.peak_g(acceleration.samples)
    if acceleration.sampleRate_Hz != metricRate_Hz {
      acceleration = Resampler.resample(acceleration, to: metricRate_Hz)
    }
    var source = SignalSource(
      label: label, path: path, acceleration_g: acceleration, driveEnd_s: rendering.driveEnd_s,
      origin: .pattern(device: device.name, state: options.state), peak_g: peak)
    source.notes = rendering.notes
    if options.loopCount == 1, options.playbackRate == 1 {
      source.eventNames = FileEventNames(pattern: loaded.pattern, latency_s: rendering.latency_s)
    }
    return source
  }

  /// A one-line description of the origin.
  public var originDescription: String {
    switch origin {
    case .pattern(let device, let state): "pattern rendered on \(device), \(state.rawValue)"
    case .recording(let rate?):
      "recording, resampled from \(JSONWriter.number(rate)) Hz to 8000 Hz (windowed-sinc anti-aliasing)"
    case .recording(nil): "recording at 8000 Hz"
    }
  }
}

/// `hapt compare A B`: every metric between two signals.
public struct SignalComparison: Sendable {
  public var a: SignalSource
  public var b: SignalSource
  /// ST-SIM and SPQI, both directions and symmetric, averaged over blocks where either
  /// signal is perceptible (Docs/Model.md §6.6).
  public var perceptible: PairSimilarity
  /// The same with the reference's convention (silent blocks score 0), zero-padded.
  public var reference: PairSimilarity
  /// Distinguishability, JND units.
  public var dPrime: Double
  /// What differs from A to B, event by event, largest first (every term of d' of at least
  /// ``SignalComparison/reportedChange_JND``).
  public var changes: [PerceptualChange]
  /// Smallest term of d' listed in ``changes``, JND.
  public static let reportedChange_JND = 0.1
  public var verdict: PairVerdict
  public var markersA: EnvelopeMarkers
  public var markersB: EnvelopeMarkers

  public init(_ a: SignalSource, _ b: SignalSource) {
    self.a = a
    self.b = b
    let fa = SimilarityFeatures(a.acceleration_g)
    let fb = SimilarityFeatures(b.acceleration_g)
    perceptible = similarity(fa, fb, convention: .perceptibleBlocks)
    reference = similarity(fa, fb, convention: .reference)
    let pa = PerceptualFeatures(a.acceleration_g)
    let pb = PerceptualFeatures(b.acceleration_g)
    dPrime = Distinguishability.dPrime(pa, pb)
    changes = FileEventNames.name(
      Distinguishability.changes(from: pa, to: pb, minimum_JND: Self.reportedChange_JND),
      reference: (pa, a.eventNames), candidate: (pb, b.eventNames))
    verdict = PairVerdict(dPrime: dPrime)
    markersA = EnvelopeMarkers.measure(a.acceleration_g, driveEnd_s: a.driveEnd_s)
    markersB = EnvelopeMarkers.measure(b.acceleration_g, driveEnd_s: b.driveEnd_s)
  }
}
