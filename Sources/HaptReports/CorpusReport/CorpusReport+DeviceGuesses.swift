import Foundation
import HaptCore
import HaptSimulation
import HaptAndroid

extension CorpusReport {
  /// The Devices section's "what rests on guesses" blocks: per device the share of its
  /// numbers that are guesses and the guesses that move the most verdicts
  /// (``DeviceSensitivity``), measured on a sample of the shipped system presets.
  static func guessBlocks(_ devices: [DeviceProfile], threads: Int) -> [ReportBlock] {
    let sample = DeviceSensitivity.samplePresets(for: devices, threads: threads)
    guard !sample.patterns.isEmpty else {
      return [.note("What rests on guesses: not measured (the shipped system presets were not found).")]
    }
    var table = CSVTable(columns: [
      CSVColumn("device"), CSVColumn("numbers"), CSVColumn("guesses"), CSVColumn("guesses", unit: "%"),
      CSVColumn("moves most (verdicts moved of \(sample.patterns.count))"),
    ])
    for device in devices {
      let s = DeviceSensitivity.measure(device, patterns: sample.patterns, ports: sample.ports, threads: threads)
      let moving = s.guesses.filter { $0.movedVerdicts > 0 }.prefix(3).map { g in
        "\(g.field) \(significant(g.range.lowerBound))-\(significant(g.range.upperBound)) (\(g.movedVerdicts))"
      }
      let rest =
        s.guesses.isEmpty
        ? (s.guessCount == 0 ? "no guesses" : "no guess states a range")
        : moving.isEmpty ? "none moves a verdict" : moving.joined(separator: "; ")
      table.append([
        .text(device.name), .integer(s.numberCount), .integer(s.guessCount), .fixed(100 * s.guessShare, decimals: 0),
        .text(rest),
      ])
    }
    return [
      .table(ReportTable(table, verdictColumns: []), caption: "What rests on guesses"),
      .approximate(
        "Each guessed number with a plausible range in its profile's sources was moved to either end of that range, one at a time, and the verdict (plays, falls back within 1 JND, falls back by more, silent) re-evaluated on \(sample.patterns.count) of the shipped system presets (every \(DeviceSensitivity.presetStride)th by name), prepared engine; a count is the presets whose verdict changed. Guesses without a stated range were not moved. `hapt devices --sources NAME` lists every number's source (Docs/Devices.md)."
      ),
    ]
  }

  /// Four significant digits, for showing a plausible range (`213.6`, `8e-9`).
  static func significant(_ x: Double) -> String {
    guard x.isFinite, x != 0 else { return JSONWriter.number(x) }
    let scale = pow(10.0, Double(3 - Int(log10(abs(x)).rounded(.down))))
    return JSONWriter.number((x * scale).rounded() / scale)
  }
}
