import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSignals
import HaptSimulation

/// How a corpus is rendered and measured.
public struct EvaluationOptions: Sendable {
  /// The devices, in order; the first is the primary device (similarity, charts).
  public var devices: [DeviceProfile]
  /// The engine states to measure.
  public var states: [EngineState]
  /// `prepare()` lead time before the trigger, seconds (nil: the state decides).
  public var prepareLead_s: Double?
  /// Render condition (normal, haptics off, low power).
  public var condition: RenderCondition
  /// The latency budget verdicts are given against.
  public var budget: LatencyBudget
  /// Worker threads.
  public var threads: Int
  /// Longest render, seconds; longer patterns are cut there (``PatternMeasurement/isTruncated``).
  public var maxRenderDuration_s: Double = RenderOptions.defaultMaxDuration_s

  public init(
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
  func renderOptions(_ state: EngineState) -> RenderOptions {
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
public struct RenderedPattern: Sendable {
  public var name: String
  public var device: String
  public var state: EngineState
  public var rendering: Rendering
}

/// Renders and measures every pattern of a corpus on every device in every state, in
/// parallel; results are in a fixed order (pattern, then device, then state).
public enum Evaluation {
  /// One render of the corpus: which pattern, device and state, and the result.
  public struct Render: Sendable {
    public var entryIndex: Int
    public var deviceIndex: Int
    public var stateIndex: Int
    public var state: EngineState
    public var rendering: Rendering
  }

  /// Renders every entry on every device in every state and maps each render with
  /// `body` (called on worker threads); the results are in pattern, device, state order
  /// whatever the thread count.
  public static func map<T: Sendable>(
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
  public static func primary(
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

  /// The measurements, and the renders of the primary device and first state.
  public static func run(
    _ entries: [PatternCorpus.Entry], options: EvaluationOptions, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> (measurements: [PatternMeasurement], primary: [RenderedPattern]) {
    let results = map(entries, options: options, progress: progress) {
      render -> (PatternMeasurement, RenderedPattern?) in
      let name = entries[render.entryIndex].name
      let device = options.devices[render.deviceIndex].name
      let measurement = PatternMeasurement(
        pattern: name, device: device, state: render.state, rendering: render.rendering, budget: options.budget)
      let isPrimary = render.deviceIndex == 0 && render.stateIndex == 0
      return (
        measurement,
        isPrimary ? RenderedPattern(name: name, device: device, state: render.state, rendering: render.rendering) : nil
      )
    }
    return (results.map(\.0), results.compactMap(\.1))
  }
}
