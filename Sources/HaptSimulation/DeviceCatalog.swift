import Foundation
import HaptCore

/// The profiles a device name can refer to, and the one rule that names them: **a profile
/// is named by its `name` field**, in every command, whatever its file is called.
///
/// Shipped profiles are `Corpora/devices/NAME.json`, each file called by its name (a test
/// keeps it so). The user's own profiles are every `.json` file in the folder named by
/// `HAPT_DEVICES`, each named by its `name` field. A user profile may not take a name
/// that is taken already, by a shipped profile or by another user profile: that is an
/// error naming both files, never a silent replacement (a copy of `erm-phone.json` saved
/// as `my-phone.json` is still called `erm-phone` until its `name` is changed).
package struct DeviceCatalog: Sendable {
  /// Shipped profile name (= file base name) -> path.
  package var shipped: [String: String]
  /// User profiles by their `name` field.
  package var user: [String: (path: String, profile: DeviceProfile)]

  /// The catalog for `environment` (the shipped corpora and its `HAPT_DEVICES`).
  /// - Throws: ``DeviceLookupError/shippedProfilesMissing``; ``InputError`` for a user
  ///   profile that is malformed or whose name is taken.
  package static func current(in environment: HaptEnvironment = .process) throws -> DeviceCatalog {
    try DeviceCatalog(
      shippedFolder: DeviceProfile.shippedDirectory(in: environment),
      userFolder: Corpora.userDevicesDirectory(in: environment))
  }

  /// The catalog of the profiles in two folders.
  /// - Throws: ``InputError`` for a user profile that is malformed or whose name is taken.
  package init(shippedFolder: URL, userFolder: URL?) throws {
    shipped = [:]
    for path in try Self.profilePaths(in: shippedFolder) {
      shipped[URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent] = path
    }
    user = [:]
    // HAPT_DEVICES naming the shipped folder itself adds nothing.
    guard let userFolder, userFolder.standardizedFileURL.path != shippedFolder.standardizedFileURL.path else { return }
    for path in try Self.profilePaths(in: userFolder) {
      let profile = try DeviceProfile(contentsOf: path)
      if let other = shipped[profile.name] {
        throw InputError(
          file: path,
          "is named '\(profile.name)' (its \"name\" field), the name of the shipped profile \(other): give it a "
            + "name of its own (a profile is named by its \"name\" field, not by its file name)")
      }
      if let other = user[profile.name] {
        throw InputError(
          file: path,
          "is named '\(profile.name)' (its \"name\" field) like \(other.path): give each profile a name of its own")
      }
      user[profile.name] = (path, profile)
    }
  }

  /// Every name, sorted.
  package var names: [String] { (Array(shipped.keys) + Array(user.keys)).sorted() }

  /// The profile named `name`, or nil.
  package func profile(named name: String) throws -> DeviceProfile? {
    if let mine = user[name] { return mine.profile }
    return try shipped[name].map { try DeviceProfile(contentsOf: $0) }
  }

  /// Every profile, sorted by name.
  package func all() throws -> [DeviceProfile] {
    try names.compactMap { try profile(named: $0) }
  }

  /// The error for a name no profile has; when a user profile's file is called `name`
  /// but its `name` field says otherwise, the error says so.
  package func unknown(_ name: String) -> DeviceLookupError {
    if let match = user.first(where: {
      URL(fileURLWithPath: $0.value.path).deletingPathExtension().lastPathComponent == name
    }) {
      return .namedOtherwise(name, file: match.value.path, profileName: match.key)
    }
    return .unknownName(name, known: names)
  }

  /// The `.json` files of a folder, sorted.
  static func profilePaths(in folder: URL) throws -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      // Say why: a file where a folder is expected, a missing folder, no permission.
      var status = stat()
      let why: String
      if stat(folder.path, &status) != 0 {
        why = SystemErrorText.phrase(errno)
      } else if (status.st_mode & S_IFMT) != S_IFDIR {
        why = "it is a file, not a folder of device profiles"
      } else {
        why = SystemErrorText.phrase(error)
      }
      throw InputError(file: folder.path, "cannot list the folder: \(why)", kind: .missing)
    }
    return names.filter { $0.hasSuffix(".json") }.sorted()
      .map { folder.appendingPathComponent($0).path }
  }
}
