import HaptTestSupport
import Foundation
import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptEvaluation
import HaptAndroid
import HaptCharts
import Testing

@testable import HaptReports
import HaptFormats

/// A small corpus written to a temporary folder and evaluated on the shipped devices, for
/// the report folder tests.
enum ReportFixture {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func transient(_ time: Double, intensity: Double, sharpness: Double) -> String {
    """
    {"Event":{"Time":\(time),"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":\(intensity)},{"ParameterID":"HapticSharpness","ParameterValue":\(sharpness)}]}}
    """
  }

  static func continuous(_ time: Double, _ duration: Double, intensity: Double, sharpness: Double) -> String {
    """
    {"Event":{"Time":\(time),"EventType":"HapticContinuous","EventDuration":\(duration),"EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":\(intensity)},{"ParameterID":"HapticSharpness","ParameterValue":\(sharpness)}]}}
    """
  }

  static func ahap(_ events: [String], description: String = "test") -> String {
    "{\"Version\":1.0,\"Metadata\":{\"Description\":\"\(description)\"},\"Pattern\":[\(events.joined(separator: ","))]}"
  }

  /// Patterns: distinct taps and buzzes, three identical copies (metadata differs), two
  /// silent patterns (intensity 0), and optionally a file that fails to load.
  static func files(broken: Bool = false) -> [String: String] {
    var files: [String: String] = [
      "tap-soft.ahap": ahap([transient(0, intensity: 0.5, sharpness: 0.2)]),
      "tap-hard.ahap": ahap([transient(0, intensity: 1, sharpness: 0.8)]),
      "double.ahap": ahap([transient(0, intensity: 1, sharpness: 0.5), transient(0.12, intensity: 1, sharpness: 0.5)]),
      "buzz-short.ahap": ahap([continuous(0, 0.1, intensity: 0.8, sharpness: 0.3)]),
      "buzz-long.ahap": ahap([continuous(0, 0.4, intensity: 0.8, sharpness: 0.3)]),
      "late-buzz.ahap": ahap([continuous(0.3, 0.2, intensity: 1, sharpness: 0.9)]),
      "copy-a.ahap": ahap([continuous(0, 0.25, intensity: 0.6, sharpness: 0.6)], description: "a"),
      "copy-b.ahap": ahap([continuous(0, 0.25, intensity: 0.6, sharpness: 0.6)], description: "b"),
      "copy-c.ahap": ahap([continuous(0, 0.25, intensity: 0.6, sharpness: 0.6)], description: "c"),
      "mute-1.ahap": ahap([continuous(0, 0.2, intensity: 0, sharpness: 0.5)]),
      "mute-2.ahap": ahap([continuous(0, 0.3, intensity: 0, sharpness: 0.2)]),
    ]
    if broken { files["broken.ahap"] = "{\"Pattern\": [" }
    return files
  }

  /// The evaluation of `files` (a fresh temporary folder) on every shipped device, the
  /// default device first, in both states.
  static func evaluation(
    _ files: [String: String], reviewSet: [String] = Presets.defaultReviewSet
  ) throws -> CorpusEvaluation {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    let corpus = try PatternCorpus.load([folder.path])
    let devices = try ["iphone-wideband-lra", "android-lra-235", "erm-phone", "tablet-none"].map {
      try DeviceProfile.load(nameOrPath: repository.appendingPathComponent("Corpora/devices/\($0).json").path)
    }
    let options = EvaluationOptions(devices: devices, states: [.prepared, .cold], threads: 2)
    return try CorpusEvaluation(corpus, options: options, reviewSet: reviewSet)
  }

  static func file(_ folder: ReportFolder, _ path: String) -> String? {
    folder.contents(of: path)
  }

  /// Every match of the first capture group of `pattern` in `text`.
  static func captures(_ pattern: String, in text: String) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}

