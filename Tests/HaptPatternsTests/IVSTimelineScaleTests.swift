import HaptCore
import HaptTestSupport
import Testing

@testable import HaptPatterns
@testable import HaptFormats

/// The IVS timeline at depth: repeat events nested 10,000 levels deep (each starting
/// inside the previous one, a 0.5 MB file) decode without recursion, and random timelines
/// play exactly as the straightforward recursive expansion says (``ReferenceTimeline``).
@Suite struct IVSTimelineScaleTests {
  /// A timeline of `depth` repeat events, the k-th from k ms for 100,000 - 2k ms, each
  /// repeated `count` times, and one launch inside the innermost.
  static func nested(depth: Int, count: Int) -> String {
    var xml = """
      <ivs-file><effects><basis-effect name="T" type="magsweep" duration="10" magnitude="10000"/>
      <timeline-effect name="deep">
      """
    for k in 0..<depth {
      xml += "<repeat-event time=\"\(k)\" count=\"\(count)\" duration=\"\(100_000 - 2 * k)\"/>\n"
    }
    xml += "<launch-event effect=\"T\" time=\"\(depth)\"/></timeline-effect></effects></ivs-file>"
    return xml
  }

  @Test func tenThousandNestedRepeatsDecode() throws {
    let xml = Self.nested(depth: 10_000, count: 0)
    #expect(xml.utf8.count > 500_000)
    let hertz = try ImmersionIVS.decode(xml, file: "deep.ivs").pattern
    #expect(hertz.vibrations.map { ($0.start_s * 1000).rounded() } == [10_000])
  }

  @Test func tenThousandNestedRepeatingSpansHitTheLimit() throws {
    let error = try #require(throws: InputError.self) {
      try ImmersionIVS.decode(Self.nested(depth: 10_000, count: 1), file: "deep.ivs")
    }
    #expect(error.file == "deep.ivs")
    #expect(error.description.contains("plays more than 100000 effects"))
  }

  /// Seeded random timelines (nested and overlapping spans, launches at shared times)
  /// against the recursive reference: the same launches at the same times in the same order.
  @Test func randomTimelinesMatchTheRecursiveExpansion() throws {
    var random = SplitMix64(seed: 33)
    let cases = FuzzCasesCount.timelines
    for _ in 0..<cases {
      let repeats = (0..<Int(random.next() % 6)).map { _ in
        IVSRepeat(
          time_ms: Double(random.next() % 100), duration_ms: Double(1 + random.next() % 80),
          count: Int(random.next() % 3))
      }
      let times = (0..<Int(1 + random.next() % 8)).map { _ in Double(random.next() % 20) * 5 }
      let expected = try ReferenceTimeline(repeats: repeats, limit: 10_000).schedule(times)
      let launches = times.enumerated().map { i, t in
        IVSLaunch(
          time_ms: t, effect: IVSBasisEffect(name: "e\(i)", kind: .magsweep, duration_ms: 10, magnitude: 1, line: 1),
          overrides: IVSOverrides())
      }
      let played = try IVSTimeline(repeats: repeats, limit: 10_000).schedule(launches)
      #expect(played.map(\.1.effect.name) == expected.map { "e\($0.1)" }, "\(repeats) \(times)")
      #expect(zip(played, expected).allSatisfy { abs($0.0 - $1.0) < 1e-9 })
    }
  }
}

enum FuzzCasesCount {
  static var timelines: Int { max(1, FuzzCases.perFormat(default: 2_000)) }
}

/// The timeline expansion as hapt wrote it before it had to survive deep nesting:
/// recursive, copying each nested pass; kept here as the reference for ``IVSTimeline``.
/// Launches are given by time; the result names each by its index.
struct ReferenceTimeline {
  final class Node {
    let span: IVSRepeat?
    var children: [Node] = []
    init(_ span: IVSRepeat?) { self.span = span }
  }
  let root = Node(nil)
  let limit: Int

  init(repeats: [IVSRepeat], limit: Int) {
    self.limit = limit
    let sorted = repeats.enumerated().sorted {
      ($0.element.time_ms, -$0.element.duration_ms, $0.offset) < (
        $1.element.time_ms, -$1.element.duration_ms, $1.offset
      )
    }.map(\.element)
    for span in sorted {
      var parent = root
      while let last = parent.children.last, let open = last.span, open.time_ms <= span.time_ms,
        span.time_ms < open.end_ms
      {
        parent = last
      }
      parent.children.append(Node(span))
    }
  }

  func schedule(_ times: [Double]) throws -> [(Double, Int)] {
    var out: [(Double, (time: Double, index: Int))] = []
    let sorted = times.enumerated().map { (time: $1, index: $0) }.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
    _ = try expand(root, sorted, into: &out)
    return out.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map {
      ($0.element.0, $0.element.1.index)
    }
  }

  private func expand(
    _ node: Node, _ launches: [(time: Double, index: Int)], into out: inout [(Double, (time: Double, index: Int))]
  ) throws -> Double {
    var pass: [(Double, (time: Double, index: Int))] = []
    var added = 0.0
    var remaining = launches[...]
    for child in node.children {
      guard let span = child.span else { continue }
      while let first = remaining.first, first.time < span.time_ms {
        pass.append((first.time + added, first))
        remaining = remaining.dropFirst()
      }
      let inside = Array(remaining.prefix { $0.time < span.end_ms })
      remaining = remaining.dropFirst(inside.count)
      var childOut: [(Double, (time: Double, index: Int))] = []
      let childAdded = try expand(child, inside, into: &childOut)
      pass += childOut.map { ($0.0 + added, $0.1) }
      added += childAdded
    }
    for launch in remaining { pass.append((launch.time + added, launch)) }
    guard let span = node.span else {
      out += pass
      return added
    }
    let length = span.duration_ms + added
    let passes = span.count + 1
    guard pass.count * passes <= limit else { throw InputError("a repeat event plays more than \(limit) effects") }
    for k in 0..<passes { out += pass.map { ($0.0 + Double(k) * length, $0.1) } }
    return added + Double(span.count) * length
  }
}
