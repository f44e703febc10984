import Foundation
import HaptCore
import HaptMetrics
import HaptSignals
import HaptSimulation
import Testing
import HaptExplanation

@testable import HaptEvaluation
@testable import HaptBaselines
@testable import HaptAndroid
@testable import HaptReports

/// The part files of sharded jobs read back exactly what was written (numbers bit for
/// bit, absent values, awkward text), and refuse damaged input with the file and line.
@Suite struct ShardPartTests {
  static func measurement(_ name: String, silent: Bool) -> PatternMeasurement {
    PatternMeasurement(
      pattern: name, device: "phone one", state: .cold, engineLatency_s: 0.1 + 1e-17, driveEnd_s: 0.3,
      markers: EnvelopeMarkers(
        detect_s: silent ? nil : 0.0123456789012345, t10_s: silent ? nil : -0.0, t50_s: nil, t90_s: 0.02, rise_s: 0.01,
        stop_s: nil, peak_g: silent ? 0 : 1.5e-300, dominantFrequency_Hz: silent ? nil : 173.25),
      peak_g: silent ? 0 : .pi, rms_g: 1 / 3, dominantFrequency_Hz: silent ? nil : 170,
      silenceReason: silent ? .hapticsOff : nil,
      verdict: silent ? .silent : .warn, isTruncated: !silent)
  }

  @Test func reportPartRoundTripsExactly() throws {
    var summary = PairwiseSummary(
      settings: .init(neighbours: 2, closeBelow_JND: 1.25, maxClosePairs: 7), patternCount: 3)
    let pair = PairwiseSummary.Pair(
      first: 0, second: 2, dPrime: 0.1 + 0.2,
      similarity: PairSimilarity(stsimAB: .infinity, stsimBA: -0.0, spqiAB: 1e-310, spqiBA: 0.5, blocksCompared: 4))
    summary.neighbours = [[pair], [], [pair]]
    summary.closePairs = [pair]
    summary.closePairCount = 9
    summary.pairsCompared = 2
    var job = ReportJobSettings(paths: ["dir with space/é", ""])
    job.devices = ["a", "b c"]
    job.states = [.cold]
    job.budget = LatencyBudget(pass_s: 0.1 + 0.2, warn_s: 1)
    job.reviewSet = ["x", "y"]
    job.title = ""
    job.pairwise = summary.settings
    job.allPairs = true
    job.limits.maxTime_s = 1e-310
    job.maxFiles = 7
    job.maxRenderDuration_s = .infinity
    var part = ShardPart(
      shard: 2, shardCount: 3, corpusFingerprint: 0xFEDC_BA98_7654_3210, job: job,
      measurements: [
        Self.measurement("tap, \"quoted\"\nline", silent: false), Self.measurement("quiet", silent: true),
      ],
      pairwise: summary, android: Self.androidRows)
    (part.patternShare, part.rowShare) = (1..<2, 0..<1)
    let read = try ShardPart(text: part.text, file: "part.txt")
    #expect(read == part)
    #expect(read.patternShare == 1..<2 && read.rowShare == 0..<1)
    #expect(read.android == Self.androidRows)
    #expect(read.job == job && read.job.title == "" && read.job.paths == ["dir with space/é", ""])
    #expect(read.measurements[0].markers.t10_s?.sign == .minus)
    #expect(read.pairwise.neighbours[0][0].similarity.stsimBA.sign == .minus)
  }

  /// A shard's patterns' features, attributes, sample keys and the heat map read back bit
  /// for bit (what a merge uses instead of rendering).
  @Test func reportPartKeepsPatternFeaturesExactly() throws {
    // Two bursts with a gap: two felt events.
    var samples = [Double](repeating: 0, count: 4000)
    for i in 0..<1200 { samples[i] = 0.4 * sin(Double(i) * 0.17) }
    for i in 2400..<4000 { samples[i] = 0.2 * sin(Double(i) * 0.2) }
    let signal = Signal(samples: samples, sampleRate_Hz: 8000)
    let features = PerceptualFeatures(signal)
    #expect(features.events.count >= 2)
    var attributes = PerceptualAttributes(signal, features: features)
    attributes.roughness = 0.1 + 0.2  // stored as is, not recomputed
    var part = ShardPart(
      shard: 1, shardCount: 2, corpusFingerprint: 3, job: ReportJobSettings(paths: ["c"]), measurements: [],
      pairwise: PairwiseSummary(settings: .init(), patternCount: 2))
    part.features = [features, PerceptualFeatures(Signal(zeros: 100, sampleRate_Hz: 8000))]
    part.attributes = [attributes, .silent]
    part.sampleKeys = ["k é", ""]
    part.heatMapSimilarity = [[1, 0.1 + 0.2], [0.1 + 0.2, 1]]
    let read = try ShardPart(text: part.text, file: "part.txt")
    #expect(read == part)
    #expect(read.attributes[0].roughness == 0.1 + 0.2)
  }

