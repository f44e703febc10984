import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptFormats
import HaptExplanation

/// An acceleration signal to measure: a pattern rendered on a device, or a recorded
/// accelerometer trace (WAV/FLAC), both at the metrics' sample rate.
package struct SignalSource: Sendable {
  /// What the signal came from, for output.
  package enum Origin: Sendable, Equatable {
    case pattern(device: String, state: EngineState)
    /// A recording; `resampledFrom_Hz` is its original rate when it was resampled.
    case recording(resampledFrom_Hz: Double?)
  }

  /// The metrics' sample rate (ST-SIM assumes 8 kHz), Hz.
  package static let metricRate_Hz = 8000.0
  /// File extensions read as recordings.
  package static let recordingExtensions: Set<String> = ["wav", "flac"]

  /// The file's name without extension.
  package var label: String
  package var path: String
  package var acceleration_g: Signal
  /// Trigger -> end of drive, seconds (patterns only).
  package var driveEnd_s: Double?
  package var origin: Origin
  /// Notes for the user: what the render approximates (``Rendering/notes``: an Android
  /// fallback or repeat) or what reading a recording assumed.
  package var notes: [String] = []
  /// Largest |acceleration| at the signal's own rate (the device's rate for a render, the
  /// file's rate for a recording), before any resampling to 8 kHz, g. The same definition
  /// as `peak_g` everywhere else.
  package var peak_g: Double = 0
  /// A pattern's own events as rendered (nil for a recording, or a looped or rate-changed
  /// render), for change messages that name them.
  package var eventNames: FileEventNames?
  /// The pattern as read from its file, for the edits between two files (nil for a
  /// recording, or a looped or rate-changed render).
  package var pattern: HapticPattern?
  /// The device's drive band, nil for a recording or a device without frequency control
  /// (an ERM): the frequencies a sharpness maps to.
  package var band_Hz: ClosedRange<Double>?

  /// How a recording is read.
  package struct RecordingReading: Sendable, Equatable {
    /// The file is the drive signal sent to the actuator (full scale 1.0 = the device's
    /// rated voltage), played through the device's actuator; otherwise it is acceleration.
    package var isDriveSignal = false
    /// A file of several channels is read as their mean (with a note); otherwise refused.
    package var mixChannels = false
    package init(isDriveSignal: Bool = false, mixChannels: Bool = false) {
      self.isDriveSignal = isDriveSignal
      self.mixChannels = mixChannels
    }
  }

  /// Loads `path`: a recording is read (and resampled to 8 kHz with an anti-aliasing
  /// filter if needed; a drive signal is first played through `device`, as `recording`
  /// says); a pattern is rendered on `device` with `options`.
  package static func load(
    _ path: String, device: DeviceProfile, options: RenderOptions, recording: RecordingReading = .init()
  ) throws -> SignalSource {
    let url = URL(fileURLWithPath: path)
    let label = url.deletingPathExtension().lastPathComponent
    if recordingExtensions.contains(url.pathExtension.lowercased()) {
      var signal: Signal
      var notes: [String] = []
      do {
        let read = try AudioFile.read(path: path, mixChannels: recording.mixChannels)
        signal = read.signal
        if let channels = read.metadata[AudioFile.mixedChannelsKey] {
          notes.append("\(channels) channels read as one: their mean (hapt assumes they carry the same signal)")
        }
        if recording.isDriveSignal {
          notes.append(
            "read as a drive signal (1.0 = \(JSONWriter.number(device.drive.ratedVoltage_V)) V) played through \(device.name)"
          )
          signal = try RecordingResampling.resample(signal, to: device.sampleRate_Hz, path: path)
          signal = Renderer(device: device).renderDriveSignal(signal)
        } else if read.metadata[AudioFile.assumedFullScaleKey] != nil {
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
        do {
          signal = try RecordingResampling.resample(signal, to: metricRate_Hz, path: path)
        } catch let error as InputError {
          throw error.inFile(path)
        }
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
      source.pattern = loaded.pattern
    }
    source.band_Hz = device.frequencyBand_Hz
    return source
  }

  /// A one-line description of the origin.
  package var originDescription: String {
    switch origin {
    case .pattern(let device, let state): "pattern rendered on \(device), \(state.rawValue)"
    case .recording(let rate?):
      "recording, resampled from \(JSONWriter.number(rate)) Hz to 8000 Hz (windowed-sinc anti-aliasing)"
    case .recording(nil): "recording at 8000 Hz"
    }
  }
}

/// `hapt compare A B`: every metric between two signals.
package struct SignalComparison: Sendable {
  package var a: SignalSource
  package var b: SignalSource
  /// ST-SIM and SPQI, both directions and symmetric, averaged over blocks where either
  /// signal is perceptible (Docs/Model.md §6.6).
  package var perceptible: PairSimilarity
  /// The same with the reference's convention (silent blocks score 0), zero-padded.
  package var reference: PairSimilarity
  /// Distinguishability, JND units.
  package var dPrime: Double
  /// What differs from A to B, event by event, largest first (every term of d' of at least
  /// ``SignalComparison/reportedChange_JND``).
  package var changes: [PerceptualChange]
  /// Smallest term of d' listed in ``changes``, JND (the one every explanation uses).
  package static let reportedChange_JND = Explanation.listedChange_JND
  package var verdict: PairVerdict
  /// How each signal feels, in designers' words (Docs/Perception.md §10).
  package var attributesA: PerceptualAttributes
  package var attributesB: PerceptualAttributes
  /// How different the two feel beyond the confusable range (Docs/Perception.md §11);
  /// nil when one is silent and the other felt.
  package var perceptualDistance: Double?
  package var markersA: EnvelopeMarkers
  package var markersB: EnvelopeMarkers
  /// What changed in the file, when A and B are pattern files of one format, then what a
  /// person would feel from it (``changes``), in designers' words.
  package var explanation: Explanation

  package init(_ a: SignalSource, _ b: SignalSource) {
    self.a = a
    self.b = b
    let fa = SimilarityFeatures(a.acceleration_g)
    let fb = SimilarityFeatures(b.acceleration_g)
    perceptible = similarity(fa, fb, convention: .perceptibleBlocks)
    reference = similarity(fa, fb, convention: .reference)
    let pa = PerceptualFeatures(a.acceleration_g)
    let pb = PerceptualFeatures(b.acceleration_g)
    explanation = Explanation(from: a.explainedSide(pa), to: b.explainedSide(pb))
    dPrime = explanation.dPrime_JND
    changes = explanation.felt
    verdict = PairVerdict(dPrime: dPrime)
    attributesA = PerceptualAttributes(a.acceleration_g, features: pa)
    attributesB = PerceptualAttributes(b.acceleration_g, features: pb)
    perceptualDistance = PerceptualDistance.distance(attributesA, attributesB, dPrime: dPrime)
    markersA = EnvelopeMarkers.measure(a.acceleration_g, driveEnd_s: a.driveEnd_s)
    markersB = EnvelopeMarkers.measure(b.acceleration_g, driveEnd_s: b.driveEnd_s)
  }
}

extension SignalSource {
  /// This signal as one side of an explanation, with its features `features`.
  package func explainedSide(_ features: PerceptualFeatures) -> ExplainedSide {
    ExplainedSide(
      features: features, pattern: pattern, format: URL(fileURLWithPath: path, isDirectory: false).pathExtension,
      eventNames: eventNames, band_Hz: band_Hz)
  }
}