@Suite(.serialized, .slow) struct CorpusReportTests {
  static let evaluation = Result { try ReportFixture.evaluation(ReportFixture.files()) }
  /// The report of ``evaluation``, built once for the tests that only read it.
  static let report = Result { CorpusReport.build(try evaluation.get(), title: "t") }
  /// A corpus with a file that fails to load, and its report.
  static let broken = Result { try ReportFixture.evaluation(ReportFixture.files(broken: true)) }
  static let brokenReport = Result { CorpusReport.build(try broken.get(), title: "t") }

  @Test func everyPatternHasAPageLinkedBothWays() throws {
    let e = try Self.evaluation.get()
    let folder = try Self.report.get()
    let index = try #require(ReportFixture.file(folder, "index.html"))
    let catalog = PatternCatalog(e)
    #expect(catalog.items.count == e.corpus.entries.count)
    for item in catalog.items {
      let page = try #require(ReportFixture.file(folder, item.page), "no page for \(item.name)")
      #expect(index.contains("href=\"\(item.page)\""), "index does not link \(item.name)")
      let anchor = PatternPage.anchor(item)
      #expect(page.contains("href=\"../index.html#\(anchor)\""))
      #expect(index.contains("id=\"\(anchor)\""))
      // Neighbour links point at pages that exist (same folder).
      for link in ReportFixture.captures("href=\"([^\"#.][^\"]*\\.html)\"", in: page) {
        #expect(ReportFixture.file(folder, "patterns/" + link) != nil, "\(item.name) links to a missing \(link)")
      }
      // The only source a page loads is its own sound beside it (PatternAudio).
      let sound = "src=\"\(PatternAudio.path(forPage: item.page).split(separator: "/").last ?? "")\""
      let loads = page.replacingOccurrences(of: sound, with: "")
      #expect(!page.contains("<script") && !page.contains("href=\"http") && !loads.contains("src="))
      #expect(page.contains("Latency on every device and state") && page.contains("Nearest neighbours"))
      // A row for every device with an actuator; the others are named once.
      for device in e.options.devices {
        if device.actuator.exists {
          #expect(page.contains(">\(device.name)<"))
        } else {
          #expect(!page.contains(">\(device.name)<") && page.contains("nothing to feel: \(device.name)"))
        }
      }
      if !item.isSilentOnPrimary {
        #expect(page.contains("body acceleration") && page.contains("spectrogram"))
      }
    }
    #expect(!index.contains("<script"))
  }

