import HaptTestSupport
import Foundation
import Testing

/// What each device plays, as `hapt report`, `lint --device`, `render` and `latency` say it.
@Suite(.tags(.endToEnd), .slow) struct DevicePlaybackCommandTests {
  @Test func reportWritesCapabilitiesCSVAndTheMatrix() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-capabilities-report")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("report").path
    let run = try HaptInProcess.run([
      "report", "Corpora/library/double-tap.ahap", "--device", "pixel-flagship-lra,android-lra-amplitude,mac-none",
      "--state", "prepared", "--out", out,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try String(contentsOfFile: out + "/capabilities.csv", encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "pattern,device,platform,outcome,form,causes,dPrime_JND,silenceReason,verdict")
    #expect(lines.count == 4)
    // hapt convert's port of the double tap is its amplitude waveform alone (the flagship
    // plays it closer than clicks): it plays at the resonance, so the sharpness is lost.
    #expect(lines[2].hasPrefix("double-tap.ahap,android-lra-amplitude,android,fallsBack,amplitudeWaveform,"))
    #expect(lines[2].contains(",sharpnessAtResonance,"), "\(lines[2])")
    #expect(
      lines[3] == "double-tap.ahap,mac-none,coreHaptics,silent,,,,device has no actuator,silent: device has no actuator"
    )
    let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(index.contains("What plays where"))
    #expect(index.contains("capabilities.csv"))
    #expect(index.contains("title=\"double-tap.ahap on mac-none: silent: device has no actuator\""))
  }

  @Test func lintWithDevicesAddsFindings() throws {
    let run = try HaptInProcess.run([
      "lint", "Corpora/library/double-tap.ahap", "--device", "mac-none,iphone-wideband-lra,android-lra-amplitude",
      "--format", "csv",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(",DEV004,info,on mac-none: silent: device has no actuator"))
    #expect(
      run.stdout.contains("on android-lra-amplitude: falls back (sharpness dropped: plays at the resonance, 205 Hz)"),
      "\(run.stdout)")
    #expect(!run.stdout.contains("on iphone-wideband-lra"))
    let plain = try HaptInProcess.run(["lint", "Corpora/library/double-tap.ahap", "--format", "csv"])
    #expect(!plain.stdout.contains("DEV00"))
  }

  @Test func renderAndLatencyNoteTheFallback() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-capabilities-render")
    defer { try? FileManager.default.removeItem(at: folder) }
    let render = try HaptInProcess.run([
      "render", "Corpora/library/double-tap.ahap", "--device", "android-lra-amplitude", "--out",
      folder.appendingPathComponent("x.wav").path,
    ])
    #expect(render.status == 0, "\(render.stderr)")
    #expect(render.stderr.contains("note: Corpora/library/double-tap.ahap on android-lra-amplitude: falls back ("))
    let iphone = try HaptInProcess.run([
      "render", "Corpora/library/double-tap.ahap", "--out", folder.appendingPathComponent("y.wav").path,
    ])
    #expect(!iphone.stderr.contains("falls back"))
    let latency = try HaptInProcess.run([
      "latency", "Corpora/library/double-tap.ahap", "--device", "android-lra-onoff", "--state", "prepared",
    ])
    #expect(latency.stderr.contains("note: double-tap.ahap on android-lra-onoff: falls back ("), "\(latency.stderr)")
  }
}
