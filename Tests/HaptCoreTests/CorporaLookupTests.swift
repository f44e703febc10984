import Foundation
import Testing

@testable import HaptCore

/// The shipped corpora come from the package's resource bundle when one is built beside
/// the running code (as `swift build` does for the test runner), before the source tree.
@Suite struct CorporaLookupTests {
  @Test func resourceBundleComesBeforeTheSourceTree() throws {
    let candidates = Corpora.candidates()
    #expect(candidates.count >= 2)
    #expect(candidates.last?.lastPathComponent == "Corpora")
    #expect(candidates.dropLast().allSatisfy { $0.path.contains("hapt_HaptCorpora") })
    guard ProcessInfo.processInfo.environment[Corpora.corporaVariable] == nil else { return }
    let found = try #require(Corpora.directory())
    #expect(found.path.contains("hapt_HaptCorpora"), "found \(found.path)")
    for name in ["devices", "system", "library"] {
      let entries = try FileManager.default.contentsOfDirectory(atPath: found.appendingPathComponent(name).path)
      #expect(!entries.isEmpty, "\(name) is empty")
    }
    #expect(
      FileManager.default.fileExists(atPath: found.appendingPathComponent("devices/iphone-wideband-lra.json").path))
  }
}
