import HaptAndroid
import HaptCore
import HaptEvaluation
import HaptMetrics

extension ShardPart {
  /// The records of a part's text after its header, gathered as they are read: pairs
  /// (`n`, `c`), measurements (`m`), Android rows (`p`, `d`), a pattern's features (`f`)
  /// and the heat map's rows (`h`).
  struct Records {
    var summary: PairwiseSummary
    var measurements: [PatternMeasurement] = []
    var ports: [AndroidPortResult] = []
    var playback: [DevicePlayback] = []
    var features: [PerceptualFeatures] = []
    var attributes: [PerceptualAttributes] = []
    var sampleKeys: [String] = []
    var heatMap: [[Double]] = []

    /// What the decoders throw, replaced by the line's own error (``read(_:count:fail:)``).
    static let badRecord = InputError("bad record")

    /// Reads one record (a line's space-separated fields) of a part of `count` patterns.
    /// - Throws: `fail(message)` for a record that is not one.
    mutating func read(_ parts: [Substring], count: Int, fail: (String) -> InputError) throws {
      // The decoders throw ``badRecord``; the line's own error is made only then (made
      // for every record, it was a tenth of parsing a part).
      func decoding<T>(_ message: String, _ decode: (InputError) throws -> T) throws -> T {
        do { return try decode(Self.badRecord) } catch { throw fail(message) }
      }
      switch parts.first {
      case "n" where parts.count == 11:
        guard let p = Int(parts[1]) else { throw fail("expected a whole number, found \(parts[1])") }
        guard (0..<count).contains(p) else { throw fail("pattern index out of range") }
        summary.neighbours[p].append(
          try decoding("bad pair") { try ShardPart.decode(parts[2...], count: count, error: $0) })
      case "c" where parts.count == 10:
        summary.closePairs.append(
          try decoding("bad pair") { try ShardPart.decode(parts[1...], count: count, error: $0) })
      case "m":
        measurements.append(
          try decoding("bad measurement") { try ShardPart.decodeMeasurement(parts.dropFirst(), error: $0) })
      case "p":
        ports.append(try decoding("bad Android port row") { try ShardPart.decodePort(parts.dropFirst(), error: $0) })
      case "d":
        playback.append(try decoding("bad playback row") { try ShardPart.decodePlayback(parts.dropFirst(), error: $0) })
      case "f":
        var fields = parts.dropFirst()
        guard let key = fields.popFirst().flatMap({ FieldCodec.text($0) ?? nil }),
          let felt = PerceptualAttributes(taking: &fields), let feature = PerceptualFeatures(taking: &fields),
          fields.isEmpty
        else { throw fail("bad pattern features") }
        sampleKeys.append(key)
        attributes.append(felt)
        features.append(feature)
      case "h":
        heatMap.append(
          try decoding("bad heat map row") { bad in try parts.dropFirst().map { try ShardPart.double($0, bad) } })
      default: throw fail("unexpected record")
      }
    }
  }
}
