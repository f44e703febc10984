/// Where a decoded pattern's parts were written in its file: for each event, parameter
/// step and parameter curve of the ``HapticPattern`` (same order), the JSON path of the
/// entry it came from (`Pattern[3].Event`). Lint findings name model places
/// (`events[2]`); this turns them into places in the file.
package struct PatternSourceMap: Sendable, Equatable {
  package var events: [String] = []
  package var parameterSteps: [String] = []
  package var parameterCurves: [String] = []

  package init() {}

  /// The file place of a model place (`events[2].EventWaveformPath` gives
  /// `Pattern[3].Event.EventWaveformPath`), or nil when it names no mapped part.
  package func filePlace(of modelPlace: String) -> String? {
    for (prefix, places) in [
      ("events", events), ("parameterSteps", parameterSteps), ("parameterCurves", parameterCurves),
    ] {
      guard modelPlace.hasPrefix(prefix + "["), let close = modelPlace.firstIndex(of: "]") else { continue }
      let digits = modelPlace[modelPlace.index(modelPlace.startIndex, offsetBy: prefix.count + 1)..<close]
      guard let index = Int(digits), places.indices.contains(index) else { return nil }
      return places[index] + modelPlace[modelPlace.index(after: close)...]
    }
    return nil
  }
}
