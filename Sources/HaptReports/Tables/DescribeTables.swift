import HaptMetrics
import HaptEvaluation

/// The tables of `hapt describe`.
package enum DescribeTables {
  /// One row per signal: path, then the attributes (Docs/Perception.md §10).
  package static func attributes(_ list: [PatternDescription]) -> CSVTable {
    var table = CSVTable(columns: [CSVColumn("path")] + PerceptualAttributeColumns.all.map { CSVColumn($0.name) })
    for item in list {
      table.append([.text(item.path)] + PerceptualAttributeColumns.all.map { .measured($0.value(item.attributes)) })
    }
    return table
  }

  /// Every pair once, in input order: `a,b,perceptualDistance` (empty when one is silent
  /// and the other felt).
  package static func pairs(_ list: [PatternDescription]) -> CSVTable {
    var table = CSVTable(columns: [CSVColumn("a"), CSVColumn("b"), CSVColumn("perceptualDistance")])
    for i in list.indices {
      for j in list.indices where j > i {
        let d = PatternDescription.distance(list[i], list[j])
        table.append([.text(list[i].path), .text(list[j].path), CSVCell.measured(d)])
      }
    }
    return table
  }
}
