import HaptPatterns

/// An MPEG-I Haptics experience plays its own decoded drive (Docs/Formats-MPEG.md,
/// "Rendering"); its events stand for it where a view needs events.
extension MPEGHaptics: DriveSynthesizedSource {
  package var sourceDuration_s: Double { duration_s }

  package func synthesizeDrive(
    on renderer: Renderer, rate: Double, loops: Int, period_s: Double, offset: Double, lowPower: Bool,
    into drive: inout [Double]
  ) -> Int? {
    renderer.mpegDrive(
      self, rate: rate, loops: loops, period_s: period_s, offset: offset, lowPower: lowPower, into: &drive)
  }
}
