import Foundation
import HaptCore
import HaptPatterns
import HaptEvaluation
import HaptFormats

/// The files `hapt describe` reads from its arguments: each file itself, each folder
/// searched recursively for patterns and recordings (sorted), the shipped corpora by their
/// README spelling (`Corpora/library/x.ahap`), each named in output as the user spelled it.
struct DescribedFiles {
  /// A file to read (`path`) and the name to show for it (`shown`).
  struct File {
    var path: String
    var shown: String
  }

  var files: [File] = []
  /// Arguments that are not there (kind missing) or folders that hold nothing to describe.
  var failures: [InputError] = []
  /// What the folders held that is neither a pattern nor a recording, in one line.
  var skippedSummary: String?

  init(_ arguments: [String]) {
    var skipped: [String: Int] = [:]
    var excluded: [PatternFolder.Exclusion: [String]] = [:]
    for given in arguments {
      let path = Corpora.resolve(given)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        failures.append(InputError(file: given, "no such file or folder", kind: .missing))
        continue
      }
      guard isDirectory.boolValue else {
        files.append(File(path: path, shown: given))
        continue
      }
      let folder = PatternFolder(scanning: path, also: SignalSource.recordingExtensions)
      skipped.addSkipped(folder.skipped)
      excluded.merge(folder.excluded, uniquingKeysWith: +)
      if folder.patternFiles.isEmpty {
        failures.append(InputError(file: given, "holds no pattern or recording (.wav, .flac) files"))
      }
      for file in folder.patternFiles {
        let shown = file.hasPrefix(path) ? given + file.dropFirst(path.count) : file
        files.append(File(path: file, shown: shown))
      }
    }
    skippedSummary = PatternFolder.summary(skipped: skipped, excluded: excluded)
  }
}
