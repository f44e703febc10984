import Foundation

extension DeviceProfile {
  /// The folder of shipped profiles, `Corpora/devices`.
  ///
  /// - Throws: ``InputError`` (exit 66) if no corpora folder is found.
  public static func shippedDirectory() throws -> URL {
    guard let folder = Corpora.directory("devices") else {
      throw InputError(
        file: "Corpora/devices",
        "cannot find the shipped device profiles (run from the hapt checkout or set HAPT_CORPORA)",
        status: .noInput)
    }
    return folder
  }

  /// Loads a profile by name (`Corpora/devices/NAME.json`) or by path.
  ///
  /// An argument containing `/` or ending in `.json` is a path; anything else is a name.
  /// - Throws: ``InputError``: exit 66 with the list of known names if the name is
  ///   unknown, 65 if the profile is malformed.
  public static func load(nameOrPath: String) throws -> DeviceProfile {
    if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
      return try DeviceProfile(contentsOf: nameOrPath)
    }
    let folder = try shippedDirectory()
    let path = folder.appendingPathComponent(nameOrPath + ".json").path
    guard FileManager.default.fileExists(atPath: path) else {
      let known =
        (try? shippedPaths(in: folder))?.map {
          URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent
        } ?? []
      throw InputError(
        file: nameOrPath,
        "no such device (known: \(known.joined(separator: ", ")); or give a path to a .json profile)",
        status: .noInput)
    }
    return try DeviceProfile(contentsOf: path)
  }

  /// Every profile in `Corpora/devices`, sorted by name.
  public static func shipped() throws -> [DeviceProfile] {
    let folder = try shippedDirectory()
    return try shippedPaths(in: folder).map { try DeviceProfile(contentsOf: $0) }
      .sorted { $0.name < $1.name }
  }

  private static func shippedPaths(in folder: URL) throws -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw InputError(file: folder.path, "cannot list the folder", status: .noInput)
    }
    return names.filter { $0.hasSuffix(".json") }.sorted()
      .map { folder.appendingPathComponent($0).path }
  }
}
