import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptFormats

/// An Android composition's total length is held to the limit a waveform's is (and that
/// AHAP lint applies to the converted pattern), not only each delay.
@Suite struct AndroidLimitsTests {
  static func composition(delays: [Int]) -> String {
    let primitives = delays.map { "<primitive-effect name=\"click\" delayMs=\"\($0)\"/>" }.joined()
    return "<vibration-effect>\(primitives)</vibration-effect>\n"
  }

  @Test func aCompositionPastTheTimeLimitIsRefused() {
    let limits = PatternLimits()
    let limit_ms = Int(limits.maxTime_s * 1000)
    // Each delay is within the limit; together they are past it.
    let text = Self.composition(delays: [0, limit_ms])
    do {
      _ = try AndroidVibration.decode(text, file: "long.xml", limits: limits)
      Issue.record("a composition of \(limit_ms + 20) ms was accepted")
    } catch let error as InputError {
      #expect(error.message.contains("composition lasts"), "\(error)")
      #expect(error.limit == .patternTime_s(limits.maxTime_s))
      #expect(error.description.hasPrefix("long.xml: line 1"), "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func aCompositionWithinTheLimitDecodes() throws {
    let limit_ms = Int(PatternLimits().maxTime_s * 1000)
    let decoded = try AndroidVibration.decode(Self.composition(delays: [0, limit_ms - 100]), file: "ok.xml")
    #expect(
      decoded.vibration
        == AndroidVibration(
          .composition([AndroidPrimitive(.click), AndroidPrimitive(.click, delay_ms: limit_ms - 100)])))
  }
}
