import Testing
import HaptCore

@Suite struct JSONParserTests {
  @Test func parsesNestedValuesWithPositions() throws {
    let document = try JSONParser.parse("{\n  \"a\": [1, 2.5, -3e2],\n  \"b\": {\"c\": true, \"d\": null}\n}")
    let root = JSONCursor(document.root)
    let a = try root.required("a").elements().map { try $0.number() }
    #expect(a == [1, 2.5, -300])
    let c = try root.required("b").required("c")
    #expect(try c.bool() == true)
    #expect(c.path == "b.c")
    #expect(c.node.line == 3)
    #expect(document.leniencies.isEmpty)
  }

  @Test func acceptsTrailingCommasAndRecordsThem() throws {
    let document = try JSONParser.parse("{\"a\": [1, 2,],\n \"b\": 3,\n}")
    #expect(document.leniencies.count == 2)
    #expect(document.leniencies[0].message == "trailing comma in array")
    #expect(document.leniencies[1].line == 2)
  }

  @Test(arguments: [
    ("{\"a\": }", "line 1, column 7"),
    ("[1, 2", "line 1, column 6"),
    ("{\"a\": 1e999}", "line 1, column 7"),
    ("\"abc", "line 1, column 5"),
    ("[1] x", "line 1, column 5"),
    ("{\"a\" 1}", "line 1, column 6"),
    ("nul", "line 1, column 1"),
    ("[\"\\ud800\"]", "line 1, column 9"),
  ])
  func rejectsBrokenInputWithPlace(text: String, place: String) {
    #expect(throws: InputError.self) { try JSONParser.parse(text) }
    do {
      _ = try JSONParser.parse(text)
    } catch let error as InputError {
      #expect(error.place == place, "\(error)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func boundsNestingDepth() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: InputError.self) { try JSONParser.parse(deep) }
    let ok = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
    #expect(throws: Never.self) { try JSONParser.parse(ok) }
  }

  @Test func decodesEscapes() throws {
    let document = try JSONParser.parse(#"["a\"b\\c\/\n\u00e9\ud83d\ude00"]"#)
    let value = try JSONCursor(document.root).elements()[0].string()
    #expect(value == "a\"b\\c/\né😀")
  }

  @Test func typeErrorsNameThePath() throws {
    let document = try JSONParser.parse(#"{"Pattern": [{"Event": {"Time": "x"}}]}"#)
    let time = try JSONCursor(document.root).required("Pattern").elements()[0].required("Event").required("Time")
    #expect(throws: InputError.self) { try time.number() }
    do { _ = try time.number() } catch let error as InputError {
      #expect(error.description == "Pattern[0].Event.Time: expected a number, found a string")
    }
  }

  @Test func writerRoundTripsThroughParser() throws {
    let value = JSONValue.orderedObject([
      ("b", .number(0.1)), ("a", .list([.number(1), .string("x<y\n"), .bool(false), .null])),
    ])
    let text = JSONWriter.string(value)
    #expect(text.hasPrefix("{\n  \"b\": 0.1,"))
    let parsed = try JSONParser.parse(text)
    #expect(JSONWriter.string(parsed.root.value) == text)
  }
}
