import Foundation
import HaptCore
import HaptPatterns

/// The pattern library in `Corpora/library/`: seed patterns for games and UI.
///
/// `heartbeat`, `explosion`, `triple-tap`, `double-tap` and `tick-tock` follow exact
/// definitions (checked by tests); the `game-` and `ui-` patterns are designed examples.
package enum PatternLibrary {
  /// The library's pattern names (file names without `.ahap`), sorted.
  package static func names(in folder: URL? = Corpora.directory("library")) -> [String] {
    guard let folder,
      let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    return files.filter { $0.hasSuffix(".ahap") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Loads the library pattern called `name`.
  package static func load(_ name: String, in folder: URL? = Corpora.directory("library")) throws -> LoadedPattern {
    let base = folder?.path ?? "Corpora/library"
    return try PatternFile.load(path: base + "/" + name + ".ahap")
  }
}
