import HaptTestSupport
import Foundation
import Testing

/// Issue 31 item 3: a row that passes on a prepared engine and misses the budget only
/// because the engine starts cold says what to do in `hapt latency` (text, CSV, JSON), in
/// the report's words; on Android, which has no `prepare()`, it says so instead.
@Suite(.tags(.endToEnd), .slow) struct LatencyAdviceTests {
  static let tap = HaptBinary.packageRoot.appendingPathComponent("Corpora/library/double-tap.ahap").path

  /// The CSV rows of `text` as dictionaries keyed by the header.
  static func rows(_ text: String) -> [[String: String]] {
    let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    guard let header = lines.first else { return [] }
    return lines.dropFirst().map { fields in
      Dictionary(uniqueKeysWithValues: zip(header.map(String.init), fields.map(String.init)))
    }
  }

  @Test func aColdStartOnlyMissNamesThePrepareLeadEverywhere() throws {
    let text = try HaptInProcess.run(["latency", Self.tap, "--state", "both"])
    #expect(text.status == 1, "the cold row still fails the check")
    let cold = try #require(text.stdout.split(separator: "\n").first { $0.contains(" cold ") })
    let advice = try #require(cold.range(of: "fail: prepare at least ").map { String(cold[$0.lowerBound...]) })
    #expect(advice.hasSuffix(" ms ahead"), "\(cold)")
    #expect(text.stdout.contains("the report's ◐ prepare"))
    let prepared = try #require(text.stdout.split(separator: "\n").first { $0.contains(" prepared ") })
    #expect(!prepared.contains("prepare at least"))

    let csv = Self.rows(try HaptInProcess.run(["latency", Self.tap, "--state", "both", "--format", "csv"]).stdout)
    let coldRow = try #require(csv.first { $0["state"] == "cold" })
    let lead = try #require(coldRow["prepareLead_ms"].flatMap(Double.init))
    #expect(coldRow["advice"] == "prepare at least \(Int((lead - 1e-6).rounded(.up))) ms ahead")
    #expect("fail: " + (coldRow["advice"] ?? "") == advice)
    #expect(csv.first { $0["state"] == "prepared" }?["advice"] == "")

    let json = try HaptInProcess.run(["latency", Self.tap, "--state", "both", "--format", "json"])
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(objects.contains { ($0["advice"] as? String) == coldRow["advice"] })
  }

  @Test func androidGetsNoPrepareAdvice() throws {
    let csv = Self.rows(
      try HaptInProcess.run([
        "latency", Self.tap, "--state", "both", "--device", "android-lra-235", "--format", "csv",
      ]).stdout)
    let cold = try #require(csv.first { $0["state"] == "cold" })
    #expect(cold["verdict"] != "pass")
    #expect(cold["advice"]?.contains("Android has no prepare()") == true, "\(cold)")
    #expect(cold["advice"]?.contains("prepare at least") == false)
    #expect(cold["prepareLead_ms"] == "")
  }
}
