import Foundation
import Testing

import HaptSignals
import HaptMetrics

/// Identification capacity (issue 10 item 5): sets varying in one dimension carry at most
/// about 2 bits however far apart their members are; sets varying in several carry more.
@Suite struct IdentificationCapacityTests {
  typealias S = PerceptionSignals

  static func informationTransfer(_ signals: [Signal], capacity: Bool = true) -> Double {
    let features = signals.map { PerceptualFeatures($0) }
    let components = features.map { a in features.map { b in Distinguishability.components(a, b) } }
    let confusion =
      capacity
      ? ConfusionModel.predict(components: components)
      : ConfusionModel.predict(dPrime: components.map { $0.map(\.total) })
    return InformationTransfer.bits(counts: confusion)
  }

  /// Eight durations of one 170 Hz tone, 60 ms to 1.6 s in ratios of 1.6.
  static let durations = (0..<8).map { k in
    S.burst(frequency_Hz: 170, amplitude_g: 0.5, duration_s: 0.06 * pow(1.6, Double(k)))
  }
  /// Six levels 4.6 dB (two amplitude JNDs) apart, 200 ms at 170 Hz.
  static let levels = (0..<6).map { k in
    S.burst(frequency_Hz: 170, amplitude_g: 0.05 * pow(10, 4.6 * Double(k) / 20), duration_s: 0.2)
  }

  @Test func eightDurationsCarryAtMostTwoBits() {
    let limited = Self.informationTransfer(Self.durations)
    let unlimited = Self.informationTransfer(Self.durations, capacity: false)
    #expect(limited <= 2.0, "\(limited) bits")
    #expect(limited >= 1.3, "\(limited) bits")  // still several durations are told apart
    #expect(unlimited > 2.3, "\(unlimited) bits without the capacity")  // the limit is what binds
  }

  @Test func sixLevelsCarryAtMostOnePointSevenBits() {
    let limited = Self.informationTransfer(Self.levels)
    let unlimited = Self.informationTransfer(Self.levels, capacity: false)
    #expect(limited <= 1.7, "\(limited) bits")
    #expect(limited >= 1.2, "\(limited) bits")
    #expect(unlimited > 1.8, "\(unlimited) bits without the capacity")
  }

  /// Nine patterns on a 3 x 3 grid of level and duration carry more than three levels or
  /// three durations alone: combined dimensions add.
  @Test func combinedDimensionsCarryMore() {
    let amplitudes = [0.1, 0.25, 0.6]
    let durations = [0.08, 0.2, 0.5]
    let grid = amplitudes.flatMap { a in
      durations.map { d in S.burst(frequency_Hz: 170, amplitude_g: a, duration_s: d) }
    }
    let levelsOnly = amplitudes.map { S.burst(frequency_Hz: 170, amplitude_g: $0, duration_s: 0.2) }
    let durationsOnly = durations.map { S.burst(frequency_Hz: 170, amplitude_g: 0.25, duration_s: $0) }
    let both = Self.informationTransfer(grid)
    #expect(both > Self.informationTransfer(levelsOnly) + 0.5, "\(both) bits")
    #expect(both > Self.informationTransfer(durationsOnly) + 0.5, "\(both) bits")
    #expect(both > 2.0, "\(both) bits")
  }

  @Test func capacityNeverRaisesDPrimeAndKeepsPairsOfOneDimensionApart() {
    let features = Self.levels.map { PerceptualFeatures($0) }
    let components = features.map { a in features.map { b in Distinguishability.components(a, b) } }
    let identification = IdentificationCapacity.identificationDPrime(components)
    for i in features.indices {
      #expect(identification[i][i] == 0)
      for j in features.indices where i != j {
        #expect(identification[i][j] <= components[i][j].total + 1e-12)
        #expect(identification[i][j] == identification[j][i])
        #expect(identification[i][j] > 0)
      }
    }
    #expect(IdentificationCapacity.factor(range_JND: 0) == 1)
    #expect(
      abs(IdentificationCapacity.factor(range_JND: IdentificationCapacity.contextRange_JND) - 1 / 2.0.squareRoot())
        < 1e-12)
  }
}
