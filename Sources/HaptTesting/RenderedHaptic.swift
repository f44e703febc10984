import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation
import HaptEvaluation
import HaptFormats
import HaptExplanation

/// A haptic pattern rendered on a simulated device: what the checks of ``HaptCheck``
/// compare.
///
/// Load a pattern file (`.ahap` or `.haptic`) or a system preset by name, and name the
/// device profile to render it on (`hapt devices` lists the shipped ones; a path to a
/// profile `.json` of your own works too). The body acceleration is rendered once, at the
/// metrics' rate (8 kHz), and measured once: its latency markers and its perceptual
/// features.
public struct RenderedHaptic: Sendable {
  /// The pattern's name (its file name without extension, or the preset's name).
  public let name: String
  /// The file it was loaded from, if any (a baseline is recorded from it).
  public let path: String?
  package let pattern: HapticPattern
  package let device: DeviceProfile
  /// The engine state at the trigger (`prepared`: `prepare()` was called in time).
  public let state: EngineState
  /// Body acceleration, g, at 8 kHz, from the trigger.
  package let acceleration_g: Signal
  /// Latency markers, level and frequency, judged against the default latency budget.
  package let measurement: PatternMeasurement
  /// What a hand can feel of it: the events d' compares.
  package let features: PerceptualFeatures

  /// The name of the device profile it was rendered on.
  public var deviceName: String { device.name }
  /// Peak body acceleration, g.
  public var peak_g: Double { measurement.peak_g }
  /// When the vibration first reaches the detection threshold, seconds after the trigger;
  /// nil when it is never felt.
  public var detect_s: Double? { measurement.markers.detect_s }
  /// The dominant frequency of the felt vibration, Hz; nil when it is silent.
  public var dominantFrequency_Hz: Double? { measurement.dominantFrequency_Hz }

  /// The default device: the shipped wideband iPhone LRA profile.
  public static let defaultDevice = DeviceProfile.defaultName

  /// Loads the pattern file at `path` and renders it on `device`.
  ///
  /// - Parameters:
  ///   - path: an `.ahap` or `.haptic` file.
  ///   - device: a shipped profile's name or a profile `.json` path.
  ///   - state: the engine state at the trigger.
  /// - Throws: an error naming the file if the pattern or the profile cannot be read
  ///   (missing or malformed), or naming `device` if no profile has that name.
  public init(file path: String, device: String = defaultDevice, state: EngineState = .prepared) throws {
    let loaded = try PatternFile.load(path: path)
    try self.init(
      loaded.pattern, named: loaded.name, path: path, device: DeviceProfile.load(nameOrPath: device),
      state: state)
  }

  /// Loads the system preset `name` (see `hapt presets`) and renders it on `device`.
  ///
  /// - Throws: an error naming `name` if there is no such preset, or naming the profile
  ///   if it cannot be read or no profile has the name `device`.
  public init(preset name: String, device: String = defaultDevice, state: EngineState = .prepared) throws {
    guard let preset = Presets.named(name) else {
      let known = Presets.table.map(\.name).joined(separator: ", ")
      throw InputError(file: name, "no such system preset (known: \(known))", kind: .missing)
    }
    let loaded = try preset.load()
    try self.init(
      loaded.pattern, named: name, path: preset.file, device: DeviceProfile.load(nameOrPath: device),
      state: state)
  }

  /// Renders a pattern built in code on a device profile.
  package init(
    _ pattern: HapticPattern, named name: String, path: String? = nil, device: DeviceProfile,
    state: EngineState = .prepared
  ) throws {
    var options = RenderOptions()
    options.state = state
    let rendering: Rendering
    do {
      rendering = try Renderer(device: device).renderChecked(pattern, options: options)
    } catch let error as InputError {
      throw error.inFile(path ?? name)
    }
    var acceleration = rendering.acceleration_g
    if acceleration.sampleRate_Hz != SignalSource.metricRate_Hz {
      acceleration = Resampler.resample(acceleration, to: SignalSource.metricRate_Hz)
    }
    self.name = name
    self.path = path
    self.pattern = pattern
    self.device = device
    self.state = state
    self.acceleration_g = acceleration
    self.measurement = PatternMeasurement(
      pattern: name, device: device.name, state: state, rendering: rendering, budget: .default)
    self.features = PerceptualFeatures(acceleration)
  }

  /// The pattern's own events as rendered, for change messages that name them.
  var eventNames: FileEventNames {
    FileEventNames(pattern: pattern, latency_s: measurement.engineLatency_s)
  }

  /// This render as one side of an explanation.
  var explainedSide: ExplainedSide {
    ExplainedSide(
      features: features, pattern: pattern, format: path.map { URL(fileURLWithPath: $0).pathExtension },
      eventNames: eventNames, band_Hz: device.frequencyBand_Hz)
  }

  /// `name on device (state)`, as messages name it.
  public var label: String { "\(name) on \(device.name) (\(state.rawValue))" }
}
