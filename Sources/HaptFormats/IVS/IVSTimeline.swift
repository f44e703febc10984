import HaptCore
import HaptPatterns

/// A basis effect's amplitude over its duration: `level`, ramping linearly from the attack
/// level over the attack time and to the fade level over the fade time (the fade starts
/// from wherever the attack has got to when they overlap).
struct IVSEnvelope {
  var points: [(time_ms: Double, level: Double)] = []

  init(duration_ms: Double, level: Double, attack: (Double, Double)?, fade: (Double, Double)?) {
    func attackValue(_ t: Double) -> Double {
      guard let (time, start) = attack, time > 0, t < time else { return level }
      return start + (level - start) * t / time
    }
    var times: [Double] = [0, duration_ms]
    if let (time, _) = attack, time > 0, time < duration_ms { times.append(time) }
    var fadeStart = duration_ms
    if let (time, _) = fade, time > 0 {
      fadeStart = Swift.max(duration_ms - time, 0)
      times.append(fadeStart)
    }
    times = Array(Set(times)).sorted()
    for t in times {
      var value = attackValue(t)
      if let (_, end) = fade, t >= fadeStart, duration_ms > fadeStart {
        let from = attackValue(fadeStart)
        value = from + (end - from) * (t - fadeStart) / (duration_ms - fadeStart)
      }
      points.append((t, Swift.min(Swift.max(value, 0), 1)))
    }
  }
}

/// The repeat events of one timeline as a tree, and the launch times they give.
struct IVSTimeline {
  /// One repeat span with the spans nested inside it.
  final class Node {
    let span: IVSRepeat?
    var children: [Node] = []
    init(_ span: IVSRepeat?) { self.span = span }
  }

  let root = Node(nil)
  let limit: Int

  /// Builds the tree: spans sorted by start (longer first at the same start); a span
  /// starting inside the last open span nests in it.
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

  /// The launches in play order with their played times (ms): each launch is delayed by
  /// the repeats that ended before it, and a launch inside a span plays once per pass.
  func schedule(_ launches: [IVSLaunch]) throws -> [(Double, IVSLaunch)] {
    var out: [(Double, IVSLaunch)] = []
    let sorted = launches.enumerated().sorted { ($0.element.time_ms, $0.offset) < ($1.element.time_ms, $1.offset) }.map(
      \.element)
    _ = try expand(root, sorted, offset: 0, into: &out)
    return out.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
  }

  /// Plays `node`'s content (launches inside its span, in file time) shifted by `offset`;
  /// returns the time its repeats add.
  private func expand(
    _ node: Node, _ launches: [IVSLaunch], offset: Double, into out: inout [(Double, IVSLaunch)]
  )
    throws -> Double
  {
    // One pass: launches outside child spans, child spans expanded in turn.
    var pass: [(Double, IVSLaunch)] = []
    var added = 0.0
    var remaining = launches[...]
    for child in node.children {
      guard let span = child.span else { continue }
      while let first = remaining.first, first.time_ms < span.time_ms {
        pass.append((first.time_ms + added, first))
        remaining = remaining.dropFirst()
      }
      let inside = Array(remaining.prefix { $0.time_ms < span.end_ms })
      remaining = remaining.dropFirst(inside.count)
      var childOut: [(Double, IVSLaunch)] = []
      let childAdded = try expand(child, inside, offset: 0, into: &childOut)
      pass += childOut.map { ($0.0 + added, $0.1) }
      added += childAdded
    }
    for launch in remaining { pass.append((launch.time_ms + added, launch)) }
    guard let span = node.span else {
      out += pass.map { ($0.0 + offset, $0.1) }
      return added
    }
    let length = span.duration_ms + added
    let passes = span.count + 1
    let total = pass.count.multipliedReportingOverflow(by: passes)
    guard !total.overflow, total.partialValue <= limit, passes <= limit else {
      throw InputError("a repeat event plays more than \(limit) effects")
    }
    for k in 0..<passes {
      out += pass.map { ($0.0 + offset + Double(k) * length, $0.1) }
    }
    return added + Double(span.count) * length
  }
}
