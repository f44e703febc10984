import HaptTestSupport
import Foundation
import Testing

/// A full disk during `baseline record` says "no space left on device" naming the output
/// (issue 24 item 8; it said "problem with initialization of the flac decoder" at a
/// temporary path). Run on a 32 KB tmpfs (a baseline of pattern copies is small) in a private mount namespace, where the system
/// allows one (`unshare -rm`); the mapping itself is tested in HaptSignalsTests.
@Suite(.tags(.endToEnd), .slow) struct DiskFullTests {
  /// Whether this process may mount a tmpfs in a private mount namespace.
  static let canMountTmpfs: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
    guard let probe = try? ScratchFolder("tmpfs-probe") else { return false }
    defer { probe.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs '\(probe.path)'"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  @Test(.enabled(if: canMountTmpfs, "needs unshare -rm and tmpfs"))
  func baselineRecordOnAFullDiskSaysSoAndNamesTheOutput() throws {
    let scratch = try ScratchFolder("disk-full")
    defer { scratch.remove() }
    let small = scratch.file("small")
    try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
    let out = small + "/base"
    let corpus = HaptBinary.packageRoot.appendingPathComponent("Corpora/library").path
    let script =
      "mount -t tmpfs -o size=32k tmpfs '\(small)' && exec '\(HaptBinary.url.path)' baseline record '\(corpus)' "
      + "--out '\(out)' --device iphone-wideband-lra,erm-phone"
    let run = try HaptBinary.run(
      ["-rm", "sh", "-c", script], timeout_s: 600, executable: URL(fileURLWithPath: "/usr/bin/unshare"))
    #expect(run.status == 73, "\(run.stdout) \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("no space left on device"), "\(run.stderr)")
    #expect(run.stderr.contains(out), "\(run.stderr)")
    #expect(!run.stderr.contains(".tmp-") && !run.stderr.contains("flac decoder"), "\(run.stderr)")
  }
}
