import HaptTestSupport
import Foundation
import Testing

/// A profile is named by its `name` field in every command (issue 24 item 10): the
/// README's copy of `erm-phone.json` saved as `my-phone.json` made `hapt devices` list
/// `erm-phone` twice, labelled `--device my-phone` rows `erm-phone` and was left out of
/// `--device all`.
@Suite(.tags(.endToEnd), .slow, .serialized) struct DeviceNamingTests {
  static let tap = HaptBinary.packageRoot.appendingPathComponent("Corpora/library/double-tap.ahap").path

  /// `Corpora/devices/erm-phone.json` written to `folder/file`, its name replaced by `name`.
  static func copyOfErmPhone(to folder: ScratchFolder, file: String, name: String) throws {
    let shipped = HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/erm-phone.json")
    let text = try String(contentsOf: shipped, encoding: .utf8)
    #expect(text.contains("\"name\": \"erm-phone\""))
    try folder.write(file, text.replacingOccurrences(of: "\"name\": \"erm-phone\"", with: "\"name\": \"\(name)\""))
  }

  /// Runs `hapt ARGUMENTS` in-process with `HAPT_DEVICES` naming `devices`, in `folder`
  /// (default: the package root).
  static func hapt(_ arguments: [String], devices: ScratchFolder, in folder: URL? = nil) throws -> HaptRun {
    let environment = ["HAPT_DEVICES": devices.path]
    guard let folder else { return try HaptInProcess.run(arguments, environment: environment) }
    return try HaptInProcess.run(arguments, in: folder, environment: environment)
  }

  static func listedNames(_ json: String) throws -> [String] {
    let list = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    return list.compactMap { $0["name"] as? String }
  }

  @Test func anUnrenamedCopyOfAShippedProfileIsAnErrorNamingBothFiles() throws {
    let mine = try ScratchFolder("devices-copy")
    defer { mine.remove() }
    try Self.copyOfErmPhone(to: mine, file: "my-phone.json", name: "erm-phone")
    for arguments in [["devices"], ["latency", Self.tap, "--device", "my-phone"], ["latency", Self.tap]] {
      let run = try Self.hapt(arguments, devices: mine)
      #expect(run.status == 65, "\(arguments): \(run.stdout) \(run.stderr)")
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(run.stderr)")
      #expect(run.stderr.contains(mine.file("my-phone.json")) && run.stderr.contains("'erm-phone'"), "\(run.stderr)")
      #expect(run.stderr.contains("erm-phone.json") && run.stderr.contains("\"name\" field"), "\(run.stderr)")
    }
  }

  @Test func everyCommandNamesAUserProfileByItsNameField() throws {
    let mine = try ScratchFolder("devices-named")
    defer { mine.remove() }
    // The file name differs from the name on purpose: the name field decides.
    try Self.copyOfErmPhone(to: mine, file: "phone-file.json", name: "my-phone")

    let devices = try Self.hapt(["devices", "--format", "json"], devices: mine)
    #expect(devices.status == 0, "\(devices.stderr)")
    let names = try Self.listedNames(devices.stdout)
    #expect(names.filter { $0 == "my-phone" }.count == 1 && names.filter { $0 == "erm-phone" }.count == 1, "\(names)")
    #expect(!names.contains("phone-file"))
    let csv = try Self.hapt(["devices", "--format", "csv"], devices: mine)
    #expect(csv.stdout.split(separator: "\n").filter { $0.hasPrefix("my-phone,") }.count == 1, "\(csv.stdout)")

    let latency = try Self.hapt(["latency", Self.tap, "--device", "my-phone", "--format", "csv"], devices: mine)
    #expect(latency.status == 0 || latency.status == 1, "\(latency.stderr)")
    let rows = latency.stdout.split(separator: "\n").dropFirst()
    #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(",my-phone,") }, "\(latency.stdout)")

    let all = try Self.hapt(["latency", Self.tap, "--device", "all", "--format", "csv"], devices: mine)
    #expect(all.stdout.contains(",my-phone,") && all.stdout.contains(",erm-phone,"), "\(all.stdout)")

    let scratch = try ScratchFolder("devices-named-out")
    defer { scratch.remove() }
    let render = try Self.hapt(
      ["render", Self.tap, "--device", "my-phone", "--out", scratch.file("tap.wav"), "--format", "json"], devices: mine)
    #expect(
      render.status == 0 && render.stdout.contains("\"device\": \"my-phone\""), "\(render.stdout) \(render.stderr)")

    let assess = try Self.hapt(["assess", "--device", "all", "--format", "csv"], devices: mine)
    #expect(assess.status == 0 || assess.status == 1, "\(assess.stderr)")
    #expect(assess.stdout.contains("\nmy-phone,"), "\(assess.stdout)")

    let record = try Self.hapt(
      ["baseline", "record", Self.tap, "--out", scratch.file("base"), "--device", "my-phone"], devices: mine)
    #expect(record.status == 0, "\(record.stderr)")
    let check = try Self.hapt(
      ["baseline", "check", Self.tap, "--baseline", scratch.file("base"), "--format", "csv"], devices: mine)
    #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
    #expect(check.stdout.contains("my-phone"), "\(check.stdout)")
    let selected = try Self.hapt(
      ["baseline", "check", Self.tap, "--baseline", scratch.file("base"), "--device", "my-phone"], devices: mine)
    #expect(selected.status == 0, "\(selected.stdout) \(selected.stderr)")

    let report = try Self.hapt(
      ["report", Self.tap, "--out", scratch.file("report"), "--device", "all", "--state", "prepared"], devices: mine)
    #expect(report.status == 0 || report.status == 1, "\(report.stderr)")
    let reportLatency = try String(contentsOfFile: scratch.file("report/latency.csv"), encoding: .utf8)
    #expect(reportLatency.contains(",my-phone,"), "\(reportLatency)")

    // The file's own name is not a device name; the error says which name it has.
    let byFileName = try Self.hapt(["latency", Self.tap, "--device", "phone-file"], devices: mine)
    #expect(byFileName.status == 66, "\(byFileName.stderr)")
    #expect(byFileName.stderr.contains("is named 'my-phone'"), "\(byFileName.stderr)")
  }

  /// `all` beside a path or a name selects every available profile as well as the path's,
  /// each once (it was refused: "all: no such device").
  @Test func allBesideAPathSelectsEveryProfileOnce() throws {
    let mine = try ScratchFolder("devices-all-and-path")
    defer { mine.remove() }
    let elsewhere = try ScratchFolder("devices-elsewhere")
    defer { elsewhere.remove() }
    try Self.copyOfErmPhone(to: elsewhere, file: "loose.json", name: "loose-phone")
    let shipped = try Self.listedNames(try Self.hapt(["devices", "--format", "json"], devices: mine).stdout)
    #expect(shipped.count >= 10)
    let run = try Self.hapt(
      [
        "latency", Self.tap, "--device", elsewhere.file("loose.json"), "--device", "all", "--device",
        "erm-phone", "--format", "csv",
      ], devices: mine)
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    let devices = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] }.map(String.init)
    var ordered: [String] = []
    for device in devices where ordered.last != device { ordered.append(device) }
    #expect(ordered == ["loose-phone"] + shipped, "\(ordered)")
  }

  @Test func twoUserProfilesOfOneNameAreAnError() throws {
    let mine = try ScratchFolder("devices-twice")
    defer { mine.remove() }
    try Self.copyOfErmPhone(to: mine, file: "a.json", name: "same")
    try Self.copyOfErmPhone(to: mine, file: "b.json", name: "same")
    let run = try Self.hapt(["devices"], devices: mine)
    #expect(run.status == 65, "\(run.stdout)")
    #expect(run.stderr.contains(mine.file("a.json")) && run.stderr.contains(mine.file("b.json")), "\(run.stderr)")
  }
}
