import HaptCore

extension MPEGHaptics {
  /// Reads a binary MPEG-I Haptics stream (`.hmpg`).
  ///
  /// Not implemented yet: the packetised stream the reference encoder writes (MIHS units)
  /// is not decoded, so every `.hmpg` file fails with one clear error naming it, and a
  /// folder walk lists it among the files that could not be read (Docs/Formats-MPEG.md).
  /// - Throws: ``InputError`` (exit 65) naming `file`.
  package static func decodeBinary(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  ) throws -> (haptics: MPEGHaptics, findings: [LintFinding]) {
    throw InputError(
      file: file, place: "byte 0",
      "binary MPEG-I Haptics streams (.hmpg) are not read yet; decode it to .hjif with the MPEG reference decoder")
  }
}
