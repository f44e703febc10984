import HaptCore
import HaptWorkflows

/// `android-ports.csv`: how each AHAP pattern feels once ported to Android, per Android
/// profile (``AndroidPort``; Docs/Android.md).
package enum AndroidPortTable {
  /// Columns: `pattern, device, dPrime_JND, contrastOriginal_JND, contrastPort_JND,
  /// outcome, verdict`; empty cells where a value is not defined (a silent port).
  package static func table(_ rows: [AndroidPortResult]) -> CSVTable {
    var table = CSVTable(
      columns: ["pattern", "device", "dPrime_JND", "contrastOriginal_JND", "contrastPort_JND", "outcome", "verdict"]
        .map { CSVColumn($0) })
    for row in rows {
      table.append([
        .text(row.pattern), .text(row.device), .number(row.dPrime_JND), .number(row.contrastOriginal_JND),
        .number(row.contrastPort_JND), .text(row.outcome.rawValue), .text(row.verdict),
      ])
    }
    return table
  }
}
