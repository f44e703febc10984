import Foundation
import HaptPatterns
import Testing

@testable import HaptEvaluation

/// ``PatternCorpus/entry(named:)``: a review-set name finds its pattern by name, path,
/// name without extension or file name without extension; the cheap pre-checks in front
/// of the path operations never hide a match.
@Suite struct PatternCorpusEntryNamedTests {
  static func corpus(_ files: [(name: String, path: String)]) -> PatternCorpus {
    PatternCorpus(
      entries: files.map { PatternCorpus.Entry(name: $0.name, path: $0.path, pattern: HapticPattern(), findings: []) },
      failures: [])
  }

  @Test func everySpellingFindsItsEntry() throws {
    let corpus = Self.corpus([
      ("ui/success.ahap", "/lib/ui/success.ahap"), ("ui/warning.v2.ahap", "/lib/ui/warning.v2.ahap"),
      ("déjà vu.ahap", "/lib/déjà vu.ahap"), ("tap", "/lib/tap"),
    ])
    let cases: [(String, String)] = [
      ("ui/success.ahap", "ui/success.ahap"), ("/lib/ui/success.ahap", "ui/success.ahap"),
      ("ui/success", "ui/success.ahap"), ("success", "ui/success.ahap"), ("ui/warning.v2", "ui/warning.v2.ahap"),
      ("warning.v2", "ui/warning.v2.ahap"), ("déjà vu", "déjà vu.ahap"), ("tap", "tap"),
    ]
    for (name, expected) in cases {
      #expect(corpus.entry(named: name)?.name == expected, "\(name)")
    }
    for missing in ["warning", "ui", "succes", "success.ahap.ahap", "lib/ui/success"] {
      #expect(corpus.entry(named: missing) == nil, "\(missing)")
    }
  }

  @Test func theCheapChecksAgreeWithThePathOperations() {
    // Every name a corpus could be asked for, against the slow definition.
    let files = [
      ("a/b.c.ahap", "/x/a/b.c.ahap"), ("b.ahap", "/y/b.ahap"), (".hidden", "/z/.hidden"), ("dir/", "/w/dir/"),
      ("n.ahap", "rel/n.ahap"),
    ]
    let corpus = Self.corpus(files)
    let names = ["a/b.c", "b.c", "b", ".hidden", "dir", "dir/", "n", "rel/n", "a/b", ""]
    for name in names {
      let slow = corpus.entries.filter {
        ($0.name as NSString).deletingPathExtension == name || PatternCorpus.stem($0.path) == name
      }
      let expected = corpus.entries.first { $0.name == name || $0.path == name }?.name ?? slow.first?.name
      #expect(corpus.entry(named: name)?.name == expected, "\(name)")
    }
  }
}
