import HaptMetrics
import HaptPatterns
import HaptAndroid
import HaptSimulation
import HaptEvaluation
import HaptCore

extension OutputFolderKind {
  /// A report shard's part (a sharded `hapt report`); before marker files, one holding
  /// `part.txt`.
  package static let reportPart = OutputFolderKind(
    name: "report part", legacyFiles: [ShardPart.fileName], legacyExtensions: ["txt", "csv", "html", "svg", "json"])
}
