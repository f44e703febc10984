import HaptTestSupport
import Foundation
import Testing

import HaptCore
import HaptMetrics
import HaptPatterns
import HaptSimulation
import HaptEvaluation
import HaptBaselines
import HaptFormats

/// Issue 10's regression table, end to end through `Baseline.record` and `Baseline.check`
/// on every shipped LRA and ERM profile: a change a person would notice fails, one they
/// would not passes, and a failure names the event and the cue.
@Suite(.slow) struct RegressionVerdictTests {
  /// One edit of the baseline corpus and the verdict it must get.
  struct Edit: Sendable, CustomStringConvertible {
    var name: String
    /// The pattern file edited (in the corpus folder).
    var file: String
    /// Whether a person would feel the edit on `device` (what the actuator renders of it).
    var changedOn: @Sendable (DeviceProfile) -> Bool
    /// The largest change's event and cue, when `changed` (nil event: any event).
    var event: Int?
    var cue: PerceptualChange.Cue?
    var apply: @Sendable (inout HapticPattern) -> Void
    var description: String { name }

    init(
      name: String, file: String, changed: Bool, event: Int? = nil, cue: PerceptualChange.Cue? = nil,
      apply: @escaping @Sendable (inout HapticPattern) -> Void
    ) {
      self.init(name: name, file: file, changedOn: { _ in changed }, event: event, cue: cue, apply: apply)
    }

    init(
      name: String, file: String, changedOn: @escaping @Sendable (DeviceProfile) -> Bool, event: Int? = nil,
      cue: PerceptualChange.Cue? = nil, apply: @escaping @Sendable (inout HapticPattern) -> Void
    ) {
      self.name = name
      self.file = file
      self.changedOn = changedOn
      self.event = event
      self.cue = cue
      self.apply = apply
    }
  }

  /// A narrow-band LRA (drive band under a 1.4 frequency ratio): a two-cycle tap's
  /// spectrum is broad and weighted by the actuator's resonance, so a tap's sharpness is
  /// rendered only modestly (measured: sharpness 0.2 -> 0.9 is 0.69 JND on
  /// android-lra-235 with model 2's feedback brake).
  static func isNarrowBandLRA(_ device: DeviceProfile) -> Bool {
    device.actuator.typeName == "lra" && device.drive.fmax_Hz / device.drive.fmin_Hz < 1.4
  }

  static let edits: [Edit] = [
    Edit(name: "second tap intensity 0.9 -> 0.45", file: "double-tap.ahap", changed: true, event: 2, cue: .level) {
      $0.events[1].intensity = 0.45
    },
    Edit(name: "second tap 50 ms later", file: "double-tap.ahap", changed: true, event: 2, cue: .onset) {
      $0.events[1].time_s += 0.050
    },
    Edit(name: "second tap 5 ms later", file: "double-tap.ahap", changed: false) { $0.events[1].time_s += 0.005 },
    Edit(name: "both taps 0.9 -> 0.88", file: "double-tap.ahap", changed: false) {
      for i in $0.events.indices { $0.events[i].intensity = 0.88 }
    },
    Edit(name: "one tap 0.9 -> 0.88", file: "double-tap.ahap", changed: false) { $0.events[0].intensity = 0.88 },
    Edit(name: "second tap removed", file: "double-tap.ahap", changed: true, event: 2, cue: .missing) {
      $0.events.removeLast()
    },
    // Taps: the wideband LRA renders sharpness as frequency; the narrow-band LRA barely;
    // an ERM not at all (its frequency is its speed: model 2 counts its cycles at fmax
    // whatever the sharpness).
    Edit(
      name: "sharpness 0.2 -> 0.9 (taps)", file: "soft-double-tap.ahap",
      changedOn: { $0.actuator.typeName == "lra" && !isNarrowBandLRA($0) }
    ) {
      for i in $0.events.indices { $0.events[i].sharpness = 0.9 }
    },
    // A 200 ms buzz: every LRA follows its drive frequency; the ERM's DC drive ignores it.
    Edit(name: "sharpness 0.2 -> 0.9 (buzz)", file: "buzz.ahap", changedOn: { $0.actuator.typeName == "lra" }) {
      $0.events[0].sharpness = 0.9
    },
    Edit(name: "unchanged", file: "double-tap.ahap", changed: false) { _ in },
  ]

  /// The shipped profiles with an actuator (LRA or ERM).
  static func devices() throws -> [DeviceProfile] {
    try DeviceProfile.shipped().filter { $0.actuator.isPhysical }
  }

