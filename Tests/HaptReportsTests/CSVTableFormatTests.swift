import HaptCore
import Testing

import HaptReports

@Suite struct CSVTableFormatTests {
  static func table() -> CSVTable {
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("detect", unit: "ms"), CSVColumn("verdict"),
    ])
    table.append([.text("success"), .fixed(12.5, decimals: 1), .text("pass")])
    table.append([.text("long\u{1B}[31mname\nx"), .fixed(128.25, decimals: 1), .text("fail")])
    table.append([.text("none"), .empty, .text("silent")])
    return table
  }

  @Test func textTableAlignsColumnsAndDefusesControls() {
    #expect(
      Self.table().textTable == """
        pattern          detect_ms  verdict
        ---------------  ---------  -------
        success               12.5  pass
        long\u{FFFD}[31mname x      128.2  fail
        none                     -  silent

        """)
  }

  @Test func jsonCarriesTheCSVValuesWithTypes() throws {
    let text = Self.table().jsonText
    let parsed = try JSONParser.parse(Array(text.utf8))
    guard case .array(let rows) = parsed.root.value, rows.count == 3, case .object(let first) = rows[0].value
    else {
      Issue.record("unexpected JSON: \(text)")
      return
    }
    #expect(first.map(\.key) == ["pattern", "detect_ms", "verdict"])
    #expect(first[1].value.value == .number(12.5))
    guard case .object(let second) = rows[1].value, case .object(let third) = rows[2].value else { return }
    #expect(second[1].value.value == .number(128.2))
    #expect(third[1].value.value == .null)
    #expect(text.contains("\"pattern\": \"long\\u001b[31mname\\nx\""))
  }
}
