import Foundation
import HaptCorpora

/// Finds the corpora that ship with hapt: system presets (`system`), the pattern library
/// (`library`) and device profiles (`devices`).
///
/// Looked for, in order:
/// 1. the folder named by the `HAPT_CORPORA` environment variable (a whole replacement,
///    laid out like `Corpora/`);
/// 2. the package resource bundle `hapt_HaptCorpora` beside the running executable or in
///    the main bundle (what `swift build` and Xcode put next to `hapt` and test runners);
/// 3. `Corpora/` in the source tree the code was built from (a checkout, or a consumer
///    package's `.build/checkouts/hapt`).
///
/// The current folder plays no part, so `hapt` called through `PATH` finds the same files
/// from any folder. Users' own device profiles go in a separate folder named by
/// `HAPT_DEVICES` (``userDevicesDirectory(in:)``), searched before the shipped ones.
package enum Corpora {
  /// The environment variable naming a replacement corpora folder.
  package static let corporaVariable = "HAPT_CORPORA"
  /// The environment variable naming a folder of the user's own device profiles.
  package static let devicesVariable = "HAPT_DEVICES"

  /// The corpora folder, or nil if none is found; `HAPT_CORPORA` is read from
  /// `environment`.
  package static func directory(in environment: HaptEnvironment = .process) -> URL? {
    if let override = environment.folder(named: corporaVariable) { return override }
    return candidates().first { isDirectory($0.appendingPathComponent("devices")) }
  }

  /// A sub-folder of the corpora (`system`, `library`, `devices`, `calibration`), or nil.
  package static func directory(_ name: String, in environment: HaptEnvironment = .process) -> URL? {
    directory(in: environment)?.appendingPathComponent(name)
  }

  /// `path` itself if it exists; otherwise, for `Corpora` or `Corpora/...` (the spelling
  /// of the README's examples), the same path in the shipped corpora, so that `hapt lint
  /// Corpora/library` works from any folder. Anything else is returned unchanged.
  ///
  /// `environment` is read only for such a path: a corpus resolves each of its files, and
  /// reading the process's environment for each was a fifth of loading 10,000 patterns.
  package static func resolve(_ path: String, in environment: @autoclosure () -> HaptEnvironment = .process) -> String {
    guard !FileManager.default.fileExists(atPath: path) else { return path }
    let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    guard trimmed == "Corpora" || trimmed.hasPrefix("Corpora/"), let shipped = directory(in: environment()) else {
      return path
    }
    let rest = trimmed.dropFirst("Corpora".count)
    let candidate = shipped.path + rest
    return FileManager.default.fileExists(atPath: candidate) ? candidate : path
  }

  /// The folder of the user's own device profiles (`HAPT_DEVICES` in `environment`), or
  /// nil if unset.
  package static func userDevicesDirectory(in environment: HaptEnvironment = .process) -> URL? {
    environment.folder(named: devicesVariable)
  }

  /// Where the shipped corpora may be, most specific first.
  static func candidates() -> [URL] {
    var bundleFolders: [URL] = []
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      bundleFolders.append(executable.deletingLastPathComponent())
    }
    bundleFolders.append(Bundle.main.bundleURL)
    if let resources = Bundle.main.resourceURL { bundleFolders.append(resources) }
    var found: [URL] = []
    for folder in bundleFolders {
      #if canImport(Darwin)
        let bundle = folder.appendingPathComponent(ShippedCorpora.bundleName + ".bundle")
        if let resources = Bundle(url: bundle)?.resourceURL { found.append(resources) }
      #else
        found.append(folder.appendingPathComponent(ShippedCorpora.bundleName + ".resources"))
      #endif
    }
    found.append(ShippedCorpora.sourceDirectory)
    return found
  }

  private static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
