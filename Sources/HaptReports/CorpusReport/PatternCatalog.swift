import HaptCore
import HaptMetrics
import HaptSimulation
import HaptEvaluation

/// What the report knows about each pattern of a corpus, computed once for the index page
/// and the per-pattern pages: its page, its worst latency verdict, its nearest neighbour,
/// whether it is silent on the primary device and which patterns are identical to it.
struct PatternCatalog {
  /// One pattern.
  struct Item {
    /// Corpus index.
    var index: Int
    var name: String
    /// The page's path relative to the report folder (`patterns/NAME.html`).
    var page: String
    /// The most severe of ``latencies`` over devices that have an actuator (what the
    /// pattern's author can act on: fail, silent, warn, prepare, pass); nil without such
    /// devices.
    var worst: PatternLatency.Verdict?
    /// The assessment of that worst verdict (its device, onset and prepare lead).
    var worstLatency: PatternLatency?
    /// The pattern's latency on each device, in device order.
    var latencies: [PatternLatency]
    /// Never felt on the primary device in the first state (its pairs are not confusions).
    var isSilentOnPrimary: Bool
    /// Index into ``PatternCatalog/identicalGroups``, if the pattern has identical copies.
    var identicalGroup: Int?
  }

  var items: [Item]
  /// Groups (corpus indices, ascending) of two or more patterns with the same events,
  /// parameter controls and curves (metadata aside), in order of their first member.
  var identicalGroups: [[Int]]
  /// Devices with an actuator (the others are silent by construction).
  var feltDevices: Set<String>
  /// The other devices, in the report's order: the index and the pages name them once
  /// instead of giving them columns or rows.
  var devicesWithoutActuator: [String]

  init(_ e: CorpusEvaluation) {
    let devices = e.options.devices
    let states = e.options.states
    let felt = Set(devices.filter(\.actuator.exists).map(\.name))
    feltDevices = felt
    devicesWithoutActuator = devices.filter { !$0.actuator.exists }.map(\.name)
    let pages = PatternCatalog.pagePaths(e.corpus.entries.map(\.name))
    identicalGroups = PatternCatalog.identicalGroups(e)
    var groupOf = [Int: Int]()
    for (g, group) in identicalGroups.enumerated() { for i in group { groupOf[i] = g } }
    let perPattern = devices.count * states.count
    let latencies = e.patternLatencies
    var items: [Item] = []
    items.reserveCapacity(e.corpus.entries.count)
    for (i, entry) in e.corpus.entries.enumerated() {
      let own = Array(latencies[(i * devices.count)..<((i + 1) * devices.count)])
      let worstLatency = PatternCatalog.worst(own.filter { felt.contains($0.device) })
      items.append(
        Item(
          index: i, name: entry.name, page: pages[i], worst: worstLatency?.verdict, worstLatency: worstLatency,
          latencies: own, isSilentOnPrimary: e.measurements[i * perPattern].verdict == .silent,
          identicalGroup: groupOf[i]))
    }
    self.items = items
  }

  /// Severity for sorting, most severe first: fail, silent, warn, prepare, pass,
  /// unplayable, none.
  static func severity(_ verdict: PatternLatency.Verdict?) -> Int {
    verdict?.severity ?? PatternLatency.Verdict.allCases.count
  }

  /// The most severe assessment (on a tie, the slowest prepared detect, then the first
  /// device); nil for none.
  static func worst(_ latencies: [PatternLatency]) -> PatternLatency? {
    latencies.enumerated().min { a, b in
      (a.element.verdict.severity, -(a.element.preparedDetect_s ?? 0), a.offset)
        < (b.element.verdict.severity, -(b.element.preparedDetect_s ?? 0), b.offset)
    }?.element
  }

  /// Whether the pair is between two identical patterns.
  func areIdentical(_ a: Int, _ b: Int) -> Bool {
    guard let g = items[a].identicalGroup else { return false }
    return items[b].identicalGroup == g
  }

