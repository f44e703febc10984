import Foundation
import HaptCore
import HaptPatterns

/// A pattern read from a file, with what the lenient decoder found.
package struct LoadedPattern: Sendable, Equatable {
  /// The pattern.
  package var pattern: HapticPattern
  /// Rule breaks found while decoding (and missing waveform files).
  package var findings: [LintFinding]
  /// The file's name without its extension (`uikit-notification-success`).
  package var name: String
  /// The path as given.
  package var path: String
  /// The file's format.
  package var format: PatternFormat
  /// Where in the file each event, parameter and curve was written (AHAP; empty for the
  /// other formats).
  package var sources = PatternSourceMap()
}

/// The pattern file formats hapt reads: the single registry of extensions that file
/// loading and folder walks use.
package enum PatternFormat: String, CaseIterable, Sendable {
  /// Apple Haptic and Audio Pattern (`.ahap`; `.json` is read as AHAP too).
  case ahap
  /// Lofelt / Meta Haptics Studio `.haptic` v1.
  case haptic
  /// Android vibration XML (`<vibration-effect>` / `<vibration-select>`, `.xml`).
  case androidXML = "xml"
  /// Interhaptics `.haps` (JSON).
  case haps
  /// Immersion `.ivs` (XML).
  case ivs
  /// MPEG-I Haptics interchange format (`.hjif`, JSON).
  case hjif
  /// MPEG-I Haptics binary stream (`.hmpg`).
  case hmpg

  /// The extensions a file of this format has, lowercased, without the dot.
  package var extensions: [String] {
    switch self {
    case .ahap: ["ahap", "json"]
    case .haptic: ["haptic"]
    case .androidXML: ["xml"]
    case .haps: ["haps"]
    case .ivs: ["ivs"]
    case .hjif: ["hjif"]
    case .hmpg: ["hmpg"]
    }
  }

  /// The extensions a folder walk takes as this format (`.json` is not walked: folders
  /// hold device profiles and manifests).
  package var walkedExtensions: [String] { self == .ahap ? ["ahap"] : extensions }

  /// Whether a walk must look inside the file (XML root element) before taking it.
  package var walkNeedsRootCheck: Bool { self == .androidXML }

  /// The format of a lowercased extension, or nil.
  package init?(extension ext: String) {
    guard let format = Self.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
    self = format
  }

  /// The format of a path, by its extension (case-insensitive), or nil.
  package init?(path: String) {
    self.init(extension: URL(fileURLWithPath: path, isDirectory: false).pathExtension.lowercased())
  }
}

/// Loading pattern files by extension.
package enum PatternFile {
  /// The extensions hapt reads as patterns in folder walks.
  package static let extensions: Set<String> = Set(PatternFormat.allCases.flatMap(\.walkedExtensions))

  /// Whether a folder walk takes the file at `path`, whose lowercased extension is `ext`,
  /// as a pattern: its extension is walked and, for `.xml`, its root element is
  /// `<vibration-effect>` or `<vibration-select>` (other XML is not a pattern).
  package static func isWalkedPattern(path: String, extension ext: String) -> Bool {
    guard let format = PatternFormat(extension: ext), format.walkedExtensions.contains(ext) else { return false }
    guard format.walkNeedsRootCheck else { return true }
    return XMLRootElement.name(ofFileAt: path).map(AndroidVibration.isRootElement) ?? false
  }

  /// Decodes `bytes` as `format`: the pattern and the decoder's findings.
  /// - Throws: ``InputError`` naming `file`.
  package static func decode(
    _ bytes: [UInt8], format: PatternFormat, file: String, limits: PatternLimits = PatternLimits()
  ) throws -> (pattern: HapticPattern, findings: [LintFinding]) {
    switch format {
    case .ahap: return try AHAP.decode(bytes, file: file, limits: limits)
    case .haptic: return try LofeltHaptic.decode(bytes, file: file, limits: limits)
    case .androidXML:
      let (vibration, findings) = try AndroidVibration.decode(bytes, file: file, limits: limits)
      return (vibration.resolved().pattern, findings)
    case .haps:
      let (hertz, findings) = try InterhapticsHaps.decode(bytes, file: file, limits: limits)
      return (hertz.resolved(band_Hz: HertzPattern.defaultBand_Hz), findings)
    case .ivs:
      let (hertz, findings) = try ImmersionIVS.decode(bytes, file: file, limits: limits)
      return (hertz.resolved(band_Hz: HertzPattern.defaultBand_Hz), findings)
    case .hjif:
      let (haptics, findings) = try MPEGHaptics.decode(bytes, file: file, limits: limits)
      return (haptics.pattern(), findings)
    case .hmpg:
      let (haptics, findings) = try MPEGHaptics.decodeBinary(bytes, file: file, limits: limits)
      return (haptics.pattern(), findings)
    }
  }

  /// Reads and decodes the pattern at `path`.
  ///
  /// For AHAP, every `AudioCustom` waveform path that stays inside the pattern's folder is
  /// checked for existence (a missing file is an ``LintRule/missingWaveform`` finding);
  /// paths that leave the folder are never touched.
  /// - Throws: ``InputError`` naming the file: 66 if it cannot be read, 65 if it is not a
  ///   pattern or its extension is unknown.
  package static func load(path given: String, limits: PatternLimits = PatternLimits()) throws -> LoadedPattern {
    let path = Corpora.resolve(given)  // the shipped corpora by their README spelling
    do {
      return try load(reading: path, naming: given, limits: limits)
    } catch let error as InputError {
      // Messages name the file as the user spelled it, not the resource bundle's path.
      throw error.naming(target: given, insteadOf: path)
    }
  }

  /// Reads and decodes the pattern at `path`, naming it `shown` in findings and errors.
  private static func load(
    reading path: String, naming shown: String, limits: PatternLimits
  ) throws
    -> LoadedPattern
  {
    guard let format = PatternFormat(path: path) else {
      throw InputError(
        file: path,
        "unknown pattern format '.\(URL(fileURLWithPath: path, isDirectory: false).pathExtension)' (expected .ahap, .haptic, .haps, .ivs, .hjif, .hmpg or Android vibration .xml)"
      )
    }
    let bytes = try InputFile.read(path, maxBytes: limits.maxBytes)
    let decoded: (pattern: HapticPattern, findings: [LintFinding])
    var sources = PatternSourceMap()
    if format == .ahap {
      let withSources = try AHAP.decodeWithSources(bytes, file: shown, limits: limits)
      decoded = (withSources.pattern, withSources.findings)
      sources = withSources.sources
    } else {
      decoded = try decode(bytes, format: format, file: shown, limits: limits)
    }
    do {
      try limits.check(decoded.pattern)
    } catch let error as InputError {
      throw error.inFile(shown)
    }
    var findings = decoded.findings
    let url = URL(fileURLWithPath: path, isDirectory: false)
    let folder = url.deletingLastPathComponent()
    for (index, event) in decoded.pattern.events.enumerated() where event.type == .audioCustom {
      guard let waveform = event.waveformPath, WaveformPath.isContained(waveform) else { continue }
      let target = folder.appendingPathComponent(waveform).path
      if !FileManager.default.fileExists(atPath: target) {
        findings.append(
          LintRule.missingWaveform.finding(
            file: shown, place: "events[\(index)].EventWaveformPath", "waveform file \"\(waveform)\" not found"))
      }
    }
    let name = url.deletingPathExtension().lastPathComponent
    return LoadedPattern(
      pattern: decoded.pattern, findings: findings, name: name, path: path, format: format, sources: sources)
  }
}
