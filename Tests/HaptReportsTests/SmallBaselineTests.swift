import Foundation
import HaptBaselines
import HaptCore
import HaptEvaluation
import HaptExplanation
import HaptFormats
import HaptPatterns
import HaptReports
import HaptSimulation
import HaptTestSupport
import Testing

/// Baselines that keep each pattern file and render it again (``BaselineManifest``
/// version 2): record and check round trips on shipped patterns, the size a pattern takes,
/// old baselines of signals still checked, and every view of a check explaining a
/// designer's edit as `hapt compare` does, on an LRA and an ERM profile.
@Suite struct SmallBaselineTests {
  static let devices = ["iphone-wideband-lra", "erm-phone"]

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-small-baseline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A shipped pattern (`library/NAME` or `system/NAME`).
  static func shipped(_ path: String) throws -> HapticPattern {
    let folder = try #require(Corpora.directory())
    return try PatternFile.load(path: folder.appendingPathComponent(path).path).pattern
  }

  /// Every file's bytes under `folder` (recursively).
  static func bytes(under folder: String) -> Int {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var total = 0
    while let name = enumerator?.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      if (attributes?[.type] as? FileAttributeType) == .typeRegular {
        total += (attributes?[.size] as? Int) ?? 0
      }
    }
    return total
  }

  @Test func recordAndCheckTheShippedLibraryRoundTripWithoutSignals() throws {
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let library = try #require(Corpora.directory()).appendingPathComponent("library").path
    let devices = try Self.devices.map { try DeviceProfile.load(nameOrPath: $0) }
    let baseline = root.appendingPathComponent("baseline").path
    let corpus = PatternCorpus.load([library])
    let manifest = try Baseline.record(
      corpus, options: EvaluationOptions(devices: devices, threads: 2), to: baseline, force: false)
    #expect(manifest.version == 2)
    #expect(manifest.patterns.count == corpus.entries.count)
    #expect(manifest.records.allSatisfy { $0.signalFile == nil })
    let signals = (try? FileManager.default.contentsOfDirectory(atPath: baseline + "/signals")) ?? []
    #expect(signals.isEmpty)
    // The copies are the files' bytes.
    for copy in manifest.patterns {
      let entry = try #require(corpus.entries.first { $0.name == copy.pattern })
      #expect(try InputFile.read(baseline + "/" + copy.file) == (try InputFile.read(entry.path)))
    }
    let result = try Baseline.check(corpus, baseline: baseline, threads: 2)
    #expect(result.passed, "\(result.problems) \(result.comparisons.filter { $0.status != .unchanged })")
    #expect(result.comparisons.count == corpus.entries.count * devices.count * 2)
    #expect(result.comparisons.allSatisfy { $0.story == nil && $0.summary.isEmpty })
    // Read back: the manifest round-trips through its JSON.
    let read = try BaselineManifest(jsonBytes: try InputFile.read(baseline + "/" + BaselineManifest.fileName))
    #expect(read == manifest)
  }

  /// Every shipped device and both states, with the longest shipped patterns and a
  /// 4-second buzz (whose 26 signals alone took over 1 MB in a baseline of signals):
  /// at most 100 KB a pattern, device profiles included.
  @Test func everyDeviceAndBothStatesTakeAtMost100KBAPattern() throws {
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let corpusFolder = root.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpusFolder, withIntermediateDirectories: true)
    let shipped = ["library/game-engine-rumble.ahap", "library/heartbeat.ahap", "library/explosion.ahap"]
    for path in shipped {
      let from = try #require(Corpora.directory()).appendingPathComponent(path)
      try FileManager.default.copyItem(
        at: from, to: corpusFolder.appendingPathComponent(from.lastPathComponent))
    }
    let buzz = HapticPattern(events: [.continuous(at: 0, duration_s: 4, intensity: 0.8, sharpness: 0.5)])
    try AHAP.encode(buzz).write(
      to: corpusFolder.appendingPathComponent("buzz.ahap"), atomically: true, encoding: .utf8)
    let devices = try DeviceProfile.shipped()
    #expect(devices.count >= 13)
    let corpus = PatternCorpus.load([corpusFolder.path])
    #expect(corpus.entries.count == 4)
    let baseline = root.appendingPathComponent("baseline").path
    try Baseline.record(corpus, options: EvaluationOptions(devices: devices, threads: 2), to: baseline, force: false)
    let perPattern = Self.bytes(under: baseline) / corpus.entries.count
    #expect(perPattern <= 100_000, "\(perPattern) bytes a pattern")
    // Without the device profiles (written once a baseline), what each pattern adds.
    let perPatternOwn = (Self.bytes(under: baseline) - Self.bytes(under: baseline + "/devices")) / corpus.entries.count
    #expect(perPatternOwn <= 100_000, "\(perPatternOwn) bytes a pattern besides the device profiles")
  }

  /// A baseline recorded by hapt before pattern copies (manifest without a version, a FLAC
  /// signal per record) is still checked against its signals.
  @Test func aBaselineOfSignalsIsStillChecked() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Goldens/baseline-v1")
    let baseline = fixture.appendingPathComponent("baseline").path
    let manifest = try BaselineManifest(jsonBytes: try InputFile.read(baseline + "/" + BaselineManifest.fileName))
    #expect(manifest.version == 1 && manifest.patterns.isEmpty)
    #expect(manifest.records.allSatisfy { $0.signalFile != nil })
    let same = try Baseline.check(
      PatternCorpus.load([fixture.appendingPathComponent("corpus").path]), baseline: baseline, threads: 1)
    #expect(same.passed, "\(same.problems) \(same.comparisons.map(\.summary))")
    #expect(same.comparisons.count == 2)
    // The first tap halved: changed, named by the file's event, without the file layer.
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    var pattern = try PatternFile.load(path: fixture.appendingPathComponent("corpus/double-tap.ahap").path).pattern
    pattern.events[0].intensity /= 2
    try AHAP.encode(pattern).write(
      to: root.appendingPathComponent("double-tap.ahap"), atomically: true, encoding: .utf8)
    let edited = try Baseline.check(PatternCorpus.load([root.path]), baseline: baseline, threads: 1)
    #expect(!edited.passed)
    for row in edited.comparisons {
      #expect(row.status == .changed, "\(row.device): \(row.summary)")
      #expect(row.summary.contains("event 1 (transient at 0.00 s):"), "\(row.summary)")
      #expect(row.story?.edits == nil)
      #expect(row.story?.felt.isEmpty == false)
    }
  }

  /// A baseline of pattern copies from another model version is checked (both sides by
  /// this model) and a note says so; a baseline of signals from another model version is
  /// incomparable, as before.
  @Test func anotherModelVersionIsSaidNeverSilent() throws {
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let corpusFolder = root.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpusFolder, withIntermediateDirectories: true)
    try AHAP.encode(try Self.shipped("system/uikit-impact-medium.ahap")).write(
      to: corpusFolder.appendingPathComponent("tap.ahap"), atomically: true, encoding: .utf8)
    let corpus = PatternCorpus.load([corpusFolder.path])
    let baseline = root.appendingPathComponent("baseline").path
    var manifest = try Baseline.record(
      corpus, options: EvaluationOptions(devices: [try DeviceProfile.load(nameOrPath: Self.devices[0])], threads: 1),
      to: baseline, force: false)
    manifest.modelVersion = "0"
    try AtomicFile.write(manifest.jsonText(), to: baseline + "/" + BaselineManifest.fileName)
    let result = try Baseline.check(corpus, baseline: baseline, threads: 1)
    #expect(result.passed && result.problems.isEmpty)
    #expect(result.notes.count == 1)
    #expect(result.notes.first?.contains("recorded with model version 0") == true)
    #expect(result.notes.first?.contains("both sides were rendered with this model version") == true)

    let oldRoot = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: oldRoot) }
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Goldens/baseline-v1")
    let oldBaseline = oldRoot.appendingPathComponent("baseline").path
    try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("baseline").path, toPath: oldBaseline)
    var old = try BaselineManifest(jsonBytes: try InputFile.read(oldBaseline + "/" + BaselineManifest.fileName))
    old.modelVersion = "0"
    try AtomicFile.write(old.jsonText(), to: oldBaseline + "/" + BaselineManifest.fileName)
    let oldResult = try Baseline.check(
      PatternCorpus.load([fixture.appendingPathComponent("corpus").path]), baseline: oldBaseline, threads: 1)
    #expect(!oldResult.passed && oldResult.comparisons.allSatisfy { $0.status == .incomparable })
  }

  /// A file whose bytes are the copy's needs no render (both sides would be the same
  /// render); its rows are those the renders give, as a reformatted file (other bytes, the
  /// same events, so rendered on both sides) shows.
  @Test func anUnchangedFileReadsAsItsRendersWould() throws {
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let corpusFolder = root.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpusFolder, withIntermediateDirectories: true)
    let file = corpusFolder.appendingPathComponent("tap.ahap")
    let text = AHAP.encode(try Self.shipped("library/heartbeat.ahap"))
    try text.write(to: file, atomically: true, encoding: .utf8)
    let baseline = root.appendingPathComponent("baseline").path
    let devices = try Self.devices.map { try DeviceProfile.load(nameOrPath: $0) }
    try Baseline.record(
      PatternCorpus.load([corpusFolder.path]), options: EvaluationOptions(devices: devices, threads: 1), to: baseline,
      force: false)
    let same = try Baseline.check(PatternCorpus.load([corpusFolder.path]), baseline: baseline, threads: 1)
    try (text + "\n\n").write(to: file, atomically: true, encoding: .utf8)
    let reformatted = try Baseline.check(PatternCorpus.load([corpusFolder.path]), baseline: baseline, threads: 1)
    #expect(same.passed && reformatted.passed)
    #expect(same.comparisons.count == 4)
    #expect(same.comparisons == reformatted.comparisons)
  }

  @Test func aByteIdenticalRenameReadsAsARename() throws {
    let root = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let corpusFolder = root.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpusFolder, withIntermediateDirectories: true)
    let file = corpusFolder.appendingPathComponent("tap.ahap")
    try AHAP.encode(try Self.shipped("system/uikit-impact-medium.ahap")).write(
      to: file, atomically: true, encoding: .utf8)
    let baseline = root.appendingPathComponent("baseline").path
    let devices = [try DeviceProfile.load(nameOrPath: Self.devices[0])]
    try Baseline.record(
      PatternCorpus.load([corpusFolder.path]), options: EvaluationOptions(devices: devices, threads: 1), to: baseline,
      force: false)
    try FileManager.default.moveItem(at: file, to: corpusFolder.appendingPathComponent("renamed.ahap"))
    let result = try Baseline.check(PatternCorpus.load([corpusFolder.path]), baseline: baseline, threads: 1)
    #expect(result.passed)
    #expect(result.comparisons.count == 2)
    #expect(result.comparisons.allSatisfy { $0.renamedFrom == "tap.ahap" && $0.status == .unchanged })
  }

  // MARK: - Edits explained in every view

  /// A designer's edit: the old and new pattern, the words of its first layer, and
  /// whether it is felt.
  struct Edit: Sendable, CustomStringConvertible {
    var name: String
    var old: HapticPattern
    var new: HapticPattern
    var editLines: [String]
    var felt: Bool
    var description: String { name }
  }

  static func edits() throws -> [Edit] {
    let medium = try shipped("system/uikit-impact-medium.ahap")
    var weaker = medium
    weaker.events[0].intensity = 0.56
    var duller = medium
    duller.events[0].sharpness = 0.05
    let triple = try shipped("library/triple-tap.ahap")
    var moved = triple
    moved.events[1].time_s = 0.17
    var added = triple
    added.events.append(.transient(at: 0.36, intensity: 0.9, sharpness: 0.7))
    let run = HapticPattern(events: (0..<8).map { .transient(at: Double($0) * 0.1, intensity: 0.9, sharpness: 0.7) })
    var removed = run
    removed.events.remove(at: 6)
    let (silencedOld, silencedNew) = EditFixtures.addedUnderASilencingCurve
    return [
      Edit(
        name: "weaker", old: medium, new: weaker,
        editLines: ["event 1 (transient at 0.00 s): intensity 0.70 → 0.56 (weaker)"], felt: true),
      Edit(name: "duller", old: medium, new: duller, editLines: [], felt: true),
      Edit(
        name: "moved", old: triple, new: moved,
        editLines: ["event 2 (transient at 0.17 s): moved 50 ms later (0.12 → 0.17 s)"], felt: true),
      Edit(name: "added", old: triple, new: added, editLines: ["event 4 (transient at 0.36 s) added"], felt: true),
      Edit(name: "removed", old: run, new: removed, editLines: ["event 7 (transient at 0.60 s) removed"], felt: true),
      Edit(
        name: "added under a silencing curve", old: silencedOld, new: silencedNew,
        editLines: ["event 2 (transient at 0.60 s) added"], felt: false),
    ]
  }

  /// Records `old` as `p.ahap`, writes `new` in its place and checks it on `device`
  /// (prepared); returns the row and what `hapt compare` says of the two files.
  static func check(_ edit: Edit, device name: String) throws -> (BaselineCheckResult, Explanation) {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let corpusFolder = root.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpusFolder, withIntermediateDirectories: true)
    let file = corpusFolder.appendingPathComponent("p.ahap")
    try AHAP.encode(edit.old).write(to: file, atomically: true, encoding: .utf8)
    let oldCopy = root.appendingPathComponent("old.ahap")
    try FileManager.default.copyItem(at: file, to: oldCopy)
    let device = try DeviceProfile.load(nameOrPath: name)
    let baseline = root.appendingPathComponent("baseline").path
    try Baseline.record(
      PatternCorpus.load([corpusFolder.path]), options: EvaluationOptions(devices: [device], states: [.prepared]),
      to: baseline, force: false)
    try AHAP.encode(edit.new).write(to: file, atomically: true, encoding: .utf8)
    let result = try Baseline.check(PatternCorpus.load([corpusFolder.path]), baseline: baseline, threads: 1)
    let compared = SignalComparison(
      try SignalSource.load(oldCopy.path, device: device, options: RenderOptions()),
      try SignalSource.load(file.path, device: device, options: RenderOptions()))
    return (result, compared.explanation)
  }

  @Test(arguments: devices)
  func editsAreExplainedInEveryViewAsCompareExplainsThem(_ device: String) throws {
    for edit in try Self.edits() {
      let (result, compared) = try Self.check(edit, device: device)
      let label = "\(edit.name) on \(device)"
      let row = try #require(result.comparisons.first, "\(label)")
      #expect(result.comparisons.count == 1)
      let story = try #require(row.story, "\(label): \(row.summary)")
      // The first layer as compare gives it, and as the edit matrix words it.
      #expect(story.edits == compared.editLines, "\(label)")
      if edit.editLines.isEmpty {
        #expect(
          story.edits?.count == 1 && story.edits?[0].contains("(duller") == true, "\(label): \(story.edits ?? [])")
      } else {
        #expect(story.edits == edit.editLines, "\(label)")
      }
      // The second layer and the summary as compare gives them.
      #expect(story.felt == compared.feltLines, "\(label)")
      #expect(story.notFelt == compared.unfeltLines, "\(label)")
      #expect(story.summary == compared.summary("the baseline", "the file"), "\(label)")
      // Changed exactly when past the tolerances; an edit felt under them, or not felt,
      // still explains itself.
      #expect((row.status == .changed) == ((row.dPrime_JND ?? 0) >= 1 || !row.changes.isEmpty), "\(label)")
      if !edit.felt {
        #expect(row.status == .unchanged, "\(label): \(row.summary)")
        #expect(story.notFelt.first?.contains("silenced, the intensity control is 0 at 0.60 s") == true, "\(label)")
      } else if edit.name == "duller" && device == "erm-phone" {
        #expect(story.felt.isEmpty && story.notFelt.count == 1, "\(label): \(row.summary)")
        #expect(
          story.notFelt.first?.contains("every sharpness plays alike without frequency control") == true, "\(label)")
      } else {
        #expect(!story.felt.isEmpty, "\(label): \(row.summary)")
      }
      // Every view says the same line.
      let line = row.summary
      #expect(line.contains(story.line) && line.contains("in the file: " + (story.edits ?? []).joined(separator: "; ")))
      let csv = ReportTables.baseline(result).csvText
      #expect(csv.contains(line.replacingOccurrences(of: "\"", with: "\"\"")), "\(label) CSV")
      let json = JSONWriter.string(ReportJSON.baseline(result))
      let parsed = JSONCursor(try JSONParser.parse(Array(json.utf8)).root)
      let jsonRow = try parsed.required("comparisons").elements()[0]
      #expect(try jsonRow.required("summary").string() == line, "\(label) JSON")
      let explanation = try jsonRow.required("explanation")
      #expect(try explanation.required("line").string() == story.line)
      let jsonEdits: [String] = try explanation.required("editLines").elements().map { try $0.string() }
      #expect(jsonEdits == story.edits ?? [])
      // The edits as values, the same object `compare --format json` gives for them.
      let values = try explanation.required("edits").elements()
      #expect(story.editValues == compared.edits?.edits, "\(label)")
      #expect(values.count == (story.editValues?.count ?? -1), "\(label)")
      let comparedJSON = JSONCursor(
        try JSONParser.parse(Array(JSONWriter.string(ReportJSON.explanation(compared)).utf8)).root)
      #expect(
        try comparedJSON.required("edits").elements().map { try $0.required("text").string() }
          == values.map { try $0.required("text").string() }, "\(label)")
      let notFelt = try explanation.required("notFelt").elements()
      #expect(try notFelt.map { try $0.required("text").string() } == story.notFelt)
      let jsonFelt: [String] = try explanation.required("felt").elements().map { try $0.string() }
      #expect(jsonFelt == story.felt)
      let junit = BaselineJUnit.report(result)
      let junitCase = try #require(junit.suites.flatMap(\.cases).first)
      #expect(junitCase.systemOut?.contains(line) == true, "\(label) JUnit")
      if row.status == .changed {
        guard case .failed(let message, _, _) = junitCase.outcome else {
          Issue.record("\(label): JUnit case not failed")
          continue
        }
        #expect(message.contains(line), "\(label) JUnit message")
      }
      let findings = FindingSet.baseline(result, paths: [:])
      let finding = findings.findings.first { $0.message.contains(line) }
      #expect(finding?.ruleID == (row.status == .changed ? "BASE001" : "BASE007"), "\(label) findings")
    }
  }
}
