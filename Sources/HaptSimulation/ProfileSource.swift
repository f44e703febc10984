/// Where one number, or a group of numbers, of a device profile comes from: one entry of
/// a profile's optional `sources` list (Docs/Devices.md, "Where the numbers come from").
///
/// An entry names the fields it covers by their dotted paths in the profile
/// (`actuator.movingMass_kg`), or a whole group by a prefix (`latency` covers every
/// `latency.*` number). When several entries cover a number, the one naming the longest
/// path wins, and of equally long ones the last: a later, more specific entry overrides a
/// group's (`hapt fit` appends the fields it measured).
package struct ProfileSource: Equatable, Sendable {
  /// What kind of source a number has.
  package enum Kind: String, CaseIterable, Sendable {
    /// A published document (a specification page, platform source code, a guide).
    case document
    /// A component's datasheet.
    case datasheet
    /// A peer-reviewed paper or a thesis.
    case paper
    /// A measurement (a recording `hapt fit` fitted, a bench test).
    case measurement
    /// Computed from other numbers of the profile or of its sources.
    case derivation
    /// A choice of the simulation, not a property of the device (the sample rate).
    case setting
    /// Nobody publishes it: a guess, ideally with its plausible range.
    case guess
  }

  /// Dotted paths of the fields or groups covered, at least one.
  package var fields: [String]
  /// The kind of source.
  package var kind: Kind
  /// The citation (document, file and commit, datasheet, paper) or the reasoning.
  package var source: String
  /// For a guess of one number: the range it plausibly lies in, in the field's unit.
  package var range: ClosedRange<Double>?
  /// For a guess: each covered number plausibly lies within value / factor ... value x
  /// factor (factor > 1). Used when `range` is absent.
  package var rangeFactor: Double?

  package init(
    fields: [String], kind: Kind, source: String, range: ClosedRange<Double>? = nil, rangeFactor: Double? = nil
  ) {
    self.fields = fields
    self.kind = kind
    self.source = source
    self.range = range
    self.rangeFactor = rangeFactor
  }

  /// Whether this entry covers the number at `path` (the path itself or a group above it).
  package func covers(_ path: String) -> String? {
    fields.filter { $0 == path || path.hasPrefix($0 + ".") }.max { $0.count < $1.count }
  }

  /// The plausible range of the number `value` this entry covers, if it states one.
  package func plausibleRange(of value: Double) -> ClosedRange<Double>? {
    if let range { return range }
    guard let f = rangeFactor, value > 0 else { return nil }
    return (value / f)...(value * f)
  }
}

/// One number of a profile with the source that covers it (nil when none does).
package struct SourcedNumber: Equatable, Sendable {
  /// The number's dotted path, `actuator.movingMass_kg`.
  package var field: String
  /// Its value, in the unit its name carries.
  package var value: Double
  /// The entry covering it, or nil.
  package var source: ProfileSource?

  /// Whether the number rests on a guess.
  package var isGuess: Bool { source?.kind == .guess }

  /// The plausible range a guess states, if any.
  package var plausibleRange: ClosedRange<Double>? { source?.plausibleRange(of: value) }
}
