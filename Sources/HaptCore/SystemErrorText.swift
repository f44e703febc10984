import Foundation

/// The system's reason for a failed file operation, as a lower-case phrase in hapt's
/// style ("no space left on device", "permission denied"), for messages that name the
/// output and the cause.
package enum SystemErrorText {
  /// `strerror(code)` with its first letter in lower case.
  package static func phrase(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    guard let first = text.first else { return "error \(code)" }
    return first.lowercased() + text.dropFirst()
  }

  /// The reason of a Foundation file error: its POSIX cause when it has one, a full disk
  /// in words, else Foundation's own description.
  package static func phrase(_ error: Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return phrase(Int32(underlying.code))
    }
    if ns.domain == NSPOSIXErrorDomain { return phrase(Int32(ns.code)) }
    if ns.domain == NSCocoaErrorDomain, ns.code == CocoaError.fileWriteOutOfSpace.rawValue {
      return phrase(ENOSPC)
    }
    return ns.localizedDescription
  }
}