  /// Each neighbour row says how the pattern feels against it, in the words `compare`
  /// and `confusion` use for the same two renders.
  @Test func neighbourRowsSayHowThePatternFeels() throws {
    let e = try Self.evaluation.get()
    let folder = try Self.report.get()
    let catalog = PatternCatalog(e)
    var rows = 0
    for (i, item) in catalog.items.enumerated() {
      let page = try #require(ReportFixture.file(folder, item.page))
      let neighbours = i < e.pairwise.neighbours.count ? e.pairwise.neighbours[i] : []
      if !neighbours.isEmpty { #expect(page.contains("how this pattern feels against it")) }
      for pair in neighbours {
        let other = pair.other(than: i)
        let line = e.howItFeels(i, against: other)
        #expect(line.contains(e.corpus.entries[i].name) && line.contains(e.corpus.entries[other].name))
        #expect(page.contains(MarkupEscaping.text(line)), "\(item.name): no '\(line)'")
        rows += 1
      }
    }
    #expect(rows > 0)
  }

  /// A one-second pattern's page (every figure, table and neighbour) stays under 32 KB, so
  /// 10,000 pages stay under 320 MB; the style sheet is one shared file (40 KB until the
  /// spectrogram became a palette image).
  @Test func oneSecondPatternPagesStaySmall() throws {
    let busy = ReportFixture.ahap(
      [
        ReportFixture.transient(0, intensity: 1, sharpness: 0.9),
        ReportFixture.continuous(0.05, 0.5, intensity: 0.9, sharpness: 0.4),
        ReportFixture.transient(0.6, intensity: 0.7, sharpness: 0.2),
        ReportFixture.continuous(0.65, 0.35, intensity: 1, sharpness: 0.8),
      ])
    var files = ReportFixture.files()
    files["one-second.ahap"] = busy
    let e = try ReportFixture.evaluation(files)
    let folder = CorpusReport.build(e, title: "t")
    let page = try #require(ReportFixture.file(folder, "patterns/one-second.ahap.html"))
    #expect(page.utf8.count < 32_000, "page is \(page.utf8.count) bytes")
    // Nothing a page must show went missing to get there.
    for part in ["body acceleration", "envelope", "detect", "spectrogram", "Nearest neighbours", "Latency on every"] {
      #expect(page.contains(part), "page lacks \(part)")
    }
    #expect(page.contains("<link rel=\"stylesheet\" href=\"../\(CorpusReport.styleSheetFile)\">"))
    #expect(!page.contains("<style"))
    #expect(ReportFixture.file(folder, CorpusReport.styleSheetFile) == ReportPage.styleSheet)
  }

  @Test func pageNamesAreSafeAndUnique() {
    let paths = PatternCatalog.pagePaths(["a b", "a-b", "A-B", "../x", "", "sub/dir/p.ahap", "é"])
    #expect(
      paths == [
        "patterns/a-b.html", "patterns/a-b-2.html", "patterns/A-B-3.html", "patterns/x.html", "patterns/pattern.html",
        "patterns/sub-dir-p.ahap.html", "patterns/pattern-2.html",
      ])
    for path in paths { #expect(ReportFolder.isSafeRelativePath(path)) }
  }

  @Test func indexIsSortedByWorstVerdictThenClosestNeighbour() throws {
    let e = try Self.evaluation.get()
    let index = try #require(ReportFixture.file(try Self.report.get(), "index.html"))
    let catalog = PatternCatalog(e)
    let ids = ReportFixture.captures("<tr id=\"(p-[^\"]+)\"", in: index)
    #expect(ids.count == catalog.items.count)
    let byAnchor = Dictionary(uniqueKeysWithValues: catalog.items.map { (PatternPage.anchor($0), $0.index) })
    let rows = ids.compactMap { byAnchor[$0] }
    let keys = rows.map { i in
      (PatternCatalog.severity(catalog.items[i].worst), catalog.nearest(i, in: e.pairwise)?.dPrime ?? .infinity)
    }
    for (a, b) in zip(keys, keys.dropFirst()) { #expect(a <= b, "rows out of order: \(a) before \(b)") }
    // The fixture has both failing (cold starts) and silent-only patterns.
    #expect(keys.first?.0 == 0)
    #expect(catalog.items.contains { $0.worst == .silent })
  }

  @Test func severityPutsWhatTheAuthorCanFixFirst() {
    // A pattern too slow by its own onset, or never felt, comes before one that only
    // needs prepare(); a device that cannot play comes last.
    let order: [PatternLatency.Verdict] = [.fail, .silent, .warn, .prepare, .pass, .unplayable]
    #expect(order.map { PatternCatalog.severity($0) } == Array(0..<order.count))
    #expect(PatternCatalog.severity(nil) == order.count)
    #expect(PatternCatalog.worst([]) == nil)
  }

  @Test func overviewCellsNeverContradictTheirVerdict() {
    let budget = LatencyBudget.default
    #expect(PatternIndex.cellText(50.1, verdict: .warn, budget: budget) == "50.1")
    #expect(PatternIndex.cellText(49.6, verdict: .pass, budget: budget) == "50")
    #expect(PatternIndex.cellText(10.04, verdict: .pass, budget: budget) == "10")
    #expect(PatternIndex.cellText(70.2, verdict: .fail, budget: budget) == "70.2")
    #expect(PatternIndex.cellText(203.4, verdict: .fail, budget: budget) == "203")
  }

  @Test func heatMapShowsGroupsWhenThereAreTooManyPatterns() throws {
    let e = try Self.evaluation.get()
    var limits = CorpusReport.Limits()
    limits.heatMapPatterns = 3
    let folder = CorpusReport.build(e, title: "t", limits: limits)
    let index = try #require(ReportFixture.file(folder, "index.html"))
    #expect(index.contains("Perceptual closeness between 3 groups of patterns"))
    #expect(index.contains("too many for one cell each"))
    let clusters = CorpusClusters(e, limit: 3)
    #expect(clusters.representatives.count == 3)
    // The groups and the silent patterns partition the corpus.
    let all = (clusters.members.joined() + clusters.silent).sorted()
    #expect(all == Array(e.primary.indices))
    #expect(clusters.silent.count == 2)
    // k-centre: every pattern is at least as close to its own group's start as to any other,
    // by the perceptual distance (Docs/Perception.md §11).
    let features = e.primary.map { PerceptualFeatures($0.rendering.acceleration_g) }
    func distance(_ a: Int, _ b: Int) -> Double {
      PerceptualDistance.distance(
        e.attributes[a], e.attributes[b], dPrime: Distinguishability.dPrime(features[a], features[b])) ?? .infinity
    }
    for (g, members) in clusters.members.enumerated() {
      for p in members {
        let own = distance(p, clusters.representatives[g])
        for r in clusters.representatives {
          #expect(own <= distance(p, r) + 1e-12)
        }
      }
    }
    // A pattern's page names its group.
    let catalog = PatternCatalog(e)
    let page = try #require(ReportFixture.file(folder, catalog.items[clusters.members[0].last!].page))
    #expect(page.contains("In the corpus heat map this pattern"))
    // Within the limit, one cell per pattern.
    let plain = try #require(ReportFixture.file(try Self.report.get(), "index.html"))
    #expect(plain.contains("Perceptual closeness (0..1)") && !plain.contains("groups of patterns"))
  }

  @Test func identicalFilesAreGroupedAndSilentPairsAreNotConfusable() throws {
    let e = try Self.evaluation.get()
    let catalog = PatternCatalog(e)
    #expect(
      catalog.identicalGroups.map { $0.map { catalog.items[$0].name }.sorted() } == [
        ["copy-a.ahap", "copy-b.ahap", "copy-c.ahap"]
      ])
    let index = try #require(ReportFixture.file(try Self.report.get(), "index.html"))
    #expect(index.contains("3 files are identical: copy-a.ahap, copy-b.ahap and copy-c.ahap"))
    #expect(index.contains("2 patterns are silent on iphone-wideband-lra"))
    // The least-distinguishable table has no pair of copies and no pair of silent patterns.
    let similarity = try #require(index.components(separatedBy: "id=\"s-similarity\"").last)
    let table = try #require(similarity.components(separatedBy: "<table>").dropFirst().first)
    let rows = table.components(separatedBy: "<tr>").dropFirst(2)
    #expect(!rows.isEmpty)
    for row in rows {
      let names = ReportFixture.captures("\\.html\">([^<]+)</a>", in: row)
      #expect(names.count == 2)
      #expect(!(names.allSatisfy { $0.hasPrefix("copy-") }), "pair of copies listed: \(names)")
      #expect(!names.contains { $0.hasPrefix("mute-") }, "pair with a silent pattern listed: \(names)")
    }
    // A silent device's review is said to be silent, with no confusion matrix.
    #expect(!index.contains("Predicted confusion on tablet-none"))
    let page = try #require(
      ReportFixture.file(try Self.report.get(), catalog.items.first { $0.name == "copy-b.ahap" }!.page))
    #expect(page.contains("3 files hold this same pattern"))
    #expect(page.contains(">identical<"))
  }

