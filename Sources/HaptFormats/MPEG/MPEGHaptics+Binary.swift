import HaptCore
import HaptPatterns

extension MPEGHaptics {
  /// Reads a binary MPEG-I Haptics stream (`.hmpg`): the MIHS units the MPEG reference
  /// encoder writes (`Encoder -b`), into the same values as an `.hjif` file
  /// (Docs/Formats-MPEG.md, "The binary stream").
  ///
  /// The stream is a sequence of units (initialization, temporal, spatial, silent), each a
  /// 9-byte header and packets; metadata packets declare the experience, perceptions,
  /// effect library, channels and bands, data packets carry effects and keyframes (one
  /// effect's keyframes may be spread over several packets; they are joined by effect id).
  /// Values quantised by the stream (8-bit amplitudes, 16-bit phases, 32-bit gains) are
  /// decoded in single precision as the reference decoder does. Unknown enumeration values
  /// are findings (`MPG007`); a truncated unit or packet, a length that runs past its
  /// container, a reference to undeclared metadata or a stream that does not start with
  /// an initialization unit throws.
  ///
  /// Limits: the file's size against `maxBytes`, effects against `maxEvents`, keyframes
  /// against `maxControlPoints`, positions against `maxTime_s`, library nesting against
  /// `maxDepth`.
  /// - Throws: ``InputError`` naming `file` and the byte offset (`byte 57`).
  /// - Complexity: O(size of the file) plus O(keyframes) for joining effects.
  package static func decodeBinary(
    _ bytes: [UInt8], file: String, limits: PatternLimits = PatternLimits()
  ) throws -> (haptics: MPEGHaptics, findings: [LintFinding]) {
    do {
      guard bytes.count <= limits.maxBytes else {
        throw InputError(
          place: "byte 0", "the stream is \(bytes.count) bytes, over the limit of \(limits.maxBytes)",
          limit: .fileBytes(limits.maxBytes))
      }
      var decoder = MPEGStreamDecoder(bytes: bytes, file: file, limits: limits)
      let haptics = try decoder.decode()
      return (haptics, decoder.collector.findings)
    } catch let error as InputError {
      throw error.inFile(file)
    }
  }
}
