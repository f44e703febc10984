import Foundation
import Testing

/// End-to-end tests of Android vibration XML through the commands.
@Suite struct AndroidCommandsTests {
  static let fixtures = "Tests/HaptPatternsTests/AndroidFixtures"

  static let malformed: [(name: String, xml: String, line: Int)] = [
    ("unclosed", "<vibration-effect>\n  <waveform-effect>\n    <waveform-entry durationMs=\"10\" amplitude=\"5\"/>\n</vibration-effect>\n", 4),
    ("unknown-element", "<vibration-effect>\n  <buzz/>\n</vibration-effect>\n", 2),
    ("amplitude-300", "<vibration-effect>\n <waveform-effect>\n\n  <waveform-entry durationMs=\"10\" amplitude=\"300\"/>\n </waveform-effect>\n</vibration-effect>\n", 4),
    ("negative-duration", "<vibration-effect>\n <waveform-effect>\n  <waveform-entry durationMs=\"-10\" amplitude=\"30\"/>\n </waveform-effect>\n</vibration-effect>\n", 3),
  ]

  @Test(arguments: malformed.indices) func malformedXMLExits65NamingTheLine(index: Int) throws {
    let c = Self.malformed[index]
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-android")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("\(c.name).xml").path
    try Data(c.xml.utf8).write(to: URL(fileURLWithPath: path))
    for command in [["lint", path], ["render", path, "--out", folder.appendingPathComponent("o.csv").path]] {
      let run = try HaptBinary.run(command)
      #expect(run.status == 65, "\(c.name) \(command[0])")
      let errorLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
      #expect(errorLines.count == 1, "\(run.stderr)")
      #expect(errorLines.first?.hasPrefix("error: \(path): line \(c.line)") == true, "\(run.stderr)")
    }
  }

  @Test func lintReadsVibrationXML() throws {
    let run = try HaptBinary.run(["lint", "\(Self.fixtures)/waveform-default-amplitude.xml"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("[AND003]"))
  }
}
