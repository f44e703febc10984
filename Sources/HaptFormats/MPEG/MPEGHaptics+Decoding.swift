import Foundation
import HaptCore
import HaptPatterns

extension MPEGHaptics {
  /// Decodes an interchange `.hjif` file (JSON) leniently.
  ///
  /// Missing required keys take defaults, out-of-range numbers are clamped, unknown keys
  /// are ignored, each with a finding (`MPG…` rules); broken JSON, wrong types and input
  /// beyond `limits` (effects count against `maxEvents`, keyframes against
  /// `maxControlPoints`, positions against `maxTime_s`) throw.
  /// - Throws: ``InputError`` naming `file` and the JSON path.
  /// - Complexity: O(size of the file).
  package static func decode(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  ) throws -> (haptics: MPEGHaptics, findings: [LintFinding]) {
    do {
      let document = try JSONParser.parse(bytes, limits: limits.json)
      var decoder = MPEGJSONDecoder(file: file, limits: limits)
      decoder.collector.add(leniencies: document.leniencies, rule: .mpegUnknownKey)
      let haptics = try decoder.decodeRoot(JSONCursor(document.root))
      decoder.checkSemantics(haptics)
      return (haptics, decoder.collector.findings)
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }

  /// Decodes `.hjif` text (convenience for tests).
  package static func decode(_ text: String, file: String) throws -> (haptics: MPEGHaptics, findings: [LintFinding]) {
    try decode(Array(text.utf8), file: file)
  }
}

/// The state of one `.hjif` decode.
struct MPEGJSONDecoder {
  var collector: FindingCollector
  let limits: PatternLimits
  var effectCount = 0
  var keyframeCount = 0
  var timescale = 1000

  init(file: String, limits: PatternLimits) {
    collector = FindingCollector(file: file)
    self.limits = limits
  }

  private mutating func checkKeys(_ cursor: JSONCursor, _ known: Set<String>) throws {
    try collector.checkKeys(cursor, known: known, unknownRule: .mpegUnknownKey, duplicateRule: .mpegUnknownKey)
  }

  mutating func decodeRoot(_ root: JSONCursor) throws -> MPEGHaptics {
    guard case .object = root.value else { throw root.typeError(expected: "an MPEG-I Haptics object") }
    try checkKeys(
      root, ["version", "profile", "level", "date", "description", "timescale", "avatars", "perceptions", "syncs"])
    var haptics = MPEGHaptics()
    haptics.version = try string(root, "version", required: true) ?? ""
    haptics.profile = try string(root, "profile", required: true) ?? ""
    haptics.level = try integer(root, "level", required: true, range: 0...Int(Int32.max)) ?? 0
    haptics.date = try string(root, "date", required: true) ?? ""
    haptics.description = try string(root, "description", required: true) ?? ""
    haptics.timescale = try integer(root, "timescale", range: 1...Int(Int32.max)) ?? 1000
    timescale = haptics.timescale
    if try root.member("avatars") == nil {
      collector.add(.mpegMissingKey, at: root.place, "no \"avatars\"; read as none")
    }
    guard let perceptions = try root.member("perceptions") else {
      collector.add(.mpegMissingKey, at: root.place, "no \"perceptions\"; the experience is empty")
      return haptics
    }
    for element in try perceptions.elements() {
      haptics.perceptions.append(try decodePerception(element))
    }
    if haptics.perceptions.isEmpty {
      collector.add(.mpegOutOfRange, at: perceptions.path, "no perception; at least one is required")
    }
    return haptics
  }

  mutating func decodePerception(_ cursor: JSONCursor) throws -> MPEGHaptics.Perception {
    try checkKeys(
      cursor,
      [
        "id", "perception_modality", "description", "priority", "avatar_id", "effect_library", "semantic_scheme",
        "reference_devices", "channels", "unit_exponent", "perception_unit_exponent",
      ])
    var perception = MPEGHaptics.Perception()
    perception.id = try integer(cursor, "id", required: true, range: 0...Int(Int32.max)) ?? 0
    let modality = try string(cursor, "perception_modality", required: true) ?? "Vibrotactile"
    if !Self.modalities.contains(modality), let member = try cursor.member("perception_modality") {
      collector.add(.mpegUnknownValue, at: member.path, "unknown perception modality \"\(modality)\"")
    }
    perception.modality = modality
    perception.description = try string(cursor, "description", required: true) ?? ""
    _ = try integer(cursor, "priority", range: 0...255)
    perception.avatarID = try integer(cursor, "avatar_id", required: true, range: 0...Int(Int32.max)) ?? 0
    perception.unitExponent = try integer(cursor, "unit_exponent", range: -128...127) ?? -3
    perception.perceptionUnitExponent = try integer(cursor, "perception_unit_exponent", range: -128...127) ?? 0
    if let library = try cursor.member("effect_library") {
      for element in try library.elements() { perception.effectLibrary.append(try decodeEffect(element, depth: 0)) }
    } else {
      collector.add(.mpegMissingKey, at: cursor.path, "no \"effect_library\"; read as empty")
    }
    if let devices = try cursor.member("reference_devices") {
      for element in try devices.elements() { perception.referenceDevices.append(try decodeDevice(element)) }
    }
    if let channels = try cursor.member("channels") {
      for element in try channels.elements() { perception.channels.append(try decodeChannel(element)) }
    } else {
      collector.add(.mpegMissingKey, at: cursor.path, "no \"channels\"; the perception is empty")
    }
    return perception
  }

