import HaptCore
import HaptReports
import HaptSimulation
import HaptWorkflows

/// `hapt describe FILE...`: how each pattern or recording feels, in designers' words.
enum DescribeCommand {
  static let spec = Subcommand(
    name: "describe",
    summary: "Energy, tempo, roughness, continuity and duration of patterns or recordings.",
    usage: [
      "describe FILE... [--device NAME] [--state prepared|cold] [--drive-signal] [--pairs] [--format text|csv|json]"
    ],
    discussion: """
      Patterns (.ahap, .haptic, Android .xml) are rendered on the device; recordings
      (.wav, .flac) are read as acceleration in g, or with --drive-signal as the waveform
      that drove the actuator (1.0 = the device's rated voltage), played through the
      device. A file of several channels is read as the mean of its channels. The
      attributes (Docs/Perception.md): energy (felt strength with temporal summation, 1 = a
      steady vibration 20 dB above threshold), tempo_Hz (size-weighted onsets per
      second), roughness (felt texture: strength and 10-100 Hz fluctuation), continuity (0 taps .. 1 steady)
      and duration_s; all 0 for a pattern nobody feels. --pairs adds, as CSV, the
      perceptual distance of every pair (empty when one is silent).
      """,
    options: [
      CommonOptions.oneDevice, CommonOptions.oneState,
      OptionSpec.flag("drive-signal", help: "Read recordings as drive signals played through the device."),
      OptionSpec.flag("pairs", help: "Add a,b,perceptualDistance for every pair (CSV; text and csv formats)."),
      OutputFormat.option,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitStatus {
    guard !arguments.positionals.isEmpty else { throw UsageError.missingArgument("FILE (patterns or recordings)") }
    let format = try arguments.format()
    let pairs = arguments.flag("pairs")
    if pairs && format == .json {
      throw UsageError.invalidValue(option: "--format", value: "json", expected: "text or csv with --pairs")
    }
    let device = try CommonOptions.devices(arguments)[0]
    var options = RenderOptions()
    options.state = try CommonOptions.states(arguments, default: [.prepared])[0]
    let reading = SignalSource.RecordingReading(isDriveSignal: arguments.flag("drive-signal"), mixChannels: true)
    var described: [PatternDescription] = []
    var failed = false
    for path in arguments.positionals {
      do {
        let source = try SignalSource.load(path, device: device, options: options, recording: reading)
        for note in source.notes { console.note("\(path): \(note)") }
        described.append(PatternDescription(source))
      } catch {
        console.error(ErrorText.line(error))
        failed = true
      }
    }
    guard !described.isEmpty else { return .dataError }
    switch format {
    case .json: console.out(JSONWriter.string(ReportJSON.descriptions(described)))
    case .csv: console.out(DescribeTables.attributes(described).csvText)
    case .text: console.out(text(described))
    }
    if pairs {
      console.line()
      console.out(DescribeTables.pairs(described).csvText)
    }
    return failed ? .dataError : .success
  }

  static func text(_ list: [PatternDescription]) -> String {
    var table = TextTable(["path"] + PerceptualAttributeColumns.all.map(\.name))
    for item in list {
      table.append(
        [item.path] + PerceptualAttributeColumns.all.map { Format.fixed($0.value(item.attributes), $0.decimals) })
    }
    return table.text
  }
}
