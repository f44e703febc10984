import Foundation
import Testing

/// Compares `text` with the golden file `Goldens/NAME` next to this source file.
///
/// Run the tests with `RECORD=1` in the environment to (re)write the golden files; a
/// recording run records an issue so it can never pass silently.
func expectGolden(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
  let url = folder.appendingPathComponent(name)
  if let record = ProcessInfo.processInfo.environment["RECORD"], !record.isEmpty, record != "0" {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      Issue.record("recorded golden file \(name); run again without RECORD", sourceLocation: sourceLocation)
    } catch {
      Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: url.path) else {
    Issue.record(
      "missing golden file \(url.path); run with RECORD=1 to create it", sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected != text {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(expectedLines.count, actualLines.count)
    let first = (0..<common).first { expectedLines[$0] != actualLines[$0] } ?? common
    let shown = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "<end>" }
    Issue.record(
      """
      output differs from golden file \(name) at line \(first + 1) (RECORD=1 rewrites it):
        expected: \(shown(expectedLines))
        actual:   \(shown(actualLines))
      """, sourceLocation: sourceLocation)
  }
}

/// Whether `markup` is well-formed XML, with the parser's error if not.
func parsesAsXML(_ markup: String) -> (ok: Bool, error: String?) {
  #if canImport(FoundationXML)
    let parser = FoundationXML.XMLParser(data: Data(markup.utf8))
  #else
    let parser = XMLParser(data: Data(markup.utf8))
  #endif
  let ok = parser.parse()
  return (ok, parser.parserError.map { "\($0)" })
}

#if canImport(FoundationXML)
  import FoundationXML
#endif
