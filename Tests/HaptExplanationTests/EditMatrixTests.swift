import Foundation
import HaptCore
import HaptEvaluation
import HaptExplanation
import HaptFormats
import HaptPatterns
import HaptSimulation
import HaptTestSupport
import Testing

/// A matrix of designer edits on shipped and hand-written AHAP files, explained as
/// `hapt compare` explains them (files written, loaded, rendered and compared by the same
/// code), on an LRA and an ERM profile: each reads as the edit that was made, on the file's
/// event number, in designers' words, with no contradiction.
@Suite struct EditMatrixTests {
  static let devices = ["iphone-wideband-lra", "erm-phone"]

  /// A shipped pattern (`library/NAME` or `system/NAME`).
  static func shipped(_ path: String) throws -> HapticPattern {
    let folder = try #require(Corpora.directory())
    return try PatternFile.load(path: folder.appendingPathComponent(path).path).pattern
  }

  /// Writes both versions as AHAP files and compares them on `device` as compare does.
  static func compare(_ old: HapticPattern, _ new: HapticPattern, device name: String) throws -> SignalComparison {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-edits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let a = folder.appendingPathComponent("a.ahap").path
    let b = folder.appendingPathComponent("b.ahap").path
    try AHAP.encode(old).write(toFile: a, atomically: true, encoding: .utf8)
    try AHAP.encode(new).write(toFile: b, atomically: true, encoding: .utf8)
    let device = try DeviceProfile.load(nameOrPath: name)
    return SignalComparison(
      try SignalSource.load(a, device: device, options: RenderOptions()),
      try SignalSource.load(b, device: device, options: RenderOptions()))
  }

  /// Every line the explanation prints.
  static func allLines(_ e: Explanation) -> [String] {
    e.editLines + e.feltLines + e.unfeltLines + [e.summary()]
  }