  /// The baseline corpus: the library's double tap, and the same with sharpness 0.2.
  static func baseCorpus() throws -> [String: HapticPattern] {
    let library = try #require(Corpora.directory("library")).appendingPathComponent("double-tap.ahap").path
    var doubleTap = try PatternFile.load(path: library).pattern
    doubleTap.metadata = PatternMetadata()
    var soft = doubleTap
    for i in soft.events.indices { soft.events[i].sharpness = 0.2 }
    let buzz = HapticPattern(events: [.continuous(at: 0, duration_s: 0.2, intensity: 0.8, sharpness: 0.2)])
    return ["double-tap.ahap": doubleTap, "soft-double-tap.ahap": soft, "buzz.ahap": buzz]
  }

  static func write(_ patterns: [String: HapticPattern], to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, pattern) in patterns {
      try AHAP.encode(pattern).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
  }

  @Test func everyEditGetsTheRightVerdictOnEveryShippedActuator() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-regression-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let base = try Self.baseCorpus()
    try Self.write(base, to: root.appendingPathComponent("base"))
    let devices = try Self.devices()
    #expect(devices.contains { $0.actuator.typeName == "lra" } && devices.contains { $0.actuator.typeName == "erm" })
    let baseline = root.appendingPathComponent("baseline").path
    try Baseline.record(
      PatternCorpus.load([root.appendingPathComponent("base").path]),
      options: EvaluationOptions(devices: devices, states: [.prepared]), to: baseline, force: false)
    for (index, edit) in Self.edits.enumerated() {
      var patterns = base
      edit.apply(&patterns[edit.file]!)
      let folder = root.appendingPathComponent("edit-\(index)")
      try Self.write(patterns, to: folder)
      let result = try Baseline.check(PatternCorpus.load([folder.path]), baseline: baseline)
      #expect(result.problems.isEmpty)
      for device in devices {
        let rows = result.comparisons.filter { $0.device == device.name }
        #expect(rows.count == 3)
        for row in rows {
          let context =
            "\(edit.name) on \(device.name), \(row.pattern): \(row.status) d' \(row.dPrime_JND ?? -1) \(row.summary)"
          if row.pattern == edit.file && edit.changedOn(device) {
            #expect(row.status == .changed, "\(context)")
            let top = row.perceptualChanges.first
            #expect(top != nil, "\(context)")
            if let cue = edit.cue { #expect(top?.cue == cue, "\(context)") }
            if let event = edit.event { #expect(top?.event == event, "\(context)") }
            #expect(row.summary.contains(top?.sentence ?? "-"), "\(context)")
          } else {
            #expect(row.status == .unchanged, "\(context)")
            #expect(row.changes.isEmpty, "\(context)")
            if row.pattern == edit.file, let story = row.story {
              // An edit within the tolerances still names itself and what is felt of it
              // (Docs/Explanations.md), and no status reason.
              #expect(story.edits?.isEmpty == false, "\(context)")
              #expect(row.summary.hasPrefix("in the file: "), "\(context)")
            } else {
              #expect(row.summary.isEmpty, "\(context)")
            }
          }
        }
      }
    }
  }

  /// A 2 % drive change is far below any JND: every library pattern and the notification
  /// presets (multi-event patterns, where the problem showed) at intensity x 0.98
  /// stays under the regression tolerance on every shipped actuator. (Before the event
  /// extent was measured relative to each event's peak, the ERM's slow spin-up and
  /// spin-down turned the 0.2 dB into timing and shape changes: up to 1.06 JND.)
  @Test func twoPercentLessIntensityIsNeverARegression() throws {
    let system = try #require(Corpora.directory("system")).path
    let corpus = PatternCorpus.load(
      [try #require(Corpora.directory("library")).path] + Presets.defaultReviewSet.map { "\(system)/\($0).ahap" })
    #expect(corpus.entries.count == 20)
    for device in try Self.devices() {
      let renderer = Renderer(device: device)
      var largest = 0.0
      for entry in corpus.entries {
        var softer = entry.pattern
        for i in softer.events.indices { softer.events[i].intensity *= 0.98 }
        let a = PerceptualFeatures(renderer.render(entry.pattern, options: RenderOptions()).acceleration_g)
        let b = PerceptualFeatures(renderer.render(softer, options: RenderOptions()).acceleration_g)
        largest = max(largest, Distinguishability.dPrime(a, b))
      }
      let bound = device.actuator.typeName == "erm" ? 0.8 : 0.3
      #expect(largest < bound, "\(device.name): largest d' \(largest)")
    }
  }
}
