import HaptCore

/// Why a device profile could not be found by name.
package enum DeviceLookupError: HaptError, Equatable {
  /// No profile has this name; `known` lists the names that exist, sorted.
  case unknownName(String, known: [String])
  /// The shipped profiles are not where hapt looks for them (``Corpora``).
  case shippedProfilesMissing

  package var description: String {
    switch self {
    case .unknownName(let name, let known):
      return "\(name): no such device (known: \(known.joined(separator: ", ")); or give a path to a .json profile)"
    case .shippedProfilesMissing:
      return "Corpora/devices: cannot find the shipped device profiles (the hapt_HaptCorpora resource bundle is "
        + "not beside the executable and the source tree is gone; set \(Corpora.corporaVariable) to a copy of Corpora/)"
    }
  }
}
