import HaptTestSupport
import Foundation
import Testing

/// The project's one naming scheme for CSV columns and JSON keys (README, "Keys and
/// units"): lowerCamelCase words, then `_` and the unit when there is one.
@Suite(.tags(.endToEnd), .slow) struct KeyNamingTests {
  static let units: Set<String> = ["s", "ms", "Hz", "g", "g2s", "dB", "JND", "bits", "V", "kg"]

  /// Whether `key` follows the scheme.
  static func follows(_ key: String) -> Bool {
    let parts = key.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count <= 2, let word = parts.first, let first = word.unicodeScalars.first,
      ("a"..."z").contains(first),
      word.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
      })
    else { return false }
    return parts.count == 1 || units.contains(String(parts[1]))
  }

  /// Every object key in a JSON document.
  static func keys(_ json: Any) -> [String] {
    if let object = json as? [String: Any] { return object.keys + object.values.flatMap(keys) }
    if let list = json as? [Any] { return list.flatMap(keys) }
    return []
  }

  static func jsonKeys(_ text: String) throws -> [String] {
    keys(try JSONSerialization.jsonObject(with: Data(text.utf8)))
  }

  static func csvHeader(_ text: String) -> [String] {
    text.split(separator: "\n").first.map { $0.split(separator: ",").map(String.init) } ?? []
  }

  @Test(arguments: [
    "peak_g", "detect_ms", "engineLatency_ms", "dominantFrequency_Hz", "dPrime_JND", "silenceReason", "pattern",
  ])
  func schemeAcceptsTheProjectsKeys(_ key: String) { #expect(Self.follows(key)) }

  @Test(arguments: ["engine_latency_ms", "silence_reason", "d_prime_JND", "Peak_g", "detect_msec", "stsim_ab"])
  func schemeRejectsOtherSpellings(_ key: String) { #expect(!Self.follows(key)) }

  @Test func commandOutputsFollowTheScheme() throws {
    let tap = WorkflowCommandsTests.tripleTap
    let beat = WorkflowCommandsTests.heartbeat
    var keys: [String] = []
    for format in ["csv", "json"] {
      let latency = try HaptInProcess.run(["latency", tap, "--state", "prepared", "--format", format])
      let confusion = try HaptInProcess.run(["confusion", tap, beat, "--format", format])
      for output in [latency.stdout, confusion.stdout] {
        keys += format == "csv" ? Self.csvHeader(output) : try Self.jsonKeys(output)
      }
    }
    let compare = try HaptInProcess.run(["compare", tap, beat, "--format", "json"])
    keys += try Self.jsonKeys(compare.stdout)
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let render = try HaptInProcess.run([
      "render", tap, "--out", folder.appendingPathComponent("t.wav").path, "--format", "json",
    ])
    keys += try Self.jsonKeys(render.stdout)
    #expect(keys.count > 40)
    let broken = Set(keys.filter { !Self.follows($0) })
    #expect(broken.isEmpty, "keys outside the scheme: \(broken.sorted())")
  }
}
