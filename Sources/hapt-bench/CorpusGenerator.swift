import Foundation
import HaptCore
import HaptPatterns
import HaptFormats

/// Seeded random corpora for the scale benchmarks: one-second AHAP patterns of 1 to 4
/// events (transients, or continuous events of 50-500 ms with a random envelope), the
/// kind of clip a game's haptic library holds. The same count and seed always give the
/// same files.
enum CorpusGenerator {
  /// Writes `count` patterns into `folder` (created) as `p00000.ahap`, ...: a file that
  /// already holds its pattern's bytes is left as it is (rewriting 10,000 files freed
  /// 10,000 inodes right before the timed run: ``ScratchFolders``), and any other entry
  /// of the folder is set aside.
  static func write(count: Int, seed: UInt64, to folder: String) throws {
    let url = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    var rng = SplitMix64(seed: seed)
    var names = Set<String>()
    for index in 0..<count {
      let pattern = randomPattern(&rng)
      let name = String(format: "p%05d.ahap", index)
      names.insert(name)
      let path = url.appendingPathComponent(name).path
      let text = AHAP.encode(pattern)
      if FileManager.default.contents(atPath: path) == Data(text.utf8) { continue }
      ScratchFolders.setAside(path)
      try AtomicFile.writeNew(text, to: path)
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !names.contains(name) {
      ScratchFolders.setAside(url.appendingPathComponent(name).path)
    }
  }

  /// One pattern of 1-4 events, all ending by 1 s.
  static func randomPattern(_ rng: inout SplitMix64) -> HapticPattern {
    func centi(_ x: Double) -> Double { (x * 100).rounded() / 100 }
    var events: [HapticEvent] = []
    for _ in 0..<(1 + Int(rng.nextUnit() * 4)) {
      let intensity = 0.3 + 0.7 * rng.nextUnit(), sharpness = rng.nextUnit()
      if rng.nextUnit() < 0.6 {
        events.append(.transient(at: centi(rng.nextUnit() * 0.9), intensity: intensity, sharpness: sharpness))
      } else {
        let duration_s = centi(0.05 + 0.45 * rng.nextUnit())
        let start_s = centi(rng.nextUnit() * (1 - duration_s))
        events.append(
          .continuous(
            at: start_s, duration_s: duration_s, intensity: intensity, sharpness: sharpness,
            attackTime: centi(0.3 * duration_s * rng.nextUnit()), releaseTime: centi(0.3 * duration_s * rng.nextUnit()))
        )
      }
    }
    events.sort { $0.time_s < $1.time_s }
    return HapticPattern(version: 1, events: events, parameterCurves: [])
  }
}
