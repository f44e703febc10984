import HaptTestSupport
import Foundation
import HaptCore
import HaptSimulation
import HaptEvaluation
import HaptCharts
import Testing

@testable import HaptReports

/// Issue 32 (output that stays small): a pattern page's latency section holds one row per
/// device (the pattern's own onset, rise and peak once, each state's detect and verdict
/// beside each other) and one finding per kind for all the devices it holds on, instead of
/// a row per device and state and a sentence per device; latency.csv writes times to the
/// microsecond.
@Suite(.serialized) struct PatternPageLatencyTests {
  /// A buzz that starts 300 ms in (too slow on every device with an actuator) and a tap.
  static let files = [
    "late.ahap": ReportFixture.ahap([ReportFixture.continuous(0.3, 0.2, intensity: 1, sharpness: 0.9)]),
    "tap.ahap": ReportFixture.ahap([ReportFixture.transient(0, intensity: 1, sharpness: 0.8)]),
  ]
  static let evaluation = Result { try ReportFixture.evaluation(files) }

  static func checks(_ e: CorpusEvaluation, _ name: String) throws -> (Int, [PatternMeasurement]) {
    let i = try #require(e.corpus.entries.firstIndex { $0.name == name })
    let perPattern = e.options.devices.count * e.options.states.count
    return (i, Array(e.measurements[(i * perPattern)..<((i + 1) * perPattern)]))
  }

  @Test func oneRowPerDeviceWithEachStatesDetectAndVerdictBesideEachOther() throws {
    let e = try Self.evaluation.get()
    let (i, checks) = try Self.checks(e, "late.ahap")
    let latencies = PatternCatalog(e).items[i].latencies
    let table = PatternPage.latencyTable(checks, states: e.options.states, latencies: latencies).table
    #expect(
      table.columns.map(\.name) == [
        "device", "onset", "rise", "peak", "why silent", "prepared detect", "prepared verdict", "cold detect",
        "cold verdict",
      ])
    #expect(table.rows.count == e.options.devices.count)
    for (d, device) in e.options.devices.enumerated() {
      let prepared = checks[2 * d]
      let cold = checks[2 * d + 1]
      #expect(prepared.device == device.name && prepared.state == .prepared && cold.state == .cold)
      let row = table.rows[d]
      #expect(row[0] == .text(device.name))
      #expect(row[1] == .fixed(prepared.onset_s.map { $0 * 1000 }, decimals: 1))
      // The pattern's own part is the same in both states: a cold start only delays it.
      if let a = prepared.onset_s, let b = cold.onset_s { #expect(abs(a - b) < 1e-9) }
      #expect(row[5] == .fixed(prepared.markers.detect_s.map { $0 * 1000 }, decimals: 1))
      #expect(row[7] == .fixed(cold.markers.detect_s.map { $0 * 1000 }, decimals: 1))
      if device.name == "tablet-none" {
        #expect(row[4] == .text(prepared.silenceReason?.description))
        #expect(row[6] == .text("unplayable") || row[6] == .text("silent"))
      } else {
        #expect(row[4] == .empty)
        #expect(row[6] == .text("fail") && row[8] == .text("fail"), "\(device.name): \(row)")
      }
    }
  }

  @Test func oneStateHasNoStateInItsHeaders() throws {
    let e = try Self.evaluation.get()
    let (i, checks) = try Self.checks(e, "tap.ahap")
    let prepared = checks.filter { $0.state == .prepared }
    let latencies = PatternCatalog(e).items[i].latencies
    let table = PatternPage.latencyTable(prepared, states: [.prepared], latencies: latencies)
    #expect(table.table.columns.map(\.name) == ["device", "onset", "rise", "peak", "why silent", "detect", "verdict"])
    #expect(table.table.rows.count == e.options.devices.count)
    #expect(table.verdictColumns == ["verdict"])
    // The two-state table's verdict columns are shown as badges too.
    let both = PatternPage.latencyTable(checks, states: [.prepared, .cold], latencies: latencies)
    #expect(both.verdictColumns == ["prepared verdict", "cold verdict"])
    #expect(both.html(caption: nil).markup.contains("badge pass"))
  }

  @Test func aFindingOnSeveralDevicesIsOneSentenceNamingThemAll() throws {
    let e = try Self.evaluation.get()
    let (i, _) = try Self.checks(e, "late.ahap")
    let latencies = PatternCatalog(e).items[i].latencies
    let failing = latencies.filter { $0.verdict == .fail }
    #expect(failing.count == 3, "\(latencies.map { ($0.device, $0.verdict) })")
    let blocks = PatternPage.adviceBlocks(latencies)
    #expect(blocks.count == 1)
    guard case .warning(let text) = try #require(blocks.first) else {
      Issue.record("not a warning: \(blocks)")
      return
    }
    #expect(text.hasPrefix("Too slow by the pattern's own onset, even on a prepared engine, on 3 devices: "))
    for latency in failing {
      let detect = try #require(latency.preparedDetect_s)
      #expect(text.contains("\(latency.device) (\(ChartNumber.fixed(detect * 1000, decimals: 1)) ms)"), "\(text)")
    }
    // One device keeps the sentence it always had.
    let one = PatternPage.adviceBlocks(Array(failing.prefix(1)))
    guard case .warning(let single) = try #require(one.first) else {
      Issue.record("not a warning: \(one)")
      return
    }
    #expect(single.hasPrefix("\(failing[0].device): too slow by the pattern's own onset, even on a prepared engine ("))
  }

  @Test func latencyTimesAreWrittenToTheMicrosecond() throws {
    let e = try Self.evaluation.get()
    let table = ReportTables.latency(e.measurements)
    let detect = try #require(table.columns.firstIndex { $0.name == "detect" })
    var checked = 0
    for (row, m) in zip(table.rows, e.measurements) {
      guard let seconds = m.markers.detect_s else { continue }
      guard case .number(let written) = row[detect] else {
        Issue.record("detect is not a number: \(row[detect])")
        continue
      }
      #expect(abs(written - seconds * 1000) <= 0.0005 + 1e-12, "\(m.pattern) \(m.device): \(written)")
      let text = CSVTable(columns: [CSVColumn("x")], rows: [[row[detect]]]).csvText
      let decimals = text.split(separator: "\n").last?.split(separator: ".").dropFirst().first?.count ?? 0
      #expect(decimals <= 3, "\(text)")
      checked += 1
    }
    #expect(checked > 10)
    #expect(ReportTables.milliseconds(0.1121931711190766) == 112.193)
    #expect(ReportTables.milliseconds(0.010) == 10)
  }
}
