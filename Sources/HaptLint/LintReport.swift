import Foundation
import HaptCore
import HaptPatterns
import HaptFormats

/// The result of linting many files: findings per file and the files that could not be
/// read or decoded.
package struct LintReport: Sendable, Equatable {
  /// One checked path.
  package struct FileResult: Sendable, Equatable {
    package var file: String
    /// Findings in decode order, then structural and UX findings.
    package var findings: [LintFinding]
    /// Why the file could not be checked, or nil.
    package var error: InputError?
  }

  package var files: [FileResult] = []
  /// Files in the folders walked that are not patterns: extension -> count.
  package var skipped: [String: Int] = [:]
  /// Entries of the folders walked left out for another reason (symlinks, dotfiles...).
  package var excluded: [PatternFolder.Exclusion: [String]] = [:]

  package init(files: [FileResult] = [], skipped: [String: Int] = [:]) {
    self.files = files
    self.skipped = skipped
  }

  /// "skipped 39 .haps files: not a pattern format hapt reads ...", or nil.
  package var skippedSummary: String? { PatternFolder.summary(skipped: skipped, excluded: excluded) }

  /// Every finding, file by file.
  package var findings: [LintFinding] { files.flatMap(\.findings) }

  /// Files that could not be read or decoded.
  package var failures: [InputError] { files.compactMap(\.error) }

  /// The report as strict lint judges it: findings of rules with a
  /// ``LintRule/strictSeverity`` (an unknown key that drops content) take that severity.
  package func strict() -> LintReport {
    var copy = self
    for f in copy.files.indices {
      for k in copy.files[f].findings.indices {
        let finding = copy.files[f].findings[k]
        if let severity = LintRule.rule(id: finding.ruleID)?.strictSeverity {
          copy.files[f].findings[k].severity = severity
        }
      }
    }
    return copy
  }

  /// Number of findings of `severity`.
  package func count(_ severity: LintSeverity) -> Int {
    findings.filter { $0.severity == severity }.count
  }

  /// Lints every pattern file under `paths` (files, or folders searched recursively for
  /// `.ahap` and `.haptic` files, in sorted order). A file that fails never stops the
  /// others: its error is recorded and the walk goes on.
  package static func lint(paths: [String], limits: PatternLimits = PatternLimits()) -> LintReport {
    var report = LintReport()
    let expanded = expand(paths)
    report.skipped = expanded.skipped
    report.excluded = expanded.excluded
    for path in expanded.files {
      switch path {
      case .failure(let error):
        report.files.append(FileResult(file: error.file ?? "", findings: [], error: error))
      case .success(let file):
        do {
          let loaded = try PatternFile.load(path: file, limits: limits)
          var findings = loaded.findings + PatternLint.check(loaded.pattern, file: file, format: loaded.format)
          let locator = FindingLocator(
            bytes: (try? InputFile.read(loaded.path, maxBytes: limits.maxBytes)) ?? [], format: loaded.format,
            sources: loaded.sources)
          for i in findings.indices { findings[i].position = locator.position(of: findings[i].place) }
          report.files.append(FileResult(file: file, findings: findings, error: nil))
        } catch let error as InputError {
          report.files.append(FileResult(file: file, findings: [], error: error.inFile(file)))
        } catch {
          report.files.append(FileResult(file: file, findings: [], error: InputError(file: file, "\(error)")))
        }
      }
    }
    return report
  }

  /// The files to check: each path itself if it is a file, or the pattern files found
  /// recursively if it is a folder (sorted, at most 100,000 per folder); and what the
  /// folders held that is not a pattern.
  static func expand(
    _ paths: [String]
  ) -> (files: [Result<String, InputError>], skipped: [String: Int], excluded: [PatternFolder.Exclusion: [String]]) {
    var result: [Result<String, InputError>] = []
    var skipped: [String: Int] = [:]
    var excluded: [PatternFolder.Exclusion: [String]] = [:]
    let manager = FileManager.default
    for given in paths {
      let path = Corpora.resolve(given)  // the shipped corpora by their README spelling
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        result.append(.failure(InputError(file: path, "no such file or folder", kind: .missing)))
        continue
      }
      guard isDirectory.boolValue else {
        result.append(.success(given))
        continue
      }
      let folder = PatternFolder(scanning: path)
      skipped.addSkipped(folder.skipped)
      excluded.merge(folder.excluded, uniquingKeysWith: +)
      // Spelled as the user typed the folder (`Corpora/library/x.ahap`), which loading
      // resolves again, not as the resource bundle's path.
      result += folder.patternFiles.map { .success($0.hasPrefix(path) ? given + $0.dropFirst(path.count) : $0) }
    }
    return (result, skipped, excluded)
  }
}
