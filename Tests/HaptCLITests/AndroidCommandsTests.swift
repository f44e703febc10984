import HaptTestSupport
import Foundation
import Testing

/// End-to-end tests of Android vibration XML through the commands.
@Suite(.tags(.endToEnd), .slow) struct AndroidCommandsTests {
  static let fixtures = "Tests/HaptPatternsTests/AndroidFixtures"

  static let malformed: [(name: String, xml: String, line: Int)] = [
    (
      "unclosed",
      "<vibration-effect>\n  <waveform-effect>\n    <waveform-entry durationMs=\"10\" amplitude=\"5\"/>\n</vibration-effect>\n",
      4
    ),
    ("unknown-element", "<vibration-effect>\n  <buzz/>\n</vibration-effect>\n", 2),
    (
      "amplitude-300",
      "<vibration-effect>\n <waveform-effect>\n\n  <waveform-entry durationMs=\"10\" amplitude=\"300\"/>\n </waveform-effect>\n</vibration-effect>\n",
      4
    ),
    (
      "negative-duration",
      "<vibration-effect>\n <waveform-effect>\n  <waveform-entry durationMs=\"-10\" amplitude=\"30\"/>\n </waveform-effect>\n</vibration-effect>\n",
      3
    ),
  ]

  @Test(arguments: malformed.indices) func malformedXMLExits65NamingTheLine(index: Int) throws {
    let c = Self.malformed[index]
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-android")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("\(c.name).xml").path
    try Data(c.xml.utf8).write(to: URL(fileURLWithPath: path))
    for command in [["lint", path], ["render", path, "--out", folder.appendingPathComponent("o.csv").path]] {
      let run = try HaptInProcess.run(command)
      #expect(run.status == 65, "\(c.name) \(command[0])")
      let errorLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
      #expect(errorLines.count == 1, "\(run.stderr)")
      #expect(errorLines.first?.hasPrefix("error: \(path): line \(c.line)") == true, "\(run.stderr)")
    }
  }

  @Test func compareNotesTheFallback() throws {
    let run = try HaptInProcess.run([
      "compare", "\(Self.fixtures)/predefined-click.xml", "Corpora/library/double-tap.ahap", "--device", "erm-phone",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "predefined-click.xml: the device does not implement click: the platform's fallback plays instead"))
  }

  @Test func lintReadsVibrationXML() throws {
    let run = try HaptInProcess.run(["lint", "\(Self.fixtures)/waveform-default-amplitude.xml"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("[AND003]"))
  }
}

/// `hapt convert` to Android XML and Kotlin, and `hapt compare` of a port.
@Suite(.tags(.endToEnd), .slow) struct AndroidConvertCommandTests {
  @Test func convertToXMLThenCompareOnTheAndroidDevice() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-android-convert")
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = folder.appendingPathComponent("double-tap.xml").path
    let convert = try HaptInProcess.run(["convert", "Corpora/library/double-tap.ahap", "--out", xml])
    #expect(convert.status == 0, "\(convert.stderr)")
    let text = try String(contentsOfFile: xml, encoding: .utf8)
    // The flagship plays the double tap's 8 ms pulses closer to the original than click
    // primitives, so the primitives are left out and one waveform plays everywhere.
    #expect(text.contains("<waveform-effect>") && !text.contains("<primitive-effect"), "\(text)")
    #expect(
      convert.stderr.contains(
        "note: Corpora/library/double-tap.ahap: no primitives alternative: on pixel-flagship-lra they feel further from the original (d' "
      ), "\(convert.stderr)")
    #expect(convert.stderr.contains("note: Corpora/library/double-tap.ahap: sharpness 0.7 dropped"))
    #expect(convert.stderr.contains("on-off alternative (any vibrator): d' "))
    // Where the primitives are closer (the heartbeat), they come before the waveform, and
    // each alternative says its d' from the original on the profile of its class.
    let heartbeatXML = folder.appendingPathComponent("heartbeat.xml").path
    let heartbeat = try HaptInProcess.run(["convert", "Corpora/library/heartbeat.ahap", "--out", heartbeatXML])
    #expect(heartbeat.status == 0, "\(heartbeat.stderr)")
    let selection = try String(contentsOfFile: heartbeatXML, encoding: .utf8)
    #expect(selection.contains("<vibration-select>") && selection.contains("<primitive-effect name=\"click\""))
    #expect(heartbeat.stderr.contains("primitives alternative (areAllPrimitivesSupported): d' "))
    #expect(heartbeat.stderr.contains("from the original on pixel-flagship-lra"))
    #expect(heartbeat.stderr.contains("amplitude alternative (hasAmplitudeControl): d' "))
    let compare = try HaptInProcess.run([
      "compare", "Corpora/library/double-tap.ahap", xml, "--device", "android-lra-235",
    ])
    #expect(compare.status == 0, "\(compare.stderr)")
    #expect(compare.stdout.contains("d' = 0."))
    // Back to AHAP.
    let back = folder.appendingPathComponent("back.ahap").path
    #expect(try HaptInProcess.run(["convert", xml, "--out", back]).status == 0)
  }

  @Test func kotlinToStdoutAndFormatErrors() throws {
    let kotlin = try HaptInProcess.run(["convert", "Corpora/library/heartbeat.ahap", "--format", "kotlin"])
    #expect(kotlin.status == 0, "\(kotlin.stderr)")
    #expect(kotlin.stdout.contains("fun heartbeatEffect(vibrator: Vibrator): VibrationEffect {"))
    #expect(kotlin.stdout.contains("VibrationEffect.startComposition()"))
    #expect(kotlin.stdout.contains("if (Build.VERSION.SDK_INT >= 30 && vibrator.areAllPrimitivesSupported("))
    #expect(kotlin.stdout.contains("if (vibrator.hasAmplitudeControl()) {"))
    let mismatch = try HaptInProcess.run([
      "convert", "Corpora/library/heartbeat.ahap", "--format", "kotlin", "--out", "x.xml",
    ])
    #expect(mismatch.status == 64)
    let unknown = try HaptInProcess.run(["convert", "Corpora/library/heartbeat.ahap", "--format", "java"])
    #expect(unknown.status == 64)
    let noOut = try HaptInProcess.run(["convert", "Corpora/library/heartbeat.ahap"])
    #expect(noOut.status == 64)
  }
}

