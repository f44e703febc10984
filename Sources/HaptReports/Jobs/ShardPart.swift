import HaptEvaluation
import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptFormats
import HaptAndroid

/// One shard's share of a sharded job (one shard of a sharded `hapt report`): which shard,
/// the corpus it saw (a fingerprint, so that parts of different corpora are refused), the
/// job's settings (so that merge runs the same job), its share of the work
/// (``ShardSpec/reportShare(count:costs:)``: its patterns and rows of pairs), the
/// measurements of its patterns (every device and state) and the pairwise summary of its
/// pairs. Stored as `part.txt` in the PART folder, one record per
/// line, numbers as exact bit patterns (merging must give the unsharded bytes).
package struct ShardPart: Sendable, Equatable {
  /// 1-based shard number and the shard count.
  package var shard: Int
  package var shardCount: Int
  /// ``fingerprint(_:)`` of the corpus.
  package var corpusFingerprint: UInt64
  /// What the job evaluates and how (the shard, output folder and thread count excepted).
  package var job: ReportJobSettings
  /// The shard's own patterns and its rows of pairs (corpus indices), so that a merge
  /// checks that the parts cover the corpus and knows whose files a pattern's are.
  package var patternShare: Range<Int> = 0..<0
  package var rowShare: Range<Int> = 0..<0
  /// The measurements of the shard's patterns, in pattern, device, state order.
  package var measurements: [PatternMeasurement]
  /// The pairwise summary of the shard's pairs.
  package var pairwise: PairwiseSummary
  /// The report's Android rows of this shard's patterns (its share of the corpus), so
  /// that the merge writes them without porting or rendering anything.
  package var android: AndroidSections.Rows
  /// The shard's patterns on the primary device in the first state (corpus order): their
  /// perceptual features, attributes and sample keys (``CorpusEvaluation/sampleKey(_:)``),
  /// so that a merge renders nothing. Their figures and sounds are files beside the part
  /// (``PatternFigureSource``).
  package var features: [PerceptualFeatures] = []
  package var attributes: [PerceptualAttributes] = []
  package var sampleKeys: [String] = []
  /// Shard 1: ``CorpusEvaluation/heatMapSimilarity`` (the other shards: empty).
  package var heatMapSimilarity: [[Double]] = []

  package init(
    shard: Int, shardCount: Int, corpusFingerprint: UInt64, job: ReportJobSettings, measurements: [PatternMeasurement],
    pairwise: PairwiseSummary, android: AndroidSections.Rows = AndroidSections.Rows(ports: [], playback: [])
  ) {
    self.shard = shard
    self.shardCount = shardCount
    self.corpusFingerprint = corpusFingerprint
    self.job = job
    self.measurements = measurements
    self.pairwise = pairwise
    self.android = android
  }

  /// The file name inside a PART folder.
  package static let fileName = "part.txt"
  /// The optional file of the shard's rows of every pair (no header), row-major.
  package static let allPairsFileName = "pairs-rows.csv"
  /// The file of the shard's rows of the report table `table` (`latency.csv`: its
  /// patterns' rows, no header, in `latency-rows.csv`).
  package static func rowsFileName(_ table: String) -> String {
    (table.hasSuffix(".csv") ? String(table.dropLast(4)) : table) + "-rows.csv"
  }
  static let magic = "hapt-shard-part 7"
  /// The first lines of parts written by earlier versions (1: before they stored typed
  /// settings; 2: before they held their patterns' Android rows; 3: before they held their
  /// patterns' features and figures, and a fallback row how the fallback feels; 4: before
  /// their sound was FLAC and their spectrograms palette images; 5: before the rows of
  /// pairs were shared out by cost, so that a part of 5 and one of 6 could miss rows; 6:
  /// before the patterns were shared out by cost too, and each part said what it covers).
  static let olderMagics: Set<String> = [
    "hapt-shard-part 1", "hapt-shard-part 2", "hapt-shard-part 3", "hapt-shard-part 4", "hapt-shard-part 5",
    "hapt-shard-part 6",
  ]

  /// FNV-1a over every entry's name, path and AHAP encoding, and every failure's path.
  ///
  /// The encodings are made `threads` entries at a time (on a 10,000-pattern corpus,
  /// encoding them one after another was half a second of a merge), then hashed in
  /// corpus order: the same value whatever the thread count.
  package static func fingerprint(_ corpus: PatternCorpus, threads: Int = Parallel.defaultThreadCount) -> UInt64 {
    let entries = corpus.entries
    let encodings = Parallel.map(count: entries.count, threads: threads) { AHAP.encode(entries[$0].pattern) }
    var h = FNV1a()
    func add(_ text: String) {
      var text = text
      text.withUTF8 { h.add(bytes: $0) }  // the contiguous bytes, not a byte-by-byte view
      h.add(0xff)  // ends the field
    }
    for (entry, encoding) in zip(entries, encodings) {
      add(entry.name)
      add(entry.path)
      add(encoding)
    }
    for failure in corpus.failures { add(failure.path) }
    return h.value
  }

  // MARK: - Text form

  package var text: String {
    var lines = [
      Self.magic, "shard \(shard) \(shardCount)", "corpus \(String(corpusFingerprint, radix: 16))",
      (["job"] + job.fields).joined(separator: " "),
      "settings \(pairwise.settings.neighbours) \(Self.hex(pairwise.settings.closeBelow_JND)) \(pairwise.settings.maxClosePairs)",
      "patterns \(pairwise.patternCount)", "compared \(pairwise.pairsCompared)",
      "closeCount \(pairwise.closePairCount)",
      "share \(patternShare.lowerBound) \(patternShare.upperBound) \(rowShare.lowerBound) \(rowShare.upperBound)",
    ]
    for (p, list) in pairwise.neighbours.enumerated() {
      for pair in list { lines.append("n \(p) " + Self.encode(pair)) }
    }
    for pair in pairwise.closePairs { lines.append("c " + Self.encode(pair)) }
    for m in measurements { lines.append("m " + Self.encode(m)) }
    for r in android.ports { lines.append("p " + Self.encode(r)) }
    for r in android.playback { lines.append("d " + Self.encode(r)) }
    for (k, features) in features.enumerated() {
      lines.append((["f", Self.text(sampleKeys[k])] + attributes[k].fields + features.fields).joined(separator: " "))
    }
    for row in heatMapSimilarity { lines.append((["h"] + row.map { Self.hex($0) }).joined(separator: " ")) }
    lines.append("end")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads a part; `file` names it in errors.
  package init(text: String, file: String) throws {
    var lines = Self.split(text[...], at: "\n")
    if let first = lines.first.map(String.init), Self.olderMagics.contains(first) {
      throw InputError(
        file: file, place: "line 1", "written by an older hapt; run the shards again with this one", kind: .unsupported)
    }
    guard lines.first.map(String.init) == Self.magic else {
      throw InputError(file: file, place: "line 1", "not a hapt shard part")
    }
    guard lines.last == "" || lines.last == "end" else { throw InputError(file: file, "incomplete part") }
    if lines.last == "" { lines.removeLast() }
    guard lines.last == "end" else { throw InputError(file: file, "incomplete part (no end line)") }
    func fail(_ line: Int, _ message: String) -> InputError {
      InputError(file: file, place: "line \(line + 1)", message)
    }
    func fields(_ line: Int, _ key: String, count: Int? = nil) throws -> [Substring] {
      guard line < lines.count else { throw fail(line, "missing \(key)") }
      let parts = Self.split(lines[line], at: " ")
      guard parts.first.map(String.init) == key, count == nil || parts.count == count! + 1 else {
        throw fail(line, "expected \(key)")
      }
      return Array(parts.dropFirst())
    }
    func int(_ s: Substring, _ line: Int) throws -> Int {
      guard let v = Int(s) else { throw fail(line, "expected a whole number, found \(s)") }
      return v
    }
    let shardFields = try fields(1, "shard", count: 2)
    shard = try int(shardFields[0], 1)
    shardCount = try int(shardFields[1], 1)
    guard shardCount >= 1, (1...shardCount).contains(shard) else { throw fail(1, "bad shard \(shard)/\(shardCount)") }
    guard let fingerprint = UInt64(try fields(2, "corpus", count: 1)[0], radix: 16) else {
      throw fail(2, "bad corpus fingerprint")
    }
    corpusFingerprint = fingerprint
    let jobFields = try fields(3, "job")
    let settingsFields = try fields(4, "settings", count: 3)
    let settings = PairwiseSummary.Settings(
      neighbours: try int(settingsFields[0], 4),
      closeBelow_JND: try Self.double(settingsFields[1], fail(4, "bad number")),
      maxClosePairs: try int(settingsFields[2], 4))
    job = try ReportJobSettings(fields: jobFields, pairwise: settings, error: fail(3, "bad job settings"))
    let count = try int(try fields(5, "patterns", count: 1)[0], 5)
    guard count >= 0 else { throw fail(5, "bad pattern count") }
    var records = Records(summary: PairwiseSummary(settings: settings, patternCount: count))
    records.summary.pairsCompared = try int(try fields(6, "compared", count: 1)[0], 6)
    records.summary.closePairCount = try int(try fields(7, "closeCount", count: 1)[0], 7)
    let share = try fields(8, "share", count: 4).map { try int($0, 8) }
    guard 0 <= share[0], share[0] <= share[1], share[1] <= count, 0 <= share[2], share[2] <= share[3],
      share[3] <= count
    else { throw fail(8, "bad share of patterns and rows") }
    patternShare = share[0]..<share[1]
    rowShare = share[2]..<share[3]
    for line in 9..<(lines.count - 1) {
      try records.read(Self.split(lines[line], at: " ", omittingEmpty: true), count: count) { fail(line, $0) }
    }
    pairwise = records.summary
    measurements = records.measurements
    android = AndroidSections.Rows(ports: records.ports, playback: records.playback)
    features = records.features
    attributes = records.attributes
    sampleKeys = records.sampleKeys
    heatMapSimilarity = records.heatMap
  }

  /// `text` split at each `separator` (ASCII), byte by byte: a part is megabytes of
  /// ASCII lines, and splitting by `Character` (grapheme clusters) was about a third of a
  /// merge's time.
  ///
  /// The separators are found in the contiguous UTF-8 bytes and each piece is cut by its
  /// byte offsets (the standard library's `split` of a `UTF8View`, generic, was half of
  /// parsing a part).
  static func split(_ text: Substring, at separator: Unicode.Scalar, omittingEmpty: Bool = false) -> [Substring] {
    let byte = UInt8(ascii: separator)
    let cuts: [Int]? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var cuts: [Int] = []
      for k in bytes.indices where bytes[k] == byte { cuts.append(k) }
      return cuts
    }
    guard let cuts else {
      return text.utf8.split(separator: byte, omittingEmptySubsequences: omittingEmpty).map { Substring($0) }
    }
    var pieces: [Substring] = []
    pieces.reserveCapacity(cuts.count + 1)
    let utf8 = text.utf8
    var start = utf8.startIndex
    var startOffset = 0
    for cut in cuts + [utf8.count] {
      if !omittingEmpty || cut > startOffset {
        let end = utf8.index(start, offsetBy: cut - startOffset)
        pieces.append(text[start..<end])
      }
      if cut < utf8.count {
        start = utf8.index(start, offsetBy: cut - startOffset + 1)
        startOffset = cut + 1
      }
    }
    return pieces
  }

  static func hex(_ x: Double) -> String { FieldCodec.number(x) }
  static func hex(_ x: Double?) -> String { FieldCodec.number(x) }
  static func text(_ s: String?) -> String { FieldCodec.text(s) }

  static func optionalDouble(_ s: Substring, _ error: InputError) throws -> Double? {
    guard let value = FieldCodec.number(s) else { throw error }
    return value
  }

  static func optionalText(_ s: Substring, _ error: InputError) throws -> String? {
    guard let value = FieldCodec.text(s) else { throw error }
    return value
  }

  static func double(_ s: Substring, _ error: InputError) throws -> Double {
    guard let value = FieldCodec.number(s), let value else { throw error }
    return value
  }

  /// One measurement, every number as its bit pattern.
  static func encode(_ m: PatternMeasurement) -> String {
    let k = m.markers
    return [
      text(m.pattern), text(m.device), m.state.rawValue, hex(m.engineLatency_s), hex(m.driveEnd_s), hex(k.detect_s),
      hex(k.t10_s), hex(k.t50_s), hex(k.t90_s), hex(k.rise_s), hex(k.stop_s), hex(k.peak_g),
      hex(k.dominantFrequency_Hz),
      hex(m.peak_g), hex(m.rms_g), hex(m.dominantFrequency_Hz), text(m.silenceReason?.description), m.verdict.rawValue,
      m.isTruncated ? "1" : "0",
    ].joined(separator: " ")
  }

  static func decodeMeasurement(_ f: ArraySlice<Substring>, error: InputError) throws -> PatternMeasurement {
    let f = Array(f)
    guard f.count == 19, let pattern = try optionalText(f[0], error), let device = try optionalText(f[1], error),
      let state = EngineState(rawValue: String(f[2])), let verdict = LatencyVerdict(rawValue: String(f[17])),
      f[18] == "0" || f[18] == "1"
    else { throw error }
    let markers = EnvelopeMarkers(
      detect_s: try optionalDouble(f[5], error), t10_s: try optionalDouble(f[6], error),
      t50_s: try optionalDouble(f[7], error),
      t90_s: try optionalDouble(f[8], error), rise_s: try optionalDouble(f[9], error),
      stop_s: try optionalDouble(f[10], error),
      peak_g: try double(f[11], error), dominantFrequency_Hz: try optionalDouble(f[12], error))
    return PatternMeasurement(
      pattern: pattern, device: device, state: state, engineLatency_s: try double(f[3], error),
      driveEnd_s: try double(f[4], error),
      markers: markers, peak_g: try double(f[13], error), rms_g: try double(f[14], error),
      dominantFrequency_Hz: try optionalDouble(f[15], error),
      silenceReason: try optionalText(f[16], error).map(SilenceReason.init(description:)),
      verdict: verdict,
      isTruncated: f[18] == "1")
  }

  static func encode(_ p: PairwiseSummary.Pair) -> String {
    let s = p.similarity
    return
      "\(p.first) \(p.second) \(hex(p.dPrime)) \(hex(s.stsimAB)) \(hex(s.stsimBA)) \(hex(s.spqiAB)) \(hex(s.spqiBA)) \(s.blocksCompared) \(hex(p.neighbourDistance))"
  }

  static func decode(_ f: ArraySlice<Substring>, count: Int, error: InputError) throws -> PairwiseSummary.Pair {
    let f = Array(f)
    guard f.count == 9, let first = Int(f[0]), let second = Int(f[1]), let blocks = Int(f[7]), 0 <= first,
      first < second,
      second < count
    else { throw error }
    let similarity = PairSimilarity(
      stsimAB: try double(f[3], error), stsimBA: try double(f[4], error), spqiAB: try double(f[5], error),
      spqiBA: try double(f[6], error), blocksCompared: blocks)
    return PairwiseSummary.Pair(
      first: first, second: second, dPrime: try double(f[2], error), similarity: similarity,
      neighbourDistance: try double(f[8], error))
  }
}