  @Test func closestPatternsBecomeTheReviewSetWhenTheSetIsAbsent() throws {
    let e = try Self.evaluation.get()
    #expect(e.reviewSetIsClosestPatterns)
    #expect(e.reviewSet.count >= 2 && e.reviewSet.count <= 4)
    #expect(!e.reviews.isEmpty)
    // Never copies or silent patterns.
    #expect(!e.reviewSet.contains { $0.hasPrefix("mute-") })
    #expect(e.reviewSet.filter { $0.hasPrefix("copy-") }.count <= 1)
    let index = try #require(ReportFixture.file(try Self.report.get(), "index.html"))
    #expect(index.contains("so the design review checks its \(e.reviewSet.count) closest patterns instead"))
    #expect(!index.contains("The review set ()"))
    // With the set present, it is reviewed as asked.
    let named = try ReportFixture.evaluation(ReportFixture.files(), reviewSet: ["tap-soft.ahap", "tap-hard.ahap"])
    #expect(!named.reviewSetIsClosestPatterns && named.reviewSet == ["tap-soft.ahap", "tap-hard.ahap"])
  }

  @Test func sentencesReadRightForZeroOneAndMany() throws {
    #expect(Wording.count(0, "file") == "no files")
    #expect(Wording.count(1, "file") == "1 file")
    #expect(Wording.count(3, "file") == "3 files")
    #expect(Wording.list([]) == "")
    #expect(Wording.list(["a"]) == "a")
    #expect(Wording.list(["a", "b"]) == "a and b")
    #expect(Wording.list(["a", "b", "c"]) == "a, b and c")
    #expect(Wording.list(["a", "b", "c", "d"], limit: 2) == "a, b and 2 more")
    let e = try ReportFixture.evaluation(ReportFixture.files(broken: true))
    let index = try #require(ReportFixture.file(try Self.brokenReport.get(), "index.html"))
    // The load error counts as a lint error beside the warnings.
    let errors = e.findings.filter { $0.severity == .error }.count + 1
    let warnings = e.findings.filter { $0.severity == .warning }.count
    #expect(
      index.contains("<dt>lint</dt><dd>\(Wording.count(errors, "error")), \(Wording.count(warnings, "warning"))</dd>"))
    #expect(index.contains("1 file could not be read"))
    for bad in ["; …", "….", "about 200 ms more", "latency budget of 70 ms"] {
      #expect(!index.contains(bad), "index contains \(bad)")
    }
    // No empty parentheses left by a missing value (the API call prepare() aside).
    #expect(ReportFixture.captures("((?<!prepare)\\(\\))", in: index).isEmpty)
    #expect(
      ReportFixture.captures("(?<![0-9.])(1 (files|checks|patterns|errors|warnings|groups))\\b", in: index).isEmpty)
    // Every device's own engine latencies, not one cold figure for all.
    for device in e.options.devices where device.actuator.typeName != "none" {
      #expect(
        index.contains(
          "\(device.name) \(Wording.ms(device.latency.prepared_s)) prepared, \(Wording.ms(device.latency.cold_s)) cold")
      )
    }
    // A cold start names the device's engine latency and the prepare() lead that makes
    // its patterns pass; the raw count of failing checks is still given.
    #expect(
      index.contains(
        "the budget cold on iphone-wideband-lra only because the engine starts in 200 ms (10 ms prepared): prepare at least"
      ))
    #expect(index.contains("Every check, cold starts included:"))
  }

  @Test func tablesFitA1280PixelWindowWithoutScrolling() throws {
    let e = try Self.broken.get()
    let folder = try Self.brokenReport.get()
    let catalog = PatternCatalog(e)
    for path in ["index.html", catalog.items[0].page] {
      let text = try #require(ReportFixture.file(folder, path))
      for table in text.components(separatedBy: "<table").dropFirst() {
        let body = table.components(separatedBy: "</table>")[0]
        #expect(
          TableWidth.minimum(body) <= TableWidth.available, "a table in \(path) needs \(TableWidth.minimum(body)) px")
      }
    }
  }
}

