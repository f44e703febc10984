import Foundation
import HaptCore
import Testing

@testable import HaptPatterns
@testable import HaptLint

/// Findings about `.haps` and `.haptic` files speak those formats' terms, never AHAP's
/// events and parameters (which their authors never wrote).
@Suite struct LintVocabularyTests {
  static let ahapWords = ["HapticTransient", "HapticContinuous", "HapticIntensityControl"]

  static let cases: [(name: String, text: String, rule: String)] = [
    ("empty.haps", #"{"m_version":"5","m_vibration":{"m_gain":1,"m_melodies":[]}}"#, "PAT004"),
    (
      "muted.haps",
      #"{"m_version":"5","m_vibration":{"m_gain":1,"m_melodies":[{"m_gain":1,"m_mute":1,"m_notes":[{"m_startingPoint":0,"m_length":0.5,"m_gain":1,"m_hapticEffect":{"m_amplitudeModulation":{"m_keyframes":[{"m_time":0,"m_value":1},{"m_time":0.5,"m_value":1}]}}}]}]}}"#,
      "PAT004"
    ),
    (
      "silent.haptic",
      #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":0,"amplitude":0},{"time":0.5,"amplitude":0}]}}}}"#,
      "PAT005"
    ),
  ]

  @Test(arguments: cases.indices)
  func findingsUseTheFormatsOwnTerms(index: Int) throws {
    let (name, text, rule) = Self.cases[index]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-vocabulary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name).path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let report = LintReport.lint(paths: [file])
    #expect(report.failures.isEmpty, "\(report.failures)")
    let findings = report.findings
    #expect(findings.contains { $0.ruleID == rule }, "\(findings.map(\.message))")
    for finding in findings {
      for word in Self.ahapWords {
        #expect(!finding.message.contains(word), "\(name): \(finding.message)")
      }
    }
  }

  @Test func ahapKeepsItsOwnTerms() {
    let findings = PatternLint.check(HapticPattern(), file: "x.ahap", format: .ahap)
    #expect(findings.first { $0.ruleID == "PAT004" }?.message == "no HapticTransient or HapticContinuous event")
  }
}
