import Foundation
import HaptCommandLine
import HaptCore
import HaptReports
import HaptSimulation

/// `hapt devices`: the shipped device profiles with every parameter and the derived
/// resonance, Q and time constants.
struct DevicesCommand: HaptCommand {
  static let help = CommandHelp(
    name: "devices",
    summary: "List the device profiles (shipped and HAPT_DEVICES) with every parameter and derived values.",
    discussion: """
      Profiles are JSON files in Corpora/devices (schema: Docs/Simulation.md), shipped
      inside hapt; your own profiles in the folder named by the HAPT_DEVICES environment
      variable are listed too (marked with their file). A profile is named by its "name"
      field, not its file name; a profile of HAPT_DEVICES may not take a name already
      taken (Docs/Devices.md). The text ends with the shipped profiles' folder. Pass one to
      other commands with --device NAME or --device PATH. Derived values: the LRA's
      undamped resonance sqrt(k/m)/2pi and mechanical Q sqrt(km)/c (also Q under voltage
      drive and the free-decay time constant); the ERM's vibration frequency and
      acceleration at rated voltage and its spin-up time constant. For a driver that
      equalises (drive.equalization actuatorResponse): the band of drive frequencies over
      which intensity 1 reaches the reference level within maxVoltage_V (outside it the
      voltage cap stops the equalisation), and the steady acceleration at intensity 1 at
      fmin, the reference and fmax. Capabilities (Docs/Devices.md): whether anything
      plays, amplitude control, the frequency range sharpness can choose, the Android
      predefined effects and primitives (with durations where stated) and envelope
      effects with their limits, every default filled in. --format csv gives one row of
      capabilities per profile. Sources: every number of a profile names where it comes
      from (a document, datasheet, paper, measurement, derivation, a setting of the
      simulation, or a guess with its plausible range); --sources NAME prints them as a
      table, --format json carries them per number as "sources" (Docs/Devices.md).
      """)

  var format = OutputFormat.text
  var sources: String?

  static var arguments: [Argument<Self>] {
    [
      .format(\.format, [.text, .csv, .json]),
      .option(
        "sources", "NAME", help: "Print where each number of this profile comes from, as a table.", \.sources,
        .string),
    ]
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    if let sources {
      console.out(Self.sourcesTable(try DeviceProfile.load(nameOrPath: sources, in: environment)))
      return .success
    }
    let catalog = try DeviceCatalog.current(in: environment)
    let profiles = try catalog.all()
    switch format {
    case .json:
      console.out(JSONWriter.string(.list(profiles.map(Self.json))))
    case .csv:
      console.out(Self.capabilityTable(profiles).csvText)
    default:
      let entries = profiles.map { Self.text($0, userFile: catalog.user[$0.name]?.path) }
      let folder = try DeviceProfile.shippedDirectory(in: environment).path
      console.out(entries.joined(separator: "\n") + "\nFiles: \(folder) (shipped; copy one and change its \"name\")\n")
    }
    return .success
  }

  /// Derived quantities of a profile, in display order, as (key, value) pairs.
  static func derived(_ profile: DeviceProfile) -> [(String, Double)] {
    // A switch: each actuator's derived quantities come from its own parameters (an LRA's
    // resonance and Q, an ERM's rated speed), which the Actuator protocol does not carry.
    switch profile.actuator {
    case .lra(let p):
      var values = [
        ("resonance_Hz", p.resonance_Hz),
        ("qualityFactor", p.mechanicalQ),
        ("voltageDrivenQ", p.voltageDrivenQ),
        ("decayTimeConstant_s", p.decayTimeConstant_s),
        (
          "accelerationAtResonance_g",
          profile.drive.ratedVoltage_V
            * p.accelerationGain_g_per_V(at: p.resonance_Hz, bodyMass_kg: profile.bodyMass_kg)
        ),
      ]
      if case .actuatorResponse(let reference) = profile.drive.equalization {
        if let band = profile.fullyEqualizedBand_Hz {
          values.append(("fullyEqualizedFrom_Hz", band.lowerBound))
          values.append(("fullyEqualizedTo_Hz", band.upperBound))
        }
        for (key, f) in [
          ("fullIntensityAtFmin_g", profile.drive.fmin_Hz), ("fullIntensityAtReference_g", reference),
          ("fullIntensityAtFmax_g", profile.drive.fmax_Hz),
        ] {
          if let a = profile.steadyAcceleration_g(atFullIntensity: f) { values.append((key, a)) }
        }
      }
      return values
    case .erm(let p):
      let v = profile.drive.ratedVoltage_V
      return [
        ("ratedFrequency_Hz", p.steadyFrequency_Hz(voltage_V: v)),
        ("ratedAcceleration_g", p.steadyAcceleration_g(voltage_V: v, bodyMass_kg: profile.bodyMass_kg)),
        ("spinUpTimeConstant_s", p.spinUpTimeConstant_s),
      ]
    case .none, .ideal:
      return []
    }
  }

  static func json(_ profile: DeviceProfile) -> JSONValue {
    guard case .object(var members) = profile.jsonValue else { return profile.jsonValue }
    members.append(
      JSONMember(
        key: "derived",
        value: JSONNode(.orderedObject(derived(profile).map { ($0.0, JSONValue.number(rounded($0.1))) }))))
    members.append(JSONMember(key: "capabilities", value: JSONNode(profile.capabilities.jsonValue)))
    members.append(JSONMember(key: "sources", value: JSONNode(.list(profile.sourcedNumbers.map(sourceJSON)))))
    return .object(members)
  }

