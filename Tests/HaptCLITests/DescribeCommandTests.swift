import HaptTestSupport
import Foundation
import Testing

/// `hapt describe`: each attribute moves the right way on every input format, recordings
/// (mono, stereo, drive signals) read as documented, and bad files are named.
@Suite(.tags(.endToEnd), .slow) struct DescribeCommandTests {
  /// The variants of one pattern: a steady buzz, a stronger one, a slow and a fast rhythm,
  /// and a rough (25 Hz modulated) buzz.
  enum Variant: String, CaseIterable {
    case base, stronger, slow, fast, rough
  }

  static func ahap(_ variant: Variant) -> String {
    func continuous(_ intensity: Double) -> String {
      "{\"Event\":{\"Time\":0,\"EventType\":\"HapticContinuous\",\"EventDuration\":0.6,\"EventParameters\":[{\"ParameterID\":\"HapticIntensity\",\"ParameterValue\":\(intensity)},{\"ParameterID\":\"HapticSharpness\",\"ParameterValue\":0.5}]}}"
    }
    func taps(every period: Double) -> [String] {
      stride(from: 0.0, through: 0.6, by: period).map {
        "{\"Event\":{\"Time\":\($0),\"EventType\":\"HapticTransient\",\"EventParameters\":[{\"ParameterID\":\"HapticIntensity\",\"ParameterValue\":0.8},{\"ParameterID\":\"HapticSharpness\",\"ParameterValue\":0.5}]}}"
      }
    }
    let events: [String]
    switch variant {
    case .base: events = [continuous(0.5)]
    case .stronger: events = [continuous(1)]
    case .slow: events = taps(every: 0.3)
    case .fast: events = taps(every: 0.1)
    case .rough:
      let points = stride(from: 0.0, through: 0.6, by: 0.02).enumerated().map { k, t in
        "{\"Time\":\(t),\"ParameterValue\":\(k % 2 == 0 ? 1.0 : 0.15)}"
      }
      events = [
        continuous(0.8),
        "{\"ParameterCurve\":{\"ParameterID\":\"HapticIntensityControl\",\"Time\":0,\"ParameterCurveControlPoints\":[\(points.joined(separator: ","))]}}",
      ]
    }
    return "{\"Version\":1.0,\"Pattern\":[\(events.joined(separator: ","))]}"
  }

  static func lofelt(_ variant: Variant) -> String {
    func envelope(_ points: [(Double, Double)]) -> String {
      let amplitude = points.map { "{\"time\":\($0.0),\"amplitude\":\($0.1)}" }.joined(separator: ",")
      return
        "{\"version\":{\"major\":1,\"minor\":0,\"patch\":0},\"signals\":{\"continuous\":{\"envelopes\":{\"amplitude\":[\(amplitude)],\"frequency\":[{\"time\":0,\"frequency\":0.5},{\"time\":0.6,\"frequency\":0.5}]}}}}"
    }
    func square(half: Double, high: Double, low: Double) -> [(Double, Double)] {
      var points: [(Double, Double)] = []
      var t = 0.0
      var on = true
      while t < 0.6 - 1e-9 {
        points.append((t, on ? high : low))
        points.append((t + half - 0.002, on ? high : low))
        t += half
        on.toggle()
      }
      return points
    }
    switch variant {
    case .base: return envelope([(0, 0.5), (0.6, 0.5)])
    case .stronger: return envelope([(0, 1), (0.6, 1)])
    case .slow: return envelope(square(half: 0.15, high: 0.9, low: 0))
    case .fast: return envelope(square(half: 0.05, high: 0.9, low: 0))
    case .rough: return envelope(square(half: 0.02, high: 0.9, low: 0.2))
    }
  }

  static func android(_ variant: Variant) -> String {
    func entries(_ list: [(Int, Int)]) -> String {
      "<vibration-effect><waveform-effect>"
        + list.map { "<waveform-entry amplitude=\"\($0.0)\" durationMs=\"\($0.1)\"/>" }.joined()
        + "</waveform-effect></vibration-effect>"
    }
    func square(_ ms: Int, high: Int, low: Int) -> [(Int, Int)] {
      (0..<(600 / ms)).map { ($0 % 2 == 0 ? high : low, ms) }
    }
    switch variant {
    case .base: return entries([(110, 600)])
    case .stronger: return entries([(255, 600)])
    case .slow: return entries(square(150, high: 230, low: 0))
    case .fast: return entries(square(50, high: 230, low: 0))
    case .rough: return entries(square(20, high: 255, low: 40))
    }
  }

  /// Writes every variant of one format into `folder` and returns the paths by variant.
  static func write(_ folder: URL, ext: String, _ text: (Variant) -> String) throws -> [Variant: String] {
    var paths: [Variant: String] = [:]
    for variant in Variant.allCases {
      let url = folder.appendingPathComponent("\(variant.rawValue).\(ext)")
      try Data(text(variant).utf8).write(to: url)
      paths[variant] = url.path
    }
    return paths
  }

  /// The JSON of `hapt describe` on the variants, by variant.
  static func describe(_ paths: [Variant: String], _ extra: [String] = []) throws -> [Variant: [String: Double]] {
    let ordered = Variant.allCases.map { paths[$0]! }
    let run = try HaptInProcess.run(["describe"] + ordered + ["--format", "json"] + extra)
    #expect(run.status == 0, "\(run.stderr)")
    let list = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(list.count == ordered.count)
    var result: [Variant: [String: Double]] = [:]
    for (variant, object) in zip(Variant.allCases, list) {
      #expect(object["path"] as? String == paths[variant])
      var values: [String: Double] = [:]
      for key in ["energy", "tempo_Hz", "roughness", "continuity", "duration_s", "dutyCycle", "frequency_Hz"] {
        values[key] = object[key] as? Double
      }
      result[variant] = values
    }
    return result
  }

  static func expectDirections(_ a: [Variant: [String: Double]], _ format: String) {
    func value(_ v: Variant, _ key: String) -> Double { a[v]?[key] ?? .nan }
    #expect(value(.stronger, "energy") > value(.base, "energy"), "\(format): stronger energy \(a)")
    #expect(value(.fast, "tempo_Hz") > value(.slow, "tempo_Hz"), "\(format): faster tempo \(a)")
    #expect(value(.rough, "roughness") > value(.base, "roughness"), "\(format): rougher roughness \(a)")
    #expect(value(.base, "continuity") > value(.fast, "continuity"), "\(format): steady continuity \(a)")
    #expect(abs(value(.base, "duration_s") - 0.6) < 0.1, "\(format): duration \(a)")
    #expect(value(.base, "dutyCycle") > value(.fast, "dutyCycle"), "\(format): steady duty cycle \(a)")
    #expect(value(.base, "frequency_Hz") > 0, "\(format): frequency \(a)")
  }

  @Test(arguments: ["ahap", "haptic", "xml"])
  func attributesMoveTheRightWayOnEveryPatternFormat(_ format: String) throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-describe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text: (Variant) -> String =
      switch format {
      case "ahap": Self.ahap
      case "haptic": Self.lofelt
      default: Self.android
      }
    let device = format == "xml" ? ["--device", "android-lra-235"] : []
    Self.expectDirections(try Self.describe(try Self.write(folder, ext: format, text), device), format)
  }

  /// A rendering recorded to WAV or FLAC reads the same attributes as the pattern.
  @Test(arguments: ["wav", "flac"])
  func recordingsOfTheVariantsMoveTheSameWay(_ ext: String) throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-describe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let patterns = try Self.write(folder, ext: "ahap", Self.ahap)
    var recordings: [Variant: String] = [:]
    for (variant, path) in patterns {
      let out = folder.appendingPathComponent("\(variant.rawValue).\(ext)").path
      let render = try HaptInProcess.run(["render", path, "--out", out])
      #expect(render.status == 0, "\(render.stderr)")
      recordings[variant] = out
    }
    let fromRecordings = try Self.describe(recordings)
    Self.expectDirections(fromRecordings, ext)
    let fromPatterns = try Self.describe(patterns)
    for variant in Variant.allCases {
      for (key, value) in fromPatterns[variant] ?? [:] {
        let recorded = fromRecordings[variant]?[key] ?? .nan
        #expect(
          abs(recorded - value) <= 0.05 * max(abs(value), 0.05), "\(ext) \(variant) \(key): \(recorded) vs \(value)")
      }
    }
  }

  /// 16-bit PCM WAV bytes of interleaved `channels`.
  static func pcm16WAV(channels: Int, rate: Int, frames: [[Int16]]) -> Data {
    var data = Data()
    func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
    let bytes = frames.count * channels * 2
    data.append(contentsOf: Array("RIFF".utf8))
    u32(36 + bytes)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(16)
    u16(1)
    u16(channels)
    u32(rate)
    u32(rate * channels * 2)
    u16(channels * 2)
    u16(16)
    data.append(contentsOf: Array("data".utf8))
    u32(bytes)
    for frame in frames {
      for sample in frame { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
    }
    return data
  }

  /// A stereo drive signal with the same signal on both channels reads as its mono twin,
  /// with a note; played through the shipped voice-coil profile it is felt.
  @Test func stereoDriveSignalsReadAsTheirMonoTwin() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-describe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let samples = (0..<22050).map { n -> Int16 in
      Int16(12000 * sin(2 * Double.pi * 250 * Double(n) / 44100) * (n < 17640 ? 1 : 0))
    }
    let stereo = folder.appendingPathComponent("stereo.wav")
    let mono = folder.appendingPathComponent("mono.wav")
    try Self.pcm16WAV(channels: 2, rate: 44100, frames: samples.map { [$0, $0] }).write(to: stereo)
    try Self.pcm16WAV(channels: 1, rate: 44100, frames: samples.map { [$0] }).write(to: mono)
    let profile = HaptBinary.packageRoot.appendingPathComponent("Benchmarks/VibViz/c2-tactor.json").path
    let run = try HaptInProcess.run([
      "describe", stereo.path, mono.path, "--device", profile, "--drive-signal", "--format", "csv",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("2 channels read as one"))
    #expect(run.stderr.contains("read as a drive signal"))
    let rows = run.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(
      rows.first?.map(String.init) == [
        "path", "energy", "tempo_Hz", "roughness", "continuity", "duration_s", "dutyCycle", "frequency_Hz",
      ])
    #expect(rows.count == 3)
    if rows.count == 3 {
      #expect(rows[1].dropFirst() == rows[2].dropFirst(), "\(run.stdout)")
      #expect((Double(rows[1][1]) ?? 0) > 0.5, "a 0.4 s tone at 250 Hz on the tactor is felt: \(run.stdout)")
      #expect(abs((Double(rows[1][5]) ?? 0) - 0.4) < 0.05)
    }
  }

  /// --pairs adds every pair once; a bad file is named and the rest are described.
  @Test func pairsAndBadFiles() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-describe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = try Self.write(folder, ext: "ahap", Self.ahap)
    let broken = folder.appendingPathComponent("broken.ahap")
    try Data("{\"Pattern\": [".utf8).write(to: broken)
    let run = try HaptInProcess.run(["describe", paths[.base]!, broken.path, paths[.fast]!, paths[.rough]!, "--pairs"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("broken.ahap"))
    let pairs = run.stdout.components(separatedBy: "a,b,perceptualDistance\n").last ?? ""
    let lines = pairs.split(separator: "\n")
    #expect(lines.count == 3, "\(run.stdout)")
    for line in lines { #expect((Double(line.split(separator: ",").last ?? "") ?? 0) > 0) }
    let json = try HaptInProcess.run(["describe", paths[.base]!, "--pairs", "--format", "json"])
    #expect(json.status == 64)
  }
}
