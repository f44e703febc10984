import HaptTestSupport
import Foundation
import Testing

@testable import HaptPatterns
@testable import HaptFormats
@testable import HaptCodegen

/// `hapt codegen`: the generated Swift type-checks against the Apple API declarations in
/// CodegenStubs, and says what the pattern file says.
@Suite struct CodegenTests {
  static let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "CodegenStubs")

  /// Every shipped pattern file (library and presets) with its name.
  static func shippedPatterns() throws -> [LoadedPattern] {
    try ["library", "system"].flatMap { folder in
      let url = Fixtures.corpora.appendingPathComponent(folder)
      return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".ahap") }
        .sorted()
        .map { try PatternFile.load(path: url.appendingPathComponent($0).path) }
    }
  }

  /// The Swift for every shipped pattern and target, plus fixtures that reach the other
  /// paths (dynamic parameters with curves, a .haptic file, an AudioCustom event).
  static func generatedFiles() throws -> [(name: String, source: String)] {
    var files: [(String, String)] = []
    for loaded in try shippedPatterns() {
      files.append(
        (
          "ch-\(loaded.name)",
          SwiftCodegen.coreHaptics(loaded.pattern, name: loaded.name + "-ch", source: loaded.path)
        ))
      if let preset = Presets.named(loaded.name) {
        let target = SwiftCodegen.defaultTarget(for: preset)
        #expect(target != .coreHaptics, "preset \(preset.name) has no API target")
        files.append(("api-\(loaded.name)", try SwiftCodegen.systemFeedback(preset, target: target)))
      }
    }
    for fixture in [
      "lenient-breaks.ahap", "apple-style-trailing-commas.ahap", "lofelt-sample.haptic",
      "audio-custom-missing-wav.ahap",
    ] {
      let loaded = try PatternFile.load(path: Fixtures.path(fixture))
      files.append(
        (
          "fixture-\(loaded.name)",
          SwiftCodegen.coreHaptics(loaded.pattern, name: "fixture " + loaded.name, source: fixture)
        ))
    }
    return files
  }

  /// Runs `swiftc ARGUMENTS` in `folder`; returns its exit status and stderr.
  static func swiftc(_ arguments: [String], in folder: URL) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Compiles the stub modules into `folder`.
  static func buildStubs(in folder: URL) throws {
    for module in ["CoreHaptics", "UIKit", "SwiftUI", "WatchKit"] {
      let result = try swiftc(
        [
          "-emit-module", "-parse-as-library", "-module-name", module, "-emit-module-path",
          "\(module).swiftmodule",
          Self.stubs.appendingPathComponent("\(module).swift").path,
        ], in: folder)
      #expect(result.status == 0, "stub \(module): \(result.errors)")
    }
  }

  @Test(.tags(.toolchain), .slow) func generatedSwiftTypeChecksForEveryShippedPattern() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hapt-codegen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.buildStubs(in: folder)
    // One file (imports first) type-checks ten times faster than ninety.
    let files = try Self.generatedFiles()
    #expect(files.count > 80)
    let lines = files.flatMap { $0.source.split(separator: "\n", omittingEmptySubsequences: false) }
    let imports = Set(lines.filter { $0.hasPrefix("import ") }).sorted()
    let combined = (imports + lines.filter { !$0.hasPrefix("import ") }).joined(separator: "\n")
    let path = folder.appendingPathComponent("Generated.swift").path
    try combined.write(toFile: path, atomically: true, encoding: .utf8)
    let good = try Self.swiftc(["-typecheck", "-swift-version", "6", "-I", ".", path], in: folder)
    #expect(good.status == 0, "\(good.errors)")
    // The check can fail: a wrong argument label does not type-check against the stubs.
    let bad = folder.appendingPathComponent("bad.swift").path
    try "import CoreHaptics\nlet e = CHHapticEvent(eventType: .hapticTransient, parameter: [], relativeTime: 0)\n"
      .write(toFile: bad, atomically: true, encoding: .utf8)
    let wrong = try Self.swiftc(["-typecheck", "-I", ".", bad], in: folder)
    #expect(wrong.status != 0 && wrong.errors.contains("parameters:"))
  }

  /// The statements of each top-level `func play...` and `func play()` in `source`, one
  /// array of trimmed lines per function (up to its closing brace at the same indent).
  static func playBodies(_ source: String) -> [[String]] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var bodies: [[String]] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("func play") else { continue }
      let indent = line.prefix { $0 == " " }
      let body = lines[(index + 1)...].prefix { $0 != indent + "}" }
      bodies.append(body.map { $0.trimmingCharacters(in: .whitespaces) })
    }
    return bodies
  }

  /// Issue 31 item 8: the generated code follows hapt's own latency advice. No play
  /// function starts the Core Haptics engine (a cold start just before playing), and no
  /// UIKit play calls `prepare()` right before the feedback (which gains nothing); the
  /// engine is started and the generator prepared ahead, in their own calls.
  @Test func generatedCodeStartsAndPreparesAheadOfPlaying() throws {
    let files = try Self.generatedFiles()
    var checked = 0
    for file in files {
      let bodies = Self.playBodies(file.source)
      #expect(!bodies.isEmpty || file.source.contains("sensoryFeedback("), "\(file.name)")
      for body in bodies {
        checked += 1
        #expect(!body.contains { $0.contains("engine.start()") }, "\(file.name): \(body)")
        #expect(!body.contains { $0.contains(".prepare()") }, "\(file.name): \(body)")
      }
      if file.source.contains("import CoreHaptics") {
        #expect(file.source.contains("    try engine.start()\n    player = try engine.makePlayer("), "\(file.name)")
      }
      if file.source.contains("import UIKit") {
        #expect(file.source.contains("  func prepare() {\n    generator.prepare()\n  }"), "\(file.name)")
      }
    }
    #expect(checked > 80)
  }

  /// An event read back from generated Swift.
  struct ParsedEvent: Equatable {
    var type: String
    var parameters: [String: Double]
    var time_s: Double
    var duration_s: Double?
  }

  /// Reads the `CHHapticEvent(...)` literals of generated Swift back (an independent
  /// reading: regular expressions over the text, not the generator's own tables).
  static func parseEvents(_ source: String) throws -> [ParsedEvent] {
    let blocks = source.components(separatedBy: "    CHHapticEvent(").dropFirst()
    let parameter = try Regex(#"parameterID: \.(\w+), value: ([-0-9.e+]+)\)"#)
    let time = try Regex(#"relativeTime: ([-0-9.e+]+)(, duration: ([-0-9.e+]+))?\),"#)
    let type = try Regex(#"eventType: \.(\w+),"#)
    return try blocks.map { block in
      let typeMatch = try #require(block.firstMatch(of: type))
      let timeMatch = try #require(block.firstMatch(of: time))
      var parameters: [String: Double] = [:]
      for match in block.matches(of: parameter) {
        parameters[String(try #require(match.output[1].substring))] = Double(
          try #require(match.output[2].substring))!
      }
      return ParsedEvent(
        type: String(try #require(typeMatch.output[1].substring)), parameters: parameters,
        time_s: Double(try #require(timeMatch.output[1].substring))!,
        duration_s: timeMatch.output[3].substring.flatMap { Double($0) })
    }
  }

  /// What the AHAP says of an event, in the parsed form (defaults where a parameter is
  /// not written).
  static func expected(_ event: HapticEvent) -> ParsedEvent {
    ParsedEvent(
      type: SwiftCodegen.eventType(event.type).dropFirst().description,
      parameters: [
        "hapticIntensity": event.intensity, "hapticSharpness": event.sharpness,
        "attackTime": event.attackTime,
        "decayTime": event.decayTime, "releaseTime": event.releaseTime,
        "sustained": event.isSustained ? 1 : 0,
      ], time_s: event.time_s, duration_s: event.type.hasDuration ? event.duration_s : nil)
  }

  @Test func generatedEventsAreTheAHAPEvents() throws {
    for loaded in try Self.shippedPatterns() {
      let parsed = try Self.parseEvents(
        SwiftCodegen.coreHaptics(loaded.pattern, name: loaded.name, source: loaded.path))
      #expect(parsed.count == loaded.pattern.events.count, "\(loaded.name)")
      for (read, event) in zip(parsed, loaded.pattern.events) {
        var filled = read
        let defaults: [String: Double] = ["attackTime": 0, "decayTime": 0, "releaseTime": 0, "sustained": 1]
        for (key, value) in defaults where filled.parameters[key] == nil { filled.parameters[key] = value }
        #expect(filled == Self.expected(event), "\(loaded.name)")
      }
    }
  }

  /// Reads the `CHHapticParameterCurve(...)` literals of generated Swift back: identifier
  /// (the member name), start time, and the control points.
  static func parseCurves(_ source: String) throws -> [(id: String, time_s: Double, points: [[Double]])] {
    let blocks = source.components(separatedBy: "    CHHapticParameterCurve(\n").dropFirst()
    let id = try Regex(#"parameterID: \.(\w+),"#)
    let point = try Regex(#"ControlPoint\(relativeTime: ([-0-9.e+]+), value: ([-0-9.e+]+)\)"#)
    let time = try Regex(#"\n      relativeTime: ([-0-9.e+]+)\),"#)
    return try blocks.map { block in
      let points = try block.matches(of: point).map {
        [Double(try #require($0.output[1].substring))!, Double(try #require($0.output[2].substring))!]
      }
      return (
        String(try #require(block.firstMatch(of: id)?.output[1].substring)),
        Double(try #require(block.firstMatch(of: time)?.output[1].substring))!, points
      )
    }
  }

  @Test func generatedCurvesAreTheAHAPCurves() throws {
    var checked = 0
    for loaded in try Self.shippedPatterns() where !loaded.pattern.parameterCurves.isEmpty {
      #expect(loaded.pattern.parameterSteps.isEmpty, "\(loaded.name): steps would be merged into the curves")
      let parsed = try Self.parseCurves(SwiftCodegen.coreHaptics(loaded.pattern, name: loaded.name, source: "x"))
      #expect(parsed.count == loaded.pattern.parameterCurves.count, "\(loaded.name)")
      for (read, curve) in zip(parsed, loaded.pattern.parameterCurves) {
        let rawID = read.id.prefix(1).uppercased() + read.id.dropFirst()
        #expect(rawID == curve.parameterID.rawValue && read.time_s == curve.time_s, "\(loaded.name)")
        #expect(read.points == curve.controlPoints.map { [$0.time_s, $0.value] }, "\(loaded.name)")
        checked += 1
      }
    }
    #expect(checked >= 4)
  }

  @Test func curvesAndDynamicParametersAreKept() throws {
    let pattern = HapticPattern(
      events: [.continuous(at: 0, duration_s: 1, intensity: 0.5, sharpness: 0.2)],
      parameterSteps: [ParameterStep(parameterID: .hapticIntensityControl, time_s: 0.6, value: 0.3)],
      parameterCurves: [
        ParameterCurve(
          parameterID: .hapticIntensityControl, time_s: 0.1,
          controlPoints: [.init(time_s: 0, value: 1), .init(time_s: 0.4, value: 0.5)])
      ])
    let both = SwiftCodegen.coreHaptics(pattern, name: "swell", source: "test")
    #expect(both.contains("CHHapticPattern(events: events, parameterCurves: parameterCurves)"))
    #expect(both.contains("CHHapticParameterCurve.ControlPoint(relativeTime: 0.4, value: 0.5)"))
    // The dynamic parameter becomes a one-point curve at its time, after the curve.
    let step = try #require(
      both.range(of: "CHHapticParameterCurve.ControlPoint(relativeTime: 0.0, value: 0.3)"))
    #expect(both.range(of: "relativeTime: 0.6)")!.lowerBound > step.lowerBound)
    var stepsOnly = pattern
    stepsOnly.parameterCurves = []
    let steps = SwiftCodegen.coreHaptics(stepsOnly, name: "swell", source: "test")
    #expect(
      steps.contains(
        "CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.3, relativeTime: 0.6)"))
    #expect(steps.contains("CHHapticPattern(events: events, parameters: parameters)"))
  }

  @Test func audioFilesAreRegisteredFromTheBundle() throws {
    let loaded = try PatternFile.load(path: Fixtures.path("audio-custom-missing-wav.ahap"))
    let source = SwiftCodegen.coreHaptics(loaded.pattern, name: loaded.name, source: "fixture")
    #expect(
      source.contains(
        "func makeAudioCustomMissingWavPattern(engine: CHHapticEngine) throws -> CHHapticPattern {"))
    #expect(source.contains(#"forResource: "Missing", withExtension: "caf","#))
    #expect(source.contains(#"subdirectory: "Sounds")"#))
    #expect(source.contains("let waveform0 = try engine.registerAudioResource(waveform0URL, options: [:])"))
    // A path that leaves the pattern's folder is looked up by file name only.
    #expect(source.contains("leaves its folder: looked up by file name"))
    #expect(!source.contains(#"subdirectory: "etc")"#))
    #expect(source.contains("CHHapticEvent(audioResourceID: waveform0,"))
    #expect(source.contains("makePlayer(with: makeAudioCustomMissingWavPattern(engine: engine))"))
  }

  @Test func presetsMapToTheirAPI() throws {
    let success = try #require(Presets.named("uikit-notification-success"))
    #expect(
      try SwiftCodegen.systemFeedback(success, target: .uiKit).contains(
        "generator.notificationOccurred(.success)"))
    #expect(
      throws: CodegenError.notAPresetOf(
        target: .swiftUI, pattern: success.name, targets: [.uiKit, .coreHaptics])
    ) {
      try SwiftCodegen.systemFeedback(success, target: .swiftUI)
    }
    let weight = try #require(Presets.named("swiftui-impact-weight-light"))
    let swiftUI = try SwiftCodegen.systemFeedback(weight, target: .swiftUI)
    #expect(swiftUI.contains("sensoryFeedback(.impact(weight: .light, intensity: 1), trigger: trigger)"))
    #expect(
      swiftUI.contains("Plays on iPhone (iOS), Apple Watch (watchOS); silent on Mac trackpad (macOS), iPad."))
    #expect(
      try SwiftCodegen.systemFeedback(#require(Presets.named("watchos-click")), target: .watchKit)
        .contains("WKInterfaceDevice.current().play(.click)"))
    for preset in Presets.all() { #expect(SwiftCodegen.targets(for: preset).count == 2, "\(preset.name)") }
    #expect(throws: CodegenError.self) {
      try SwiftCodegen.generate(HapticPattern(), name: "x", source: "x", preset: nil, target: .uiKit)
    }
  }

  @Test(arguments: [
    ("ui-toggle-on", "UiToggleOn"), ("2-taps", "Pattern2Taps"), ("", "Pattern"),
    ("café au lait", "CafAuLait"),
    ("a_b.c", "ABC"),
  ])
  func typeNames(name: String, expected: String) {
    #expect(SwiftSource.typeName(name) == expected)
  }

  @Test func literalsAreEscaped() {
    #expect(SwiftSource.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u{1}""#)
    #expect(
      SwiftSource.number(0.1) == "0.1" && SwiftSource.number(1) == "1.0"
        && SwiftSource.number(1e-5) == "1e-05")
    #expect(SwiftSource.commentText("two\nlines") == "two lines")
  }
}