  /// Rows of both Android sections with every field and every kind of value set.
  static let androidRows: AndroidSections.Rows = {
    var port = AndroidPortResult(
      pattern: "tap \"q\"\nline", device: "erm phone", dPrime_JND: -0.0, contrastOriginal_JND: 1e-300,
      contrastPort_JND: nil, outcome: .losesSharpnessContrast, verdict: "loses é")
    port.alternative = "on-off"
    port.dPrimeFromReference_JND = 2.5
    port.changes = "a; b"
    var silent = port
    silent.alternative = nil
    silent.dPrime_JND = nil
    silent.outcome = .silent
    silent.changes = ""
    let playback = [
      DevicePlayback(
        pattern: "a", device: "d", platform: .android, form: .predefinedEffect("EFFECT_CLICK"),
        causes: [
          .missingPrimitives(["click", "tick"]), .missingPrimitives([]), .noEnvelopeEffects,
          .missingEffect("EFFECT_POP"), .platformFallback("EFFECT_THUD"), .noAmplitudeControl,
          .sharpnessAtResonance(resonance_Hz: 235.000_000_1), .noFrequencyControl, .tapsAsRamps,
        ], outcome: .fallsBack(dPrime_JND: 1.25)),
      DevicePlayback(
        pattern: "b", device: "d", platform: .coreHaptics, form: nil, causes: [], outcome: .silent(.noActuator)),
      DevicePlayback(
        pattern: "c", device: "d", platform: .android, form: .platformFallback("EFFECT_TICK"), causes: [],
        outcome: .silent(.other("quiet: 1 g"))),
      DevicePlayback(pattern: "d", device: "d", platform: .coreHaptics, form: .asWritten, causes: [], outcome: .plays),
    ]
    return AndroidSections.Rows(ports: [port, silent], playback: playback)
  }()

