import Foundation
import HaptCore

extension DeviceProfile {
  /// Largest profile file accepted, bytes.
  package static let maxFileBytes = 1 << 20

  /// Loads and validates the profile at `path`.
  ///
  /// - Throws: ``InputError`` naming the file and the key (`actuator.stiffness_N_per_m:
  ///   must be greater than 0, got -3`), kind malformed; missing if the file is not there.
  package init(contentsOf path: String) throws {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path, maxBytes: DeviceProfile.maxFileBytes)
    } catch var error as InputError where error.limit != nil {
      // A fixed limit of profiles, not the pattern-file limit that an option raises.
      error.limit = nil
      error.message = "larger than \(DeviceProfile.maxFileBytes) bytes, the limit for a device profile"
      throw error
    }
    try self.init(jsonBytes: bytes, file: path)
  }

  /// Decodes and validates a profile from JSON bytes; errors name `file`.
  package init(jsonBytes bytes: [UInt8], file: String) throws {
    do {
      let document = try JSONParser.parse(
        bytes, limits: .init(maxDepth: 16, maxBytes: DeviceProfile.maxFileBytes))
      try self.init(json: JSONCursor(document.root))
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }

  /// The longest profile `name` accepted, in characters: a name is shown in every table
  /// and file name a run writes (signal and device file names cut longer names to 120
  /// bytes and a hash).
  package static let maxNameCharacters = 256

  /// Decodes and validates a profile from a parsed JSON document.
  init(json root: JSONCursor) throws {
    let top = try ProfileReader(
      root,
      allowed: [
        "name", "description", "sampleRate_Hz", "bodyMass_kg", "actuator", "drive", "latency",
        "android", "sources",
      ])
    let name = try top.string("name")
    guard name.count <= DeviceProfile.maxNameCharacters else {
      throw try top.error(
        at: "name",
        "is \(name.count) characters long, over the limit of \(DeviceProfile.maxNameCharacters) characters")
    }
    let description = try top.string("description", nonEmpty: false)
    let rate = try top.number("sampleRate_Hz", 1000...192_000)
    guard rate == rate.rounded() else {
      throw try top.error(at: "sampleRate_Hz", "must be a whole number of hertz, got \(rate)")
    }
    let body = try top.positive("bodyMass_kg", max: 1000)
    let actuator = try DeviceProfile.decodeActuator(
      try root.required("actuator"), bodyMass_kg: body, sampleRate_Hz: rate)
    let drive = try DeviceProfile.decodeDrive(try root.required("drive"), sampleRate_Hz: rate)
    let latency = try DeviceProfile.decodeLatency(try root.required("latency"))
    if drive.equalization != .none, case .erm = actuator {
      throw try root.required("drive").required("equalization").error(
        "an ERM cannot be equalised across frequency (its speed sets the frequency); use type none")
    }
    self.init(
      name: name, description: description, sampleRate_Hz: rate, bodyMass_kg: body,
      actuator: actuator, drive: drive, latency: latency)
    if let android = try root.member("android") { self.android = try DeviceProfile.decodeAndroid(android) }
    if let list = try root.member("sources") { self.sources = try DeviceProfile.decodeSources(list, profile: self) }
    if case .erm(let motor) = actuator {
      let top_Hz = motor.steadyFrequency_Hz(voltage_V: drive.maxVoltage_V)
      guard top_Hz < rate / 2 else {
        throw try root.required("actuator").error(
          "the motor would spin at \(Int(top_Hz)) Hz at maxVoltage_V, above the Nyquist frequency \(rate / 2) Hz"
        )
      }
    }
  }

  private static func decodeActuator(
    _ cursor: JSONCursor, bodyMass_kg: Double, sampleRate_Hz: Double
  )
    throws -> ActuatorSpec
  {
    let typeCursor = try cursor.required("type")
    // A switch on the schema's `type` string: each actuator type reads its own parameters
    // (written by jsonValue); Docs/Design.md, "Add an actuator".
    switch try typeCursor.string() {
    case "none":
      _ = try ProfileReader(cursor, allowed: ["type"])
      return .none
    case "ideal":
      _ = try ProfileReader(cursor, allowed: ["type"])
      return .ideal
    case "lra":
      let r = try ProfileReader(
        cursor,
        allowed: [
          "type", "movingMass_kg", "stiffness_N_per_m", "damping_Ns_per_m", "forceFactor_N_per_A",
          "resistance_ohm", "inductance_H",
        ])
      let p = LRAParameters(
        movingMass_kg: try r.positive("movingMass_kg", max: 100),
        stiffness_N_per_m: try r.positive("stiffness_N_per_m", max: 1e9),
        damping_Ns_per_m: try r.positive("damping_Ns_per_m", max: 1e6),
        forceFactor_N_per_A: try r.positive("forceFactor_N_per_A", max: 1e4),
        resistance_ohm: try r.positive("resistance_ohm", max: 1e6),
        inductance_H: try r.number("inductance_H", 1e-9...10))
      guard p.resonance_Hz < sampleRate_Hz / 2 else {
        throw try r.error(
          at: "stiffness_N_per_m",
          "resonance \(JSONWriter.number(p.resonance_Hz)) Hz is not below the Nyquist frequency \(JSONWriter.number(sampleRate_Hz / 2)) Hz"
        )
      }
      guard LRAModel(parameters: p, bodyMass_kg: bodyMass_kg, sampleRate_Hz: sampleRate_Hz) != nil else {
        throw cursor.error("these parameters give no finite discretisation (numerically unstable set)")
      }
      return .lra(p)
    case "erm":
      let r = try ProfileReader(
        cursor,
        allowed: [
          "type", "rotorInertia_kg_m2", "torqueConstant_N_m_per_A", "backEMFConstant_V_s_per_rad",
          "viscousFriction_N_m_s_per_rad", "resistance_ohm", "inductance_H", "eccentricMass_kg",
          "eccentricRadius_m",
        ])
      let p = ERMParameters(
        rotorInertia_kg_m2: try r.positive("rotorInertia_kg_m2", max: 1),
        torqueConstant_N_m_per_A: try r.positive("torqueConstant_N_m_per_A", max: 100),
        backEMFConstant_V_s_per_rad: try r.positive("backEMFConstant_V_s_per_rad", max: 100),
        viscousFriction_N_m_s_per_rad: try r.number("viscousFriction_N_m_s_per_rad", 0...100),
        resistance_ohm: try r.positive("resistance_ohm", max: 1e6),
        inductance_H: try r.number("inductance_H", 1e-9...10),
        eccentricMass_kg: try r.positive("eccentricMass_kg", max: 10),
        eccentricRadius_m: try r.positive("eccentricRadius_m", max: 1))
      guard ERMModel(parameters: p, bodyMass_kg: bodyMass_kg, sampleRate_Hz: sampleRate_Hz) != nil,
        p.spinUpTimeConstant_s.isFinite
      else {
        throw cursor.error("these parameters give no finite discretisation (numerically unstable set)")
      }
      return .erm(p)
    case let other:
      throw typeCursor.error("unknown actuator type \"\(other)\" (expected lra, erm, none or ideal)")
    }
  }

  private static func decodeDrive(_ cursor: JSONCursor, sampleRate_Hz: Double) throws -> DriveParameters {
    let r = try ProfileReader(
      cursor,
      allowed: [
        "fmin_Hz", "fmax_Hz", "ratedVoltage_V", "maxVoltage_V", "gamma", "transientCycles",
        "overdriveVoltage_V", "brakeCycles", "lowPowerIntensityScale", "equalization",
      ])
    let nyquist = sampleRate_Hz / 2
    let fmin = try r.positive("fmin_Hz", max: nyquist)
    let fmax = try r.positive("fmax_Hz", max: nyquist)
    guard fmax > fmin else {
      throw try r.error(
        at: "fmax_Hz",
        "must be greater than fmin_Hz (\(JSONWriter.number(fmin))), got \(JSONWriter.number(fmax))")
    }
    guard fmax < nyquist else {
      throw try r.error(at: "fmax_Hz", "must be below the Nyquist frequency \(JSONWriter.number(nyquist)) Hz")
    }
    let rated = try r.positive("ratedVoltage_V", max: 1000)
    let maximum = try r.positive("maxVoltage_V", max: 1000)
    guard maximum >= rated else {
      throw try r.error(
        at: "maxVoltage_V",
        "must be at least ratedVoltage_V (\(JSONWriter.number(rated))), got \(JSONWriter.number(maximum))")
    }
    let equalization =
      try cursor.member("equalization").map { try decodeEqualization($0, nyquist_Hz: nyquist) } ?? (.none, false)
    return DriveParameters(
      fmin_Hz: fmin, fmax_Hz: fmax, ratedVoltage_V: rated, maxVoltage_V: maximum,
      gamma: try r.positive("gamma", max: 10),
      transientCycles: try r.positive("transientCycles", max: 1000),
      overdriveVoltage_V: try r.number("overdriveVoltage_V", 0...1000),
      brakeCycles: try r.number("brakeCycles", 0...1000),
      lowPowerIntensityScale: try r.number("lowPowerIntensityScale", 0...1),
      equalization: equalization.0, equalizesTransientsByBurstPeak: equalization.1)
  }

  /// `drive.equalization` (optional, default none): `{"type": "none"}` or
  /// `{"type": "actuatorResponse", "referenceFrequency_Hz": F}` with 0 < F < fs/2 and an
  /// optional `"transients"`: `steadyState` (the default) or `burstPeak`; with it, whether
  /// transients are scaled by their burst's peak.
  private static func decodeEqualization(
    _ cursor: JSONCursor, nyquist_Hz: Double
  ) throws -> (DriveEqualization, Bool) {
    let typeCursor = try cursor.required("type")
    switch try typeCursor.string() {
    case "none":
      _ = try ProfileReader(cursor, allowed: ["type"])
      return (.none, false)
    case "actuatorResponse":
      let r = try ProfileReader(cursor, allowed: ["type", "referenceFrequency_Hz", "transients"])
      let reference = try r.positive("referenceFrequency_Hz", max: nyquist_Hz)
      guard reference < nyquist_Hz else {
        throw try r.error(
          at: "referenceFrequency_Hz", "must be below the Nyquist frequency \(JSONWriter.number(nyquist_Hz)) Hz")
      }
      var burstPeak = false
      if let transients = try cursor.member("transients") {
        switch try transients.string() {
        case "steadyState": burstPeak = false
        case "burstPeak": burstPeak = true
        case let other:
          throw transients.error("unknown transients equalization \"\(other)\" (expected steadyState or burstPeak)")
        }
      }
      return (.actuatorResponse(referenceFrequency_Hz: reference), burstPeak)
    case let other:
      throw typeCursor.error("unknown equalization type \"\(other)\" (expected none or actuatorResponse)")
    }
  }

  private static func decodeLatency(_ cursor: JSONCursor) throws -> LatencyParameters {
    let r = try ProfileReader(cursor, allowed: ["prepared_s", "cold_s", "prepareLead_s", "prepareTimeout_s"])
    let prepared = try r.number("prepared_s", 0...60)
    let cold = try r.number("cold_s", 0...60)
    guard cold >= prepared else {
      throw try r.error(
        at: "cold_s",
        "must be at least prepared_s (\(JSONWriter.number(prepared))), got \(JSONWriter.number(cold))")
    }
    let lead = try r.number("prepareLead_s", 0...3600)
    let timeout = try r.number("prepareTimeout_s", 0...86400)
    guard timeout >= lead else {
      throw try r.error(
        at: "prepareTimeout_s",
        "must be at least prepareLead_s (\(JSONWriter.number(lead))), got \(JSONWriter.number(timeout))")
    }
    return LatencyParameters(
      prepared_s: prepared, cold_s: cold, prepareLead_s: lead, prepareTimeout_s: timeout)
  }

  /// The canonical JSON text of the profile: schema key order, shortest round-trip
  /// numbers, two-space indentation. Decoding it gives an equal profile; it also serves
  /// to fingerprint a profile in baselines.
  package func jsonText() -> String {
    JSONWriter.string(jsonValueWithSources)
  }

  /// ``jsonValue`` with the `sources` list last, when the profile has one.
  package var jsonValueWithSources: JSONValue {
    guard !sources.isEmpty, case .object(var members) = jsonValue else { return jsonValue }
    members.append(JSONMember(key: "sources", value: JSONNode(sourcesJSON)))
    return .object(members)
  }

  /// `drive.equalization` when the driver equalises; nothing for `none` (the default),
  /// so profiles without it keep their canonical text and fingerprint.
  private var equalizationMembers: [(String, JSONValue)] {
    switch drive.equalization {
    case .none:
      return []
    case .actuatorResponse(let reference):
      return [
        (
          "equalization",
          .orderedObject(
            [
              ("type", .string(drive.equalization.typeName)), ("referenceFrequency_Hz", .number(reference)),
            ] + (drive.equalizesTransientsByBurstPeak ? [("transients", .string("burstPeak"))] : []))
        )
      ]
    }
  }

  /// The profile as a JSON value in schema key order, without its `sources`
  /// (``jsonValueWithSources`` has them).
  package var jsonValue: JSONValue {
    let actuatorValue: JSONValue
    // A switch: each actuator type writes its own parameters (read by decodeActuator).
    switch actuator {
    case .none:
      actuatorValue = .orderedObject([("type", .string("none"))])
    case .ideal:
      actuatorValue = .orderedObject([("type", .string("ideal"))])
    case .lra(let p):
      actuatorValue = .orderedObject([
        ("type", .string("lra")),
        ("movingMass_kg", .number(p.movingMass_kg)),
        ("stiffness_N_per_m", .number(p.stiffness_N_per_m)),
        ("damping_Ns_per_m", .number(p.damping_Ns_per_m)),
        ("forceFactor_N_per_A", .number(p.forceFactor_N_per_A)),
        ("resistance_ohm", .number(p.resistance_ohm)),
        ("inductance_H", .number(p.inductance_H)),
      ])
    case .erm(let p):
      actuatorValue = .orderedObject([
        ("type", .string("erm")),
        ("rotorInertia_kg_m2", .number(p.rotorInertia_kg_m2)),
        ("torqueConstant_N_m_per_A", .number(p.torqueConstant_N_m_per_A)),
        ("backEMFConstant_V_s_per_rad", .number(p.backEMFConstant_V_s_per_rad)),
        ("viscousFriction_N_m_s_per_rad", .number(p.viscousFriction_N_m_s_per_rad)),
        ("resistance_ohm", .number(p.resistance_ohm)),
        ("inductance_H", .number(p.inductance_H)),
        ("eccentricMass_kg", .number(p.eccentricMass_kg)),
        ("eccentricRadius_m", .number(p.eccentricRadius_m)),
      ])
    }
    var members: [(String, JSONValue)] = [
      ("name", .string(name)),
      ("description", .string(description)),
      ("sampleRate_Hz", .number(sampleRate_Hz)),
      ("bodyMass_kg", .number(bodyMass_kg)),
      ("actuator", actuatorValue),
      (
        "drive",
        .orderedObject(
          [
            ("fmin_Hz", .number(drive.fmin_Hz)),
            ("fmax_Hz", .number(drive.fmax_Hz)),
            ("ratedVoltage_V", .number(drive.ratedVoltage_V)),
            ("maxVoltage_V", .number(drive.maxVoltage_V)),
            ("gamma", .number(drive.gamma)),
            ("transientCycles", .number(drive.transientCycles)),
            ("overdriveVoltage_V", .number(drive.overdriveVoltage_V)),
            ("brakeCycles", .number(drive.brakeCycles)),
            ("lowPowerIntensityScale", .number(drive.lowPowerIntensityScale)),
          ] + equalizationMembers)
      ),
      (
        "latency",
        .orderedObject([
          ("prepared_s", .number(latency.prepared_s)),
          ("cold_s", .number(latency.cold_s)),
          ("prepareLead_s", .number(latency.prepareLead_s)),
          ("prepareTimeout_s", .number(latency.prepareTimeout_s)),
        ])
      ),
    ]
    if let androidJSON { members.append(("android", androidJSON)) }
    return .orderedObject(members)
  }
}
