import Foundation
import Testing

@testable import HaptCore

/// The environment is a value: what a library reads of it comes from the value it is
/// given, never from this process's variables or current folder.
@Suite struct HaptEnvironmentTests {
  static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

  static func environment(_ variables: [String: String], folder: String = "/") -> HaptEnvironment {
    HaptEnvironment(variables: variables, currentFolder: folder)
  }

  @Test func threadCountIsHAPT_THREADSWhenAPositiveWholeNumber() {
    #expect(Self.environment(["HAPT_THREADS": "3"]).threadCount == 3)
    for text in ["0", "-2", "three", "2.5", ""] {
      #expect(Self.environment(["HAPT_THREADS": text]).threadCount == Self.cores, "\(text)")
    }
    #expect(Self.environment([:]).threadCount == Self.cores)
  }

  @Test func foldersComeFromTheGivenVariables() {
    let given = Self.environment(["HAPT_DEVICES": "/tmp/my-devices", "HAPT_CORPORA": ""])
    #expect(Corpora.userDevicesDirectory(in: given)?.path == "/tmp/my-devices")
    #expect(Corpora.userDevicesDirectory(in: Self.environment([:])) == nil)
    // Empty is unset: the shipped corpora are found as without the variable.
    #expect(Corpora.directory(in: given) == Corpora.directory(in: Self.environment([:])))
    let elsewhere = Self.environment(["HAPT_CORPORA": "/tmp/other-corpora"])
    #expect(Corpora.directory("devices", in: elsewhere)?.path == "/tmp/other-corpora/devices")
  }

  @Test func theGuardRefusesTheGivenCurrentFolderNotThisProcesss() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-environment-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(folder.path != FileManager.default.currentDirectoryPath)
    let kind = OutputFolderKind(name: "report", legacyFiles: [])
    let refused = #expect(throws: InputError.self) {
      try OutputFolderGuard(kind: kind, currentFolder: folder.path).check(folder.path)
    }
    #expect(refused?.description.contains("is the current folder") == true, "\(String(describing: refused))")
    // Elsewhere, the same empty folder may be replaced.
    try OutputFolderGuard(kind: kind, currentFolder: "/").check(folder.path)
  }
}
