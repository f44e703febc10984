import Foundation
import HaptEvaluation

/// Where each pattern page's figures (``PatternFigures``) and sound (``PatternAudio``) come
/// from: this run's primary renders, or the files the shards of a sharded run wrote for
/// their own patterns (so that a merge renders nothing).
package struct PatternFigureSource: Sendable {
  /// Pattern `i`'s figure blocks (corpus index).
  var blocks: @Sendable (Int) -> [ReportBlock]
  /// Pattern `i`'s sound file (FLAC), nil when it has nothing to hear.
  var audio: @Sendable (Int) -> Data?
  /// Whether pattern `i` has a sound file (without making it).
  var isAudible: @Sendable (Int) -> Bool
  /// Where pattern `i`'s sound file is already written (a part's), for the report to link
  /// instead of copying; nil when the sounds are made (``audio``).
  var audioFile: (@Sendable (Int) -> String?)? = nil

  /// The figures of `e`'s primary renders, each made again when its page is written
  /// (empty for a pattern without one).
  static func renders(_ e: CorpusEvaluation) -> PatternFigureSource {
    let perPattern = e.options.devices.count * e.options.states.count
    let (renders, measurements) = (e.primaryRenders, e.measurements)
    return self.renders(
      render: { i in renders.flatMap { i < $0.count ? $0.render(i) : nil } },
      measurement: { i in
        perPattern > 0 && i * perPattern < measurements.count ? measurements[i * perPattern] : nil
      })
  }

  /// The figures of pattern `i`'s primary render `render(i)` (made when a page's figures,
  /// sound or whether it has one are asked for; nil: none), with its measurement on the
  /// primary device in the first state, `measurement(i)`.
  static func renders(
    render: @escaping @Sendable (Int) -> RenderedPattern?,
    measurement: @escaping @Sendable (Int) -> PatternMeasurement?
  ) -> PatternFigureSource {
    @Sendable func audible(_ rendered: RenderedPattern) -> Bool {
      rendered.rendering.silenceReason == nil && PatternAudio.isAudible(rendered.rendering.acceleration_g)
    }
    return PatternFigureSource(
      blocks: { i in
        guard let m = measurement(i), let rendered = render(i) else { return [] }
        return PatternFigures.blocks(rendered, measurement: m)
      },
      audio: { i in render(i).flatMap { audible($0) ? PatternAudio.flac($0.rendering.acceleration_g) : nil } },
      isAudible: { i in render(i).map(audible) ?? false })
  }

  /// The figures a shard wrote into its part folder for its patterns
  /// (``fragmentPath(_:)``, ``audioPath(_:)``): `folder(i)` is the part folder of
  /// pattern `i`'s shard.
  package static func parts(_ folder: @escaping @Sendable (Int) -> String) -> PatternFigureSource {
    @Sendable func file(_ i: Int, _ relative: String) -> String {
      URL(fileURLWithPath: folder(i), isDirectory: true).appendingPathComponent(relative, isDirectory: false).path
    }
    // A pattern has a sound where its shard wrote one.
    @Sendable func audioFile(_ i: Int) -> String? {
      let path = file(i, audioPath(i))
      return FileManager.default.fileExists(atPath: path) ? path : nil
    }
    return PatternFigureSource(
      blocks: { i in
        let markup = (try? ShardMerge.readText(file(i, fragmentPath(i)))) ?? ""
        return markup.isEmpty ? [] : [.html(.trusted(markup))]
      },
      audio: { i in audioFile(i).flatMap(FileManager.default.contents) },
      isAudible: { i in audioFile(i) != nil },
      audioFile: audioFile)
  }

  /// Pattern `i`'s figure markup in a part folder.
  package static func fragmentPath(_ i: Int) -> String { "figures/\(i).html" }
  /// Pattern `i`'s sound file in a part folder.
  package static func audioPath(_ i: Int) -> String { "figures/\(i).flac" }

  /// Adds the figures of `indices` (corpus indices) to a part folder: each pattern's
  /// figure markup (the blocks' markup joined, as a page holds them) and its sound when audible.
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
