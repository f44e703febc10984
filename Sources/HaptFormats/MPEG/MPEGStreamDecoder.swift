import HaptCore
import HaptPatterns

/// The state of one `.hmpg` decode: walks the MIHS units and their packets and builds the
/// experience (``MPEGHaptics/decodeBinary(_:file:limits:)``; field widths and order are
/// those the MPEG reference software writes, Docs/Formats-MPEG.md, "The binary stream").
struct MPEGStreamDecoder {
  /// Unit header: type 6, sync 2, layer 4, duration 24, length 32 (bytes), reserved 4 bits.
  static let unitHeaderBytes = 9
  /// Packet header: type 6, payload length 17 (bytes), reserved 1 bit.
  static let packetHeaderBytes = 3

  enum UnitType: Int { case initialization, temporal, spatial, silent }

  enum PacketType: Int {
    case timing, metadataHaptics, metadataPerception, metadataChannel, metadataBand, data, effectLibrary
    case crc32, crc16, globalCRC16, globalCRC32, initializationTiming
  }

  /// Where a band id of the stream lives in ``haptics``.
  struct BandLocation {
    var perception: Int
    var channel: Int
    var band: Int
  }

  let bytes: [UInt8]
  var collector: FindingCollector
  let limits: PatternLimits
  var haptics = MPEGHaptics(version: "", profile: "", level: 0)
  /// Start of the current unit, ticks.
  var time = 0
  var sawExperienceMetadata = false
  var bands: [Int: BandLocation] = [:]
  /// Band ids whose band type is unknown: their data is skipped.
  var skippedBands: Set<Int> = []
  /// Per band id, the index in its band of each Basis effect id (keyframes join by id).
  var effectIndex: [Int: [Int: Int]] = [:]
  var effectCount = 0
  var keyframeCount = 0

  init(bytes: [UInt8], file: String, limits: PatternLimits) {
    self.bytes = bytes
    collector = FindingCollector(file: file)
    self.limits = limits
  }

  mutating func decode() throws -> MPEGHaptics {
    guard !bytes.isEmpty else { throw InputError(place: "byte 0", "empty file; not an MPEG-I Haptics stream") }
    var offset = 0
    var units = 0
    while offset < bytes.count {
      guard bytes.count - offset >= Self.unitHeaderBytes else {
        throw InputError(
          place: "byte \(offset)",
          "unit header ends early (\(bytes.count - offset) of \(Self.unitHeaderBytes) bytes)")
      }
      var header = MPEGBitReader(bytes, startBit: offset * 8, what: "unit header")
      let typeCode = try header.int(6)
      try header.skip(2 + 4)  // sync, layer
      let duration = try header.int(24)
      let lengthPlace = header.place
      let length = try header.int(32)
      if units == 0 && typeCode != UnitType.initialization.rawValue {
        throw InputError(
          place: "byte 0", "not an MPEG-I Haptics stream: the first unit is not an initialization unit")
      }
      guard let type = UnitType(rawValue: typeCode) else {
        throw InputError(place: "byte \(offset)", "unknown unit type \(typeCode)")
      }
      let start = offset + Self.unitHeaderBytes
      guard length <= bytes.count - start else {
        throw InputError(
          place: lengthPlace,
          "unit length \(length) bytes runs past the end of the file (\(bytes.count - start) bytes left)")
      }
      try readPackets(from: start, to: start + length)
      time += duration
      guard Double(time) / Double(haptics.timescale) <= limits.maxTime_s else {
        throw InputError(
          place: "byte \(offset)", "stream time \(time) ticks is beyond the limit of \(limits.maxTime_s) s",
          limit: .patternTime_s(limits.maxTime_s))
      }
      offset = start + length
      units += 1
    }
    finish()
    return haptics
  }

