import Foundation

/// Raw writes to the standard streams, for the few places that bypass ``Console``.
enum FileHandleWriter {
  static func stderr(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
