import Testing
import HaptCore

@Suite struct ParallelTests {
  @Test(arguments: [1, 2, 4, 16])
  func mapIsIdenticalWhateverTheThreadCount(threads: Int) {
    let serial = (0..<1000).map { i -> Double in
      var rng = SplitMix64(seed: UInt64(i))
      return (0..<50).reduce(0) { sum, _ in sum + rng.nextGaussian() }
    }
    let parallel = Parallel.map(count: 1000, threads: threads) { i -> Double in
      var rng = SplitMix64(seed: UInt64(i))
      return (0..<50).reduce(0) { sum, _ in sum + rng.nextGaussian() }
    }
    #expect(parallel == serial)
  }

  @Test func emptyMapIsEmpty() {
    #expect(Parallel.map(count: 0) { $0 }.isEmpty)
  }
}
