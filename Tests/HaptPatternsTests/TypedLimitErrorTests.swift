import HaptCore
import HaptPatterns
import Testing
import HaptFormats

/// A pattern over a limit fails with an ``InputError`` whose ``InputLimit`` says which
/// limit and its value (a test can match on it), and whose message names no option of the
/// command line (the command line adds that).
@Suite struct TypedLimitErrorTests {
  static func decodeError(_ text: String, limits: PatternLimits) -> InputError? {
    do {
      _ = try AHAP.decode(text, file: "p.ahap", limits: limits)
      return nil
    } catch {
      return error as? InputError
    }
  }

  static let threeEvents = """
    {"Pattern": [
      {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}},
      {"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventParameters": []}},
      {"Event": {"Time": 7200, "EventType": "HapticTransient", "EventParameters": []}}
    ]}
    """

  @Test func tooManyEntriesCarriesTheEventLimit() throws {
    let error = try #require(Self.decodeError(Self.threeEvents, limits: PatternLimits(maxEvents: 2)))
    #expect(error.limit == .events(2))
    #expect(error.isBadData)
    #expect(error.description == "p.ahap: Pattern: 3 entries, over the limit of 2")
  }

  @Test func lateTimeCarriesTheTimeLimit() throws {
    let error = try #require(Self.decodeError(Self.threeEvents, limits: PatternLimits(maxTime_s: 3600)))
    #expect(error.limit == .patternTime_s(3600))
    #expect(!error.description.contains("--"))
  }

  @Test func lofeltBreakpointsCarryTheControlPointLimit() throws {
    let text = """
      {"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {}, "signals": {"continuous": {"envelopes": {
        "amplitude": [{"time": 0, "amplitude": 0.2}, {"time": 0.1, "amplitude": 0.8}, {"time": 0.2, "amplitude": 0}]}}}}
      """
    do {
      _ = try LofeltHaptic.decode(Array(text.utf8), file: "w.haptic", limits: PatternLimits(maxControlPoints: 2))
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(error.limit == .controlPoints(2))
      #expect(!error.description.contains("--"))
    }
    _ = try LofeltHaptic.decode(Array(text.utf8), file: "w.haptic", limits: PatternLimits(maxControlPoints: 3))
  }

  @Test func withinTheLimitsThereIsNoError() {
    #expect(Self.decodeError(Self.threeEvents, limits: PatternLimits(maxEvents: 3, maxTime_s: 7200)) == nil)
  }
}
