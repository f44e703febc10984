import HaptTestSupport
import Foundation
import Testing

/// Library errors name no command-line option; the command line adds the option that
/// changes the outcome (issue 14).
@Suite(.tags(.endToEnd), .slow) struct ErrorWordingTests {
  @Test func existingBaselineNamesForceOnTheCommandLine() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try HaptInProcess.run(
      ["baseline", "record", "Corpora/library/double-tap.ahap", "--out", folder.path])
    #expect(run.status == 73)
    #expect(run.stderr == "error: \(folder.path): a baseline exists here already; pass --force to replace it\n")
  }

  @Test func limitNamesItsOptionOnTheCommandLine() throws {
    let run = try HaptInProcess.run(["lint", "Corpora/library/double-tap.ahap", "--max-events", "1"])
    #expect(run.stderr.contains("over the limit of 1 (see --max-events)"), "\(run.stderr)")
  }

  /// A profile over 1 MiB says the profile limit, which no option raises; it pointed to
  /// --max-file-bytes, which applies to pattern files only (issue 24 item 8).
  @Test func aHugeProfileNamesTheProfileLimitNotAPatternOption() throws {
    let scratch = try ScratchFolder("huge-profile")
    defer { scratch.remove() }
    let shipped = try String(
      contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/devices/erm-phone.json"), encoding: .utf8)
    let padded = shipped.replacingOccurrences(
      of: "\"description\": \"", with: "\"description\": \"" + String(repeating: "x", count: 1_100_000))
    try scratch.write("huge.json", padded)
    let run = try HaptInProcess.run([
      "render", "Corpora/library/double-tap.ahap", "--device", scratch.file("huge.json"), "--out",
      scratch.file("x.wav"),
    ])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains("the limit for a device profile"), "\(run.stderr)")
    #expect(!run.stderr.contains("--max-file-bytes"), "\(run.stderr)")
  }

  /// libsndfile's own words ("SF_INFO struct incomplete", "unspecified internal error")
  /// never reach the user (issue 24 item 8).
  @Test func libsndfileInternalsNeverReachTheUser() throws {
    let scratch = try ScratchFolder("audio-words")
    defer { scratch.remove() }
    try scratch.write("good.wav", HostileInputTests.wav(sampleRate: 8000, frames: 800))
    for (name, bytes) in HostileInputTests.audioFiles() {
      try scratch.write(name, bytes)
      let run = try HaptInProcess.run(["compare", scratch.file(name), scratch.file("good.wav")])
      for raw in ["SF_INFO", "unspecified internal error", "initialization of the flac decoder", "Error :"] {
        #expect(!run.stderr.contains(raw), "\(name): \(run.stderr)")
      }
    }
  }
}
