import HaptMetrics
import HaptPatterns

/// One side of an explanation: a rendered signal's perceptual features and, when it came
/// from a pattern file, the pattern, its format and its file events as played. Every view
/// (`compare`, `baseline check`, HaptTesting's messages, the report, `confusion`) builds
/// its ``Explanation`` from two of these with ``Explanation/init(from:to:)``.
package struct ExplainedSide: Sendable {
  /// What a hand can feel of the render.
  package var features: PerceptualFeatures
  /// The pattern, when the side is a pattern file (nil for a recording or a stored signal).
  package var pattern: HapticPattern?
  /// The file's format (its extension, lower case), when it is a pattern file; edits are
  /// told only between two files of one format.
  package var format: String?
  /// The file's events as played (their times after the engine latency), to name a felt
  /// change by the file's own event numbers.
  package var eventNames: FileEventNames?
  /// The device's drive band, Hz; nil when it has no frequency control (an ERM).
  package var band_Hz: ClosedRange<Double>?

  package init(
    features: PerceptualFeatures, pattern: HapticPattern? = nil, format: String? = nil,
    eventNames: FileEventNames? = nil, band_Hz: ClosedRange<Double>? = nil
  ) {
    self.features = features
    self.pattern = pattern
    self.format = format?.lowercased()
    self.eventNames = eventNames
    self.band_Hz = band_Hz
  }
}

extension Explanation {
  /// Smallest term of d' listed as a felt change, JND: smaller terms change nothing a
  /// person feels.
  package static let listedChange_JND = 0.1
  /// How much more than d' the felt changes on the file's matching of events may add up
  /// to (their Euclidean sum, as a fraction of d') for the explanation to tell them on
  /// that matching.
  package static let fileMatchingSlack = 0.25

  /// The explanation of `new` against `old`: d', the felt changes named by the files'
  /// events, and, when both are pattern files of one format, the edits of the file with
  /// why each unfelt one is not felt. The one place every view builds it.
  ///
  /// With the edits known, the felt changes are told on the designer's matching: a felt
  /// event holding one of the file's events is compared with the felt event that holds
  /// the same event in the other version (``FileEventNames/anchors(old:new:matched:)``),
  /// so an event added between two others is the one added and a moved one is moved,
  /// whatever pairing d' itself found. Only while that matching explains the difference
  /// about as well as d''s own (its terms add up to at most ``fileMatchingSlack`` more
  /// than d'): otherwise a person would not feel the file's matching, and the changes are
  /// d''s terms.
  package init(from old: ExplainedSide, to new: ExplainedSide) {
    let dPrime = Distinguishability.dPrime(old.features, new.features)
    let sameFormat = old.format != nil && old.format == new.format
    var edits: PatternEdits?
    var anchors: [(reference: Int, candidate: Int)]?
    if sameFormat, let oldPattern = old.pattern, let newPattern = new.pattern {
      let found = PatternDiff.edits(from: oldPattern, to: newPattern)
      edits = found
      if let oldNames = old.eventNames, let newNames = new.eventNames {
        anchors = FileEventNames.anchors(
          old: oldNames.numbers(in: old.features), new: newNames.numbers(in: new.features),
          matched: found.matchedEvents)
      }
    }
    // Every term on the file's matching (to weigh it against d'), then the listed ones.
    var terms: [PerceptualChange]?
    if let given = anchors {
      let all = Distinguishability.changes(from: old.features, to: new.features, anchors: given)
      let total = all.map { $0.dPrime_JND * $0.dPrime_JND }.reduce(0, +).squareRoot()
      if total <= dPrime * (1 + Self.fileMatchingSlack) {
        terms = all.filter { $0.dPrime_JND >= Self.listedChange_JND }
      }
    }
    let felt = FileEventNames.name(
      terms ?? Distinguishability.changes(from: old.features, to: new.features, minimum_JND: Self.listedChange_JND),
      reference: (old.features, old.eventNames), candidate: (new.features, new.eventNames))
    self.init(
      old: sameFormat ? old.pattern : nil, new: sameFormat ? new.pattern : nil, felt: felt, dPrime_JND: dPrime,
      newNames: new.eventNames, newFeatures: new.features, band_Hz: new.band_Hz, edits: edits)
  }

  /// How a render with `features` feels against one with `reference`, the one-line
  /// summary every view gives ("the port feels weaker and duller than the original"):
  /// ``summary(_:_:)`` of their explanation, the two named `referenceName` and `name`.
  package static func howItFeels(
    _ features: PerceptualFeatures, against reference: PerceptualFeatures, _ name: String,
    against referenceName: String
  ) -> String {
    Explanation(from: ExplainedSide(features: reference), to: ExplainedSide(features: features))
      .summary(referenceName, name)
  }

  /// Every line under a verdict, in the order every view prints them: the edits of the
  /// file, then the felt changes, then the edits not felt with why.
  package var lines: [String] { editLines + feltLines + unfeltLines }

  /// The explanation as text, the same in every view that prints lines (`compare`,
  /// `baseline check`, HaptTesting's messages): how `nameB` feels against `nameA`, what
  /// changed in the file, what a person would feel, and the edits not felt, each list
  /// indented under its heading.
  package func textLines(_ nameA: String = "A", _ nameB: String = "B") -> [String] {
    var text = ["how they feel: " + summary(nameA, nameB)]
    if let edits {
      if edits.isEmpty {
        text.append("what changed in the file: nothing (the same events and controls)")
      } else {
        text.append("what changed in the file, from \(nameA) to \(nameB):")
        text += editLines.map { "  " + $0 }
      }
    }
    if felt.isEmpty {
      text.append("what a person would feel: no difference")
    } else {
      text.append("what a person would feel, from \(nameA) to \(nameB):")
      text += feltLines.map { "  " + $0 }
    }
    if !unfeltLines.isEmpty {
      text.append("edits not felt:")
      text += unfeltLines.map { "  " + $0 }
    }
    return text
  }
}