/// A rough lower bound of a table's width in a browser: per column, the widest text that
/// cannot wrap (number, verdict and no-wrap cells whole, other cells their longest word),
/// at about 7.5 px per character of 13 px text plus the cell padding.
enum TableWidth {
  /// The content width of a page section at 1280 px (1180 px column, 24 px padding each side).
  static let available = 1130.0

  static func minimum(_ table: String) -> Double {
    var widths: [Int: Double] = [:]
    for row in table.components(separatedBy: "<tr").dropFirst() {
      var column = 0
      for cell in ReportFixture.captures("(<t[dh][^>]*>.*?</t[dh]>)", in: row) {
        let span = Int(ReportFixture.captures("colspan=\"(\\d+)\"", in: cell).first ?? "1") ?? 1
        let text = cell.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
          .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        let whole =
          cell.contains("class=\"num") || cell.contains("class=\"nw") || cell.contains("class=\"v ")
          || cell.contains("badge")
        let longest =
          whole ? text.count : text.split(whereSeparator: { $0 == " " || $0 == "-" }).map(\.count).max() ?? 0
        if span == 1 { widths[column] = max(widths[column] ?? 0, Double(longest) * 7.5 + 16) }
        column += span
      }
    }
    return widths.values.reduce(0, +)
  }
}