  /// Whether either pattern of the pair is silent on the primary device.
  func eitherSilent(_ a: Int, _ b: Int) -> Bool { items[a].isSilentOnPrimary || items[b].isSilentOnPrimary }

  /// Whether both patterns of the pair are silent on the primary device.
  func bothSilent(_ a: Int, _ b: Int) -> Bool { items[a].isSilentOnPrimary && items[b].isSilentOnPrimary }

  /// The nearest neighbour of `pattern` worth showing: not an identical copy and not a
  /// silent pair (those are said separately).
  func nearest(_ pattern: Int, in pairwise: PairwiseSummary) -> PairwiseSummary.Pair? {
    guard pattern < pairwise.neighbours.count else { return nil }
    return pairwise.neighbours[pattern].first { pair in
      let other = pair.other(than: pattern)
      return !areIdentical(pattern, other) && !bothSilent(pattern, other)
    }
  }

  /// Index order: worst verdict (fail, silent, warn, prepare, pass), then the nearest neighbour's
  /// d' (closest first, none last), then name.
  func indexOrder(_ pairwise: PairwiseSummary) -> [Int] {
    let nearestD = items.map { nearest($0.index, in: pairwise)?.dPrime ?? .infinity }
    return items.indices.sorted { a, b in
      (PatternCatalog.severity(items[a].worst), nearestD[a], items[a].name, a)
        < (PatternCatalog.severity(items[b].worst), nearestD[b], items[b].name, b)
    }
  }

  // MARK: - Pages

  /// `patterns/NAME.html` for each pattern name: letters, digits, `.`, `_` and `-` kept,
  /// other runs replaced by `-`; names that collide (ignoring case, for case-insensitive
  /// file systems) get `-2`, `-3`, ... in corpus order.
  static func pagePaths(_ names: [String]) -> [String] {
    var used = Set<String>()
    return names.map { name in
      var slug = ""
      for scalar in name.unicodeScalars {
        let keep =
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
          || scalar == "." || scalar == "_" || scalar == "-"
        if keep {
          slug.unicodeScalars.append(scalar)
        } else if !slug.hasSuffix("-") {
          slug += "-"
        }
      }
      while slug.hasPrefix(".") || slug.hasPrefix("-") { slug.removeFirst() }
      while slug.hasSuffix("-") { slug.removeLast() }
      if slug.isEmpty { slug = "pattern" }
      slug = String(slug.prefix(120))
      var candidate = slug
      var n = 2
      while used.contains(candidate.lowercased()) {
        candidate = "\(slug)-\(n)"
        n += 1
      }
      used.insert(candidate.lowercased())
      return "patterns/\(candidate).html"
    }
  }

  // MARK: - Identical patterns

  /// Groups of patterns whose events, parameter controls and curves are equal.
  static func identicalGroups(_ e: CorpusEvaluation) -> [[Int]] {
    let entries = e.corpus.entries
    // Bucket by a cheap key first (event count, duration, the primary render's
    // fingerprint) so only likely copies are compared.
    var buckets = [String: [Int]]()
    var order: [String] = []
    for (i, entry) in entries.enumerated() {
      var key = "\(entry.pattern.events.count)|\(entry.pattern.duration_s.bitPattern)"
      if i < e.sampleKeys.count { key += "|" + e.sampleKeys[i] }
      if buckets[key] == nil { order.append(key) }
      buckets[key, default: []].append(i)
    }
    var groups: [[Int]] = []
    for key in order {
      var remaining = buckets[key] ?? []
      while remaining.count > 1 {
        let first = remaining.removeFirst()
        let a = entries[first].pattern
        let same = remaining.filter { j in
          let b = entries[j].pattern
          return a.events == b.events && a.parameterSteps == b.parameterSteps && a.parameterCurves == b.parameterCurves
        }
        if !same.isEmpty { groups.append([first] + same) }
        remaining.removeAll { same.contains($0) }
      }
    }
    return groups.sorted { $0[0] < $1[0] }
  }
}