  private mutating func readPackets(from start: Int, to end: Int) throws {
    var p = start
    while p < end {
      guard end - p >= Self.packetHeaderBytes else {
        throw InputError(
          place: "byte \(p)",
          "packet header ends early (\(end - p) of \(Self.packetHeaderBytes) bytes left in the unit)")
      }
      var header = MPEGBitReader(bytes, startBit: p * 8, what: "packet header")
      let typeCode = try header.int(6)
      let length = try header.int(17)
      let payload = p + Self.packetHeaderBytes
      guard let type = PacketType(rawValue: typeCode) else {
        throw InputError(place: "byte \(p)", "unknown packet type \(typeCode)")
      }
      guard length <= end - payload else {
        throw InputError(
          place: "byte \(p)",
          "packet length \(length) bytes runs past the end of its unit (\(end - payload) bytes left)")
      }
      var reader = MPEGBitReader(
        bytes, startBit: payload * 8, endBit: (payload + length) * 8, what: "\(Self.name(type)) packet")
      try read(type, &reader)
      p = payload + length
    }
  }

  static func name(_ type: PacketType) -> String {
    switch type {
    case .timing: "timing"
    case .metadataHaptics: "experience metadata"
    case .metadataPerception: "perception metadata"
    case .metadataChannel: "channel metadata"
    case .metadataBand: "band metadata"
    case .data: "data"
    case .effectLibrary: "effect library"
    case .crc32, .crc16, .globalCRC16, .globalCRC32: "CRC"
    case .initializationTiming: "initialization timing"
    }
  }

  private mutating func read(_ type: PacketType, _ r: inout MPEGBitReader) throws {
    switch type {
    case .timing:
      time = try r.int(32)
    case .initializationTiming:
      time = try r.int(32)
      let place = r.place
      let timescale = try r.int(32)
      if timescale == 0 {
        collector.add(.mpegOutOfRange, at: place, "timescale 0; read as 1000")
      } else {
        haptics.timescale = timescale
      }
      try r.skip(24 + 24 + 1)  // nominal duration, duration deviation, overlapping
    case .metadataHaptics: try readExperience(&r)
    case .metadataPerception: try readPerception(&r)
    case .effectLibrary: try readLibrary(&r)
    case .metadataChannel: try readChannel(&r)
    case .metadataBand: try readBand(&r)
    case .data: try readData(&r)
    case .crc32, .crc16, .globalCRC16, .globalCRC32:
      break  // integrity checks of the transport; the file is read as it is
    }
  }

  /// Sorts keyframes joined out of order and runs the whole-experience checks.
  private mutating func finish() {
    if !sawExperienceMetadata {
      collector.add(.mpegMissingKey, at: "byte 0", "no experience metadata packet; defaults are used")
      haptics.version = MPEGHaptics().version
      haptics.profile = MPEGHaptics().profile
    }
    for p in haptics.perceptions.indices {
      for c in haptics.perceptions[p].channels.indices {
        for b in haptics.perceptions[p].channels[c].bands.indices {
          let band = haptics.perceptions[p].channels[c].bands[b]
          let place = "perceptions[\(p)].channels[\(c)].bands[\(b)]"
          for e in band.effects.indices {
            // A Basis effect's id only joins its packets; in the experience it has none.
            if band.effects[e].type == .basis { haptics.perceptions[p].channels[c].bands[b].effects[e].id = nil }
            let keyframes = band.effects[e].keyframes
            let positions = keyframes.map { $0.relativePosition ?? 0 }
            guard zip(positions, positions.dropFirst()).contains(where: { $0 > $1 }) else { continue }
            collector.add(
              .mpegUnsortedKeyframes, at: "\(place).effects[\(e)]", "keyframes out of relative-position order; sorted")
            haptics.perceptions[p].channels[c].bands[b].effects[e].keyframes = keyframes.enumerated()
              .sorted { (positions[$0.offset], $0.offset) < (positions[$1.offset], $1.offset) }
              .map(\.element)
          }
          if band.type == .waveletWave && !band.effects.isEmpty {
            MPEGSemantics.checkWavelet(band, timescale: haptics.timescale, place: place, into: &collector)
          }
        }
      }
    }
    MPEGSemantics.check(haptics, into: &collector)
  }
}
