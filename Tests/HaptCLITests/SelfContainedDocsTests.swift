import HaptTestSupport
import Foundation
import Testing

/// The repository stands alone (issue 14): nothing cites a file outside it, and every
/// page of Docs/ that code, docs, help text or profiles cite exists.
@Suite(.tags(.endToEnd), .slow) struct SelfContainedDocsTests {
  static let root = HaptBinary.packageRoot

  /// Every Swift, Markdown and JSON file of the repository outside `.build` and `Reports`.
  static func repositoryFiles() -> [URL] {
    let skipped: Set<String> = [".build", ".git", ".swiftpm", "Reports"]
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var files: [URL] = []
    for case let url as URL in walker {
      if skipped.contains(url.lastPathComponent) {
        walker.skipDescendants()
        continue
      }
      if ["swift", "md", "json"].contains(url.pathExtension) { files.append(url) }
    }
    return files
  }

  @Test func nothingCitesFilesOutsideTheRepository() throws {
    let files = Self.repositoryFiles()
    #expect(files.count > 100)
    let forbidden = ["shared" + "/", "MODEL" + ".md", "DESIGN" + ".md", "STYLE" + ".md"]
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for word in forbidden {
        #expect(!text.contains(word), "\(file.path) cites \(word)")
      }
    }
  }

  @Test func everyCitedDocumentExists() throws {
    let pattern = try NSRegularExpression(pattern: "Docs/([A-Z][A-Za-z]*\\.md)")
    var cited: Set<String> = []
    for file in Self.repositoryFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        if let range = Range(match.range(at: 1), in: text) { cited.insert(String(text[range])) }
      }
    }
    #expect(cited.contains("Model.md") && cited.contains("Design.md"))
    for name in cited.sorted() {
      #expect(
        FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Docs/" + name).path),
        "Docs/\(name) is cited but missing")
    }
    #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("LICENSE").path))
  }
}
