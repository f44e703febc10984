import Foundation
import HaptCore
import Testing

@testable import HaptReports

@Suite struct CSVTableTests {
  @Test func headerCarriesUnitsAndRowsEndWithNewline() {
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("detect", unit: "ms"), CSVColumn("resonance", unit: "Hz"),
    ])
    table.append([.text("success"), .fixed(41.25, decimals: 2), .number(170)])
    table.append([.text("warning"), .fixed(nil, decimals: 2), .number(0.1)])
    #expect(table.csvText == "pattern,detect_ms,resonance_Hz\nsuccess,41.25,170\nwarning,,0.1\n")
  }

  /// Hostile text cells: (input, expected field).
  static let hostileCases: [(String, String)] = [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("+1+2", "'+1+2"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
    ("\tlead tab", "'\tlead tab"),
    ("\rcarriage", "\"'\rcarriage\""),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
    ("plain", "plain"),
    ("a=b", "a=b"),
    ("", ""),
  ]

  @Test(arguments: hostileCases)
  func textCellsAreNeutralisedAndQuoted(input: String, expected: String) {
    #expect(CSVCell.text(input).field == expected)
  }

  @Test func negativeNumbersStayNumbers() {
    #expect(CSVCell.number(-3.5).field == "-3.5")
    #expect(CSVCell.fixed(-3.5, decimals: 1).field == "-3.5")
    #expect(CSVCell.integer(-7).field == "-7")
  }

  @Test(arguments: [
    0.1, 1.0 / 3.0, -2.5e-7, 123456.789, 1e300, Double.leastNonzeroMagnitude, 42, -0.0, 9.007199254740993e15,
  ])
  func numbersRoundTrip(value: Double) throws {
    let field = CSVCell.number(value).field
    let parsed = try #require(Double(field))
    #expect(parsed == value)
  }

  @Test func nonFiniteNumbersAreEmpty() {
    #expect(CSVCell.number(.nan).field == "")
    #expect(CSVCell.number(.infinity).field == "")
    #expect(CSVCell.fixed(-.infinity, decimals: 2).field == "")
  }

  /// A measurement prints six significant digits and nothing after them: the field reads
  /// back to the value rounded by `%.6g`, and its own shortest form is no longer.
  @Test func measurementsHaveSixSignificantDigits() {
    #expect(CSVCell.measured(1.1939364142584163).field == "1.19394")
    #expect(CSVCell.measured(175.34940708940994).field == "175.349")
    #expect(CSVCell.measured(10921.335361139381).field == "10921.3")
    #expect(CSVCell.measured(0.008290373386944855).field == "0.00829037")
    #expect(CSVCell.measured(140248.52289761713).field == "140249")
    #expect(CSVCell.measured(1_234_567.8).field == "1234570")
    #expect(CSVCell.measured(-2.5e-9).field == "-2.5e-09")
    #expect(CSVCell.measured(0.25).field == "0.25")
    #expect(CSVCell.measured(0).field == "0")
    #expect(CSVCell.measured(.nan).field == "")
    #expect(CSVCell.measured(nil) == .empty)
    var state: UInt64 = 7
    for _ in 0..<5_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = Double(Int64(bitPattern: state) >> 11) / Double(1 << 40) * 37
      let field = CSVCell.measured(value).field
      #expect(Double(field) == Double(String(format: "%.6g", value)), "\(value) -> \(field)")
      #expect(field.filter(\.isNumber).drop { $0 == "0" }.count <= 6, "\(value) -> \(field)")
    }
  }

  @Test func fixedDecimalsRoundAndNeverWriteNegativeZero() {
    #expect(CSVCell.fixed(2.0 / 3.0, decimals: 3).field == "0.667")
    #expect(CSVCell.fixed(-0.0001, decimals: 3).field == "0.000")
    #expect(CSVCell.fixed(12, decimals: 0).field == "12")
    #expect(CSVCell.fixed(1.5, decimals: 99).field.count == 19)  // clamped to 17 decimals
  }

  @Test func raggedRowsArePaddedAndNothingIsDropped() {
    let table = CSVTable(
      columns: [CSVColumn("a"), CSVColumn("b")],
      rows: [[.integer(1)], [.integer(1), .integer(2), .integer(3)]])
    #expect(table.csvText == "a,b,\n1,,\n1,2,3\n")
  }

  @Test func hostileHeaderIsNeutralisedToo() {
    let table = CSVTable(columns: [CSVColumn("=1+1", unit: "ms")])
    #expect(table.csvText == "'=1+1_ms\n")
  }

  /// Parses CSV per RFC 4180 (for the property test below).
  static func parse(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var chars = Array(text.unicodeScalars)[...]
    while let c = chars.popFirst() {
      if quoted {
        if c == "\"" {
          if chars.first == "\"" {
            field.unicodeScalars.append("\"")
            chars.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.unicodeScalars.append(c)
        }
      } else if c == "\"" {
        quoted = true
      } else if c == "," {
        row.append(field)
        field = ""
      } else if c == "\n" {
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      } else {
        field.unicodeScalars.append(c)
      }
    }
    return rows
  }

  @Test func randomTextSurvivesARoundTripThroughAParser() {
    var random = SplitMix64(seed: 7)
    let alphabet: [Character] = ["a", "=", "+", "-", "@", ",", "\"", "\n", "\r", "\t", " ", "'", "é", "1"]
    var table = CSVTable(columns: [CSVColumn("text"), CSVColumn("value", unit: "g")])
    var expected: [String] = []
    for _ in 0..<200 {
      let length = Int(random.next() % 8)
      let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      expected.append(text)
      table.append([.text(text), .number(random.nextGaussian())])
    }
    let rows = Self.parse(table.csvText)
    #expect(rows.count == 201)
    for (row, original) in zip(rows.dropFirst(), expected) {
      #expect(row.count == 2)
      let unprefixed = CSVCell.neutralised(original) != original ? String(row[0].dropFirst()) : row[0]
      #expect(unprefixed == original)
      if let first = row[0].unicodeScalars.first {
        #expect(!["=", "+", "-", "@", "\t", "\r"].contains(first))
      }
    }
  }

  @Test func goldenLatencyTable() {
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("device"), CSVColumn("state"), CSVColumn("detect", unit: "ms"),
      CSVColumn("peak", unit: "g"), CSVColumn("verdict"),
    ])
    table.append([
      .text("success"), .text("iphone-15"), .text("prepared"), .fixed(12.5, decimals: 1), .number(0.8125),
      .text("pass"),
    ])
    table.append([
      .text("=evil, \"quoted\""), .text("watch"), .text("cold"), .fixed(61.04, decimals: 1), .number(-0.25),
      .text("warn"),
    ])
    table.append([
      .text("error\nsecond line"), .text("none"), .text("cold"), .empty, .number(nil), .text("silent"),
    ])
    expectGolden(table.csvText, named: "latency.csv")
  }
}
