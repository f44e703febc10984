import HaptBaselines
import Testing

/// Why a baseline row changed is a typed reason: worded as before, and stored in part files
/// without loss.
@Suite struct BaselineChangeReasonTests {
  /// One value of every case, with text that needs encoding (spaces, accents, colons).
  static let everyReason: [BaselineChangeReason] = [
    .notInBaseline, .notAtRevision("main~1", unreadable: false), .notAtRevision("v1.0: é", unreadable: true),
    .noLongerInCorpus, .otherModelVersion, .deviceProfileEdited("my phone:2"), .signalUnreadable("x.flac: bad"),
    .dPrimeOverTolerance(dPrime_JND: 2.6, tolerance_JND: 1), .detectShift(shift_s: -0.0124, tolerance_s: 0.005),
    .noLongerFelt, .nowFelt,
  ]

  @Test func wordsAreThoseOfTheReports() {
    #expect(
      Self.everyReason.map(\.description) == [
        "not in the baseline", "not at main~1", "unreadable at v1.0: é", "no longer in the corpus",
        "baseline from another model version", "device profile 'my phone:2' was edited",
        "baseline signal unreadable: x.flac: bad", "d' 2.6 JND >= 1.0", "detect -12.4 ms (tolerance 5.0 ms)",
        "no longer felt (was felt)", "now felt (was below threshold)",
      ])
  }

  @Test func fieldsRoundTripWithoutSpaces() {
    for reason in Self.everyReason {
      #expect(!reason.field.contains(" "), "\(reason.field)")
      #expect(BaselineChangeReason(field: Substring(reason.field)) == reason, "\(reason.field)")
    }
  }

  @Test func malformedFieldsAreRefused() {
    for field in ["", "nowFelt:1", "notAtRevision:bYQ==", "notAtRevision:bYQ==:2", "detectShift:zz:0", "unknown"] {
      #expect(BaselineChangeReason(field: Substring(field)) == nil, "\(field)")
    }
  }
}