  @Test func damagedPartsAreRefusedWithFileAndLine() {
    var whole = ShardPart(
      shard: 1, shardCount: 1, corpusFingerprint: 1, job: ReportJobSettings(paths: ["c"]), measurements: [],
      pairwise: PairwiseSummary(settings: .init(), patternCount: 2))
    (whole.patternShare, whole.rowShare) = (0..<2, 0..<2)
    let good = whole.text
    #expect(good.contains("\nshare 0 2 0 2\n"))
    let older = (1...6).map {
      (good.replacingOccurrences(of: "hapt-shard-part 7", with: "hapt-shard-part \($0)"), "line 1")
    }
    let damaged: [(String, String?)] =
      older + [
        ("hello\n", "line 1"), (good.replacingOccurrences(of: "end\n", with: ""), nil),
        (
          good.replacingOccurrences(of: "end\n", with: "f bAA== 0 0 0 0 0 0 0 0 0 0 - fff0000000000000 1\nend\n"),
          "line 10"
        ),
        (good.replacingOccurrences(of: "end\n", with: "d bAA== - android - - plays - -\nend\n"), "line 10"),
        (good.replacingOccurrences(of: " allPairs 0", with: " allPairs 2"), "line 4"),
        (good.replacingOccurrences(of: "shard 1 1", with: "shard 2 1"), "line 2"),
        (good.replacingOccurrences(of: "end\n", with: "n 5 0 1 0 0 0 0 0 1\nend\n"), "line 10"),
        (good.replacingOccurrences(of: "share 0 2 0 2", with: "share 0 3 0 2"), "line 9"),
        (good.replacingOccurrences(of: "share 0 2 0 2", with: "share 2 1 0 2"), "line 9"),
        (good.replacingOccurrences(of: "share 0 2 0 2", with: "share 0 2 0"), "line 9"),
      ]
    for (text, place) in damaged {
      #expect(throws: InputError.self) { try ShardPart(text: text, file: "p/part.txt") }
      do {
        _ = try ShardPart(text: text, file: "p/part.txt")
      } catch let error as InputError {
        #expect(error.file == "p/part.txt")
        if let place { #expect(error.place == place, "\(error)") }
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }

  @Test func checkPartRoundTrips() throws {
    var changed = BaselineComparison(
      pattern: "a b", device: "d", state: .prepared, status: .changed,
      changes: BaselineChangeReasonTests.everyReason)
    changed.dPrime_JND = 2.6
    changed.similarity = 0.9
    changed.latencyShift_s = -0.0
    changed.perceptualChanges = [
      PerceptualChange(event: 2, cue: .level, size: -6, dPrime_JND: 2.6),
      PerceptualChange(event: nil, cue: .frequency, size: 20.5, dPrime_JND: 1e-300),
    ]
    // A story with every kind of edit as a value, and an edit not felt.
    var story = Explanation.Story(
      summary: "the file feels weaker", edits: ["event 1 ...", "event 2 ..."], felt: ["event 1: 6 dB weaker"],
      notFelt: ["event 3 added — not felt: below one JND"], dPrime_JND: 2.6, verdict: "distinct")
    story.editValues = [
      .added, .removed, .envelope, .moved(from_s: 0.1, to_s: 0.15), .intensity(from: 0.9, to: 0.45),
      .sharpness(from: 0.3, to: 1.0 / 3), .duration(from_s: 0.2, to_s: 0.25),
      .control(parameter: .hapticIntensityControl, time_s: 0.6, kind: .changed),
    ].enumerated().map { k, change in
      PatternEdit(
        oldNumber: k == 0 ? nil : k, newNumber: k == 1 ? nil : k + 1,
        eventType: k == 7 ? nil : (k % 2 == 0 ? .hapticTransient : .hapticContinuous), time_s: Double(k) * 0.1,
        change: change)
    }
    story.notFeltEvents = [.init(oldEvent: nil, newEvent: 3, reason: "below one JND")]
    changed.story = story
    var recording = changed
    recording.pattern = "rec"
    recording.story?.edits = nil
    recording.story?.editValues = nil
    recording.story?.notFeltEvents = []
    recording.story?.notFelt = []
    let result = BaselineCheckResult(
      comparisons: [
        changed, recording,
        BaselineComparison(pattern: "c", device: "d", state: .cold, status: .removed, changes: []),
      ],
      problems: ["device profile 'd' differs"],
      failures: [
        PatternCorpus.Failure(path: "x.ahap", error: InputError(file: "x.ahap", place: nil, "bad", kind: .missing))
      ])
    var job = BaselineCheckSettings(paths: ["a dir"], baseline: "Baselines/é")
    job.states = [.prepared]
    job.tolerances.maxDPrime_JND = 0.5
    job.format = "csv"
    job.junit = "j.xml"
    let part = BaselineCheckPart(shard: ShardSpec(index: 3, count: 4), corpusFingerprint: 42, job: job, result: result)
    let read = try BaselineCheckPart(text: part.text, file: "check.txt")
    #expect(read.shard == part.shard && read.corpusFingerprint == 42 && read.job == job)
    let whole = BaselineCheckSettings(paths: ["c"], baseline: "b")
    let again = try BaselineCheckPart(
      text: BaselineCheckPart(shard: .whole, corpusFingerprint: 1, job: whole, result: result).text, file: "c.txt")
    #expect(again.job == whole && again.job.states == nil && again.job.junit == nil)
    #expect(read.result.comparisons == result.comparisons)
    #expect(read.result.problems == result.problems && read.result.failures == result.failures)
  }

  @Test func shardsSplitPatternsAndRowsCompletely() {
    for count in [0, 1, 2, 10, 101] {
      for n in [1, 2, 3, 7] {
        let specs = (1...n).map { ShardSpec(index: $0, count: n) }
        #expect(specs.flatMap { Array($0.patterns(count: count)) } == Array(0..<count))
        let shares = specs.map { $0.reportShare(count: count, costs: .report(devices: 13, states: 2)) }
        #expect(shares.flatMap { Array($0.patterns) } == Array(0..<count))
        #expect(shares.flatMap { Array($0.rows) } == Array(0..<count))
      }
    }
    #expect(ShardSpec("2/3") == ShardSpec(index: 2, count: 3))
    for bad in ["0/3", "4/3", "3", "/", "a/b", "1/0", "-1/2"] { #expect(ShardSpec(bad) == nil, "\(bad)") }
  }
}

/// ``ShardPart/split(_:at:omittingEmpty:)`` cuts by bytes what the standard library's
/// `split` cuts by characters.
@Suite struct ShardPartSplitTests {
  @Test func agreesWithTheStandardSplit() {
    let texts = ["", " ", "a", "a b", " a  b ", "a\nb\n", "\n\n", "é ü  日本 ", "x y z\n1 2 3", "  "]
    for text in texts {
      for omitting in [false, true] {
        let expected = text.split(separator: " ", omittingEmptySubsequences: omitting)
        #expect(ShardPart.split(text[...], at: " ", omittingEmpty: omitting) == expected, "\(text) \(omitting)")
      }
    }
    // A slice of a larger string keeps its own bounds.
    let whole = "head|a b|tail"
    let middle = whole[whole.index(whole.startIndex, offsetBy: 5)..<whole.index(whole.startIndex, offsetBy: 8)]
    #expect(ShardPart.split(middle, at: " ") == ["a", "b"])
  }
}
