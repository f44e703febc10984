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

    /// Reads one record (a line's space-separated fields) of a part of `count` patterns.
    /// - Throws: `fail(message)` for a record that is not one.
    mutating func read(_ parts: [Substring], count: Int, fail: (String) -> InputError) throws {
      switch parts.first {
      case "n" where parts.count == 11:
        guard let p = Int(parts[1]) else { throw fail("expected a whole number, found \(parts[1])") }
        guard (0..<count).contains(p) else { throw fail("pattern index out of range") }
        summary.neighbours[p].append(try ShardPart.decode(parts[2...], count: count, error: fail("bad pair")))
      case "c" where parts.count == 10:
        summary.closePairs.append(try ShardPart.decode(parts[1...], count: count, error: fail("bad pair")))
      case "m": measurements.append(try ShardPart.decodeMeasurement(parts.dropFirst(), error: fail("bad measurement")))
      case "p": ports.append(try ShardPart.decodePort(parts.dropFirst(), error: fail("bad Android port row")))
      case "d": playback.append(try ShardPart.decodePlayback(parts.dropFirst(), error: fail("bad playback row")))
      case "f":
        var fields = parts.dropFirst()
        guard let key = fields.popFirst().flatMap({ FieldCodec.text($0) ?? nil }),
          let felt = PerceptualAttributes(taking: &fields), let feature = PerceptualFeatures(taking: &fields),
          fields.isEmpty
        else { throw fail("bad pattern features") }
        sampleKeys.append(key)
        attributes.append(felt)
        features.append(feature)
      case "h": heatMap.append(try parts.dropFirst().map { try ShardPart.double($0, fail("bad heat map row")) })
      default: throw fail("unexpected record")
      }
    }
  }
}
