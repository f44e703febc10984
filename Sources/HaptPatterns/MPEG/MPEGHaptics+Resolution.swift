extension MPEGHaptics {
  /// The frequency, Hz, of a Transient keyframe without `frequency_modulation`: two cycles
  /// in 22 ms, the fixed transient of the MPEG reference synthesizer.
  package static let defaultTransientFrequency_Hz = 2 / 0.022

  /// The cycles of carrier one transient keyframe plays (Docs/Formats-MPEG.md).
  package static let transientCycles = 2.0

  /// The Basis effects a band plays, each at its absolute position in ticks: Reference
  /// effects are replaced by the library effect they name (at the reference's position),
  /// Composite effects by their parts (positions relative to the composite), recursively.
  /// A reference to a missing effect plays nothing; a reference cycle is cut.
  /// - Complexity: O(effects played).
  package func playedEffects(of band: Band, in perception: Perception) -> [Effect] {
    var library: [Int: Effect] = [:]
    for effect in perception.effectLibrary {
      if let id = effect.id, library[id] == nil { library[id] = effect }
    }
    var result: [Effect] = []
    func visit(_ effect: Effect, offset: Int, depth: Int, referenced: Set<Int>) {
      guard depth <= 64 else { return }
      let position = offset &+ effect.position
      switch effect.type {
      case .basis:
        var played = effect
        played.position = position
        played.composition = []
        result.append(played)
      case .composite:
        for part in effect.composition {
          visit(part, offset: position, depth: depth + 1, referenced: referenced)
        }
      case .reference:
        guard let id = effect.id, !referenced.contains(id), var target = library[id] else { return }
        target.position = 0
        visit(target, offset: position, depth: depth + 1, referenced: referenced.union([id]))
      }
    }
    for effect in band.effects { visit(effect, offset: 0, depth: 0, referenced: []) }
    return result
  }

  /// The end of a played effect in ticks (a transient's last keyframe plus its cycles).
  package func end(of effect: Effect, in band: Band) -> Double {
    let position = Double(effect.position)
    switch band.type {
    case .transient:
      var end = position
      for keyframe in effect.keyframes {
        let f = transientFrequency(keyframe, band: band)
        let t = position + Double(keyframe.relativePosition ?? 0) + Self.transientCycles / f * Double(timescale)
        end = Swift.max(end, t)
      }
      return end
    case .curve, .vectorialWave:
      return position + Double(effect.length)
    case .waveletWave:
      guard let count = band.waveletSamplesPerBlock(timescale: timescale), band.upperFrequencyLimit_Hz > 0 else {
        return position
      }
      return position + Double(count) / band.upperFrequencyLimit_Hz * Double(timescale)
    }
  }

  /// A transient keyframe's frequency, Hz: its own, else the default, clamped to the band.
  package func transientFrequency(_ keyframe: Keyframe, band: Band) -> Double {
    guard let f = keyframe.frequency_Hz else { return Self.defaultTransientFrequency_Hz }
    let clamped = Swift.min(Swift.max(f, band.lowerFrequencyLimit_Hz), band.upperFrequencyLimit_Hz)
    return clamped > 0 ? clamped : Self.defaultTransientFrequency_Hz
  }

  /// The length of the rendered (vibrotactile) content in seconds: the latest end of a played effect.
  package var duration_s: Double {
    var end = 0.0
    for perception in perceptions where perception.isRendered {
      for channel in perception.channels {
        for band in channel.bands {
          for effect in playedEffects(of: band, in: perception) {
            end = Swift.max(end, self.end(of: effect, in: band))
          }
        }
      }
    }
    return end / Double(timescale)
  }
}

extension MPEGHaptics.Band {
  /// Samples in one WaveletWave block: `block_length` ticks at the upper frequency limit
  /// (the band's sampling rate), or nil without a block length or a rate, or when that is
  /// not a power of two of at least 16 (such blocks are not decoded, MPG005).
  package func waveletSamplesPerBlock(timescale: Int) -> Int? {
    guard type == .waveletWave, let blockLength, blockLength > 0, upperFrequencyLimit_Hz > 0, timescale > 0 else {
      return nil
    }
    let exact = Double(blockLength) * upperFrequencyLimit_Hz / Double(timescale)
    let count = Int((exact + 1e-9).rounded(.down))
    guard count >= 16, count <= 1 << 16, count & (count - 1) == 0 else { return nil }
    return count
  }
}