  mutating func decodeDevice(_ cursor: JSONCursor) throws -> MPEGHaptics.ReferenceDevice {
    try checkKeys(
      cursor,
      [
        "id", "name", "body_part_mask", "maximum_frequency", "minimum_frequency", "resonance_frequency",
        "maximum_amplitude", "impedance", "maximum_voltage", "maximum_current", "maximum_displacement", "weight",
        "size", "custom", "type",
      ])
    var device = MPEGHaptics.ReferenceDevice(
      id: try integer(cursor, "id", required: true, range: 0...Int(Int32.max)) ?? 0,
      name: try string(cursor, "name", required: true) ?? "")
    device.bodyPartMask = try integer(cursor, "body_part_mask", range: 0...Int(UInt32.max)).map { UInt32($0) }
    device.maximumFrequency_Hz = try number(cursor, "maximum_frequency", range: 0...1e6)
    device.minimumFrequency_Hz = try number(cursor, "minimum_frequency", range: 0...1e6)
    device.resonanceFrequency_Hz = try number(cursor, "resonance_frequency", range: 0...1e6)
    device.maximumAmplitude = try number(cursor, "maximum_amplitude", range: 0...Double.greatestFiniteMagnitude)
    for key in ["impedance", "maximum_voltage", "maximum_current", "maximum_displacement", "weight", "size", "custom"] {
      _ = try number(cursor, key, range: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    }
    if let type = try string(cursor, "type") {
      if !["LRA", "VCA", "ERM", "Piezo", "Unknown"].contains(type), let member = try cursor.member("type") {
        collector.add(.mpegUnknownValue, at: member.path, "unknown actuator type \"\(type)\"")
      }
      device.type = type
    }
    return device
  }

  mutating func decodeChannel(_ cursor: JSONCursor) throws -> MPEGHaptics.Channel {
    try checkKeys(
      cursor,
      [
        "id", "description", "priority", "reference_device_id", "gain", "mixing_coefficient", "body_part_mask",
        "actuator_resolution", "body_part_target", "actuator_target", "frequency_sampling", "sample_count",
        "vertices", "bands", "direction",
      ])
    var channel = MPEGHaptics.Channel()
    channel.id = try integer(cursor, "id", required: true, range: 0...Int(Int32.max)) ?? 0
    channel.description = try string(cursor, "description", required: true) ?? ""
    _ = try integer(cursor, "priority", range: 0...255)
    channel.referenceDeviceID = try integer(cursor, "reference_device_id", range: 0...Int(Int32.max))
    channel.gain = try number(cursor, "gain", required: true, range: 0...1e6) ?? 1
    channel.mixingCoefficient = try number(cursor, "mixing_coefficient", required: true, range: 0...1e6) ?? 1
    channel.bodyPartMask = try integer(cursor, "body_part_mask", range: 0...Int(UInt32.max)).map { UInt32($0) } ?? 0
    channel.frequencySampling_Hz = try integer(cursor, "frequency_sampling", range: 0...Int(Int32.max))
    channel.sampleCount = try integer(cursor, "sample_count", range: 0...Int(Int32.max))
    if let bands = try cursor.member("bands") {
      for element in try bands.elements() {
        if let band = try decodeBand(element) { channel.bands.append(band) }
      }
    } else {
      collector.add(.mpegMissingKey, at: cursor.path, "no \"bands\"; the channel is silent")
    }
    return channel
  }

  mutating func decodeBand(_ cursor: JSONCursor) throws -> MPEGHaptics.Band? {
    try checkKeys(
      cursor,
      [
        "band_type", "priority", "curve_type", "block_length", "lower_frequency_limit", "upper_frequency_limit",
        "effects",
      ])
    guard let typeName = try string(cursor, "band_type", required: true) else { return nil }
    guard let type = MPEGHaptics.BandType(rawValue: typeName) else {
      collector.add(
        .mpegUnknownValue, at: cursor.path + ".band_type", "unknown band type \"\(typeName)\"; band skipped")
      return nil
    }
    var band = MPEGHaptics.Band(type: type)
    _ = try integer(cursor, "priority", range: 0...255)
    if let curve = try string(cursor, "curve_type") {
      if let curveType = MPEGHaptics.CurveType(rawValue: curve == "Bspline" ? "BSpline" : curve) {
        band.curveType = curveType
      } else {
        collector.add(
          .mpegUnknownValue, at: cursor.path + ".curve_type", "unknown curve type \"\(curve)\"; read as Unknown")
        band.curveType = .unknown
      }
    }
    band.blockLength = try integer(cursor, "block_length", range: 16...Int(Int32.max))
    band.lowerFrequencyLimit_Hz = try number(cursor, "lower_frequency_limit", required: true, range: 0...10_000) ?? 0
    band.upperFrequencyLimit_Hz =
      try number(cursor, "upper_frequency_limit", required: true, range: 0...10_000) ?? 10_000
    if band.upperFrequencyLimit_Hz < band.lowerFrequencyLimit_Hz {
      collector.add(
        .mpegOutOfRange, at: cursor.path + ".upper_frequency_limit",
        "upper frequency limit below the lower one; the lower limit is used for both")
      band.upperFrequencyLimit_Hz = band.lowerFrequencyLimit_Hz
    }
    if let effects = try cursor.member("effects") {
      for element in try effects.elements() { band.effects.append(try decodeEffect(element, depth: 0)) }
    } else {
      collector.add(.mpegMissingKey, at: cursor.path, "no \"effects\"; the band is silent")
    }
    if type == .waveletWave && !band.effects.isEmpty {
      MPEGSemantics.checkWavelet(band, timescale: timescale, place: cursor.path, into: &collector)
    }
    return band
  }

  mutating func decodeEffect(_ cursor: JSONCursor, depth: Int) throws -> MPEGHaptics.Effect {
    effectCount += 1
    guard effectCount <= limits.maxEvents else {
      throw InputError(
        place: cursor.path, "more than \(limits.maxEvents) effects, over the limit",
        limit: .events(limits.maxEvents))
    }
    try checkKeys(
      cursor,
      [
        "id", "effect_type", "semantic_keywords", "position", "phase", "base_signal", "composition", "keyframes",
        "wavelet_stream",
      ])
    var effect = MPEGHaptics.Effect()
    effect.id = try integer(cursor, "id", range: 0...Int(Int32.max))
    if let typeName = try string(cursor, "effect_type", required: true) {
      if let type = MPEGHaptics.EffectType(rawValue: typeName) {
        effect.type = type
      } else {
        collector.add(
          .mpegUnknownValue, at: cursor.path + ".effect_type", "unknown effect type \"\(typeName)\"; read as Basis")
      }
    }
    if let position = try cursor.member("position") {
      let ticks = try wholeNumber(position, range: 0...Int(Int32.max))
      guard Double(ticks) / Double(timescale) <= limits.maxTime_s else {
        var failure = position.error(
          "position \(ticks) ticks is beyond the limit of \(JSONWriter.number(limits.maxTime_s)) s")
        failure.limit = .patternTime_s(limits.maxTime_s)
        throw failure
      }
      effect.position = ticks
    }
    effect.phase_rad = try number(cursor, "phase", range: 0...6.28319) ?? 0
    if let signal = try string(cursor, "base_signal") {
      if let base = MPEGHaptics.BaseSignal(rawValue: signal) {
        effect.baseSignal = base
      } else {
        collector.add(
          .mpegUnknownValue, at: cursor.path + ".base_signal", "unknown base signal \"\(signal)\"; read as Sine")
      }
    }
    if let keyframes = try cursor.member("keyframes") {
      var last = Int.min
      var sorted = true
      for element in try keyframes.elements() {
        let keyframe = try decodeKeyframe(element)
        let rp = keyframe.relativePosition ?? 0
        if rp < last { sorted = false }
        last = max(last, rp)
        effect.keyframes.append(keyframe)
      }
      if !sorted {
        collector.add(.mpegUnsortedKeyframes, at: keyframes.path, "keyframes out of relative-position order; sorted")
        effect.keyframes = effect.keyframes.enumerated()
          .sorted { ($0.element.relativePosition ?? 0, $0.offset) < ($1.element.relativePosition ?? 0, $1.offset) }
          .map(\.element)
      }
    }
    if let composition = try cursor.member("composition") {
      guard depth < limits.maxDepth else { throw composition.error("compositions nested too deeply") }
      for element in try composition.elements() {
        effect.composition.append(try decodeEffect(element, depth: depth + 1))
      }
    }
    if let stream = try cursor.member("wavelet_stream") {
      guard let data = MPEGJSONDecoder.waveletBits(try stream.string()) else {
        throw stream.error("wavelet_stream is not base64")
      }
      effect.waveletStream = data
    }
    let hasKeyframes = try cursor.member("keyframes") != nil
    if effect.type == .basis && !hasKeyframes && effect.waveletStream == nil {
      collector.add(.mpegMissingKey, at: cursor.path, "Basis effect without \"keyframes\"; it plays nothing")
    }
    return effect
  }

  mutating func decodeKeyframe(_ cursor: JSONCursor) throws -> MPEGHaptics.Keyframe {
    keyframeCount += 1
    guard keyframeCount <= limits.maxControlPoints else {
      throw InputError(
        place: cursor.path, "more than \(limits.maxControlPoints) keyframes, over the limit",
        limit: .controlPoints(limits.maxControlPoints))
    }
    try checkKeys(cursor, ["amplitude_modulation", "frequency_modulation", "relative_position"])
    var keyframe = MPEGHaptics.Keyframe(nil)
    if let position = try cursor.member("relative_position") {
      let ticks = try wholeNumber(position, range: 0...Int(Int32.max))
      guard Double(ticks) / Double(timescale) <= limits.maxTime_s else {
        var failure = position.error(
          "relative position \(ticks) ticks is beyond the limit of \(JSONWriter.number(limits.maxTime_s)) s")
        failure.limit = .patternTime_s(limits.maxTime_s)
        throw failure
      }
      keyframe.relativePosition = ticks
    }
    keyframe.amplitude = try number(cursor, "amplitude_modulation", range: -1...1)
    keyframe.frequency_Hz = try number(cursor, "frequency_modulation", range: 0...10_000)
    return keyframe
  }

  // MARK: - Values

  mutating func string(_ cursor: JSONCursor, _ key: String, required: Bool = false) throws -> String? {
    guard let member = try cursor.member(key) else {
      if required { collector.add(.mpegMissingKey, at: cursor.place, "no \"\(key)\"; a default is used") }
      return nil
    }
    return try member.string()
  }

  mutating func number(
    _ cursor: JSONCursor, _ key: String, required: Bool = false, range: ClosedRange<Double>
  ) throws -> Double? {
    guard let member = try cursor.member(key) else {
      if required { collector.add(.mpegMissingKey, at: cursor.place, "no \"\(key)\"; a default is used") }
      return nil
    }
    let value = try member.number()
    guard range.contains(value) else {
      let clamped = min(max(value, range.lowerBound), range.upperBound)
      collector.add(
        .mpegOutOfRange, at: member.path,
        "\(JSONWriter.number(value)) is outside \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound)); clamped to \(JSONWriter.number(clamped))"
      )
      return clamped
    }
    return value
  }

  mutating func integer(
    _ cursor: JSONCursor, _ key: String, required: Bool = false, range: ClosedRange<Int>
  ) throws -> Int? {
    guard let member = try cursor.member(key) else {
      if required { collector.add(.mpegMissingKey, at: cursor.place, "no \"\(key)\"; a default is used") }
      return nil
    }
    return try wholeNumber(member, range: range)
  }

  /// A whole number within `range`; fractions are rounded and out-of-range values clamped,
  /// each with a finding.
  mutating func wholeNumber(_ member: JSONCursor, range: ClosedRange<Int>) throws -> Int {
    let value = try member.number()
    let low = Double(range.lowerBound)
    let high = Double(range.upperBound)
    let clamped = min(max(value.rounded(), low), high)
    if clamped != value {
      collector.add(
        .mpegOutOfRange, at: member.path,
        "\(JSONWriter.number(value)) is not a whole number in \(range.lowerBound)...\(range.upperBound); read as \(JSONWriter.number(clamped))"
      )
    }
    return Int(clamped)
  }

  /// A `wavelet_stream`'s bits: six per base64 digit, most significant first, packed into
  /// bytes most significant bit first; `=` and white space are ignored. The MPEG reference
  /// encoder writes the bit sequence without padding (any number of digits), so a final
  /// partial byte is kept when it holds a 1 bit. Nil for any other character.
  static func waveletBits(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    var accumulator = 0
    var bits = 0
    for c in text.utf8 {
      let digit: Int
      switch c {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(c) - 65
      case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(c) - 97 + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(c) - 48 + 52
      case UInt8(ascii: "+"): digit = 62
      case UInt8(ascii: "/"): digit = 63
      case UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
      default: return nil
      }
      accumulator = accumulator << 6 | digit
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: accumulator >> bits))
        accumulator &= (1 << bits) - 1
      }
    }
    if bits > 0 && accumulator != 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator << (8 - bits))) }
    return bytes
  }

  static let modalities: Set<String> = [
    "Pressure", "Acceleration", "Velocity", "Position", "Temperature", "Vibrotactile", "Water", "Wind", "Force",
    "Electrotactile", "Vibrotactile Texture", "Stiffness", "Friction", "Humidity", "User-defined Temporal",
    "User-defined Spatial", "Other",
  ]
}

