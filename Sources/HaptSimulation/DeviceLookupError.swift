import HaptCore

/// Why a device profile could not be found by name.
package enum DeviceLookupError: HaptError, Equatable {
  /// No profile has this name; `known` lists the names that exist, sorted.
  case unknownName(String, known: [String])
  /// No profile has this name, but the user's profile `file` is called `NAME.json`: its
  /// `name` field, which names it, is `profileName`.
  case namedOtherwise(String, file: String, profileName: String)
  /// The shipped profiles are not where hapt looks for them (``Corpora``).
  case shippedProfilesMissing

  package var description: String {
    switch self {
    case .unknownName(let name, let known):
      let hint = NearestName.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
      return
        "\(name): no such device\(hint) (known: \(known.joined(separator: ", ")); or give a path to a .json profile)"
    case .namedOtherwise(let name, let file, let profileName):
      return "\(name): no such device; \(file) is named '\(profileName)' (its \"name\" field names a profile, "
        + "not its file name): use \(profileName), or change its \"name\" to \(name)"
    case .shippedProfilesMissing:
      return "Corpora/devices: cannot find the shipped device profiles (the hapt_HaptCorpora resource bundle is "
        + "not beside the executable and the source tree is gone; set \(Corpora.corporaVariable) to a copy of Corpora/)"
    }
  }
}
