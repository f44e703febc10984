import HaptCommandLine
import HaptCore
import HaptReports
import HaptSimulation
import HaptEvaluation
import HaptBaselines

/// `hapt describe FILE...`: how each pattern or recording feels, in designers' words.
struct DescribeCommand: HaptCommand {
  static let help = CommandHelp(
    name: "describe",
    summary: "Energy, tempo, roughness, continuity, duration, duty cycle and pitch of patterns or recordings.",
    discussion: """
      Patterns (.ahap, .haptic, Android .xml) are rendered on the device; recordings
      (.wav, .flac) are read as acceleration in g, or with --drive-signal as the waveform
      that drove the actuator (1.0 = the device's rated voltage), played through the
      device. A folder is searched recursively for both, in sorted order. A file of
      several channels is read as the mean of its channels. The
      attributes (Docs/Perception.md): energy (felt strength with temporal summation, 1 = a
      steady vibration 20 dB above threshold), tempo_Hz (size-weighted onsets per
      second), roughness (felt texture: strength and 10-100 Hz fluctuation), continuity
      (0 taps .. 1 steady), duration_s, dutyCycle (the felt fraction of it) and
      frequency_Hz (felt pitch); all 0 for a pattern nobody feels. --pairs adds, as CSV,
      the perceptual distance of every pair (1 = as different as two typical VibViz
      vibrations; empty when one is silent).
      """)

  var files: [String] = []
  var device = DeviceProfile.defaultName
  var state = [EngineState.prepared]
  var driveSignal = false
  var pairs = false
  var format = OutputFormat.text

  static var arguments: [Argument<Self>] {
    [
      .positionals(\.files, PositionalSpec(minimum: 1, missing: "PATH (patterns, recordings or folders of them)")),
      .option(
        "device", "NAME|PATH",
        help: "Device profile by name (see 'hapt devices') or JSON path (default: \(DeviceProfile.defaultName)).",
        \.device, .oneDevice),
      .option(
        "state", "prepared|cold", help: "Engine state at the trigger (default: prepared).", \.state,
        .states(allowsBoth: false)),
      .flag("drive-signal", help: "Read recordings as drive signals played through the device.", \.driveSignal),
      .flag("pairs", help: "Add a,b,perceptualDistance for every pair (CSV; text and csv formats).", \.pairs),
      .format(\.format),
    ]
  }

  func validate() throws {
    if pairs && format == .json { throw UsageError.conflict("--pairs writes CSV: use --format text or csv") }
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    let device = try DeviceProfile.load(nameOrPath: device, in: environment)
    var options = RenderOptions()
    options.state = state[0]
    let reading = SignalSource.RecordingReading(isDriveSignal: driveSignal, mixChannels: true)
    var described: [PatternDescription] = []
    var failures: [InputError] = []
    let found = DescribedFiles(files)
    if let summary = found.skippedSummary { console.note(summary) }
    failures += found.failures
    for failure in found.failures { console.error(ErrorText.line(failure)) }
    for file in found.files {
      do {
        var source = try SignalSource.load(file.path, device: device, options: options, recording: reading)
        source.path = file.shown
        for note in source.notes { console.note("\(file.shown): \(note)") }
        described.append(PatternDescription(source))
      } catch let error as InputError {
        let shown = error.naming(target: file.shown, insteadOf: file.path)
        console.error(ErrorText.line(shown))
        failures.append(shown)
      } catch {
        console.error(ErrorText.line(error))
        failures.append(InputError(file: file.shown, "\(error)"))
      }
    }
    let failureStatus = CommandSupport.loadFailureStatus(failures)
    guard !described.isEmpty else { return failureStatus ?? .dataError }
    switch format {
    case .json: console.out(JSONWriter.string(ReportJSON.descriptions(described)))
    case .csv: console.out(DescribeTables.attributes(described).csvText)
    case .text: console.out(Self.text(described))
    }
    if pairs {
      console.line()
      console.out(DescribeTables.pairs(described).csvText)
    }
    return failureStatus ?? .success
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
