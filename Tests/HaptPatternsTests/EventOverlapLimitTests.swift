import HaptTestSupport
import Foundation
import HaptCore
import Testing

import HaptPatterns
import HaptFormats

/// Overlapping continuous events are rendered one by one, so their summed duration is
/// held to the pattern-time limit: 100,000 overlapping 30 s events (a 10 MB AHAP within
/// every other limit) took 29 s per device and state to render.
@Suite(.slow) struct EventOverlapLimitTests {
  static func load(continuous count: Int, duration_s: Double) throws -> LoadedPattern {
    let event = "{\"Event\":{\"Time\":0,\"EventType\":\"HapticContinuous\",\"EventDuration\":\(duration_s)}}"
    let text = "{\"Version\":1,\"Pattern\":[" + Array(repeating: event, count: count).joined(separator: ",") + "]}"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hapt-overlap-\(UUID()).ahap").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try PatternFile.load(path: path)
  }

  @Test func overlappingEventsPastAnHourInAllAreRefused() {
    do {
      _ = try Self.load(continuous: 100_000, duration_s: 30)
      Issue.record("100,000 overlapping 30 s events were accepted")
    } catch let error as InputError {
      #expect(error.limit == .patternTime_s(3600))
      #expect(error.message.contains("100000 continuous events last 3000000 s in all"), "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func overlappingEventsWithinAnHourInAllLoad() throws {
    #expect(try Self.load(continuous: 120, duration_s: 30).pattern.events.count == 120)
  }
}