  /// One number's provenance: its field, value, kind and source (null kind when the
  /// profile gives none), and a guess's plausible range.
  static func sourceJSON(_ number: SourcedNumber) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("field", .string(number.field)), ("value", .number(number.value)),
      ("kind", number.source.map { .string($0.kind.rawValue) } ?? .null),
      ("source", number.source.map { .string($0.source) } ?? .null),
    ]
    if let r = number.plausibleRange {
      members.append(("plausibleRange", .list([.number(rounded(r.lowerBound)), .number(rounded(r.upperBound))])))
    }
    return .orderedObject(members)
  }

  /// `--sources NAME`: one row per number, then the share that are guesses.
  static func sourcesTable(_ profile: DeviceProfile) -> String {
    var table = TextTable(["field", "value", "kind", "plausible range", "source"])
    let numbers = profile.sourcedNumbers
    for n in numbers {
      let range = n.plausibleRange.map { "\(number(rounded($0.lowerBound)))-\(number(rounded($0.upperBound)))" } ?? "-"
      table.append([n.field, number(n.value), n.source?.kind.rawValue ?? "none", range, n.source?.source ?? "-"])
    }
    let guesses = numbers.filter(\.isGuess).count
    let unsourced = numbers.filter { $0.source == nil }.count
    var summary = "\(profile.name): \(guesses) of \(numbers.count) numbers are guesses"
    if unsourced > 0 { summary += "; \(unsourced) name no source" }
    return table.text + summary + "\n"
  }

  /// One profile as text; `userFile` is its file when it comes from `HAPT_DEVICES`.
  static func text(_ profile: DeviceProfile, userFile: String? = nil) -> String {
    let mark =
      profile.name == DeviceProfile.defaultName ? " (default)" : userFile.map { " (HAPT_DEVICES: \($0))" } ?? ""
    var lines = ["\(profile.name)\(mark)"]
    lines.append("  " + profile.description)
    lines.append(
      "  sampleRate_Hz \(number(profile.sampleRate_Hz))  bodyMass_kg \(number(profile.bodyMass_kg))")
    guard case .object(let top) = profile.jsonValue else {
      return lines.map(OneLine.escaped).joined(separator: "\n") + "\n"
    }
    for member in top {
      guard case .object(let fields) = member.value.value else { continue }
      let parts = fields.map { "\($0.key) \(Self.value($0.value.value))" }
      lines.append("  \(member.key): " + parts.joined(separator: "  "))
    }
    let derivedValues = derived(profile)
    if derivedValues.isEmpty {
      lines.append(
        profile.actuator == .ideal
          ? "  derived: none (not a physical actuator: the output is the drive)"
          : "  derived: none (no actuator: every render is silence)")
    } else {
      lines.append(
        "  derived: " + derivedValues.map { "\($0.0) \(number(rounded($0.1)))" }.joined(separator: "  "))
    }
    lines.append("  capabilities: " + profile.capabilities.summaryLine)
    // One line each: a profile's name or description cannot break a line (OneLine).
    return lines.map(OneLine.escaped).joined(separator: "\n") + "\n"
  }

  /// One profile value as text: a number or a string as written, a boolean as yes or no,
  /// a list comma-separated (`none` when empty), a nested object's members in parentheses
  /// (drive.equalization, android.primitiveDurations_ms).
  static func value(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let b): b ? "yes" : "no"
    case .number(let x): number(x)
    case .string(let s): s
    case .array(let items): items.isEmpty ? "none" : items.map { Self.value($0.value) }.joined(separator: ",")
    case .object(let members):
      "(" + members.map { "\($0.key) \(Self.value($0.value.value))" }.joined(separator: " ") + ")"
    }
  }

  /// One row of capabilities per profile (`--format csv`).
  static func capabilityTable(_ profiles: [DeviceProfile]) -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("actuator"), CSVColumn("plays"), CSVColumn("amplitudeControl"),
      CSVColumn("frequencyMin", unit: "Hz"), CSVColumn("frequencyMax", unit: "Hz"), CSVColumn("effects"),
      CSVColumn("primitives"), CSVColumn("envelopeEffects"), CSVColumn("maxEnvelopeControlPoints"),
      CSVColumn("minEnvelopeControlPoint", unit: "ms"), CSVColumn("maxEnvelopeControlPoint", unit: "ms"),
    ])
    func flag(_ b: Bool) -> CSVCell { .text(b ? "yes" : "no") }
    func count(_ n: Int?) -> CSVCell { n.map { CSVCell.integer($0) } ?? .empty }
    for profile in profiles {
      let c = profile.capabilities
      table.append([
        .text(profile.name), .text(c.actuatorType), flag(c.plays), flag(c.amplitudeControl),
        c.frequencyRange_Hz.map { .number($0.lowerBound) } ?? .empty,
        c.frequencyRange_Hz.map { .number($0.upperBound) } ?? .empty,
        .text(c.effects.map(\.rawValue).joined(separator: " ")),
        .text(c.primitiveList.replacingOccurrences(of: ",", with: " ")),
        flag(c.envelopeEffects), count(c.maxEnvelopeControlPoints), count(c.minEnvelopeControlPointDuration_ms),
        count(c.maxEnvelopeControlPointDuration_ms),
      ])
    }
    return table
  }

  /// Six significant digits, for display only.
  static func rounded(_ x: Double) -> Double {
    guard x.isFinite, x != 0 else { return x }
    let digits = 6 - Int((log10(abs(x))).rounded(.up))
    let scale = pow(10.0, Double(digits))
    return (x * scale).rounded() / scale
  }

  static func number(_ x: Double) -> String { JSONWriter.number(x) }
}
