/// The version of hapt and of its reference model.
package enum HaptVersion {
  /// The tool's version (semantic versioning).
  package static let string = "0.1.0"
  /// The version of the simulation and metric model (Docs/Model.md). Baselines recorded with
  /// another model version are reported as such, never silently compared.
  package static let model = "1"
}
