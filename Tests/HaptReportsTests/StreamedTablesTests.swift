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

  /// A file moved in (every pair, streamed beforehand) replaces a table streamed at the
  /// same path, which is then never made.
  @Test func aMovedFileReplacesAStreamedOne() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-moved-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let source = root.appendingPathComponent("every-pair.csv").path
    try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: source))
    var folder = ReportFolder()
    folder.add("pairs.csv", "kept\n")
    folder.addStreamed("pairs.csv", parts: 1, threads: 1) { _ in preconditionFailure("a replaced table was made") }
    folder.addFile("pairs.csv", movingFrom: source)
    #expect(folder.streamedFiles.isEmpty && folder.files.isEmpty)
    let out = root.appendingPathComponent("report").path
    try folder.write(to: out)
    #expect(FileManager.default.contents(atPath: out + "/pairs.csv") == Data("a,b\n1,2\n".utf8))
  }
}
