/// Which felt event of a reference matches which of a candidate.
///
/// With as many events on both sides, the first matches the first, and so on (an edit
/// that keeps the event count keeps the pairing, and d' is what it always was). With
/// different counts, the pairs minimise a cost (dynamic programming, as in sequence
/// alignment): a match costs the squared JNDs of its level difference plus the squared
/// distance of the two onsets in units of ``timeScale_s``; leaving an event unmatched
/// costs the squared JNDs of its own level (its distance from nothing). An event added
/// between two others is then one added event, not a shift of every later one. Onsets
/// are compared from the start of each signal (the same device and state put them on one
/// time axis). Beyond ``maxAlignedEvents`` on either side, events are matched in order.
enum EventAlignment {
  /// One entry of an alignment: a matched pair, or an event of one side alone.
  typealias Pair = (reference: Int?, candidate: Int?)

  /// Onset distance that costs as much as one JND of level, seconds (our choice: an event
  /// moved 50 ms costs 25, far less than a missing and an added event of 10 dB or more,
  /// so it reads as moved; an event 100 ms from the nearest one costs 100, so a strong
  /// event inserted there reads as added rather than as a neighbour moved).
  static let timeScale_s = 0.010
  /// Largest event count aligned by cost (O(n m) work); more are matched in order.
  static let maxAlignedEvents = 48

  /// The alignment in time order with `anchors` matched: pairs (reference index,
  /// candidate index) another source knows to be the same event (the file's events
  /// matched by an edit diff). The events between two anchors are aligned as
  /// ``pairs(_:_:)`` aligns them. Anchors out of range or out of order on either side
  /// are left out.
  static func pairs(
    _ a: [PerceptualFeatures.Event], _ b: [PerceptualFeatures.Event], anchors: [(reference: Int, candidate: Int)]
  ) -> [Pair] {
    var result: [Pair] = []
    var i = 0
    var j = 0
    func alignUpTo(_ endA: Int, _ endB: Int) {
      for pair in pairs(Array(a[i..<endA]), Array(b[j..<endB])) {
        result.append((pair.reference.map { $0 + i }, pair.candidate.map { $0 + j }))
      }
    }
    for anchor in anchors
    where anchor.reference >= i && anchor.reference < a.count
      && anchor.candidate >= j && anchor.candidate < b.count
    {
      alignUpTo(anchor.reference, anchor.candidate)
      result.append((anchor.reference, anchor.candidate))
      i = anchor.reference + 1
      j = anchor.candidate + 1
    }
    alignUpTo(a.count, b.count)
    return result
  }

  /// Whether events counted `n` and `m` are matched in order (the first with the first,
  /// ...) rather than by cost: as many on both sides, none on one side, or more than
  /// ``maxAlignedEvents`` on either.
  @inline(__always)
  static func matchesInOrder(_ n: Int, _ m: Int) -> Bool {
    n == m || n > maxAlignedEvents || m > maxAlignedEvents || n == 0 || m == 0
  }

  /// The alignment in time order.
  static func pairs(_ a: [PerceptualFeatures.Event], _ b: [PerceptualFeatures.Event]) -> [Pair] {
    let n = a.count
    let m = b.count
    if matchesInOrder(n, m) {
      let common = min(n, m)
      var result: [Pair] = (0..<common).map { ($0, $0) }
      if n > common { result += (common..<n).map { ($0, nil) } }
      if m > common { result += (common..<m).map { (nil, $0) } }
      return result
    }
    return a.withUnsafeBufferPointer { ea in
      b.withUnsafeBufferPointer { eb in
        withCostAlignment(ea, eb) { steps in
          steps.map { (reference: $0.reference.map(Int.init), candidate: $0.candidate.map(Int.init)) }
        }
      }
    }
  }

  /// One step of an alignment held in a buffer: a matched pair, or an event of one side
  /// alone (the other index -1).
  struct Step {
    var referenceIndex: Int32
    var candidateIndex: Int32

    /// The reference's event, nil when the candidate's is alone.
    var reference: Int32? { referenceIndex >= 0 ? referenceIndex : nil }
    /// The candidate's event, nil when the reference's is alone.
    var candidate: Int32? { candidateIndex >= 0 ? candidateIndex : nil }
  }

