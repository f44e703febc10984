import Foundation
import HaptCore

extension DeviceProfile {
  /// The folder of shipped profiles (`devices` in the shipped corpora, `environment`'s
  /// `HAPT_CORPORA` if set).
  ///
  /// - Throws: ``DeviceLookupError/shippedProfilesMissing`` if the shipped
  ///   corpora are not found.
  package static func shippedDirectory(in environment: HaptEnvironment = .process) throws -> URL {
    guard let folder = Corpora.directory("devices", in: environment) else {
      throw DeviceLookupError.shippedProfilesMissing
    }
    return folder
  }

  /// Loads a profile by name or by path.
  ///
  /// An argument containing `/` or ending in `.json` is a path; anything else is a name:
  /// the `name` field of a shipped profile or of one in the user's folder
  /// (`HAPT_DEVICES` in `environment`, if set). A profile is named by its `name` field, never by its file
  /// name (``DeviceCatalog``).
  /// - Throws: ``DeviceLookupError`` if the name is unknown; ``InputError`` (kind
  ///   `malformed`) if a profile is malformed or a user profile takes a name already
  ///   taken, (`missing`) if a path is missing.
  package static func load(nameOrPath: String, in environment: HaptEnvironment = .process) throws -> DeviceProfile {
    if isPath(nameOrPath) {
      return try DeviceProfile(contentsOf: nameOrPath)
    }
    let catalog = try DeviceCatalog.current(in: environment)
    guard let profile = try catalog.profile(named: nameOrPath) else { throw catalog.unknown(nameOrPath) }
    return profile
  }

  /// The shipped or user profile whose `name` is exactly `name`, or nil; `name` is never
  /// read as a path.
  package static func available(
    named name: String, in environment: HaptEnvironment = .process
  ) throws
    -> DeviceProfile?
  {
    try DeviceCatalog.current(in: environment).profile(named: name)
  }

  /// Whether a device argument is a path (it contains `/` or ends in `.json`), not a name.
  package static func isPath(_ nameOrPath: String) -> Bool {
    nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
  }

  /// Every shipped profile, sorted by name.
  package static func shipped() throws -> [DeviceProfile] {
    try DeviceCatalog.profilePaths(in: shippedDirectory()).map { try DeviceProfile(contentsOf: $0) }
      .sorted { $0.name < $1.name }
  }

  /// Every profile a name can refer to: the shipped ones and the user's own
  /// (`HAPT_DEVICES`), sorted by name. This is what `hapt devices` lists and what the
  /// device selection `all` means.
  package static func available(in environment: HaptEnvironment = .process) throws -> [DeviceProfile] {
    try DeviceCatalog.current(in: environment).all()
  }

  /// The profiles a device selection names, in its order: each entry a name or a path,
  /// `all` every available profile in its place. A profile selected twice (by `all` and
  /// by name, say) is kept once, where it first appears.
  /// - Throws: the lookup error of the first entry that is not a profile.
  package static func selection(
    _ entries: [String], in environment: HaptEnvironment = .process
  ) throws
    -> [DeviceProfile]
  {
    var profiles: [DeviceProfile] = []
    var names = Set<String>()
    for entry in entries {
      let found = entry == "all" ? try available(in: environment) : [try load(nameOrPath: entry, in: environment)]
      for profile in found where names.insert(profile.name).inserted { profiles.append(profile) }
    }
    return profiles
  }
}