  /// No line says both words of a pair about one subject, and the summary's direction
  /// agrees with every felt level change.
  static func expectNoContradiction(_ e: Explanation, _ label: String) {
    for line in allLines(e) {
      for (x, y) in [("stronger", "weaker"), ("sharper", "duller"), ("earlier", "later"), ("longer", "shorter")] {
        let both = line.contains(x) && line.contains(y) && !line.contains(" in places and ")
        #expect(!both, "\(label): '\(line)' says both \(x) and \(y)")
      }
    }
    let levels = e.felt.filter { $0.cue == .level }.map(\.size)
    if !levels.isEmpty, levels.allSatisfy({ $0 < 0 }) { #expect(!e.summary().contains("stronger"), "\(label)") }
    if !levels.isEmpty, levels.allSatisfy({ $0 > 0 }) { #expect(!e.summary().contains("weaker"), "\(label)") }
  }

  @Test(arguments: devices) func weakerTap(_ device: String) throws {
    let old = try Self.shipped("system/uikit-impact-medium.ahap")
    var new = old
    new.events[0].intensity = 0.56
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 1 (transient at 0.00 s): intensity 0.70 → 0.56 (weaker)"])
    Self.expectNoContradiction(e, "weaker on \(device)")
    for line in Self.allLines(e) {
      #expect(!line.contains("slower") && !line.contains("faster") && !line.contains("stronger"), "\(device): \(line)")
    }
    #expect(e.summary().contains("weaker"))
    #expect(e.feltLines.contains { $0.contains("event 1 (transient at 0.00 s)") && $0.contains("weaker") })
  }

  @Test(arguments: devices) func strongerTap(_ device: String) throws {
    let old = try Self.shipped("system/uikit-impact-light.ahap")
    var new = old
    new.events[0].intensity = min(old.events[0].intensity * 2, 1)
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines.count == 1 && e.editLines[0].hasSuffix("(stronger)"))
    Self.expectNoContradiction(e, "stronger on \(device)")
    #expect(e.summary().contains("stronger"))
  }

  @Test(arguments: devices) func sharperAndDuller(_ device: String) throws {
    let old = try Self.shipped("system/uikit-impact-medium.ahap")
    for (to, word, other) in [(0.95, "sharper", "duller"), (0.05, "duller", "sharper")] {
      var new = old
      new.events[0].sharpness = to
      let e = try Self.compare(old, new, device: device).explanation
      #expect(e.editLines.count == 1 && e.editLines[0].contains("(\(word)"), "\(device): \(e.editLines)")
      for line in Self.allLines(e) { #expect(!line.contains(other), "\(device) \(word): \(line)") }
      Self.expectNoContradiction(e, "\(word) on \(device)")
      if device == "erm-phone" {
        #expect(!e.editLines[0].contains("Hz"))
      } else {
        #expect(e.editLines[0].contains("Hz on this device"))
      }
    }
  }

  /// On an ERM (no frequency control) a tap made weaker and sharper feels duller: the
  /// sharpness edit says it is not played, and the felt frequency says why it moved.
  @Test func weakerAndSharperOnAnERMSaysWhyItFeelsDuller() throws {
    let old = try Self.shipped("system/uikit-impact-medium.ahap")
    let new = try Self.shipped("system/uikit-impact-light.ahap")
    let e = try Self.compare(old, new, device: "erm-phone").explanation
    #expect(
      e.editLines == [
        "event 1 (transient at 0.00 s): intensity 0.70 → 0.45 (weaker); sharpness 0.50 → 0.60 (sharper as written; this device has no frequency control)"
      ])
    let frequency = try #require(e.feltLines.first { $0.contains("frequency (duller") })
    #expect(frequency.contains("no frequency control: its frequency follows the other edits"), "\(frequency)")
    let lra = try Self.compare(old, new, device: "iphone-wideband-lra").explanation
    #expect(!(lra.editLines + lra.feltLines).contains { $0.contains("no frequency control") })
  }

  @Test(arguments: devices) func movedTap(_ device: String) throws {
    let old = try Self.shipped("library/triple-tap.ahap")
    var new = old
    new.events[1].time_s = 0.17
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 2 (transient at 0.17 s): moved 50 ms later (0.12 → 0.17 s)"])
    Self.expectNoContradiction(e, "moved on \(device)")
    for line in e.feltLines + e.editLines { #expect(!line.contains(" added") && !line.contains(" missing")) }
  }

  @Test(arguments: devices) func movedOutOfAFusion(_ device: String) throws {
    let old = HapticPattern(events: [
      .continuous(at: 0, duration_s: 0.1, intensity: 0.6, sharpness: 0.4),
      .transient(at: 0.1, intensity: 1, sharpness: 0.6),
    ])
    var new = old
    new.events[1].time_s = 0.15
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 2 (transient at 0.15 s): moved 50 ms later (0.10 → 0.15 s)"])
    Self.expectNoContradiction(e, "out of fusion on \(device)")
    for line in e.feltLines { #expect(!line.contains(" added"), "\(device): \(line)") }
    // A felt change on event 1, which was not edited, says so.
    // Inside the subject's parentheses, so that every sentence form reads.
    for line in e.feltLines where line.hasPrefix("event 1 ") { #expect(line.contains(", not edited)"), "\(line)") }
  }

  @Test(arguments: devices) func addedTap(_ device: String) throws {
    let old = try Self.shipped("library/triple-tap.ahap")
    var new = old
    new.events.append(.transient(at: 0.36, intensity: 0.9, sharpness: 0.7))
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 4 (transient at 0.36 s) added"])
    Self.expectNoContradiction(e, "added on \(device)")
    #expect(e.dPrime_JND >= 1)
    #expect(e.unfeltLines.isEmpty)
  }

  /// An event added between two others while the later one moves: the felt layer tells
  /// the added event as added (no onset or level terms of its own) and the moved one as
  /// moved, on the file's matching, whatever pairing d' found.
  @Test(arguments: devices) func addedBetweenWhileTheNextMoves(_ device: String) throws {
    let old = try Self.shipped("system/uikit-notification-success.ahap")
    let new = try Self.shipped("system/uikit-notification-error.ahap")
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines.contains("event 2 (transient at 0.08 s) added"))
    #expect(e.editLines.contains { $0.hasPrefix("event 3 (transient at 0.16 s): moved 40 ms later") })
    let aboutTwo = e.feltLines.filter { $0.hasPrefix("event 2 ") }
    #expect(aboutTwo.count == 1 && aboutTwo[0].contains(" added ("), "\(device): \(e.feltLines)")
    for line in e.feltLines + [e.summary()] { #expect(!line.contains("earlier"), "\(device): \(line)") }
    #expect(!e.feltLines.contains { $0.contains("now felt apart") }, "\(device): \(e.feltLines)")
    Self.expectNoContradiction(e, "added between on \(device)")
  }

  @Test(arguments: devices) func addedUnderASilencingCurve(_ device: String) throws {
    let (old, new) = EditFixtures.addedUnderASilencingCurve
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 2 (transient at 0.60 s) added"])
    #expect(e.unfeltLines.count == 1)
    #expect(e.unfeltLines.first?.contains("silenced, the intensity control is 0 at 0.60 s") == true)
  }

  @Test(arguments: devices) func removedTapFromARun(_ device: String) throws {
    let old = HapticPattern(events: (0..<8).map { .transient(at: Double($0) * 0.1, intensity: 0.9, sharpness: 0.7) })
    var new = old
    new.events.remove(at: 6)
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 7 (transient at 0.60 s) removed"])
    Self.expectNoContradiction(e, "removed on \(device)")
    for line in e.editLines { #expect(!line.contains("shorter")) }
  }

  @Test(arguments: devices) func lengthenedBuzz(_ device: String) throws {
    let old = HapticPattern(events: [.continuous(at: 0, duration_s: 0.3, intensity: 0.8, sharpness: 0.5)])
    var new = old
    new.events[0].duration_s = 0.5
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 1 (continuous at 0.00 s): 200 ms longer (0.30 → 0.50 s)"])
    Self.expectNoContradiction(e, "lengthened on \(device)")
    #expect(e.summary().contains("longer"))
  }

  @Test(arguments: devices) func oneTapOfAFusedPairWeaker(_ device: String) throws {
    let old = HapticPattern(events: [
      .transient(at: 0, intensity: 1, sharpness: 0.3), .transient(at: 0.04, intensity: 1, sharpness: 0.3),
    ])
    var new = old
    new.events[1].intensity = 0.4
    let e = try Self.compare(old, new, device: device).explanation
    #expect(e.editLines == ["event 2 (transient at 0.04 s): intensity 1.00 → 0.40 (weaker)"])
    Self.expectNoContradiction(e, "fused pair on \(device)")
    #expect(!e.summary().contains("stronger"))
  }

  @Test(arguments: devices) func reformattedFileReadsAsNoEdit(_ device: String) throws {
    let old = try Self.shipped("library/heartbeat.ahap")
    var new = old
    new.metadata.description = "the same events, written again"
    let c = try Self.compare(old, new, device: device)
    #expect(c.explanation.edits?.isEmpty == true)
    #expect(c.explanation.editLines.isEmpty)
    #expect(c.explanation.felt.isEmpty)
    #expect(c.explanation.summary() == "A and B feel the same (d' under one JND)")
  }
}
