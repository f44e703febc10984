import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptFormats
import HaptLint

/// The shipped presets and library: exact seed definitions, canonical form, clean lint.
@Suite struct CorporaTests {
  static func load(_ folder: String, _ name: String) throws -> LoadedPattern {
    try PatternFile.load(path: Fixtures.corpora.appendingPathComponent("\(folder)/\(name).ahap").path)
  }

  static func transients(_ pattern: HapticPattern) -> [[Double]] {
    pattern.events.filter { $0.type == .hapticTransient }.map { [$0.time_s, $0.intensity, $0.sharpness] }
  }

  @Test func heartbeatMatchesItsDefinition() throws {
    let pattern = try Self.load("library", "heartbeat").pattern
    #expect(pattern.events.count == 4)
    #expect(Self.transients(pattern) == [[0.0, 1.0, 0.3], [0.15, 0.6, 0.2], [0.80, 1.0, 0.3], [0.95, 0.6, 0.2]])
    #expect(pattern.parameterSteps.isEmpty && pattern.parameterCurves.isEmpty)
  }

  @Test func explosionMatchesItsDefinition() throws {
    let pattern = try Self.load("library", "explosion").pattern
    #expect(pattern.events.count == 2)
    #expect(Self.transients(pattern) == [[0, 1, 1]])
    let rumble = try #require(pattern.events.first { $0.type == .hapticContinuous })
    #expect(rumble.time_s == 0.05 && rumble.duration_s == 0.8 && rumble.intensity == 1 && rumble.sharpness == 0.1)
    #expect(pattern.parameterCurves.count == 1)
    let curve = pattern.parameterCurves[0]
    #expect(curve.parameterID == .hapticIntensityControl && curve.time_s == 0.05)
    #expect(curve.controlPoints.map(\.time_s) == [0, 0.15, 0.85])
    #expect(curve.controlPoints.map(\.value) == [0.2, 1.0, 0.0])
  }

  @Test func tripleAndDoubleTapMatchTheirDefinitions() throws {
    #expect(
      Self.transients(try Self.load("library", "triple-tap").pattern) == [
        [0, 0.9, 0.7], [0.12, 0.9, 0.7], [0.24, 0.9, 0.7],
      ])
    #expect(Self.transients(try Self.load("library", "double-tap").pattern) == [[0, 0.9, 0.7], [0.12, 0.9, 0.7]])
  }

  static let allFiles: [String] = {
    ["system", "library"].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.corpora.appendingPathComponent(folder).path))
        ?? [])
        .filter { $0.hasSuffix(".ahap") }.sorted().map { "\(folder)/\($0)" }
    }
  }()

  @Test func corporaAreNotEmpty() {
    #expect(Self.allFiles.count >= 50)
  }

  /// Each file is exactly what the encoder writes for it, and lints without warnings.
  @Test(arguments: allFiles)
  func fileIsCanonicalAndLintsClean(relative: String) throws {
    let path = Fixtures.corpora.appendingPathComponent(relative).path
    let text = String(decoding: try InputFile.read(path), as: UTF8.self)
    let loaded = try PatternFile.load(path: path)
    #expect(AHAP.encode(loaded.pattern) == text)
    #expect(loaded.findings.isEmpty)
    let findings = PatternLint.check(loaded.pattern, file: relative)
    #expect(findings.allSatisfy { $0.severity == .info }, "\(findings)")
    #expect(loaded.pattern.metadata.description?.isEmpty == false)
  }

  @Test func presetTableMatchesTheFiles() throws {
    let presets = Presets.all(in: Fixtures.corpora.appendingPathComponent("system"))
    let files = Self.allFiles.filter { $0.hasPrefix("system/") }.map { String($0.dropFirst(7).dropLast(5)) }
    #expect(presets.map(\.name).sorted() == files)
    for preset in presets {
      #expect(!preset.platforms.isEmpty)
      let description = try preset.load().pattern.metadata.description ?? ""
      #expect(description.contains("Apple does not publish"), "\(preset.name)")
    }
    #expect(Presets.defaultReviewSet.allSatisfy { name in presets.contains { $0.name == name } })
    let platforms = Dictionary(uniqueKeysWithValues: presets.map { ($0.name, $0.platforms) })
    #expect(platforms["swiftui-start"] == [.watchOS] && platforms["swiftui-stop"] == [.watchOS])
    #expect(platforms["swiftui-increase"] == [.iOS, .watchOS])
    #expect(platforms["swiftui-alignment"] == [.macOS] && platforms["swiftui-level-change"] == [.macOS])
  }

  /// The public descriptions: success and warning medium with two taps, error strong with
  /// three; the three differ in rhythm, intensity and sharpness.
  @Test func notificationPresetsFollowThePublicDescriptions() throws {
    let sets = try Presets.defaultReviewSet.map { try Self.load("system", $0).pattern.hapticEvents }
    let (success, warning, error) = (sets[0], sets[1], sets[2])
    #expect(success.count == 2 && warning.count == 2 && error.count == 3)
    func mean(_ events: [HapticEvent], _ key: KeyPath<HapticEvent, Double>) -> Double {
      events.map { $0[keyPath: key] }.reduce(0, +) / Double(events.count)
    }
    #expect(
      mean(error, \.intensity) > mean(success, \.intensity) && mean(error, \.intensity) > mean(warning, \.intensity))
    #expect(mean(success, \.intensity) < 0.8 && mean(warning, \.intensity) < 0.8)
    #expect(success[1].intensity > success[0].intensity && warning[1].intensity < warning[0].intensity)
    #expect(warning[1].time_s - warning[0].time_s > success[1].time_s - success[0].time_s)
    #expect(error[1].time_s - error[0].time_s < success[1].time_s - success[0].time_s)
    #expect(
      mean(error, \.sharpness) > mean(success, \.sharpness) && mean(success, \.sharpness) > mean(warning, \.sharpness))
  }

  @Test func selectionIsVeryLightAndImpactWeightsAreOrdered() throws {
    let selection = try Self.load("system", "uikit-selection").pattern.events[0]
    #expect(selection.intensity <= 0.4)
    let weights = try ["light", "medium", "heavy"].map {
      try Self.load("system", "uikit-impact-\($0)").pattern.events[0].intensity
    }
    #expect(weights == weights.sorted() && Set(weights).count == 3)
  }
}