extension MPEGJSONDecoder {
  /// Findings that need the whole experience: perceptions not rendered, references to
  /// effects the library lacks, transient keyframes without amplitude.
  mutating func checkSemantics(_ haptics: MPEGHaptics) {
    MPEGSemantics.check(haptics, into: &collector)
  }
}

/// Whole-experience checks shared by the `.hjif` and `.hmpg` readers.
enum MPEGSemantics {
  static func check(_ haptics: MPEGHaptics, into collector: inout FindingCollector) {
    for (p, perception) in haptics.perceptions.enumerated() {
      let place = "perceptions[\(p)]"
      if perception.isRendered && !perception.isVibrotactile {
        collector.add(
          .mpegRenderedAsVibrotactile, at: place,
          "\(perception.modality) perception \(perception.id) (\(perception.channels.count) channel(s)) is rendered as vibrotactile, as the MPEG reference synthesizer renders it"
        )
      } else if !perception.isRendered {
        collector.add(
          .mpegNotRendered, at: place,
          "\(perception.modality) perception \(perception.id) (\(perception.channels.count) channel(s)) is read but not rendered"
        )
      }
      let library = Set(perception.effectLibrary.compactMap(\.id))
      for (c, channel) in perception.channels.enumerated() {
        for (b, band) in channel.bands.enumerated() {
          for (e, effect) in band.effects.enumerated() {
            check(
              effect, band: band, library: library, place: "\(place).channels[\(c)].bands[\(b)].effects[\(e)]",
              into: &collector)
          }
        }
      }
    }
  }

