import Foundation
import Testing

/// A recording whose header claims a tiny sample rate is refused at once with one line,
/// and a recording that resampling to 8 kHz would blow up past 10 minutes of samples is
/// refused before any resampling (a 7 KB WAV declared at 1 Hz used to take a minute and
/// gigabytes in `describe`).
@Suite struct RecordingRateLimitTests {
  /// A mono 16-bit PCM WAV of `frames` samples of a 1/4-scale square wave at `rate_Hz`.
  static func wav(rate_Hz: UInt32, frames: Int) -> Data {
    var data = Data()
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8))
    u32(UInt32(36 + frames * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(16)
    u16(1)
    u16(1)
    u32(rate_Hz)
    u32(rate_Hz * 2)
    u16(2)
    u16(16)
    data.append(contentsOf: Array("data".utf8))
    u32(UInt32(frames * 2))
    for n in 0..<frames { u16(n % 2 == 0 ? 8192 : UInt16(bitPattern: -8192)) }
    return data
  }

  @Test func aRateBelowTheFloorIsOneLineOfBadInput() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("one-hertz.wav")
    try Self.wav(rate_Hz: 1, frames: 3600).write(to: file)
    for arguments in [["describe", file.path], ["compare", file.path, file.path]] {
      let run = try HaptInProcess.run(arguments)
      #expect(run.status == 65, "\(run.stdout)\(run.stderr)")
      let lines = run.stderr.split(separator: "\n").filter { $0.contains("sample rate 1 Hz") }
      #expect(lines.count == 1, "\(run.stderr)")
      #expect(lines.first?.contains("one-hertz.wav") == true)
      #expect(lines.first?.contains("100 Hz") == true)
    }
  }

  @Test func upsamplingPastTheCapIsOneLineOfBadInput() throws {
    let folder = try HaptBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("slow.wav")
    // 1,000 s at 100 Hz: 100,000 samples, 8,000,000 at 8 kHz (over the 4,800,000 cap).
    try Self.wav(rate_Hz: 100, frames: 100_000).write(to: file)
    let run = try HaptInProcess.run(["describe", file.path])
    #expect(run.status == 65, "\(run.stdout)\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").filter { $0.contains("more than the limit of 4800000") }
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(lines.first?.contains("slow.wav") == true)
    // Just under the cap still reads.
    try Self.wav(rate_Hz: 100, frames: 6_000).write(to: file)
    #expect(try HaptInProcess.run(["describe", file.path]).status == 0)
  }
}
