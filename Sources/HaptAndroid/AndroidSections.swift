import Foundation
import HaptCore
import HaptEvaluation
import HaptPatterns
import HaptSimulation

/// The report's two Android sections, the ports table (``AndroidPort``) and what plays
/// where (``DevicePlayback``), computed pattern by pattern with one ``RenderMemo`` each:
/// a render both sections need (the original on a device, the port on a device, the
/// original and its sharpness contrast on the reference iPhone, the export's own judging
/// renders) is made and measured once per pattern instead of once per section and device.
///
/// The rows are exactly those of ``AndroidPort/rows(for:devices:threads:exports:)`` and
/// ``DevicePlayback/rows(for:devices:options:threads:ports:)`` with one export per
/// pattern, in the same order, whatever the thread count.
package enum AndroidSections {
  /// The rows of both sections.
  package struct Rows: Sendable, Equatable {
    /// The ports of the AHAP patterns on the Android devices, corpus then device order.
    package var ports: [AndroidPortResult]
    /// What every device plays of every pattern, corpus then device order.
    package var playback: [DevicePlayback]

    package init(ports: [AndroidPortResult], playback: [DevicePlayback]) {
      self.ports = ports
      self.playback = playback
    }
  }

  /// Both sections for `corpus` on `devices`; `options` are the playback rows' render
  /// options (the ports use the default ones, as ``AndroidPort`` does).
  /// - Complexity: per pattern, one export and the distinct renders of both sections, in
  ///   parallel over the patterns; memory holds one pattern's renders per thread.
  package static func rows(
    for corpus: PatternCorpus, devices: [DeviceProfile], options: RenderOptions = RenderOptions(),
    threads: Int = Parallel.defaultThreadCount
  ) -> Rows {
    rows(
      corpus.entries.map { (name: $0.name, path: $0.path, pattern: $0.pattern) }, devices: devices, options: options,
      threads: threads)
  }

  /// Both sections for the patterns `entries` (name, file path, pattern); a pattern is
  /// ported (and has rows in the ports table) when its file is an AHAP file.
  /// - Parameter measured: entry `i`'s measurement on `devices[d]` rendered with
  ///   `options`, where the caller has one (a report's latency table): what plays as
  ///   written there is judged from it (``DevicePlayback/evaluate(_:name:on:options:port:memo:measured:)``).
  package static func rows(
    _ entries: [(name: String, path: String, pattern: HapticPattern)], devices: [DeviceProfile],
    options: RenderOptions = RenderOptions(), threads: Int = Parallel.defaultThreadCount,
    measured: (@Sendable (_ entry: Int, _ device: Int) -> PatternMeasurement?)? = nil
  ) -> Rows {
    let needsPort = devices.contains { $0.platform == .android && $0.actuator.exists }
    let android = devices.filter { $0.platform == .android }
    let reference = try? DeviceProfile.load(nameOrPath: DeviceProfile.defaultName)
    // Read and parsed once for the corpus, not once per pattern.
    let classDevices = AndroidExport.ClassDevices.load()
    let portOptions = RenderOptions()
    let perPattern = Parallel.map(count: entries.count, threads: threads) {
      index -> (ports: [AndroidPortResult], playback: [DevicePlayback]) in
      let entry = entries[index]
      let memo = RenderMemo()
      let export =
        needsPort && entry.pattern.android == nil
        ? AndroidExport.export(entry.pattern, reference: reference, memo: memo, classDevices: classDevices) : nil
      var ports: [AndroidPortResult] = []
      if !android.isEmpty, URL(fileURLWithPath: entry.path, isDirectory: false).pathExtension.lowercased() == "ahap" {
        let prepared = AndroidPort.prepare(
          entry.pattern, name: entry.name, reference: reference, options: portOptions,
          export: export
            ?? AndroidExport.export(
              entry.pattern, reference: reference, options: portOptions, memo: memo, classDevices: classDevices))
        ports = android.map {
          AndroidPort.evaluate(prepared, on: $0, reference: reference, options: portOptions, memo: memo)
        }
      }
      let playback = devices.indices.map { d in
        DevicePlayback.evaluate(
          entry.pattern, name: entry.name, on: devices[d], options: options, port: export?.vibration, memo: memo,
          measured: measured?(index, d))
      }
      return (ports, playback)
    }
    return Rows(ports: perPattern.flatMap(\.ports), playback: perPattern.flatMap(\.playback))
  }
}
