import HaptTestSupport
import Foundation
import HaptCore
import HaptSimulation
import HaptEvaluation
import HaptCharts
import Testing

@testable import HaptReports

/// Issue 32 (output that stays small): a pattern page's latency section holds one row per
/// device with an actuator (the pattern's own onset, rise and peak once, each state's
/// detect in a cell coloured by its verdict, as on the index) and one finding per kind for
/// all the devices it holds on, instead of a row per device and state and a sentence per
/// device; latency.csv writes times to the microsecond.
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

  @Test func oneRowPerDeviceWithAnActuatorWithEachStatesDetectInItsVerdictCell() throws {
    let e = try Self.evaluation.get()
    let (i, checks) = try Self.checks(e, "late.ahap")
    let latencies = PatternCatalog(e).items[i].latencies
    let table = PatternPage.latencyTable(checks, states: e.options.states, latencies: latencies)
    // Every device with an actuator feels it, so no "why silent" column.
    #expect(
      table.headers.first?.map(\.text) == [
        "device", "onset (ms)", "rise (ms)", "peak (g)", "prepared detect (ms)", "cold detect (ms)",
      ])
    let felt = e.options.devices.enumerated().filter { $0.element.actuator.exists }
    #expect(felt.count == e.options.devices.count - 1, "the fixture has one device without an actuator")
    #expect(table.rows.count == felt.count)
    for (row, (d, device)) in zip(table.rows, felt) {
      let prepared = checks[2 * d]
      let cold = checks[2 * d + 1]
      #expect(prepared.device == device.name && prepared.state == .prepared && cold.state == .cold)
      #expect(row[0] == .text(device.name))
      #expect(row[1] == .text(ChartNumber.fixed(try #require(prepared.onset_s) * 1000, decimals: 1)))
      // The pattern's own part is the same in both states: a cold start only delays it.
      if let a = prepared.onset_s, let b = cold.onset_s { #expect(abs(a - b) < 1e-9) }
      let preparedDetect = try #require(prepared.markers.detect_s) * 1000
      let coldDetect = try #require(cold.markers.detect_s) * 1000
      #expect(row[4] == .verdict(.fail, text: "✗ \(ChartNumber.fixed(preparedDetect, decimals: 1))"), "\(row)")
      #expect(row[5] == .verdict(.fail, text: "✗ \(ChartNumber.fixed(coldDetect, decimals: 1))"), "\(row)")
    }
  }

  @Test func aPageNamesTheDevicesWithoutAnActuatorInsteadOfGivingThemRows() throws {
    let e = try Self.evaluation.get()
    let folder = CorpusReport.build(e, title: "t")
    let item = try #require(PatternCatalog(e).items.first { $0.name == "late.ahap" })
    let page = try #require(ReportFixture.file(folder, item.page))
    let section = try #require(page.components(separatedBy: "id=\"s-latency\"").dropFirst().first)
      .components(separatedBy: "</section>")[0]
    #expect(!section.contains(">tablet-none<"), "no row for a device without an actuator")
    #expect(section.contains("No actuator, so nothing to feel: tablet-none."))
    #expect(section.contains("<a href=\"../index.html#\(ReportMethods.patternPagesID)\">"))
    // The explanation the page links to is on the index.
    let index = try #require(ReportFixture.file(folder, "index.html"))
    #expect(index.contains("id=\"\(ReportMethods.patternPagesID)\""))
    #expect(index.contains("detect = engine latency + onset"))
  }

  @Test func oneStateHasNoStateInItsHeaders() throws {
    let e = try Self.evaluation.get()
    let (i, checks) = try Self.checks(e, "tap.ahap")
    let prepared = checks.filter { $0.state == .prepared }
    let latencies = PatternCatalog(e).items[i].latencies
    let table = PatternPage.latencyTable(prepared, states: [.prepared], latencies: latencies)
    #expect(table.headers.first?.map(\.text) == ["device", "onset (ms)", "rise (ms)", "peak (g)", "detect (ms)"])
    #expect(table.rows.count == e.options.devices.count - 1)
    // Both states' detect cells are coloured by their verdicts, as on the index.
    let both = PatternPage.latencyTable(checks, states: [.prepared, .cold], latencies: latencies)
    #expect(both.html.markup.contains("class=\"v pass\""))
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

  /// More devices than ``PatternPage/maxNamedDevices``: their count and the range of their
  /// prepared detect, the table below naming each (eleven names and times repeated it).
  @Test func aFindingOnManyDevicesGivesTheirCountAndRange() throws {
    let e = try Self.evaluation.get()
    let (i, _) = try Self.checks(e, "late.ahap")
    let failing = PatternCatalog(e).items[i].latencies.filter { $0.verdict == .fail }
    var many = failing
    for (k, var copy) in failing.enumerated() {
      copy.device = "copy-\(k)"
      many.append(copy)
    }
    #expect(many.count > PatternPage.maxNamedDevices)
    guard case .warning(let text) = try #require(PatternPage.adviceBlocks(many).first) else {
      Issue.record("not a warning")
      return
    }
    let times = many.compactMap(\.preparedDetect_s).map { $0 * 1000 }
    let low = ChartNumber.fixed(try #require(times.min()), decimals: 1)
    let high = ChartNumber.fixed(try #require(times.max()), decimals: 1)
    #expect(
      text
        == "Too slow by the pattern's own onset, even on a prepared engine, on \(many.count) devices (marked ✗ in the table below; prepared detect \(low) to \(high) ms).",
      "\(text)")
    #expect(!text.contains("copy-0"))
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
