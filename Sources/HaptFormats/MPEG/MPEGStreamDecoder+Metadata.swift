import HaptCore
import HaptPatterns

/// The metadata packets of an `.hmpg` stream: experience, perceptions, channels, bands.
/// A repeated initialization unit (a sync point) updates what it declares again.
extension MPEGStreamDecoder {
  /// `perception_modality` by its stream code (the reference software's order).
  static let modalities = [
    "Other", "Pressure", "Acceleration", "Velocity", "Position", "Temperature", "Vibrotactile", "Water", "Wind",
    "Force", "Vibrotactile Texture", "Stiffness", "Friction", "Electrotactile",
  ]
  static let actuatorTypes = ["Unknown", "LRA", "VCA", "ERM", "Piezo"]
  static let bandTypes: [MPEGHaptics.BandType] = [.transient, .curve, .vectorialWave, .waveletWave]
  static let curveTypes: [MPEGHaptics.CurveType] = [.unknown, .cubic, .linear, .akima, .bezier, .bSpline]
  /// Largest frequency and real value the stream's quantised fields span.
  static let maxFrequency: Float = 10_000
  static let maxReal: Float = 10_000

  mutating func readExperience(_ r: inout MPEGBitReader) throws {
    sawExperienceMetadata = true
    haptics.version = try r.lengthPrefixedString()
    haptics.profile = try r.lengthPrefixedString()
    haptics.level = try r.int(8)
    haptics.date = try r.lengthPrefixedString()
    haptics.description = try r.lengthPrefixedString()
    _ = try r.int(8)  // perception count (the perception packets follow)
    let avatars = try r.int(8)
    for _ in 0..<avatars {
      try r.skip(8 + 8)  // id, level of detail
      let type = try r.int(8)
      if type == 0 { _ = try r.lengthPrefixedString() }  // a custom avatar's mesh
    }
  }

  mutating func readPerception(_ r: inout MPEGBitReader) throws {
    var perception = MPEGHaptics.Perception()
    perception.id = try r.int(8)
    _ = try r.int(8)  // priority
    perception.description = try r.lengthPrefixedString()
    let modalityPlace = r.place
    let modality = try r.int(8)
    if modality < Self.modalities.count {
      perception.modality = Self.modalities[modality]
    } else {
      perception.modality = "modality \(modality)"
      collector.add(.mpegUnknownValue, at: modalityPlace, "unknown perception modality code \(modality)")
    }
    perception.avatarID = try r.int(8)
    _ = try r.int(16)  // library size (the library packet follows)
    if try r.int(1) == 1 { _ = try r.lengthPrefixedString() }  // semantic scheme
    perception.unitExponent = try r.signed(8)
    perception.perceptionUnitExponent = try r.signed(8)
    let devices = try r.int(8)
    for _ in 0..<devices { perception.referenceDevices.append(try readDevice(&r)) }
    _ = try r.int(16)  // channel count (the channel packets follow)
    if let p = haptics.perceptions.firstIndex(where: { $0.id == perception.id }) {
      perception.effectLibrary = haptics.perceptions[p].effectLibrary
      perception.channels = haptics.perceptions[p].channels
      haptics.perceptions[p] = perception
    } else {
      haptics.perceptions.append(perception)
    }
  }

  private mutating func readDevice(_ r: inout MPEGBitReader) throws -> MPEGHaptics.ReferenceDevice {
    var device = MPEGHaptics.ReferenceDevice(id: try r.int(8), name: try r.lengthPrefixedString())
    device.bodyPartMask = try r.uint(32)
    let mask = try r.int(12)  // first bit: maximum frequency ... last: type
    func has(_ field: Int) -> Bool { mask & (1 << (11 - field)) != 0 }
    if has(0) { device.maximumFrequency_Hz = try r.real(32, 0, Self.maxFrequency) }
    if has(1) { device.minimumFrequency_Hz = try r.real(32, 0, Self.maxFrequency) }
    if has(2) { device.resonanceFrequency_Hz = try r.real(32, 0, Self.maxFrequency) }
    if has(3) { device.maximumAmplitude = try r.real(32, 0, Self.maxReal) }
    for field in 4...9 where has(field) { try r.skip(32) }  // impedance ... size
    if has(10) { try r.skip(32) }  // custom
    if has(11) {
      let place = r.place
      let type = try r.int(4)
      if type < Self.actuatorTypes.count {
        device.type = Self.actuatorTypes[type]
      } else {
        collector.add(.mpegUnknownValue, at: place, "unknown actuator type code \(type)")
      }
    }
    return device
  }

