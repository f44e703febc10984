import Foundation
import HaptCore

import HaptPatterns
import HaptFormats

/// Paths of the test fixtures, found next to this file.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  static func bytes(_ name: String) throws -> [UInt8] { try InputFile.read(path(name)) }

  /// Every fixture file name, sorted.
  static var all: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// The repository's Corpora folder.
  static let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Corpora")
}

extension Array where Element == LintFinding {
  func rules() -> [String] { map(\.ruleID) }
}
