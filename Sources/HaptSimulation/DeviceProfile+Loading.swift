import Foundation
import HaptCore

extension DeviceProfile {
  /// The folder of shipped profiles (`devices` in the shipped corpora).
  ///
  /// - Throws: ``DeviceLookupError/shippedProfilesMissing`` if the shipped
  ///   corpora are not found.
  package static func shippedDirectory() throws -> URL {
    guard let folder = Corpora.directory("devices") else { throw DeviceLookupError.shippedProfilesMissing }
    return folder
  }

  /// Loads a profile by name or by path.
  ///
  /// An argument containing `/` or ending in `.json` is a path; anything else is a name,
  /// looked up as `NAME.json` first in the user's folder (`HAPT_DEVICES`, if set), then
  /// among the shipped profiles.
  /// - Throws: ``DeviceLookupError/unknownName(_:known:)`` if the name is
  ///   unknown; ``InputError`` (kind `malformed`) if the profile is malformed, (`missing`) if a path is missing.
  package static func load(nameOrPath: String) throws -> DeviceProfile {
    if isPath(nameOrPath) {
      return try DeviceProfile(contentsOf: nameOrPath)
    }
    let paths = try availablePaths()
    guard let path = paths[nameOrPath] else {
      throw DeviceLookupError.unknownName(nameOrPath, known: paths.keys.sorted())
    }
    return try DeviceProfile(contentsOf: path)
  }

  /// The shipped or user profile whose file is `NAME.json` for exactly `name`, or nil;
  /// `name` is never read as a path.
  package static func available(named name: String) throws -> DeviceProfile? {
    try availablePaths()[name].map { try DeviceProfile(contentsOf: $0) }
  }

  /// Whether a device argument is a path (it contains `/` or ends in `.json`), not a name.
  package static func isPath(_ nameOrPath: String) -> Bool {
    nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
  }

  /// Every shipped profile, sorted by name.
  package static func shipped() throws -> [DeviceProfile] {
    try profilePaths(in: shippedDirectory()).map { try DeviceProfile(contentsOf: $0) }
      .sorted { $0.name < $1.name }
  }

  /// Every profile a name can refer to: the shipped ones and the user's own (`HAPT_DEVICES`),
  /// a user profile replacing a shipped one of the same file name; sorted by name.
  package static func available() throws -> [DeviceProfile] {
    try availablePaths().values.map { try DeviceProfile(contentsOf: $0) }.sorted { $0.name < $1.name }
  }

  /// File name without `.json` -> path, user profiles over shipped ones.
  private static func availablePaths() throws -> [String: String] {
    var paths: [String: String] = [:]
    for path in try profilePaths(in: shippedDirectory()) { paths[profileName(path)] = path }
    if let user = Corpora.userDevicesDirectory() {
      for path in try profilePaths(in: user) { paths[profileName(path)] = path }
    }
    return paths
  }

  private static func profileName(_ path: String) -> String {
    URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  }

  private static func profilePaths(in folder: URL) throws -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw InputError(file: folder.path, "cannot list the folder", kind: .missing)
    }
    return names.filter { $0.hasSuffix(".json") }.sorted()
      .map { folder.appendingPathComponent($0).path }
  }
}
