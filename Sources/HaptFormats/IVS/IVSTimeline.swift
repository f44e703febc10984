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
///
/// Everything is computed without recursion (a file may nest repeat events thousands of
/// levels deep) and in time linear in the repeats and launches plus the launches played
/// (at most `limit`), up to sorting: the tree is built with a stack of open spans, the
/// time each span's repeats add is summed from the leaves up, and each launch's played
/// times are its file time shifted by the repeats before it plus every combination of
/// passes of the repeating spans around it.
struct IVSTimeline {
  /// The spans sorted by start (longer first at the same start); node `i + 1` is
  /// `spans[i]`, node 0 the whole timeline.
  let spans: [IVSRepeat]
  /// Each node's parent (the root's is -1).
  let parent: [Int]
  /// Each node's children, in start order.
  let children: [[Int]]
  /// The time each span's repeats add to what follows it, nested repeats included, ms.
  let added_ms: [Double]
  let limit: Int

  /// Builds the tree: a span starting inside the last open span (inside every span of the
  /// chain of last children from the root) nests in it.
  init(repeats: [IVSRepeat], limit: Int) {
    self.limit = limit
    spans = repeats.enumerated().sorted {
      ($0.element.time_ms, -$0.element.duration_ms, $0.offset) < (
        $1.element.time_ms, -$1.element.duration_ms, $1.offset
      )
    }.map(\.element)
    let count = spans.count + 1
    var parent = [Int](repeating: -1, count: count)
    var children = [[Int]](repeating: [], count: count)
    // The chain of last children from the root, each with the earliest end along it: a
    // span nests under the deepest entry whose earliest end is after its start. Starts
    // never decrease, so an entry popped never takes a child again.
    var open: [(node: Int, end_ms: Double)] = [(0, .infinity)]
    for (i, span) in spans.enumerated() {
      while open.count > 1, open[open.count - 1].end_ms <= span.time_ms { open.removeLast() }
      let (owner, ownerEnd) = open[open.count - 1]
      parent[i + 1] = owner
      children[owner].append(i + 1)
      open.append((i + 1, Swift.min(ownerEnd, span.end_ms)))
    }
    // Children come after their parents: from the last node back, each node's children are done.
    var added = [Double](repeating: 0, count: count)
    var inside = [Double](repeating: 0, count: count)
    for node in stride(from: count - 1, through: 0, by: -1) {
      var sum = 0.0
      for child in children[node] { sum += added[child] }
      inside[node] = sum
      if node > 0 {
        let span = spans[node - 1]
        added[node] = sum + Double(span.count) * (span.duration_ms + sum)
      }
    }
    self.parent = parent
    self.children = children
    self.added_ms = added
    self.inside_ms = inside
  }

  /// The time a node's nested repeats add within one pass of it, ms.
  private let inside_ms: [Double]

  /// One launch placed in the tree: where it plays in its first pass of everything, and the
  /// repeating spans around it (an index into a chain list).
  private struct Placed {
    var rank: Int
    var base_ms: Double
    var chain: Int
  }

