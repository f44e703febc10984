import Dispatch
import Foundation
import Testing

@testable import HaptSignals

/// A result slot per task, written from concurrent threads (distinct indices only, into
/// separately allocated storage, so no two threads touch the same memory).
final class Slots<Element>: @unchecked Sendable {
  let values: UnsafeMutableBufferPointer<Element>
  init(_ count: Int, initial: Element) {
    values = .allocate(capacity: count)
    values.initialize(repeating: initial)
  }
  deinit {
    values.deinitialize()
    values.deallocate()
  }
}

@Suite struct ConcurrencyTests {
  /// Transform of task `i`: a length that differs across tasks (fresh plans are created
  /// concurrently), a DCT, an FFT magnitude and an envelope.
  private static func work(_ i: Int) -> [Double] {
    let length = 37 + (i * 53) % 977
    let x = noise(count: length, seed: UInt64(i))
    let dct = DCT2Plan.shared(length: length).transform(x)
    let fft = RealFFTPlan.shared(length: length).forward(x)
    let envelope = Envelope.analytic(x)
    return dct + fft.real + fft.imaginary + envelope
  }

  @Test func concurrentTransformsMatchSerial() {
    let tasks = 96
    let serial = (0..<tasks).map { Self.work($0 + 1000) }
    let slots = Slots<[Double]>(tasks, initial: [])
    DispatchQueue.concurrentPerform(iterations: tasks) { i in
      slots.values[i] = Self.work(i + 1000)
    }
    for i in 0..<tasks { #expect(slots.values[i] == serial[i], "task \(i)") }
  }

  @Test func concurrentPlanCreationOfNewLengths() {
    // Lengths no other test uses, each requested by several threads at once.
    let lengths = (0..<40).map { 3001 + 2 * $0 }
    let slots = Slots<[Double]>(lengths.count * 3, initial: [])
    DispatchQueue.concurrentPerform(iterations: lengths.count * 3) { i in
      let length = lengths[i % lengths.count]
      let x = noise(count: length, seed: 77)
      slots.values[i] =
        DCT2Plan.shared(length: length).transform(x)
        + RealFFTPlan.shared(length: length).forward(x).real
    }
    for i in lengths.count..<(lengths.count * 3) {
      #expect(slots.values[i] == slots.values[i % lengths.count])
    }
    let x = noise(count: lengths[0], seed: 77)
    #expect(
      slots.values[0] == DCT2Plan.shared(length: lengths[0]).transform(x)
        + RealFFTPlan.shared(length: lengths[0]).forward(x).real)
  }
}

@Suite struct PlanLifetimeTests {
  private final class Dummy {}

  @Test func cacheKeepsAtMostItsLimitDroppingTheLeastRecentlyUsed() {
    let cache = PlanCache<Dummy>(limit: 2)
    let a = cache.plan(length: 1) { _ in Dummy() }
    let b = cache.plan(length: 2) { _ in Dummy() }
    #expect(cache.plan(length: 1) { _ in Dummy() } === a)
    // A third length evicts the least recently used one (2), and is kept itself.
    let c1 = cache.plan(length: 3) { _ in Dummy() }
    let c2 = cache.plan(length: 3) { _ in Dummy() }
    #expect(c1 === c2)
    #expect(cache.count == 2)
    #expect(cache.plan(length: 1) { _ in Dummy() } === a)
    #expect(cache.plan(length: 2) { _ in Dummy() } !== b)
    #expect(cache.count == 2)
  }

  /// A window from the cache has the values of a new one, bit for bit, and its sum is
  /// the points' sum in index order (SpectraTests checks the points themselves).
  @Test func hannWindowsFromTheCacheAreTheComputedOnes() {
    let cache = HannWindowCache(limit: 2)
    func computed(_ n: Int) -> [Double] { (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi / Double(n) * Double($0)) } }
    for n in [5, 8, 5, 13, 8, 5] {
      let window = cache.window(count: n) { HannWindow(points: computed($0)) }
      #expect(window.points == computed(n))
      #expect(window.sum == computed(n).reduce(0, +))
    }
    // The process-wide cache: the window made and the one read back are the same points.
    let made = Spectra.hannWindow(count: 1001)
    #expect(made.count == 1001)
    #expect(Spectra.hannWindow(count: 1001) == made)
  }

  @Test func uncachedPlansAreCreatedAndDestroyedConcurrently() {
    // Creation and destruction both go through the planner lock while other threads execute.
    let x = noise(count: 300, seed: 8)
    let reference = DCT2Plan.shared(length: 300).transform(x)
    let mismatches = Slots<[Double]>(64, initial: [])
    DispatchQueue.concurrentPerform(iterations: 64) { i in
      let plan = i % 2 == 0 ? DCT2Plan.uncached(length: 300) : DCT2Plan.shared(length: 300)
      let fft = RealFFTPlan.uncached(length: 200 + i)
      mismatches.values[i] = [plan.transform(x) == reference ? 0 : 1, Double(fft.binCount)]
    }
    for i in 0..<64 {
      #expect(mismatches.values[i] == [0, Double((200 + i) / 2 + 1)])
    }
  }
}
