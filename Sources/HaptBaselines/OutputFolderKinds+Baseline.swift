import HaptCore

extension OutputFolderKind {
  /// A baseline folder (`hapt baseline record`, its shard parts, `hapt merge` of them);
  /// before marker files, one holding `manifest.json`.
  package static let baseline = OutputFolderKind(
    name: "baseline", legacyFiles: [BaselineManifest.fileName], legacyExtensions: ["json", "flac"],
    addedLater: [BaselineShardParts.recordMarker])
  /// A baseline check shard's part (a sharded `hapt baseline check`); before marker
  /// files, one holding `check.txt`.
  package static let baselineCheckPart = OutputFolderKind(
    name: "baseline check part", legacyFiles: [BaselineCheckPart.fileName],
    legacyExtensions: ["txt", "csv", "json", "xml"])
}
