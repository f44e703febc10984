import HaptCommandLine
import HaptCore
import HaptMetrics
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptExplanation
import HaptBaselines

/// `hapt compare A B`: d', the changes from A to B, similarity and markers of two signals.
struct CompareCommand: HaptCommand {
  static let help = CommandHelp(
    name: "compare",
    summary: "d', what changed, and similarity between two patterns or recordings, with both signals' markers.",
    discussion: """
      A and B are patterns (any format hapt reads), rendered on the device, or accelerometer
      recordings (.wav, .flac, mono, in g; other rates are resampled to 8 kHz), in any mix.
      d' is hapt's distinguishability in JND units (Docs/Perception.md): under 1
      confusable, under 2 close, else distinct. The changes from A to B are listed event by
      event with their share of d', naming a pattern file's own events ("event 2 (transient
      at 0.12 s): 6.0 dB weaker (2.6 JND)"). When A and B are pattern files of one format,
      the edits come first, by the file's event numbers (added, removed, moved, intensity,
      sharpness, duration, controls), and an edit nothing felt answers says why
      (Docs/Explanations.md). The verdict comes from d' alone. The waveform
      similarity is a second, signal-level score (ST-SIM, bounded 0..1, 1 identical: the
      smaller of its two directions, over blocks where either signal is perceptible); it is
      not a verdict. --format json adds the raw directional ST-SIM and SPQI (unbounded)
      and the reference convention (silent blocks score 0, as vibromaf does).
      """)

  var signals: [String] = []
  var device = DeviceProfile.defaultName
  var state = [EngineState.prepared]
  var format = OutputFormat.text

  static var arguments: [Argument<Self>] {
    [
      .positionals(
        \.signals,
        PositionalSpec(
          minimum: 2, maximum: 2, missing: "A and B (two patterns or recordings)", valueNames: ["A", "B"])),
      .option(
        "device", "NAME|PATH",
        help: "Device profile by name (see 'hapt devices') or JSON path (default: \(DeviceProfile.defaultName)).",
        \.device, .oneDevice),
      .option(
        "state", "prepared|cold", help: "Engine state at the trigger (default: prepared).", \.state,
        .states(allowsBoth: false)),
      .format(\.format, [.text, .json]),
    ]
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    let device = try DeviceProfile.load(nameOrPath: device, in: environment)
    var options = RenderOptions()
    options.state = state[0]
    let a = try SignalSource.load(signals[0], device: device, options: options)
    let b = try SignalSource.load(signals[1], device: device, options: options)
    for source in [a, b] {
      for note in source.notes { console.note("\(source.path): \(note)") }
    }
    let comparison = SignalComparison(a, b)
    switch format {
    case .json: console.out(JSONWriter.string(ReportJSON.comparison(comparison)))
    default: console.out(Self.text(comparison))
    }
    return .success
  }

  static func text(_ c: SignalComparison) -> String {
    var lines = [
      OneLine.escaped("A: \(c.a.path) (\(c.a.originDescription))"),
      OneLine.escaped("B: \(c.b.path) (\(c.b.originDescription))"),
      "",
    ]
    lines.append("d' = \(Format.fixed(c.dPrime, 2)) JND: \(c.verdict.rawValue)")
    lines.append(
      c.perceptualDistance.map {
        "perceptual distance = \(Format.fixed($0, 2)) (how different they feel: attributes and d'; Docs/Perception.md)"
      } ?? "perceptual distance: none (one signal is not felt)")
    lines += c.explanation.textLines()
    lines.append(
      "waveform similarity (ST-SIM, 0..1, 1 identical; not the verdict) = \(Format.fixed(c.perceptible.similarity, 3))"
    )
    lines.append("")
    var markers = TextTable(["signal", "detect_ms", "t10_ms", "t50_ms", "t90_ms", "rise_ms", "stop_ms", "peak_g"])
    for (name, m, peak) in [("A", c.markersA, c.a.peak_g), ("B", c.markersB, c.b.peak_g)] {
      markers.append([
        name, Format.ms(m.detect_s), Format.ms(m.t10_s), Format.ms(m.t50_s), Format.ms(m.t90_s), Format.ms(m.rise_s),
        Format.ms(m.stop_s), Format.fixed(peak, 4),
      ])
    }
    lines.append(markers.text)
    return lines.joined(separator: "\n")
  }
}
