import Foundation
import HaptCore
import HaptPatterns

extension MPEGHaptics {
  /// The experience as interchange `.hjif` JSON: schema key order, shortest round-trip
  /// numbers, and the keys the MPEG reference software requires besides the schema's
  /// (`timescale`, `syncs`, every channel's `body_part_mask`).
  /// - Complexity: O(size of the experience).
  package func jsonText() -> String {
    JSONWriter.string(jsonValue)
  }

  package var jsonValue: JSONValue {
    .orderedObject([
      ("version", .string(version)), ("profile", .string(profile)), ("level", .number(Double(level))),
      ("date", .string(date)), ("description", .string(description)), ("timescale", .number(Double(timescale))),
      ("avatars", .list([.orderedObject([("id", .number(1)), ("lod", .number(0)), ("type", .string("Vibration"))])])),
      ("perceptions", .list(perceptions.map(Self.encode))), ("syncs", .list([])),
    ])
  }

  static func encode(_ p: Perception) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("id", .number(Double(p.id))), ("perception_modality", .string(p.modality)),
      ("description", .string(p.description)), ("avatar_id", .number(Double(p.avatarID))),
      ("effect_library", .list(p.effectLibrary.map(encode))),
    ]
    if !p.referenceDevices.isEmpty { pairs.append(("reference_devices", .list(p.referenceDevices.map(encode)))) }
    pairs.append(("channels", .list(p.channels.map(encode))))
    if p.unitExponent != -3 { pairs.append(("unit_exponent", .number(Double(p.unitExponent)))) }
    if p.perceptionUnitExponent != 0 {
      pairs.append(("perception_unit_exponent", .number(Double(p.perceptionUnitExponent))))
    }
    return .orderedObject(pairs)
  }

  static func encode(_ d: ReferenceDevice) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("id", .number(Double(d.id))), ("name", .string(d.name))]
    if let v = d.bodyPartMask { pairs.append(("body_part_mask", .number(Double(v)))) }
    if let v = d.maximumFrequency_Hz { pairs.append(("maximum_frequency", .number(v))) }
    if let v = d.minimumFrequency_Hz { pairs.append(("minimum_frequency", .number(v))) }
    if let v = d.resonanceFrequency_Hz { pairs.append(("resonance_frequency", .number(v))) }
    if let v = d.maximumAmplitude { pairs.append(("maximum_amplitude", .number(v))) }
    if let v = d.type { pairs.append(("type", .string(v))) }
    return .orderedObject(pairs)
  }

  static func encode(_ c: Channel) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("id", .number(Double(c.id))), ("description", .string(c.description))]
    if let v = c.referenceDeviceID { pairs.append(("reference_device_id", .number(Double(v)))) }
    pairs += [
      ("gain", .number(c.gain)), ("mixing_coefficient", .number(c.mixingCoefficient)),
      ("body_part_mask", .number(Double(c.bodyPartMask))),
    ]
    if let v = c.frequencySampling_Hz { pairs.append(("frequency_sampling", .number(Double(v)))) }
    if let v = c.sampleCount { pairs.append(("sample_count", .number(Double(v)))) }
    pairs.append(("bands", .list(c.bands.map(encode))))
    return .orderedObject(pairs)
  }

  static func encode(_ b: Band) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("band_type", .string(b.type.rawValue))]
    if let v = b.curveType { pairs.append(("curve_type", .string(v.rawValue))) }
    if let v = b.blockLength { pairs.append(("block_length", .number(Double(v)))) }
    pairs += [
      ("lower_frequency_limit", .number(b.lowerFrequencyLimit_Hz)),
      ("upper_frequency_limit", .number(b.upperFrequencyLimit_Hz)), ("effects", .list(b.effects.map(encode))),
    ]
    return .orderedObject(pairs)
  }

  static func encode(_ e: Effect) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let v = e.id { pairs.append(("id", .number(Double(v)))) }
    pairs += [("effect_type", .string(e.type.rawValue)), ("position", .number(Double(e.position)))]
    if e.phase_rad != 0 { pairs.append(("phase", .number(e.phase_rad))) }
    if e.type == .basis || e.baseSignal != .sine { pairs.append(("base_signal", .string(e.baseSignal.rawValue))) }
    if e.type == .basis && e.waveletStream == nil || !e.keyframes.isEmpty {
      pairs.append(("keyframes", .list(e.keyframes.map(encode))))
    }
    if e.type == .composite || !e.composition.isEmpty {
      pairs.append(("composition", .list(e.composition.map(encode))))
    }
    if let stream = e.waveletStream {
      // No "=" padding: the MPEG reference decoder reads "=" as six 1 bits.
      let text = Data(stream).base64EncodedString()
      pairs.append(("wavelet_stream", .string(String(text.prefix { $0 != "=" }))))
    }
    return .orderedObject(pairs)
  }

  static func encode(_ k: Keyframe) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let v = k.relativePosition { pairs.append(("relative_position", .number(Double(v)))) }
    if let v = k.amplitude { pairs.append(("amplitude_modulation", .number(v))) }
    if let v = k.frequency_Hz { pairs.append(("frequency_modulation", .number(v))) }
    return .orderedObject(pairs)
  }
}
