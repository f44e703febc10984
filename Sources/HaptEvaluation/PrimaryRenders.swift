import HaptCore
import HaptMetrics
import HaptSignals
import HaptSimulation

/// Each pattern's render on the primary device in the first state, made again whenever it
/// is asked for instead of kept for the whole run.
///
/// Rendering is deterministic (``Renderer``): a render made again has the same samples,
/// bit for bit, as the one measured. A one-second render takes tens of microseconds and
/// 64 KB at 8 kHz, so keeping every pattern's render until the report's pages are
/// written cost more memory (about 0.7 GB at 10,000 patterns) than making the few
/// renders a later stage needs (a page's figures and sound, a pair's features) again.
package struct PrimaryRenders: Sendable {
  /// The corpus's patterns, in order.
  let entries: [PatternCorpus.Entry]
  /// The primary device's renderer.
  let renderer: Renderer
  /// The first state's render options.
  let renderOptions: RenderOptions
  /// The first state.
  let state: EngineState

  /// The primary renders of `entries` with `options` (its first device and state); nil
  /// when there is no device.
  package init?(_ entries: [PatternCorpus.Entry], options: EvaluationOptions) {
    guard let device = options.devices.first else { return nil }
    self.entries = entries
    renderer = Renderer(device: device)
    state = options.states.first ?? .prepared
    renderOptions = options.renderOptions(state)
  }

  /// Patterns in order.
  package var count: Int { entries.count }

  /// Pattern `i`'s render (its drive signal left empty, as ``Evaluation/run(_:options:progress:primary:)``
  /// gives it).
  package func render(_ i: Int) -> RenderedPattern {
    Self.kept(
      renderer.render(entries[i].pattern, options: renderOptions), name: entries[i].name,
      device: renderer.device.name, state: state)
  }

  /// Pattern `i`'s body acceleration, g.
  package func signal(_ i: Int) -> Signal {
    renderer.render(entries[i].pattern, options: renderOptions).acceleration_g
  }

  /// `rendering` as a primary render: its body acceleration only (the drive signal, as
  /// long again, is never read from it).
  static func kept(_ rendering: Rendering, name: String, device: String, state: EngineState) -> RenderedPattern {
    var kept = rendering
    kept.drive_V = Signal(samples: [], sampleRate_Hz: rendering.drive_V.sampleRate_Hz)
    return RenderedPattern(name: name, device: device, state: state, rendering: kept)
  }
}

/// What a report keeps of a pattern's primary render (taken right after the render, which
/// is then dropped): its perceptual features and attributes, its
/// ``CorpusEvaluation/sampleKey(_:)``, and its similarity features when asked for (the
/// heat map's patterns, or every pattern when every pair is written).
package struct PrimarySummary: Sendable {
  package var features: PerceptualFeatures
  package var attributes: PerceptualAttributes
  package var sampleKey: String
  package var similarity: SimilarityFeatures?

  /// The summary of `signal` (body acceleration, g), with its similarity features if
  /// `similarity`.
  package init(_ signal: Signal, similarity: Bool) {
    features = PerceptualFeatures(signal)
    attributes = PerceptualAttributes(signal, features: features)
    sampleKey = CorpusEvaluation.sampleKey(signal)
    self.similarity = similarity ? SimilarityFeatures(signal) : nil
  }
}
