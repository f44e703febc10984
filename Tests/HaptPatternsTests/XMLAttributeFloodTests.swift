import HaptTestSupport
import Testing

@testable import HaptPatterns
@testable import HaptFormats

/// The duplicate-attribute check is linear in the number of attributes (issue 24, item 3).
/// A million attributes on one element (11 MB) parse in about a second; the old check,
/// which compared each attribute with every one before it, took 36 to 58 s for 150,000 and
/// would take about half an hour here, so before the fix this test did not finish within
/// the suite's time. No time is measured: the test only has to end.
@Suite(.slow) struct XMLAttributeFloodTests {
  static func element(attributes count: Int, duplicate: Bool) -> [UInt8] {
    var text = "<primitive-effect name=\"click\""
    text.reserveCapacity(count * 12 + 64)
    for i in 0..<count { text += " a\(i)=\"1\"" }
    if duplicate { text += " a0=\"2\"" }
    text += "/>"
    return Array(text.utf8)
  }

  @Test func aMillionAttributesParseAndEveryOneIsKept() throws {
    let element = try XMLReader.parse(Self.element(attributes: 1_000_000, duplicate: false))
    #expect(element.attributes.count == 1_000_001)
    #expect(element.attributes.last?.name == "a999999")
  }

  @Test func aDuplicateAfterAMillionAttributesIsFound() {
    #expect(throws: (any Error).self) { try XMLReader.parse(Self.element(attributes: 1_000_000, duplicate: true)) }
    do {
      _ = try XMLReader.parse(Self.element(attributes: 1_000_000, duplicate: true))
    } catch {
      #expect("\(error)".contains("attribute a0 given twice in <primitive-effect>"), "\(error)")
    }
  }
}
