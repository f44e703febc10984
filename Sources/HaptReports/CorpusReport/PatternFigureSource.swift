import Foundation
import HaptEvaluation

/// Where each pattern page's figures (``PatternFigures``) and sound (``PatternAudio``) come
/// from: this run's primary renders, or the files the shards of a sharded run wrote for
/// their own patterns (so that a merge renders nothing).
package struct PatternFigureSource: Sendable {
  /// Pattern `i`'s figure blocks (corpus index).
  var blocks: @Sendable (Int) -> [ReportBlock]
  /// Pattern `i`'s WAV file, nil when it has nothing to hear.
  var audio: @Sendable (Int) -> Data?
  /// Whether pattern `i` has a WAV file (without making it).
  var isAudible: @Sendable (Int) -> Bool

  /// The figures of `e`'s primary renders (empty for a pattern without one).
  static func renders(_ e: CorpusEvaluation) -> PatternFigureSource {
    renders(
      primary: e.primary, measurements: e.measurements, perPattern: e.options.devices.count * e.options.states.count)
  }

  /// The figures of `primary` (one render per pattern), each with the first of its
  /// `perPattern` `measurements`.
  static func renders(
    primary: [RenderedPattern], measurements: [PatternMeasurement], perPattern: Int
  )
    -> PatternFigureSource
  {
    @Sendable func audible(_ i: Int) -> Bool {
      i < primary.count && primary[i].rendering.silenceReason == nil
        && PatternAudio.isAudible(primary[i].rendering.acceleration_g)
    }
    return PatternFigureSource(
      blocks: { i in
        guard i < primary.count, perPattern > 0, i * perPattern < measurements.count else { return [] }
        return PatternFigures.blocks(primary[i], measurement: measurements[i * perPattern])
      },
      audio: { i in audible(i) ? PatternAudio.wav(primary[i].rendering.acceleration_g) : nil },
      isAudible: audible)
  }

  /// The figures a shard wrote into its part folder for its patterns
  /// (``fragmentPath(_:)``, ``audioPath(_:)``): `folder(i)` is the part folder of
  /// pattern `i`'s shard.
  package static func parts(_ folder: @escaping @Sendable (Int) -> String) -> PatternFigureSource {
    @Sendable func file(_ i: Int, _ relative: String) -> String {
      URL(fileURLWithPath: folder(i)).appendingPathComponent(relative).path
    }
    return PatternFigureSource(
      blocks: { i in
        let markup = (try? ShardMerge.readText(file(i, fragmentPath(i)))) ?? ""
        return markup.isEmpty ? [] : [.html(.trusted(markup))]
      },
      audio: { i in FileManager.default.contents(atPath: file(i, audioPath(i))) },
      isAudible: { i in FileManager.default.fileExists(atPath: file(i, audioPath(i))) })
  }

  /// Pattern `i`'s figure markup in a part folder.
  package static func fragmentPath(_ i: Int) -> String { "figures/\(i).html" }
  /// Pattern `i`'s WAV file in a part folder.
  package static func audioPath(_ i: Int) -> String { "figures/\(i).wav" }

  /// Adds the figures of `indices` (corpus indices) to a part folder: each pattern's
  /// figure markup (the blocks' markup joined, as a page holds them) and its WAV when audible.
  func addFragments(_ indices: [Int], to folder: inout ReportFolder, threads: Int) {
    let blocks = self.blocks
    folder.addGenerated(indices.map(Self.fragmentPath), threads: threads) { k in
      blocks(indices[k]).map(\.html.markup).joined()
    }
    let audible = indices.filter(isAudible)
    let audio = self.audio
    folder.addGeneratedData(audible.map(Self.audioPath), threads: threads) { k in audio(audible[k]) }
  }
}