  /// A WaveletWave band whose blocks cannot be decoded (MPG005): no block length, a
  /// block that is not a power of two of at least 16 samples, or blocks without a stream.
  static func checkWavelet(
    _ band: MPEGHaptics.Band, timescale: Int, place: String, into collector: inout FindingCollector
  ) {
    guard band.waveletSamplesPerBlock(timescale: timescale) != nil else {
      collector.add(
        .mpegWaveletNotDecoded, at: place,
        "WaveletWave band with \(band.effects.count) effect(s) and block length \(band.blockLength.map(String.init) ?? "(none)") ticks at \(JSONWriter.number(band.upperFrequencyLimit_Hz)) Hz: not a power-of-two block of at least 16 samples; not rendered"
      )
      return
    }
    let empty = band.effects.filter { $0.type == .basis && $0.waveletStream == nil }.count
    if empty > 0 {
      collector.add(
        .mpegWaveletNotDecoded, at: place, "\(empty) WaveletWave effect(s) without a wavelet stream play nothing")
    }
  }

  static func check(
    _ effect: MPEGHaptics.Effect, band: MPEGHaptics.Band, library: Set<Int>, place: String,
    into collector: inout FindingCollector
  ) {
    if effect.type == .reference && !library.contains(effect.id ?? -1) {
      collector.add(
        .mpegUnknownReference, at: place,
        "Reference to effect id \(effect.id.map(String.init) ?? "(none)"), which the effect library does not hold")
    }
    if band.type == .transient {
      for (k, keyframe) in effect.keyframes.enumerated() where keyframe.amplitude == nil {
        collector.add(
          .mpegTransientWithoutAmplitude, at: "\(place).keyframes[\(k)]",
          "transient keyframe without amplitude_modulation")
      }
    }
    for (k, part) in effect.composition.enumerated() {
      check(part, band: band, library: library, place: "\(place).composition[\(k)]", into: &collector)
    }
  }
}
