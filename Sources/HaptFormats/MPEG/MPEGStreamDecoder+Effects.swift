import HaptCore
import HaptPatterns

/// The effect library and data packets of an `.hmpg` stream.
///
/// A data packet names its band and carries effects: id, type, position (signed, ticks
/// after the unit's start), and for a Basis effect its keyframes (in a VectorialWave band
/// also phase and base signal). A long effect is cut into packets; the parts share the
/// effect's id and are joined here. Keyframe fields per band type: Transient amplitude,
/// position and frequency; Curve amplitude and position; VectorialWave a 2-bit mask, then
/// amplitude, position, frequency as present. A WaveletWave packet carries one block's
/// encoded bytes; block k of a band starts at `k x block_length` ticks.
extension MPEGStreamDecoder {
  static let baseSignals: [MPEGHaptics.BaseSignal] = [.sine, .square, .triangle, .sawToothUp, .sawToothDown]
  static let effectTypes: [MPEGHaptics.EffectType] = [.basis, .reference, .composite]
  /// Largest phase the stream's 16-bit phase spans, radians.
  static let maxPhase: Float = 6.28318

  mutating func readLibrary(_ r: inout MPEGBitReader) throws {
    let p = try perceptionIndex(try r.int(8), r)
    let count = try r.int(16)
    var library: [MPEGHaptics.Effect] = []
    for _ in 0..<count { library.append(try readLibraryEffect(&r, depth: 0)) }
    haptics.perceptions[p].effectLibrary = library
  }

  /// A library effect: id, type, position (unsigned), phase and base signal for a Basis
  /// effect, keyframes each with a 3-bit mask of the fields present, and its composition.
  private mutating func readLibraryEffect(_ r: inout MPEGBitReader, depth: Int) throws -> MPEGHaptics.Effect {
    try countEffect(r)
    var effect = MPEGHaptics.Effect()
    effect.id = try r.int(16)
    effect.type = try effectType(&r)
    if try r.int(1) == 1 { try r.skip(12) }  // semantic keyword
    effect.position = try checkedPosition(try r.int(25), r)
    if effect.type == .basis {
      effect.phase_rad = try r.real(16, 0, Self.maxPhase)
      effect.baseSignal = try baseSignal(&r)
    }
    let keyframes = try r.int(16)
    for _ in 0..<keyframes {
      try countKeyframe(r)
      let mask = try r.int(3)
      var keyframe = MPEGHaptics.Keyframe(nil)
      if mask & 1 != 0 { keyframe.relativePosition = try r.int(16) }
      if mask & 2 != 0 { keyframe.amplitude = try r.real(8, -1, 1) }
      if mask & 4 != 0 { keyframe.frequency_Hz = Double(try r.int(16)) }
      effect.keyframes.append(keyframe)
    }
    let parts = try r.int(16)
    if parts > 0 && depth >= limits.maxDepth { throw r.error("library compositions nested too deeply") }
    for _ in 0..<parts { effect.composition.append(try readLibraryEffect(&r, depth: depth + 1)) }
    return effect
  }

  mutating func readData(_ r: inout MPEGBitReader) throws {
    try r.skip(1)  // access unit type (random or dependent)
    _ = try perceptionIndex(try r.int(8), r)
    try r.skip(16)  // channel id (the band id locates the band)
    let bandPlace = r.place
    let id = try r.int(8)
    if skippedBands.contains(id) { return }
    guard let location = bands[id] else {
      throw InputError(place: bandPlace, "data for band \(id), which no band metadata declared")
    }
    let band = haptics.perceptions[location.perception].channels[location.channel].bands[location.band]
    let count = try r.int(16)
    for _ in 0..<count {
      let effect = band.type == .waveletWave ? try readWaveletBlock(&r, band: band) : try readDataEffect(&r, band: band)
      try add(effect, toBand: id, at: location, r)
    }
  }

  private mutating func readDataEffect(_ r: inout MPEGBitReader, band: MPEGHaptics.Band) throws -> MPEGHaptics.Effect {
    var effect = MPEGHaptics.Effect()
    effect.id = try r.int(16)
    effect.type = try effectType(&r)
    let place = r.place
    var position = time + (try r.signed(25))
    if position < 0 {
      collector.add(.mpegOutOfRange, at: place, "effect position \(position) ticks is before the start; read as 0")
      position = 0
    }
    effect.position = try checkedPosition(position, r)
    guard effect.type == .basis else { return effect }
    if try r.int(1) == 1 { try r.skip(12) }  // semantic keyword
    let keyframes = try r.int(16)
    if band.type == .vectorialWave {
      effect.phase_rad = try r.real(16, 0, Self.maxPhase)
      effect.baseSignal = try baseSignal(&r)
    }
    for _ in 0..<keyframes {
      try countKeyframe(r)
      var keyframe = MPEGHaptics.Keyframe(nil)
      switch band.type {
      case .transient:
        keyframe.amplitude = try r.real(8, -1, 1)
        keyframe.relativePosition = try r.int(16)
        keyframe.frequency_Hz = Double(try r.int(16))
      case .curve:
        keyframe.amplitude = try r.real(8, -1, 1)
        keyframe.relativePosition = try r.int(16)
      case .vectorialWave:
        let mask = try r.int(2)
        if mask & 1 != 0 { keyframe.amplitude = try r.real(8, -1, 1) }
        keyframe.relativePosition = try r.int(16)
        if mask & 2 != 0 { keyframe.frequency_Hz = Double(try r.int(16)) }
      case .waveletWave:
        break
      }
      effect.keyframes.append(keyframe)
    }
    return effect
  }

