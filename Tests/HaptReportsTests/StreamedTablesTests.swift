import Foundation
import HaptAndroid
import HaptCore
import HaptEvaluation
import Testing

@testable import HaptReports

/// The large tables written in parts (latency.csv, android-ports.csv, capabilities.csv,
/// pairs.csv) are byte for byte their whole tables, whatever the part size and the thread
/// count.
@Suite(.slow) struct StreamedTablesTests {
  @Test func partsJoinToTheWholeTables() throws {
    let e = try ReportFixture.evaluation(ReportFixture.files())
    let entries = e.corpus.entries.map { (name: $0.name, path: $0.path, pattern: $0.pattern) }
    let android = AndroidSections.rows(entries, devices: e.options.devices, threads: 2)
    #expect(!android.ports.isEmpty && !android.playback.isEmpty && !e.pairwise.keptPairs.isEmpty)
    let whole: [String: String] = [
      "latency.csv": ReportTables.latency(e.measurements, budget: e.options.budget, latencies: e.patternLatencies)
        .csvText,
      "android-ports.csv": AndroidPortTable.table(android.ports).csvText,
      "capabilities.csv": CapabilityTable.table(android.playback).csvText,
      "pairs.csv": ReportTables.pairs(e).csvText,
    ]
    for (partPatterns, partRows) in [(1, 1), (2, 3), (4, 7), (1_000, 1_000)] {
      var folder = ReportFolder()
      CorpusReport.addStreamedTables(
        to: &folder, e, androidPorts: android.ports, capabilities: android.playback, partPatterns: partPatterns,
        partRows: partRows)
      for (path, text) in whole {
        #expect(folder.contents(of: path) == text, "\(path) in parts of \(partPatterns) patterns, \(partRows) rows")
      }
    }
    // Written to disk, a part at a time on one thread or two: the same bytes.
    for threads in [1, 2] {
      var options = e.options
      options.threads = threads
      var folder = ReportFolder()
      var one = e
      one.options = options
      CorpusReport.addStreamedTables(
        to: &folder, one, androidPorts: android.ports, capabilities: android.playback, partPatterns: 2, partRows: 5)
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-streamed-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: out) }
      try folder.write(to: out.path)
      for (path, text) in whole {
        let written = try String(contentsOf: out.appendingPathComponent(path), encoding: .utf8)
        #expect(written == text, "\(path) on \(threads) threads")
      }
    }
  }
}
