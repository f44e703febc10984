import HaptCore

/// Why a baseline could not be recorded.
package enum BaselineError: HaptError, Equatable {
  /// The folder exists already and replacing it was not asked for.
  case alreadyExists(folder: String)

  package var description: String {
    switch self {
    case .alreadyExists(let folder): return "\(folder): a baseline exists here already"
    }
  }
}
