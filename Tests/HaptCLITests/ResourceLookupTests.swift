import HaptTestSupport
import Foundation
import HaptCore
import Testing

/// The shipped profiles and presets are found from any folder when `hapt` is called
/// through `PATH` (issue 14): the current folder plays no part, even when it holds a
/// `Corpora/` of its own; users' own profiles come from `HAPT_DEVICES`.
@Suite(.tags(.endToEnd), .slow) struct ResourceLookupTests {
  /// Runs `hapt` by name through `PATH` (a folder holding only a link to the built
  /// binary), in `directory`, without `HAPT_CORPORA`.
  static func runThroughPath(
    _ arguments: [String], in directory: URL, extra: [String: String] = [:]
  ) throws
    -> HaptRun
  {
    let bin = directory.appendingPathComponent("bin")
    if !FileManager.default.fileExists(atPath: bin.path) {
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: bin.appendingPathComponent("hapt"), withDestinationURL: HaptBinary.url)
    }
    var environment = ProcessInfo.processInfo.environment
    environment["HAPT_CORPORA"] = nil
    environment["HAPT_DEVICES"] = nil
    environment["PATH"] = bin.path + ":/usr/bin:/bin"
    for (key, value) in extra { environment[key] = value }
    let run = try HaptBinary.run(
      ["hapt"] + arguments, in: directory, timeout_s: 600, executable: URL(fileURLWithPath: "/usr/bin/env"),
      inheritedEnvironment: environment)
    return HaptRun(status: run.status, stdout: run.stdout, stderr: run.stderr)
  }

  /// Runs `hapt` in-process in `directory`, without this process's `HAPT_CORPORA` and
  /// `HAPT_DEVICES`, with `extra` set.
  static func runElsewhere(_ arguments: [String], in directory: URL, extra: [String: String] = [:]) throws -> HaptRun {
    try HaptInProcess.run(arguments, in: directory, environment: extra, unsetting: ["HAPT_CORPORA", "HAPT_DEVICES"])
  }

  /// A fresh folder under /tmp with a decoy `Corpora/devices/decoy.json` that must be ignored.
  static func foreignFolder() throws -> URL {
    let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("hapt-elsewhere-\(UUID().uuidString)")
    let decoy = folder.appendingPathComponent("Corpora/devices")
    try FileManager.default.createDirectory(at: decoy, withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: decoy.appendingPathComponent("decoy.json"))
    return folder
  }

  @Test func devicesPresetsAndConfusionWorkFromAnotherFolder() throws {
    let folder = try Self.foreignFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let devices = try Self.runThroughPath(["devices", "--format", "json"], in: folder)
    #expect(devices.status == 0, "\(devices.stderr)")
    #expect(devices.stdout.contains("\"iphone-wideband-lra\""))
    #expect(!devices.stdout.contains("decoy"))

    let presets = try Self.runThroughPath(["presets"], in: folder)
    #expect(presets.status == 0, "\(presets.stderr)")
    let filesLine = try #require(presets.stdout.split(separator: "\n").last { $0.contains("Files: ") })
    let shown = String(filesLine[filesLine.range(of: "Files: ")!.upperBound...])
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: shown, isDirectory: &isDirectory) && isDirectory.boolValue)
    #expect(FileManager.default.fileExists(atPath: shown + "/uikit-notification-success.ahap"))

    let confusion = try Self.runThroughPath(["confusion", "--format", "csv"], in: folder)
    #expect(confusion.status == 0, "\(confusion.stderr)")
    #expect(confusion.stdout.contains("uikit-notification-warning"))
  }

  @Test func userProfilesComeFromHaptDevices() throws {
    let folder = try Self.foreignFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mine = folder.appendingPathComponent("my-devices")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
    let shipped = HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/erm-phone.json")
    let text = try String(contentsOf: shipped, encoding: .utf8)
      .replacingOccurrences(of: "\"name\": \"erm-phone\"", with: "\"name\": \"my-erm\"")
    try text.write(to: mine.appendingPathComponent("my-erm.json"), atomically: true, encoding: .utf8)
    let environment = ["HAPT_DEVICES": mine.path]

    let devices = try Self.runElsewhere(["devices", "--format", "json"], in: folder, extra: environment)
    #expect(devices.status == 0, "\(devices.stderr)")
    #expect(devices.stdout.contains("\"my-erm\"") && devices.stdout.contains("\"erm-phone\""))

    let latency = try Self.runElsewhere(
      [
        "latency", HaptBinary.packageRoot.appendingPathComponent("Corpora/library/double-tap.ahap").path,
        "--device", "my-erm", "--format", "csv",
      ],
      in: folder, extra: environment)
    #expect(latency.status == 0 || latency.status == 1, "\(latency.stderr)")
    #expect(latency.stdout.contains("my-erm"))

    let unknown = try Self.runElsewhere(["devices", "--format", "json"], in: folder)
    #expect(!unknown.stdout.contains("\"my-erm\""))
  }
}
