import Foundation
import Testing

@testable import HaptSignals

/// ``Signal/isBitwiseIdentical(to:)`` and ``Signal/bitwiseHash``, which let a render's
/// features be reused for another render with the same samples.
@Suite struct SignalBitwiseIdentityTests {
  static let samples: [Double] = (0..<1_003).map { sin(Double($0) * 0.37) * 0.8 }

  @Test func theSameSamplesAreIdenticalAndHashAlike() {
    let a = Signal(samples: Self.samples, sampleRate_Hz: 8_000)
    let b = Signal(samples: Array(Self.samples), sampleRate_Hz: 8_000)
    #expect(a.isBitwiseIdentical(to: b))
    #expect(a.bitwiseHash == b.bitwiseHash)
    #expect(Signal(samples: [], sampleRate_Hz: 8_000).isBitwiseIdentical(to: Signal(samples: [], sampleRate_Hz: 8_000)))
  }

  @Test func anyDifferenceIsSeen() {
    let a = Signal(samples: Self.samples, sampleRate_Hz: 8_000)
    // Every position of the four hash lanes and the tail, by one unit in the last place.
    for index in [0, 1, 2, 3, 500, 999, 1_000, 1_001, 1_002] {
      var changed = Self.samples
      changed[index] = changed[index].nextUp
      let b = Signal(samples: changed, sampleRate_Hz: 8_000)
      #expect(!a.isBitwiseIdentical(to: b), "sample \(index)")
      #expect(a.bitwiseHash != b.bitwiseHash, "sample \(index)")
    }
    #expect(!a.isBitwiseIdentical(to: Signal(samples: Self.samples, sampleRate_Hz: 8_001)))
    #expect(a.bitwiseHash != Signal(samples: Self.samples, sampleRate_Hz: 8_001).bitwiseHash)
    #expect(!a.isBitwiseIdentical(to: Signal(samples: Array(Self.samples.dropLast()), sampleRate_Hz: 8_000)))
    // Zeros of both signs are equal numbers but not the same bits.
    let plus = Signal(samples: [0, 1], sampleRate_Hz: 8_000)
    let minus = Signal(samples: [-0.0, 1], sampleRate_Hz: 8_000)
    #expect(plus == minus)
    #expect(!plus.isBitwiseIdentical(to: minus))
    // Two signals of zeros whose lengths differ hash apart.
    #expect(Signal(zeros: 8, sampleRate_Hz: 8_000).bitwiseHash != Signal(zeros: 12, sampleRate_Hz: 8_000).bitwiseHash)
  }
}