  /// One WaveletWave block: id, type, semantic flag, then its encoded bytes (16-bit size).
  private mutating func readWaveletBlock(_ r: inout MPEGBitReader, band: MPEGHaptics.Band) throws -> MPEGHaptics.Effect
  {
    var effect = MPEGHaptics.Effect()
    effect.id = try r.int(16)
    effect.type = try effectType(&r)
    if try r.int(1) == 1 { try r.skip(12) }  // semantic keyword
    effect.position = try checkedPosition(band.effects.count * (band.blockLength ?? 0), r)
    let size = try r.int(16)
    var stream: [UInt8] = []
    stream.reserveCapacity(size)
    // The stream packs the coder's bits least significant bit first; the model keeps them
    // in order, most significant first (as `.hjif`'s base64 does).
    for _ in 0..<size { stream.append(Self.reversedBits(UInt8(try r.uint(8)))) }
    effect.waveletStream = stream
    effect.type = .basis
    return effect
  }

  /// Adds a data effect to its band, joining the keyframes of a Basis effect whose id the
  /// band already holds.
  private mutating func add(
    _ effect: MPEGHaptics.Effect, toBand id: Int, at location: BandLocation, _ r: MPEGBitReader
  ) throws {
    let (p, c, b) = (location.perception, location.channel, location.band)
    if effect.type == .basis, let effectID = effect.id, effect.waveletStream == nil,
      let index = effectIndex[id]?[effectID]
    {
      haptics.perceptions[p].channels[c].bands[b].effects[index].keyframes += effect.keyframes
      return
    }
    try countEffect(r)
    if effect.type == .basis, let effectID = effect.id, effect.waveletStream == nil {
      effectIndex[id, default: [:]][effectID] = haptics.perceptions[p].channels[c].bands[b].effects.count
    }
    haptics.perceptions[p].channels[c].bands[b].effects.append(effect)
  }

  // MARK: - Fields

  static func reversedBits(_ byte: UInt8) -> UInt8 {
    var x = byte
    var y: UInt8 = 0
    for _ in 0..<8 {
      y = y << 1 | x & 1
      x >>= 1
    }
    return y
  }

  private mutating func effectType(_ r: inout MPEGBitReader) throws -> MPEGHaptics.EffectType {
    let place = r.place
    let code = try r.int(2)
    guard code < Self.effectTypes.count else { throw InputError(place: place, "unknown effect type code \(code)") }
    return Self.effectTypes[code]
  }

  private mutating func baseSignal(_ r: inout MPEGBitReader) throws -> MPEGHaptics.BaseSignal {
    let place = r.place
    let code = try r.int(4)
    guard code < Self.baseSignals.count else {
      collector.add(.mpegUnknownValue, at: place, "unknown base signal code \(code); read as Sine")
      return .sine
    }
    return Self.baseSignals[code]
  }

  private func checkedPosition(_ ticks: Int, _ r: MPEGBitReader) throws -> Int {
    guard Double(ticks) / Double(haptics.timescale) <= limits.maxTime_s else {
      throw InputError(
        place: r.place, "position \(ticks) ticks is beyond the limit of \(limits.maxTime_s) s",
        limit: .patternTime_s(limits.maxTime_s))
    }
    return ticks
  }

  private mutating func countEffect(_ r: MPEGBitReader) throws {
    effectCount += 1
    guard effectCount <= limits.maxEvents else {
      throw InputError(
        place: r.place, "more than \(limits.maxEvents) effects, over the limit", limit: .events(limits.maxEvents))
    }
  }

  private mutating func countKeyframe(_ r: MPEGBitReader) throws {
    keyframeCount += 1
    guard keyframeCount <= limits.maxControlPoints else {
      throw InputError(
        place: r.place, "more than \(limits.maxControlPoints) keyframes, over the limit",
        limit: .controlPoints(limits.maxControlPoints))
    }
  }
}
