import Dispatch
import Foundation
import Testing
@testable import HaptSignals

/// A result slot per task, written from concurrent threads (distinct indices only).
private final class Slots: @unchecked Sendable {
  var values: [[Double]]
  init(_ count: Int) { values = Array(repeating: [], count: count) }
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
    let slots = Slots(tasks)
    DispatchQueue.concurrentPerform(iterations: tasks) { i in
      slots.values[i] = Self.work(i + 1000)
    }
    for i in 0..<tasks { #expect(slots.values[i] == serial[i], "task \(i)") }
  }

  @Test func concurrentPlanCreationOfNewLengths() {
    // Lengths no other test uses, each requested by several threads at once.
    let lengths = (0..<40).map { 3001 + 2 * $0 }
    let slots = Slots(lengths.count * 3)
    DispatchQueue.concurrentPerform(iterations: lengths.count * 3) { i in
      let length = lengths[i % lengths.count]
      let x = noise(count: length, seed: 77)
      slots.values[i] = DCT2Plan.shared(length: length).transform(x)
        + RealFFTPlan.shared(length: length).forward(x).real
    }
    for i in lengths.count..<(lengths.count * 3) {
      #expect(slots.values[i] == slots.values[i % lengths.count])
    }
    let x = noise(count: lengths[0], seed: 77)
    #expect(slots.values[0] == DCT2Plan.shared(length: lengths[0]).transform(x)
      + RealFFTPlan.shared(length: lengths[0]).forward(x).real)
  }
}
