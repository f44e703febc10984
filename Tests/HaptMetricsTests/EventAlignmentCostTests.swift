import Testing

@testable import HaptMetrics

/// The alignment by cost, kept in a scratch buffer (two rows of costs, the choices and the
/// path; on the stack up to 1 KB, one heap block beyond), pairs exactly as the full cost
/// table does, for every size it is used at: up to ``EventAlignment/maxAlignedEvents``
/// events a side.
@Suite struct EventAlignmentCostTests {
  /// A deterministic generator (64-bit LCG), so that a failure names reproducible events.
  struct Generator {
    var state: UInt64
    mutating func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
  }

  static func events(_ count: Int, _ generator: inout Generator) -> [PerceptualFeatures.Event] {
    var time = 0.0
    return (0..<count).map { _ in
      time += 0.02 + generator.next() * 0.15
      return PerceptualFeatures.Event(
        onset_s: time, start_s: time, duration_s: 0.02, peakLevel_dB: 3 + generator.next() * 30,
        shape_dB: Array(repeating: 0, count: PerceptualFeatures.shapePoints))
    }
  }

  /// The alignment with the whole cost table, written out plainly: what the buffer
  /// version must reproduce, tie for tie.
  static func reference(_ a: [PerceptualFeatures.Event], _ b: [PerceptualFeatures.Event]) -> [EventAlignment.Pair] {
    let n = a.count
    let m = b.count
    let jnd = Distinguishability.amplitudeJND_dB
    func alone(_ e: PerceptualFeatures.Event) -> Double { (e.peakLevel_dB / jnd) * (e.peakLevel_dB / jnd) }
    func match(_ i: Int, _ j: Int) -> Double {
      let level = (a[i].peakLevel_dB - b[j].peakLevel_dB) / jnd
      let time = (a[i].start_s - b[j].start_s) / EventAlignment.timeScale_s
      return level * level + time * time
    }
    var cost = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
    var step = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in 1...n { (cost[i][0], step[i][0]) = (cost[i - 1][0] + alone(a[i - 1]), 1) }
    for j in 1...m { (cost[0][j], step[0][j]) = (cost[0][j - 1] + alone(b[j - 1]), 2) }
    for i in 1...n {
      for j in 1...m {
        let options = [
          cost[i - 1][j - 1] + match(i - 1, j - 1), cost[i - 1][j] + alone(a[i - 1]), cost[i][j - 1] + alone(b[j - 1]),
        ]
        // The first of equal costs wins: match, then a alone, then b alone.
        var best = 0
        for k in 1..<3 where options[k] < options[best] { best = k }
        (cost[i][j], step[i][j]) = (options[best], best)
      }
    }
    var path: [EventAlignment.Pair] = []
    var (i, j) = (n, m)
    while i > 0 || j > 0 {
      switch step[i][j] {
      case 0:
        path.append((i - 1, j - 1))
        (i, j) = (i - 1, j - 1)
      case 1:
        path.append((i - 1, nil))
        i -= 1
      default:
        path.append((nil, j - 1))
        j -= 1
      }
    }
    return path.reversed()
  }

  @Test(arguments: [(1, 2), (2, 1), (3, 7), (12, 9), (20, 21), (30, 17), (47, 48), (48, 1)])
  func pairsAsTheWholeTableDoes(sizes: (Int, Int)) {
    var generator = Generator(state: UInt64(sizes.0 * 100 + sizes.1))
    for trial in 0..<20 {
      let a = Self.events(sizes.0, &generator)
      // Half the trials share events, so that matches (and ties) are common.
      var b = Self.events(sizes.1, &generator)
      if trial % 2 == 0 { for k in 0..<min(a.count, b.count) where k % 3 == 0 { b[k] = a[k] } }
      let got = EventAlignment.pairs(a, b)
      let expected = Self.reference(a, b)
      #expect(got.map(\.reference) == expected.map(\.reference), "\(sizes), trial \(trial)")
      #expect(got.map(\.candidate) == expected.map(\.candidate), "\(sizes), trial \(trial)")
    }
  }

  /// d' aligns different counts the same way: its terms are those of the events the
  /// alignment pairs, whichever way round (missing becomes added).
  @Test func dPrimeIsSymmetricAcrossTheCostAlignment() {
    var generator = Generator(state: 7)
    for (n, m) in [(2, 5), (9, 4), (30, 44)] {
      let a = PerceptualFeatures(frequency_Hz: 170, peakLevel_dB: 30, events: Self.events(n, &generator))
      let b = PerceptualFeatures(frequency_Hz: 170, peakLevel_dB: 30, events: Self.events(m, &generator))
      let ab = Distinguishability.dPrime(a, b)
      let ba = Distinguishability.dPrime(b, a)
      #expect(ab > 0 && ab.isFinite)
      #expect(abs(ab - ba) <= 1e-9 * ab, "\(n) against \(m): \(ab) and \(ba)")
    }
  }
}