  /// The launches in play order with their played times (ms): each launch is delayed by
  /// the repeats that ended before it, and a launch inside a span plays once per pass.
  /// Launches at the same time play in file order, pass by pass.
  /// - Throws: when a repeat event would play more than `limit` effects.
  func schedule(_ launches: [IVSLaunch]) throws -> [(Double, IVSLaunch)] {
    let sorted = launches.enumerated().sorted { ($0.element.time_ms, $0.offset) < ($1.element.time_ms, $1.offset) }.map(
      \.element)
    let nodeCount = spans.count + 1
    // Chains of repeating spans as a shared list: (span node, the chain around it).
    var chains: [(node: Int, outer: Int)] = []
    var placed: [Placed] = []
    placed.reserveCapacity(sorted.count)
    var own = [Int](repeating: 0, count: nodeCount)
    // Pre-order walk with an explicit stack. A frame's shift is where its pass starts
    // relative to the final timeline (without the passes of repeating spans around it);
    // `added` is what its earlier children's repeats add; `bound` the end of the launches
    // it holds.
    struct Frame {
      var node: Int
      var next = 0
      var added_ms = 0.0
      var shift_ms: Double
      var bound_ms: Double
      var chain: Int
    }
    var next = 0
    var stack = [Frame(node: 0, shift_ms: 0, bound_ms: .infinity, chain: -1)]
    func place(upTo limit_ms: Double, _ frame: Frame) {
      while next < sorted.count, sorted[next].time_ms < limit_ms {
        placed.append(
          Placed(rank: next, base_ms: sorted[next].time_ms + frame.added_ms + frame.shift_ms, chain: frame.chain))
        own[frame.node] += 1
        next += 1
      }
    }
    while let frame = stack.last {
      let kids = children[frame.node]
      if frame.next < kids.count {
        let child = kids[frame.next]
        let span = spans[child - 1]
        place(upTo: span.time_ms, frame)
        stack[stack.count - 1].next += 1
        var chain = frame.chain
        if span.count > 0 {
          chains.append((child, frame.chain))
          chain = chains.count - 1
        }
        stack.append(
          Frame(
            node: child, shift_ms: frame.shift_ms + frame.added_ms, bound_ms: Swift.min(frame.bound_ms, span.end_ms),
            chain: chain))
      } else {
        place(upTo: frame.bound_ms, frame)
        stack.removeLast()
        if !stack.isEmpty { stack[stack.count - 1].added_ms += added_ms[frame.node] }
      }
    }
    try checkLimit(own: own)
    return expand(placed, sorted, chains: chains)
  }

  /// Throws when a span plays more than `limit` effects (its launches and nested repeats,
  /// once per pass) or more than `limit` passes.
  private func checkLimit(own: [Int]) throws {
    var played = own
    for node in stride(from: spans.count, through: 1, by: -1) {
      let passes = spans[node - 1].count + 1
      let total = played[node].multipliedReportingOverflow(by: passes)
      guard !total.overflow, total.partialValue <= limit, passes <= limit else {
        throw InputError("a repeat event plays more than \(limit) effects")
      }
      played[node] = total.partialValue
      let sum = played[parent[node]].addingReportingOverflow(total.partialValue)
      played[parent[node]] = sum.overflow ? .max : sum.partialValue
    }
  }

  /// Every pass of every placed launch, sorted by time; ties in the order the passes play
  /// (outer passes first, then file order).
  private func expand(
    _ placed: [Placed], _ sorted: [IVSLaunch], chains: [(node: Int, outer: Int)]
  ) -> [(Double, IVSLaunch)] {
    // Each chain used, from the outermost repeating span in (at most about log2(limit)
    // spans: each plays at least twice).
    var outward: [Int: [Int]] = [-1: []]
    for launch in placed where outward[launch.chain] == nil {
      var nodes: [Int] = []
      var link = launch.chain
      while link >= 0 {
        nodes.append(chains[link].node)
        link = chains[link].outer
      }
      outward[launch.chain] = nodes.reversed()
    }
    struct Play {
      var time_ms: Double
      var rank: Int
      var chain: Int
      var passes: [Int]
    }
    var plays: [Play] = []
    for launch in placed {
      let nodes = outward[launch.chain] ?? []
      let lengths = nodes.map { spans[$0 - 1].duration_ms + inside_ms[$0] }
      let counts = nodes.map { spans[$0 - 1].count + 1 }
      var passes = [Int](repeating: 0, count: nodes.count)
      while true {
        var time = launch.base_ms
        for (k, length) in zip(passes, lengths) { time += Double(k) * length }
        plays.append(Play(time_ms: time, rank: launch.rank, chain: launch.chain, passes: passes))
        // The next combination, innermost span fastest.
        var digit = passes.count - 1
        while digit >= 0 {
          passes[digit] += 1
          if passes[digit] < counts[digit] { break }
          passes[digit] = 0
          digit -= 1
        }
        if digit < 0 { break }
      }
    }
    plays.sort { a, b in
      if a.time_ms != b.time_ms { return a.time_ms < b.time_ms }
      let outerA = outward[a.chain] ?? []
      let outerB = outward[b.chain] ?? []
      var i = 0
      while i < outerA.count, i < outerB.count, outerA[i] == outerB[i] {
        if a.passes[i] != b.passes[i] { return a.passes[i] < b.passes[i] }
        i += 1
      }
      return a.rank < b.rank
    }
    return plays.map { ($0.time_ms, sorted[$0.rank]) }
  }
}
