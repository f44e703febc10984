import Foundation

/// The hidden sibling a write goes to before it is moved into place: `.NAME.tmp-PID-TAG`
/// beside `NAME`. ``AtomicFolder/recover(at:)`` removes those of processes that no longer
/// run, so every temporary file or folder hapt writes is named here.
package enum TemporarySibling {
  /// The sibling of `target` for this process; `tag` (default: a random hexadecimal
  /// token) tells several of one process apart.
  package static func url(for target: URL, tag: String? = nil) -> URL {
    let tag = tag ?? String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return target.deletingLastPathComponent().appendingPathComponent(
      prefix(for: target.lastPathComponent) + "\(ProcessInfo.processInfo.processIdentifier)-\(tag)")
  }

  /// What the temporary siblings of a file or folder named `name` start with; the
  /// writer's process id follows.
  package static func prefix(for name: String) -> String { ".\(name).tmp-" }
}
