import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// `hapt baseline check CORPUS --against REV` in a git repository made by the test: no
/// recorded baseline, the working tree against an older commit.
@Suite(.tags(.endToEnd), .slow) struct GitRevisionCheckTests {
  static let library = HaptBinary.packageRoot.appendingPathComponent("Corpora/library")

  /// A repository with `Haptics/` holding three library patterns, committed once.
  struct Repository {
    let root: URL
    var haptics: URL { root.appendingPathComponent("Haptics") }

    init() throws {
      root = try HaptBinary.temporaryFolder(prefix: "hapt-git")
      try FileManager.default.createDirectory(at: haptics, withIntermediateDirectories: true)
      try git("init", "-q")
      try git("config", "user.email", "test@example.com")
      try git("config", "user.name", "hapt test")
      try git("config", "commit.gpgsign", "false")
      for name in ["double-tap.ahap", "game-coin.ahap", "heartbeat.ahap"] {
        try FileManager.default.copyItem(
          at: library.appendingPathComponent(name), to: haptics.appendingPathComponent(name))
      }
      try commit("three patterns")
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-C", root.path] + arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments): \(output)"])
      }
      return output
    }

    func commit(_ message: String) throws {
      try git("add", "-A")
      try git("commit", "-q", "-m", message)
    }

    func check(_ revision: String) throws -> HaptRun {
      try HaptInProcess.run(
        ["baseline", "check", "Haptics", "--against", revision, "--state", "prepared"], in: root)
    }
  }

  @Test func halvingOneEventFailsAndNamesTheFileEventAndChange() throws {
    let repository = try Repository()
    defer { try? FileManager.default.removeItem(at: repository.root) }
    let file = repository.haptics.appendingPathComponent("double-tap.ahap")
    let text = try String(contentsOf: file, encoding: .utf8)
    // The first event's intensity, 0.9, halved.
    let range = try #require(text.range(of: "\"ParameterValue\": 0.9"))
    try text.replacingCharacters(in: range, with: "\"ParameterValue\": 0.45").write(
      to: file, atomically: true, encoding: .utf8)
    try repository.commit("halve the first tap")

    let run = try repository.check("HEAD~1")
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("double-tap.ahap") })
    #expect(row.contains("changed"))
    #expect(row.contains("event 1 (transient at 0.00 s): 6.0 dB weaker"), "\(row)")
    #expect(row.contains("in the file: event 1 (transient at 0.00 s): intensity 0.90 → 0.45 (weaker)"), "\(row)")
    #expect(run.stdout.contains("FAIL: 2 unchanged, 1 changed"))
    // The same findings as annotations on the file and as SARIF.
    let github = try HaptInProcess.run(
      ["baseline", "check", "Haptics", "--against", "HEAD~1", "--state", "prepared", "--format", "github"],
      in: repository.root)
    #expect(github.status == 1)
    #expect(
      github.stdout.split(separator: "\n").map(String.init) == [
        "::error file=Haptics/double-tap.ahap,line=1,col=1,title=BASE001 pattern-changed::double-tap.ahap on "
          + "iphone-wideband-lra (prepared): changed: d' 2.6 JND >= 1.0 — in the file: event 1 (transient at 0.00 s): "
          + "intensity 0.90 → 0.45 (weaker) — felt: event 1 (transient at 0.00 s): 6.0 dB weaker (2.6 JND) — "
          + "how it feels: the file feels weaker than the file at HEAD~1; d' 2.6 JND: distinct"
      ], "\(github.stdout)")
    let sarif = try HaptInProcess.run(
      ["baseline", "check", "Haptics", "--against", "HEAD~1", "--state", "prepared", "--format", "sarif"],
      in: repository.root)
    let schema = try MiniJSONSchema(json: SARIFSchemaSubset.json)
    #expect(schema.validate(try JSONParser.parse(sarif.stdout).root.value) == [])
    // Against itself the same corpus passes.
    let same = try repository.check("HEAD")
    #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
  }

  @Test func aRenameAlonePassesAndIsReported() throws {
    let repository = try Repository()
    defer { try? FileManager.default.removeItem(at: repository.root) }
    try repository.git("mv", "Haptics/game-coin.ahap", "Haptics/coin.ahap")
    try repository.commit("rename")

    let run = try repository.check("HEAD~1")
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("coin.ahap") })
    #expect(row.contains("unchanged") && row.contains("renamed from game-coin.ahap"), "\(row)")
    #expect(!run.stdout.contains("added") || run.stdout.contains("0 added"))
    #expect(run.stdout.contains("PASS: 3 unchanged, 0 changed, 0 added, 0 removed"))
    // The repository's top folder as the corpus: names carry the folder.
    let top = try HaptInProcess.run(
      ["baseline", "check", ".", "--against", "HEAD~1", "--state", "prepared"], in: repository.root)
    #expect(top.status == 0, "\(top.stdout)\(top.stderr)")
    #expect(top.stdout.contains("renamed from Haptics/game-coin.ahap"), "\(top.stdout)")
  }

  /// A tracked path holding a newline is read from the revision (NUL-delimited names),
  /// not taken for a file the revision lacks.
  @Test func aPathHoldingANewlineIsReadFromTheRevision() throws {
    let repository = try Repository()
    defer { try? FileManager.default.removeItem(at: repository.root) }
    try FileManager.default.copyItem(
      at: Self.library.appendingPathComponent("ui-long-press.ahap"),
      to: repository.haptics.appendingPathComponent("long\npress.ahap"))
    try repository.commit("a name with a newline")
    let run = try repository.check("HEAD")
    #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
    #expect(run.stdout.contains("4 unchanged, 0 changed, 0 added, 0 removed"), "\(run.stdout)")
  }

  @Test func addedAndRemovedFilesAreReported() throws {
    let repository = try Repository()
    defer { try? FileManager.default.removeItem(at: repository.root) }
    // Added and removed in separate commits, so that git pairs nothing as a rename.
    try FileManager.default.copyItem(
      at: Self.library.appendingPathComponent("ui-long-press.ahap"),
      to: repository.haptics.appendingPathComponent("ui-long-press.ahap"))
    try repository.commit("add")
    let added = try repository.check("HEAD~1")
    #expect(added.status == 1)
    #expect(added.stdout.contains("ui-long-press.ahap") && added.stdout.contains("not at HEAD~1"), "\(added.stdout)")
    #expect(added.stdout.contains("3 unchanged, 0 changed, 1 added, 0 removed"))

    try FileManager.default.removeItem(at: repository.haptics.appendingPathComponent("heartbeat.ahap"))
    try repository.commit("remove")
    let removed = try repository.check("HEAD~1")
    #expect(removed.status == 1)
    let row = try #require(removed.stdout.split(separator: "\n").first { $0.hasPrefix("heartbeat.ahap") })
    #expect(row.contains("removed") && row.contains("no longer in the corpus"), "\(row)")
    // Uncommitted edits count too: the working tree is the new side.
    try FileManager.default.removeItem(at: repository.haptics.appendingPathComponent("double-tap.ahap"))
    let uncommitted = try repository.check("HEAD")
    #expect(uncommitted.stdout.contains("0 added, 1 removed"), "\(uncommitted.stdout)")
  }

  @Test func aFileThatDidNotDecodeAtTheRevisionCountsAsAdded() throws {
    let repository = try Repository()
    defer { try? FileManager.default.removeItem(at: repository.root) }
    let file = repository.haptics.appendingPathComponent("heartbeat.ahap")
    let good = try Data(contentsOf: file)
    try Data("{\"Pattern\": 3}".utf8).write(to: file)
    try repository.commit("break heartbeat")
    try good.write(to: file)
    try repository.commit("fix heartbeat")
    let run = try repository.check("HEAD~1")
    #expect(run.status == 1)
    let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("heartbeat.ahap") })
    #expect(row.contains("added") && row.contains("unreadable at HEAD~1"), "\(row)")
    #expect(!run.stdout.contains("hapt-revision-") && !run.stderr.contains("hapt-revision-"), "no temporary path shown")
  }

  @Test func anUnknownRevisionExits66WithOneLine() throws {
    let repository = try Repository()
    defer { try? FileManager.default.removeItem(at: repository.root) }
    let run = try repository.check("no-such-branch")
    #expect(run.status == 66)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("unknown git revision 'no-such-branch'"))
    let option = try repository.check("--help")
    #expect(option.status == 66 && option.stderr.contains("not a git revision"), "\(option.stderr)")
  }

  @Test func aShallowCloneWithoutTheRevisionSaysToFetchIt() throws {
    let repository = try Repository()
    defer { try? FileManager.default.removeItem(at: repository.root) }
    try repository.git("mv", "Haptics/game-coin.ahap", "Haptics/coin.ahap")
    try repository.commit("second")
    let clone = repository.root.appendingPathComponent("clone")
    try repository.git("clone", "-q", "--depth", "1", "file://" + repository.root.path, clone.path)
    let run = try HaptInProcess.run(
      ["baseline", "check", "Haptics", "--against", "HEAD~1", "--state", "prepared"], in: clone)
    #expect(run.status == 66)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("shallow clone") && run.stderr.contains("fetch"), "\(run.stderr)")
  }
}
