import HaptTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hostile names and special files (issue 24): Unicode noncharacters in every string that
/// reaches a file's metadata, names past the file-system limit, device names that look
/// like paths, FIFOs, symbolic links, names that are not UTF-8 and dotfiles.
@Suite(.tags(.endToEnd), .slow, .serialized) struct HostileNamesTests {
  static let bound_s = 120.0
  static let fast = ["--state", "prepared"]

  static func profile(named name: String) throws -> String {
    let shipped = try String(
      contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/erm-phone.json"), encoding: .utf8)
    return shipped.replacingOccurrences(of: "\"name\": \"erm-phone\"", with: "\"name\": \(jsonString(name))")
  }

  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if scalar.value < 0x20 || scalar.value >= 0xFFFE {
          out += scalar.value > 0xFFFF ? "\(scalar)" : String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  static func expectClean(_ run: TimedRun, _ label: String, status: Int32) {
    #expect(!run.timedOut, "\(label): killed after \(bound_s) s (blocked?)")
    #expect(run.signal == nil, "\(label): crashed with signal \(run.signal ?? 0): \(run.stderr.suffix(300))")
    #expect(run.status == status, "\(label): exit \(run.status): \(run.stderr.prefix(600))")
    #expect(!run.stderr.contains(".tmp-"), "\(label) names a temporary path: \(run.stderr.prefix(600))")
  }

  @Test func noncharactersInNamesReachFLACMetadataWithoutACrash() throws {
    let scratch = try ScratchFolder("nonchar")
    defer { scratch.remove() }
    try scratch.write("corp/tap\u{FFFF}\u{FFFE}.ahap", HostileInputTests.validAHAP)
    try scratch.write("dev.json", try Self.profile(named: "dev\u{FFFF}"))
    let render = try HaptBinary.run(
      ["render", scratch.file("corp/tap\u{FFFF}\u{FFFE}.ahap"), "--out", scratch.file("out.flac")],
      timeout_s: Self.bound_s)
    Self.expectClean(render, "render to .flac", status: 0)
    let record = try HaptBinary.run(
      ["baseline", "record", scratch.file("corp"), "--device", scratch.file("dev.json"), "--out", scratch.file("base")]
        + Self.fast, timeout_s: Self.bound_s)
    Self.expectClean(record, "baseline record", status: 0)
    // The baseline keeps its custom profile: check needs no --device.
    let check = try HaptBinary.run(
      ["baseline", "check", scratch.file("corp"), "--baseline", scratch.file("base")], timeout_s: Self.bound_s)
    Self.expectClean(check, "baseline check", status: 0)
  }

  @Test func aLongPatternNameInNestedFoldersRecordsAndChecks() throws {
    let scratch = try ScratchFolder("long-name")
    defer { scratch.remove() }
    let folders = (0..<6).map { "folder-\($0)-" + String(repeating: "n", count: 30) }.joined(separator: "/")
    let name = folders + "/" + String(repeating: "x", count: 200) + ".ahap"
    try scratch.write("corp/" + name, HostileInputTests.validAHAP)
    try scratch.write("corp/short.ahap", HostileInputTests.validAHAP)
    let record = try HaptBinary.run(
      ["baseline", "record", scratch.file("corp"), "--device", "erm-phone", "--out", scratch.file("base")] + Self.fast,
      timeout_s: Self.bound_s)
    Self.expectClean(record, "baseline record", status: 0)
    let manifest = (try? String(contentsOfFile: scratch.file("base/manifest.json"), encoding: .utf8)) ?? ""
    #expect(manifest.contains(name), "the manifest keeps the full name")
    // The pattern copies (and any signals) have short file names.
    let copies = try FileManager.default.contentsOfDirectory(atPath: scratch.file("base/patterns"))
    #expect(copies.count == 2)
    let signals = (try? FileManager.default.contentsOfDirectory(atPath: scratch.file("base/signals"))) ?? []
    for file in copies + signals {
      #expect(file.utf8.count <= 140, "\(file)")
    }
    let check = try HaptBinary.run(
      ["baseline", "check", scratch.file("corp"), "--baseline", scratch.file("base")], timeout_s: Self.bound_s)
    Self.expectClean(check, "baseline check", status: 0)
  }

  @Test func recordedDeviceNamesAreNeverPaths() throws {
    let scratch = try ScratchFolder("device-paths")
    defer { scratch.remove() }
    try scratch.write("corp/tap.ahap", HostileInputTests.validAHAP)
    for (i, name) in ["/dev/stdin", "erm-phone.json", "../dev.json"].enumerated() {
      try scratch.write("dev-\(i).json", try Self.profile(named: name))
      let base = scratch.file("base-\(i)")
      let record = try HaptBinary.run(
        ["baseline", "record", scratch.file("corp"), "--device", scratch.file("dev-\(i).json"), "--out", base]
          + Self.fast, timeout_s: Self.bound_s)
      Self.expectClean(record, "record \(name)", status: 0)
      let check = try HaptBinary.run(
        ["baseline", "check", scratch.file("corp"), "--baseline", base], in: scratch.url, timeout_s: 60)
      Self.expectClean(check, "check \(name)", status: 0)
    }
    // A device the baseline does not have: said, exit 66, not "FAIL: 0 unchanged".
    let other = try HaptBinary.run(
      ["baseline", "check", scratch.file("corp"), "--baseline", scratch.file("base-0"), "--device", "erm-phone"],
      timeout_s: Self.bound_s)
    Self.expectClean(other, "check --device erm-phone", status: 66)
    #expect(other.stderr.contains("has no device 'erm-phone'"), "\(other.stderr)")
  }

  @Test func specialFilesAreRefusedWithoutBlocking() throws {
    let scratch = try ScratchFolder("special")
    defer { scratch.remove() }
    try scratch.write("corp/tap.ahap", HostileInputTests.validAHAP)
    #expect(mkfifo(scratch.file("fifo.ahap"), 0o600) == 0)
    for arguments in [
      ["lint", scratch.file("fifo.ahap")], ["render", scratch.file("fifo.ahap"), "--out", scratch.file("o.wav")],
    ] {
      let run = try HaptBinary.run(arguments, timeout_s: 60)
      Self.expectClean(run, arguments.joined(separator: " "), status: 66)
      #expect(run.stderr.contains("not a regular file"), "\(run.stderr)")
    }
    try scratch.write("dev.json", try Self.profile(named: "d"))
    let fifoProfile = scratch.file("fifo.json")
    #expect(mkfifo(fifoProfile, 0o600) == 0)
    let render = try HaptBinary.run(
      ["render", scratch.file("corp/tap.ahap"), "--device", fifoProfile, "--out", scratch.file("o.wav")], timeout_s: 60)
    Self.expectClean(render, "render --device FIFO", status: 66)
  }

  @Test func everyFileLeftOutOfAFolderWalkIsNamed() throws {
    let scratch = try ScratchFolder("walk")
    defer { scratch.remove() }
    try scratch.write("corp/tap.ahap", HostileInputTests.validAHAP)
    try scratch.write("corp/.hidden.ahap", HostileInputTests.validAHAP)
    #expect(symlink("/dev/zero", scratch.file("corp/zero.ahap")) == 0)
    #expect(symlink(scratch.file("nowhere.ahap"), scratch.file("corp/dangling.ahap")) == 0)
    let badName = Array(scratch.file("corp/bad").utf8) + [0xFF, 0xFE] + Array(".ahap".utf8) + [0]
    let fd = badName.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        open($0, O_CREAT | O_WRONLY, 0o600)
      }
    }
    #expect(fd >= 0)
    close(fd)
    #expect(mkfifo(scratch.file("corp/fifo.ahap"), 0o600) == 0)
    for command in [["lint"], ["latency", "--device", "erm-phone"] + Self.fast] {
      let run = try HaptBinary.run(command + [scratch.file("corp")], timeout_s: 60)
      #expect(!run.timedOut && run.signal == nil, "\(command): \(run.stderr)")
      let warning = run.stderr.split(separator: "\n").filter { $0.contains("skipped") }
      #expect(warning.count == 1, "\(command): \(run.stderr)")
      let line = warning.first.map(String.init) ?? ""
      for phrase in [
        "2 symlinks", "1 file with a name that is not UTF-8", "1 dotfile", "1 special file", ".hidden.ahap",
        "zero.ahap", "dangling.ahap",
      ] {
        #expect(line.contains(phrase), "\(command): \(phrase) missing from: \(line)")
      }
    }
  }

  @Test func lineSeparatorsInNamesAreEscapedInOneLineErrors() throws {
    let scratch = try ScratchFolder("line-names")
    defer { scratch.remove() }
    let name = "bad\u{2028}name\u{85}x\u{1B}[31m.ahap"
    try scratch.write(name, "{ not json")
    let run = try HaptBinary.run(["lint", scratch.file(name)], timeout_s: 60)
    Self.expectClean(run, "lint", status: 65)
    let lines = run.stderr.split(whereSeparator: { $0 == "\n" || $0 == "\u{2028}" || $0 == "\u{85}" })
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("bad\\u{2028}name\\u{85}x\\u{1B}[31m.ahap"), "\(run.stderr)")
  }
}
