import HaptEvaluation
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// The renders of one piece of work (one pattern's Android export, ports and playback
/// rows), each made once: a render is a pure function of the device, the pattern and the
/// render options, so asking again returns the same result instead of rendering again.
///
/// Holds everything it rendered until it is dropped: make one per pattern, use it on one
/// thread, drop it when the pattern is done (memory grows with one pattern's renders,
/// about forty one-second signals, not with the corpus).
package final class RenderMemo {
  /// One render and what was computed of it. A class: the search of ``index(_:on:options:)``
  /// reads every entry's keys, and a struct entry (profile, pattern, render) was copied
  /// whole for each, about 4 % of a report's CPU time.
  private final class Entry {
    let device: DeviceProfile
    let pattern: HapticPattern
    let options: RenderOptions
    let rendering: Rendering
    var features: PerceptualFeatures?

    init(device: DeviceProfile, pattern: HapticPattern, options: RenderOptions, rendering: Rendering) {
      self.device = device
      self.pattern = pattern
      self.options = options
      self.rendering = rendering
    }
  }

  private var entries: [Entry] = []
  /// The entries whose features were computed, by their signal's ``Signal/bitwiseHash``.
  private var measuredByHash: [UInt64: [Int]] = [:]
  private var renderers: [String: [Renderer]] = [:]

  package init() {}

  /// How many renders were made (distinct device, pattern and options asked for).
  package var renderCount: Int { entries.count }

  /// How many distinct signals were measured (``features(_:on:options:)`` computed).
  package var measuredCount: Int { measuredByHash.values.reduce(0) { $0 + $1.count } }

  /// `pattern` rendered on `device` with `options`: rendered on the first call, the same
  /// value afterwards.
  package func render(_ pattern: HapticPattern, on device: DeviceProfile, options: RenderOptions) -> Rendering {
    entries[index(pattern, on: device, options: options)].rendering
  }

  /// The perceptual features of the render (``render(_:on:options:)``) at the metric rate
  /// (resampled when the device renders at another rate), computed once per distinct
  /// signal: a render bit for bit the same as one already measured takes its features
  /// (about one measurement in seven of generated patterns' Android sections).
  package func features(
    _ pattern: HapticPattern, on device: DeviceProfile, options: RenderOptions
  )
    -> PerceptualFeatures
  {
    let i = index(pattern, on: device, options: options)
    if let known = entries[i].features { return known }
    let rendered = entries[i].rendering.acceleration_g
    let hash = rendered.bitwiseHash
    // Different patterns often render the same signal (a gain past the drive limit, a
    // knob the device ignores): features are a function of the signal alone.
    if let same = measuredByHash[hash, default: []].first(where: {
      entries[$0].rendering.acceleration_g.isBitwiseIdentical(to: rendered)
    }), let known = entries[same].features {
      entries[i].features = known
      return known
    }
    var signal = rendered
    if signal.sampleRate_Hz != SignalSource.metricRate_Hz {
      signal = Resampler.resample(signal, to: SignalSource.metricRate_Hz)
    }
    let features = PerceptualFeatures(signal)
    entries[i].features = features
    measuredByHash[hash, default: []].append(i)
    return features
  }

  /// The renderer of `device` (one per profile).
  package func renderer(_ device: DeviceProfile) -> Renderer {
    if let known = renderers[device.name]?.first(where: { $0.device == device }) { return known }
    let made = Renderer(device: device)
    renderers[device.name, default: []].append(made)
    return made
  }

  private func index(_ pattern: HapticPattern, on device: DeviceProfile, options: RenderOptions) -> Int {
    // Cheap tests first: the name and options, then the pattern, then the whole profile.
    if let i = entries.firstIndex(where: {
      $0.device.name == device.name && $0.options == options && $0.pattern == pattern && $0.device == device
    }) {
      return i
    }
    let rendering = renderer(device).render(pattern, options: options)
    entries.append(Entry(device: device, pattern: pattern, options: options, rendering: rendering))
    return entries.count - 1
  }
}
