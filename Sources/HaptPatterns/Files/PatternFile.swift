import Foundation
import HaptCore

/// A pattern read from a file, with what the lenient decoder found.
public struct LoadedPattern: Sendable, Equatable {
  /// The pattern.
  public var pattern: HapticPattern
  /// Rule breaks found while decoding (and missing waveform files).
  public var findings: [LintFinding]
  /// The file's name without its extension (`uikit-notification-success`).
  public var name: String
  /// The path as given.
  public var path: String
  /// The file's format.
  public var format: PatternFormat
}

/// The pattern file formats hapt reads.
public enum PatternFormat: String, CaseIterable, Sendable {
  /// Apple Haptic and Audio Pattern (`.ahap`; `.json` is read as AHAP too).
  case ahap
  /// Lofelt / Meta Haptics Studio `.haptic` v1.
  case haptic
  /// Android vibration XML (`<vibration-effect>` / `<vibration-select>`, `.xml`).
  case androidXML = "xml"

  /// The format of a path, by its extension (case-insensitive), or nil.
  public init?(path: String) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "ahap", "json": self = .ahap
    case "haptic": self = .haptic
    case "xml": self = .androidXML
    default: return nil
    }
  }
}

/// Loading pattern files by extension.
public enum PatternFile {
  /// The extensions hapt reads as patterns (for folder walks).
  public static let extensions: Set<String> = ["ahap", "haptic"]

  /// Reads and decodes the pattern at `path`.
  ///
  /// For AHAP, every `AudioCustom` waveform path that stays inside the pattern's folder is
  /// checked for existence (a missing file is an ``LintRule/missingWaveform`` finding);
  /// paths that leave the folder are never touched.
  /// - Throws: ``InputError`` naming the file: 66 if it cannot be read, 65 if it is not a
  ///   pattern or its extension is unknown.
  public static func load(path given: String, limits: PatternLimits = PatternLimits()) throws -> LoadedPattern {
    let path = Corpora.resolve(given)  // the shipped corpora by their README spelling
    guard let format = PatternFormat(path: path) else {
      throw InputError(
        file: path,
        "unknown pattern format '.\(URL(fileURLWithPath: path).pathExtension)' (expected .ahap, .haptic or Android vibration .xml)"
      )
    }
    let bytes = try InputFile.read(path, maxBytes: limits.maxBytes)
    let decoded: (pattern: HapticPattern, findings: [LintFinding])
    switch format {
    case .ahap: decoded = try AHAP.decode(bytes, file: path, limits: limits)
    case .haptic: decoded = try LofeltHaptic.decode(bytes, file: path, limits: limits)
    case .androidXML:
      let (vibration, findings) = try AndroidVibration.decode(bytes, file: path, limits: limits)
      decoded = (vibration.resolved().pattern, findings)
    }
    do {
      try limits.check(decoded.pattern)
    } catch let error as InputError {
      throw error.inFile(path)
    }
    var findings = decoded.findings
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    for (index, event) in decoded.pattern.events.enumerated() where event.type == .audioCustom {
      guard let waveform = event.waveformPath, WaveformPath.isContained(waveform) else { continue }
      let target = folder.appendingPathComponent(waveform).path
      if !FileManager.default.fileExists(atPath: target) {
        findings.append(
          LintRule.missingWaveform.finding(
            file: path, place: "events[\(index)].EventWaveformPath", "waveform file \"\(waveform)\" not found"))
      }
    }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    return LoadedPattern(pattern: decoded.pattern, findings: findings, name: name, path: path, format: format)
  }
}