/// The report's "Android ports" section: counts per device in words, the noticed ports
/// listed with their verdicts, nothing when there is no port.
@Suite struct AndroidPortsSectionTests {
  static func row(
    _ pattern: String, _ device: String, _ dPrime: Double?, _ outcome: AndroidPortResult.Outcome
  )
    -> AndroidPortResult
  {
    AndroidPortResult(
      pattern: pattern, device: device, dPrime_JND: dPrime, contrastOriginal_JND: nil, contrastPort_JND: nil,
      outcome: outcome, verdict: "verdict of \(pattern)")
  }

  static func html(_ rows: [AndroidPortResult]) throws -> String {
    let section = try #require(CorpusReport.androidPortsSection(rows, limits: CorpusReport.Limits()))
    var page = ReportPage(title: "t", subtitle: "", facts: [])
    page.sections = [section]
    return page.htmlText
  }

  @Test func noPortsNoSection() {
    #expect(CorpusReport.androidPortsSection([], limits: CorpusReport.Limits()) == nil)
  }

  @Test func countsReadForOneAndMany() throws {
    let text = try Self.html([
      Self.row("a.ahap", "android-lra-235", 0.2, .sameFeel),
      Self.row("b.ahap", "android-lra-235", 0.4, .sameFeel),
      Self.row("c.ahap", "android-lra-235", 2.1, .losesSharpnessContrast),
      Self.row("a.ahap", "erm-phone", 1.5, .feelsDifferent),
    ])
    #expect(
      text.contains("On android-lra-235, of 3 AHAP patterns: 2 port within 1 JND, 1 loses its sharpness contrast."))
    #expect(text.contains("On erm-phone, of 1 AHAP pattern: 1 feels different (1 to 3 JND)."))
    #expect(text.contains("verdict of c.ahap"))
    #expect(!text.contains("verdict of b.ahap"), "ports within 1 JND are only counted")
  }

  @Test func allWithinOneJNDSaysSo() throws {
    let text = try Self.html([Self.row("a.ahap", "android-lra-235", 0.2, .sameFeel)])
    #expect(text.contains("Every port stays within 1 JND of its original."))
  }
}

/// The capability matrix's numbers never read as the other side of a verdict boundary.
@Suite struct CapabilityCellNumberTests {
  @Test func aNumberUnderABoundaryNeverReadsAsTheBoundary() {
    #expect(CorpusReport.cellNumber(0.5) == "0.5")
    #expect(CorpusReport.cellNumber(0.94) == "0.9")
    #expect(CorpusReport.cellNumber(0.97) == "0.97")
    // As the tooltip rounds it (d' 0.97), not down.
    #expect(CorpusReport.cellNumber(0.966) == "0.97")
    #expect(CorpusReport.cellNumber(0.999) == "0.99")
    #expect(CorpusReport.cellNumber(1.0) == "1.0")
    #expect(CorpusReport.cellNumber(1.04) == "1.0")
    #expect(CorpusReport.cellNumber(2.96) == "2.96")
    #expect(CorpusReport.cellNumber(3.0) == "3.0")
    #expect(CorpusReport.cellNumber(19.36) == "19.4")
  }
}
