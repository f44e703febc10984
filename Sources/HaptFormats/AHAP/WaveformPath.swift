import HaptPatterns
/// Checks on `EventWaveformPath`, which is kept as text and never followed outside the
/// pattern's folder.
package enum WaveformPath {
  /// Whether `path` stays inside the folder it is relative to: not absolute (`/…`, `~…`,
  /// a Windows drive or UNC path), no `..` component, not empty.
  package static func isContained(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~"), !path.hasPrefix("\\") else {
      return false
    }
    if path.count >= 2, path.dropFirst().first == ":" { return false }
    let components = path.split(omittingEmptySubsequences: true) { $0 == "/" || $0 == "\\" }
    return !components.contains("..") && !path.contains("\0")
  }
}