  /// The index of the perception with stream id `id`, or a throw naming the packet.
  func perceptionIndex(_ id: Int, _ r: MPEGBitReader) throws -> Int {
    guard let p = haptics.perceptions.firstIndex(where: { $0.id == id }) else {
      throw r.error("\(r.what) for perception \(id), which no perception metadata declared")
    }
    return p
  }

  mutating func readChannel(_ r: inout MPEGBitReader) throws {
    var channel = MPEGHaptics.Channel()
    channel.id = try r.int(16)
    let p = try perceptionIndex(try r.int(8), r)
    _ = try r.int(8)  // priority
    channel.description = try r.lengthPrefixedString()
    let device = try r.int(8)
    channel.referenceDeviceID = device < 255 ? device : nil
    channel.gain = try r.real(32, -Self.maxReal, Self.maxReal)
    channel.mixingCoefficient = try r.real(32, 0, Self.maxReal)
    let optional = try r.int(8)
    if optional & 1 != 0 {
      channel.bodyPartMask = try r.uint(32)
    } else if optional & 2 != 0 {
      try r.skip(3 * 8)  // actuator resolution
      try r.skip(try r.int(8) * 8)  // body part targets
      try r.skip(try r.int(8) * 3 * 8)  // actuator targets
    }
    let sampling = try r.int(32)
    if sampling > 0 {
      channel.frequencySampling_Hz = sampling
      channel.sampleCount = try r.int(32)
    }
    if optional & 4 != 0 { try r.skip(3 * 8) }  // direction
    try r.skip(try r.int(16) * 32)  // vertices
    _ = try r.int(8)  // band count (the band packets follow)
    if let c = haptics.perceptions[p].channels.firstIndex(where: { $0.id == channel.id }) {
      channel.bands = haptics.perceptions[p].channels[c].bands
      haptics.perceptions[p].channels[c] = channel
    } else {
      haptics.perceptions[p].channels.append(channel)
    }
  }

  mutating func readBand(_ r: inout MPEGBitReader) throws {
    let id = try r.int(8)
    let p = try perceptionIndex(try r.int(8), r)
    let channelID = try r.int(16)
    guard let c = haptics.perceptions[p].channels.firstIndex(where: { $0.id == channelID }) else {
      throw r.error("band metadata for channel \(channelID), which no channel metadata declared")
    }
    _ = try r.int(8)  // priority
    let typePlace = r.place
    let typeCode = try r.int(3)
    guard typeCode < Self.bandTypes.count else {
      collector.add(.mpegUnknownValue, at: typePlace, "unknown band type code \(typeCode); band \(id) skipped")
      skippedBands.insert(id)
      return
    }
    var band = MPEGHaptics.Band(type: Self.bandTypes[typeCode])
    if band.type == .curve {
      let place = r.place
      let curve = try r.int(4)
      if curve < Self.curveTypes.count {
        band.curveType = Self.curveTypes[curve]
      } else {
        collector.add(.mpegUnknownValue, at: place, "unknown curve type code \(curve); read as Unknown")
        band.curveType = .unknown
      }
    } else if band.type == .waveletWave {
      band.blockLength = try r.int(8)
    }
    band.lowerFrequencyLimit_Hz = Double(try r.int(16))
    let upperPlace = r.place
    band.upperFrequencyLimit_Hz = Double(try r.int(16))
    if band.upperFrequencyLimit_Hz < band.lowerFrequencyLimit_Hz {
      collector.add(
        .mpegOutOfRange, at: upperPlace, "upper frequency limit below the lower one; the lower limit is used for both")
      band.upperFrequencyLimit_Hz = band.lowerFrequencyLimit_Hz
    }
    _ = try r.int(16)  // effect count (the data packets follow)
    skippedBands.remove(id)
    if let location = bands[id], location.perception == p, location.channel == c {
      let old = haptics.perceptions[p].channels[c].bands[location.band]
      if old.type == band.type { band.effects = old.effects } else { effectIndex[id] = [:] }
      haptics.perceptions[p].channels[c].bands[location.band] = band
    } else {
      haptics.perceptions[p].channels[c].bands.append(band)
      bands[id] = BandLocation(perception: p, channel: c, band: haptics.perceptions[p].channels[c].bands.count - 1)
      effectIndex[id] = [:]
    }
  }
}
