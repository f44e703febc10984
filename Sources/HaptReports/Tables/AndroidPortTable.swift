import HaptCore
import HaptAndroid

/// `android-ports.csv`: how each AHAP pattern feels once ported to Android, per Android
/// profile (``AndroidPort``; Docs/Android.md).
package enum AndroidPortTable {
  /// Columns: `pattern, device, reference, alternative, dPrimeFromReference_JND,
  /// dPrime_JND, contrastOriginal_JND, contrastPort_JND, outcome, changes, verdict`:
  /// `dPrimeFromReference_JND` is the port on the device against the original on the
  /// reference iPhone (parity; the outcome follows it), `dPrime_JND` against the original
  /// on the same device; empty cells where a value is not defined (a silent port).
  package static func table(_ rows: [AndroidPortResult]) -> CSVTable {
    var table = CSVTable(
      columns: [
        "pattern", "device", "reference", "alternative", "dPrimeFromReference_JND", "dPrime_JND",
        "contrastOriginal_JND", "contrastPort_JND", "outcome", "changes", "verdict",
      ]
      .map { CSVColumn($0) })
    for row in rows {
      table.append([
        .text(row.pattern), .text(row.device), .text(row.reference), row.alternative.map { .text($0) } ?? .empty,
        .measured(row.dPrimeFromReference_JND), .measured(row.dPrime_JND), .measured(row.contrastOriginal_JND),
        .measured(row.contrastPort_JND), .text(row.outcome.rawValue), .text(row.changes), .text(row.verdict),
      ])
    }
    return table
  }
}