/// `hapt assess`.
@Suite(.tags(.endToEnd), .slow) struct AssessCommandTests {
  @Test func passesOnTheAndroidLRAAndFailsWithoutActuator() throws {
    let lra = try HaptInProcess.run(["assess", "--device", "android-lra-235"])
    #expect(lra.status == 0, "\(lra.stderr)")
    #expect(lra.stdout.contains("android-lra-235: passes"))
    let tablet = try HaptInProcess.run(["assess", "--device", "tablet-none"])
    #expect(tablet.status == 1)
    #expect(tablet.stdout.contains("F01 no output signal"))
  }

  @Test func csvAndJSONOnEveryProfile() throws {
    let csv = try HaptInProcess.run(["assess", "--device", "all", "--format", "csv"])
    #expect(csv.status == 1)
    #expect(csv.stdout.hasPrefix("device,effect,peak_g,peakDuration_ms,peakRingRatio_dB,"))
    #expect(csv.stdout.contains("tablet-none,click,"))
    let json = try HaptInProcess.run(["assess", "--format", "json"])
    #expect(json.status == 0)
    let list = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(list?.first?["device"] as? String == "android-lra-235")
    #expect((list?.first?["effects"] as? [[String: Any]])?.count == 3)
  }
}

/// `hapt report` writes the Android ports.
@Suite(.tags(.endToEnd), .slow) struct AndroidPortsReportTests {
  @Test func reportWritesAndroidPortsCSV() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-android-report")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("report").path
    let run = try HaptInProcess.run([
      "report", "Corpora/library/double-tap.ahap", "Corpora/library/heartbeat.ahap", "--device", "android-lra-235",
      "--state", "prepared", "--out", out,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let csv = try String(contentsOfFile: out + "/android-ports.csv", encoding: .utf8)
    let lines = csv.split(separator: "\n")
    #expect(
      lines.first
        == "pattern,device,reference,alternative,dPrimeFromReference_JND,dPrime_JND,contrastOriginal_JND,contrastPort_JND,outcome,changes,verdict"
    )
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("double-tap.ahap,android-lra-235,"))
    #expect(lines[1].contains("sameFeel"))
    let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(index.contains("Android ports"))
    #expect(index.contains("android-ports.csv"))
    #expect(index.contains("On android-lra-235, of 2 AHAP patterns:"))
  }
}