  /// Calls `body` with the alignment by cost of `a` and `b` (see ``EventAlignment``), in
  /// time order, for counts not matched in order (``matchesInOrder(_:_:)`` false: at most
  /// ``maxAlignedEvents`` each). Allocation-free for up to about twenty events a side:
  /// two rows of costs, a table of choices and the path share one scratch buffer, on the
  /// stack when it fits in 1 KB (the report compares every pair of its corpus this way).
  static func withCostAlignment<R>(
    _ a: UnsafeBufferPointer<PerceptualFeatures.Event>, _ b: UnsafeBufferPointer<PerceptualFeatures.Event>,
    _ body: (UnsafeBufferPointer<Step>) -> R
  ) -> R {
    let n = a.count
    let m = b.count
    precondition(!matchesInOrder(n, m), "EventAlignment.withCostAlignment: counts \(n) and \(m) match in order")
    let jnd = Distinguishability.amplitudeJND_dB
    @inline(__always) func alone(_ e: PerceptualFeatures.Event) -> Double {
      let x = e.peakLevel_dB / jnd
      return x * x
    }
    @inline(__always) func match(_ i: Int, _ j: Int) -> Double {
      let level = (a[i].peakLevel_dB - b[j].peakLevel_dB) / jnd
      let time = (a[i].start_s - b[j].start_s) / timeScale_s
      return level * level + time * time
    }
    let width = m + 1
    let pathBytes = (n + m) * MemoryLayout<Step>.stride
    let rowBytes = 2 * width * MemoryLayout<Double>.stride
    return withScratch(byteCount: pathBytes + rowBytes + (n + 1) * width) { raw in
      let path = raw.bindMemory(to: Step.self, capacity: n + m)
      // cost of a[0..<i] with b[0..<j] in two rows (previous and current i); choice of
      // each cell: 0 match, 1 a alone, 2 b alone.
      var previous = (raw + pathBytes).bindMemory(to: Double.self, capacity: 2 * width)
      var current = previous + width
      let step = (raw + pathBytes + rowBytes).bindMemory(to: UInt8.self, capacity: (n + 1) * width)
      previous[0] = 0
      step[0] = 0
      for j in 1...m {
        previous[j] = previous[j - 1] + alone(b[j - 1])
        step[j] = 2
      }
      for i in 1...n {
        current[0] = previous[0] + alone(a[i - 1])
        step[i * width] = 1
        for j in 1...m {
          let diagonal = previous[j - 1] + match(i - 1, j - 1)
          let up = previous[j] + alone(a[i - 1])
          let left = current[j - 1] + alone(b[j - 1])
          var best = diagonal
          var choice: UInt8 = 0
          if up < best {
            best = up
            choice = 1
          }
          if left < best {
            best = left
            choice = 2
          }
          current[j] = best
          step[i * width + j] = choice
        }
        swap(&previous, &current)
      }
      // Back from the last cell, filling the path from its end.
      var count = 0
      var i = n
      var j = m
      while i > 0 || j > 0 {
        count += 1
        let slot = path + (n + m - count)
        switch step[i * width + j] {
        case 0:
          slot.initialize(to: Step(referenceIndex: Int32(i - 1), candidateIndex: Int32(j - 1)))
          i -= 1
          j -= 1
        case 1:
          slot.initialize(to: Step(referenceIndex: Int32(i - 1), candidateIndex: -1))
          i -= 1
        default:
          slot.initialize(to: Step(referenceIndex: -1, candidateIndex: Int32(j - 1)))
          j -= 1
        }
      }
      return body(UnsafeBufferPointer(start: path + (n + m - count), count: count))
    }
  }

  /// Calls `body` with `byteCount` bytes of uninitialised scratch memory, aligned for
  /// `Double`: on the stack up to 1 KB (where the standard library always uses it),
  /// else one heap block freed afterwards.
  @inline(__always)
  private static func withScratch<R>(byteCount: Int, _ body: (UnsafeMutableRawPointer) -> R) -> R {
    if byteCount <= 1024 {
      return withUnsafeTemporaryAllocation(byteCount: max(byteCount, 1), alignment: MemoryLayout<Double>.alignment) {
        body($0.baseAddress!)
      }
    }
    let block = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: MemoryLayout<Double>.alignment)
    defer { block.deallocate() }
    return body(block)
  }
}
