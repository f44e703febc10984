import HaptCore
import HaptAndroid

/// `capabilities.csv`: what each device plays of each pattern (``DevicePlayback``;
/// Docs/Devices.md, "Fallback rules"; columns in Docs/Reports.md).
package enum CapabilityTable {
  /// Columns: `pattern, device, platform, outcome, form, causes, dPrime_JND,
  /// silenceReason, verdict`; `causes` is `;`-separated keys, `dPrime_JND` is filled
  /// only for a fallback, `silenceReason` only for a silent row.
  package static func table(_ rows: [DevicePlayback]) -> CSVTable {
    var table = CSVTable(
      columns: ["pattern", "device", "platform", "outcome", "form", "causes", "dPrime_JND", "silenceReason", "verdict"]
        .map { CSVColumn($0) })
    for row in rows {
      table.append([
        .text(row.pattern), .text(row.device), .text(row.platform.rawValue), .text(row.outcome.key),
        row.form.map { .text($0.key) } ?? .empty, .text(row.causes.map(\.key).joined(separator: ";")),
        .measured(row.dPrime_JND), row.silenceReason.map { .text($0.description) } ?? .empty, .text(row.sentence),
      ])
    }
    return table
  }
}
