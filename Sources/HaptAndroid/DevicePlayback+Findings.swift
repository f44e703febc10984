import HaptCore
import HaptPatterns
import HaptSimulation
import HaptFormats
import HaptLint

extension DevicePlayback {
  /// Whether there is something to say: anything but a pattern that plays as written.
  package var isWorthNoting: Bool { !(outcome == .plays && (form == nil || form == .asWritten)) }

  /// The lint finding for this row in `file` (nil when it plays): DEV001 a fallback people
  /// would notice (d' >= 1), DEV002 one they would not, DEV003 silent on a device with an
  /// actuator, DEV004 a device without one.
  package func finding(file: String) -> LintFinding? {
    let message = "on \(device): \(sentence)"
    switch outcome {
    case .plays: return nil
    case .fallsBack(let d):
      return (d >= 1 ? LintRule.deviceFallbackNoticeable : LintRule.deviceFallback)
        .finding(file: file, place: "", message)
    case .silent(let reason):
      return (reason == .noActuator ? LintRule.deviceNoActuator : LintRule.deviceSilent)
        .finding(file: file, place: "", message)
    }
  }

  /// Notes for a command's stderr: one line per row worth noting (``isWorthNoting``) when
  /// a device has at most `perRowLimit` of them, else one line per device with the counts
  /// and the most common causes.
  package static func notes(_ rows: [DevicePlayback], perRowLimit: Int = 5) -> [String] {
    var devices: [String] = []
    for row in rows where !devices.contains(row.device) { devices.append(row.device) }
    var lines: [String] = []
    for device in devices {
      let own = rows.filter { $0.device == device }
      let noted = own.filter(\.isWorthNoting)
      if noted.count <= perRowLimit {
        lines += noted.map { "\($0.pattern) on \(device): \($0.sentence)" }
        continue
      }
      let plays = own.filter { $0.outcome == .plays }.count
      let fallbacks = own.compactMap(\.dPrime_JND)
      let silent = own.filter { $0.silenceReason != nil }
      var parts = ["\(plays) play\(plays == 1 ? "s" : "")"]
      if !fallbacks.isEmpty {
        parts.append(
          "\(fallbacks.count) fall\(fallbacks.count == 1 ? "s" : "") back (\(fallbacks.filter { $0 >= 1 }.count) by d' >= 1)"
        )
      }
      if !silent.isEmpty {
        let reasons = Set(silent.map { $0.silenceReason?.description ?? "" })
        parts.append(
          "\(silent.count) silent" + (reasons.count == 1 ? " (\(reasons.first ?? ""))" : ""))
      }
      var causeCounts: [String: Int] = [:]
      for row in own where row.outcome != .plays {
        for cause in row.causes { causeCounts[cause.description, default: 0] += 1 }
      }
      let common = causeCounts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(2)
        .map { "\($0.key): \($0.value)" }
      lines.append(
        "on \(device), of \(own.count) patterns: " + parts.joined(separator: ", ")
          + (common.isEmpty ? "" : "; causes " + common.joined(separator: "; ")))
    }
    return lines
  }
}

extension LintReport {
  /// The report with the device findings of every file it read (DEV001-DEV004, one per
  /// file and device that does not play the pattern as intended), each after the file's
  /// own findings.
  ///
  /// - Complexity: loads each file again and evaluates it on every device
  ///   (``DevicePlayback/rows(patterns:devices:options:threads:)``).
  package func addingDeviceFindings(
    devices: [DeviceProfile], limits: PatternLimits = PatternLimits(), threads: Int = Parallel.defaultThreadCount
  ) -> LintReport {
    var copy = self
    let indices = files.indices.filter { files[$0].error == nil }
    let added = Parallel.map(count: indices.count, threads: threads) { k -> [LintFinding] in
      let file = files[indices[k]].file
      guard let loaded = try? PatternFile.load(path: file, limits: limits) else { return [] }
      return DevicePlayback.rows(patterns: [(loaded.name, loaded.pattern)], devices: devices, threads: 1)
        .compactMap { $0.finding(file: file) }
    }
    for (k, index) in indices.enumerated() { copy.files[index].findings += added[k] }
    return copy
  }
}
