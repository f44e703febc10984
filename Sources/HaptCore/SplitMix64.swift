/// A small, fast, seedable random number generator (SplitMix64, Steele et al. 2014).
///
/// Used wherever hapt needs reproducible randomness: fuzz tests, synthetic signals,
/// benchmarks. The same seed always gives the same sequence on every platform.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1).
  package mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal deviate (Box-Muller).
  package mutating func nextGaussian() -> Double {
    let u1 = max(nextUnit(), 0x1.0p-53)
    let u2 = nextUnit()
    return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
  }
}

#if canImport(Glibc)
  import Glibc
  @inline(__always) private func _log(_ x: Double) -> Double { Glibc.log(x) }
  @inline(__always) private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#elseif canImport(Musl)
  import Musl
  @inline(__always) private func _log(_ x: Double) -> Double { Musl.log(x) }
  @inline(__always) private func _cos(_ x: Double) -> Double { Musl.cos(x) }
#elseif canImport(Darwin)
  import Darwin
  @inline(__always) private func _log(_ x: Double) -> Double { Darwin.log(x) }
  @inline(__always) private func _cos(_ x: Double) -> Double { Darwin.cos(x) }
#else
  #error("hapt needs a C library module: Glibc, Musl or Darwin")
#endif
