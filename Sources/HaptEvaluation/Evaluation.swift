import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// How a corpus is rendered and measured.
package struct EvaluationOptions: Sendable {
  /// The devices, in order; the first is the primary device (similarity, charts).
  package var devices: [DeviceProfile]
  /// The engine states to measure.
  package var states: [EngineState]
  /// `prepare()` lead time before the trigger, seconds (nil: the state decides).
  package var prepareLead_s: Double?
  /// Render condition (normal, haptics off, low power).
  package var condition: RenderCondition
  /// The latency budget verdicts are given against.
  package var budget: LatencyBudget
  /// Worker threads.
  package var threads: Int
  /// Longest render, seconds; longer patterns are cut there (``PatternMeasurement/isTruncated``).
  package var maxRenderDuration_s: Double = RenderOptions.defaultMaxDuration_s

  package init(
    devices: [DeviceProfile], states: [EngineState] = EngineState.allCases, prepareLead_s: Double? = nil,
    condition: RenderCondition = .normal, budget: LatencyBudget = .default,
    threads: Int = Parallel.defaultThreadCount
  ) {
    self.devices = devices
    self.states = states
    self.prepareLead_s = prepareLead_s
    self.condition = condition
    self.budget = budget
    self.threads = threads
  }

  /// Render options for one state.
  package func renderOptions(_ state: EngineState) -> RenderOptions {
    var options = RenderOptions()
    options.state = state
    options.prepareLead_s = prepareLead_s
    options.condition = condition
    options.maxDuration_s = maxRenderDuration_s
    return options
  }
}

/// One pattern's render on one device in one state, kept for the pairwise metrics and
/// the report's charts.
package struct RenderedPattern: Sendable {
  package var name: String
  package var device: String
  package var state: EngineState
  package var rendering: Rendering
}

/// Renders and measures every pattern of a corpus on every device in every state, in
/// parallel; results are in a fixed order (pattern, then device, then state).
package enum Evaluation {
  /// One render of the corpus: which pattern, device and state, and the result.
  package struct Render: Sendable {
    package var entryIndex: Int
    package var deviceIndex: Int
    package var stateIndex: Int
    package var state: EngineState
    package var rendering: Rendering
  }

  /// Renders every entry on every device in every state and maps each render with
  /// `body` (called on worker threads); the results are in pattern, device, state order
  /// whatever the thread count.
  package static func map<T: Sendable>(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, progress: (@Sendable (Int, Int) -> Void)? = nil,
    _ body: @Sendable (Render) -> T
  ) -> [T] {
    let renderers = options.devices.map { Renderer(device: $0) }
    let perPattern = options.devices.count * options.states.count
    let total = entries.count * perPattern
    let done = TicketCounter()
    return Parallel.map(count: total, threads: options.threads) { index in
      defer { if let progress { progress(done.take() + 1, total) } }
      let entryIndex = index / perPattern
      let deviceIndex = (index % perPattern) / options.states.count
      let stateIndex = index % options.states.count
      let state = options.states[stateIndex]
      let rendering = renderers[deviceIndex].render(entries[entryIndex].pattern, options: options.renderOptions(state))
      return body(
        Render(
          entryIndex: entryIndex, deviceIndex: deviceIndex, stateIndex: stateIndex, state: state, rendering: rendering))
    }
  }

  /// The renders of the primary device and first state only (the same renders as
  /// ``run(_:options:progress:)``'s `primary`).
  package static func primary(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> [RenderedPattern] {
    var primaryOnly = options
    primaryOnly.devices = Array(options.devices.prefix(1))
    primaryOnly.states = Array(options.states.prefix(1))
    let device = options.devices.first?.name ?? ""
    return map(entries, options: primaryOnly, progress: progress) { render in
      RenderedPattern(
        name: entries[render.entryIndex].name, device: device, state: render.state,
        rendering: render.rendering)
    }
  }

  /// The measurements, and the renders of the primary device and first state (their body
  /// acceleration; their drive signal is left empty).
  ///
  /// Every primary render is kept: for a few patterns (a command's corpus, a test). A
  /// report keeps only what it needs of each (``run(_:options:progress:primary:)``).
  package static func run(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> (measurements: [PatternMeasurement], primary: [RenderedPattern]) {
    run(entries, options: options, progress: progress) { _, rendered in rendered }
  }

  /// The measurements, and `primary` of each pattern's render on the primary device in
  /// the first state (its drive signal left empty), called on a worker thread right after
  /// the render, so that a run keeps what `primary` returns (a pattern's features, say)
  /// and not the render itself. `primary` gets the entry's index.
  ///
  /// Each pattern's renders on one device are measured together: a render in a later
  /// state that is the first state's render delayed by whole samples (a cold render is the
  /// prepared one delayed by the engine's extra latency, on every shipped profile) is
  /// measured by shifting the first one's analyses (``RenderAnalysis``), bit for bit
  /// what analysing it gives. Where the renderer can be sure of the delay
  /// (``Renderer/delayed(_:of:from:to:)``) the later render is made from the first
  /// without synthesis or simulation; elsewhere it is rendered and compared.
  package static func run<Primary: Sendable>(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, progress: (@Sendable (Int, Int) -> Void)? = nil,
    primary summarize: @Sendable (Int, RenderedPattern) -> Primary
  ) -> (measurements: [PatternMeasurement], primary: [Primary]) {
    let renderers = options.devices.map { Renderer(device: $0) }
    let devices = options.devices.count
    let total = entries.count * devices * options.states.count
    let done = TicketCounter()
    let results = Parallel.map(count: entries.count * devices, threads: options.threads) {
      index -> ([PatternMeasurement], Primary?) in
      let entry = entries[index / devices]
      let deviceIndex = index % devices
      let device = options.devices[deviceIndex].name
      var measurements: [PatternMeasurement] = []
      var primary: Primary?
      var first: (rendering: Rendering, options: RenderOptions, analysis: RenderAnalysis)?
      for (stateIndex, state) in options.states.enumerated() {
        defer { if let progress { progress(done.take() + 1, total) } }
        let renderOptions = options.renderOptions(state)
        // A later state whose render is the first one delayed by whole samples is made
        // from it where the renderer is sure of that (no synthesis or simulation), else
        // rendered and compared; either way it is measured by shifting the first's analyses.
        let derived = first.flatMap {
          renderers[deviceIndex].delayed($0.rendering, of: entry.pattern, from: $0.options, to: renderOptions)
        }
        let rendering = derived?.rendering ?? renderers[deviceIndex].render(entry.pattern, options: renderOptions)
        if let first,
          let zeros = derived?.delay
            ?? RenderAnalysis.leadingZeros(of: rendering.acceleration_g, before: first.rendering.acceleration_g)
        {
          measurements.append(
            PatternMeasurement(
              pattern: entry.name, device: device, state: state, rendering: rendering, analysis: first.analysis,
              leadingZeros: zeros, budget: options.budget))
          continue
        }
        let analysis = RenderAnalysis(rendering.acceleration_g)
        measurements.append(
          PatternMeasurement(
            pattern: entry.name, device: device, state: state, rendering: rendering, analysis: analysis,
            leadingZeros: 0, budget: options.budget))
        if stateIndex == 0 {
          first = (rendering, renderOptions, analysis)
          if deviceIndex == 0 {
            primary = summarize(
              index / devices, PrimaryRenders.kept(rendering, name: entry.name, device: device, state: state))
          }
        }
      }
      return (measurements, primary)
    }
    return (results.flatMap(\.0), results.compactMap(\.1))
  }
}
