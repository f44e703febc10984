extension Pairwise {
  /// ST-SIM and SPQI of every pair i < j of `features`, both directions, on up to
  /// `threads` threads; the results equal ``similarity(_:_:convention:)`` of each pair
  /// bit for bit, in row-major pair order (see ``index(_:_:count:)``).
  ///
  /// Faster than mapping ``similarity(_:_:convention:)`` over the pairs: within a tile of
  /// 16 x 16 signals it runs block by block, so that one block's features of all 32
  /// signals (about 400 KB) stay in the core's cache while its 256 pairs are computed,
  /// instead of streaming two whole signals' features (about 400 KB for one second each)
  /// per pair. Each pair still adds its blocks in ascending order, hence the identical
  /// results.
  ///
  /// - Complexity: O(n^2 * blocks * 512) for n signals; memory O(n^2) for the results.
  package static func similarities(
    _ features: [SimilarityFeatures], convention: SilenceConvention, threads: Int
  ) -> [PairSimilarity] {
    let count = features.count
    return tiled(count: count, threads: threads) { rows, columns, store in
      var sums = [PairSums](repeating: PairSums(), count: rows.count * columns.count)
      var identical = [Bool](repeating: false, count: rows.count * columns.count)
      var blocks = 0
      for i in rows {
        blocks = max(blocks, features[i].blockCount)
        for j in columns where j > i {
          identical[(i - rows.lowerBound) * columns.count + (j - columns.lowerBound)] =
            features[i].hasSameSamples(as: features[j])
        }
      }
      for j in columns { blocks = max(blocks, features[j].blockCount) }
      var rowViews = [SimilarityBlockView](repeating: SimilarityBlockView(), count: rows.count)
      var columnViews = [SimilarityBlockView](repeating: SimilarityBlockView(), count: columns.count)
      for block in 0..<blocks {
        for i in rows { rowViews[i - rows.lowerBound] = features[i].view(ofBlock: block) }
        for j in columns { columnViews[j - columns.lowerBound] = features[j].view(ofBlock: block) }
        for i in rows {
          let a = rowViews[i - rows.lowerBound]
          for j in columns where j > i {
            let b = columnViews[j - columns.lowerBound]
            // Past the end of both signals: not a block of this pair.
            guard a.values != nil || b.values != nil else { continue }
            let k = (i - rows.lowerBound) * columns.count + (j - columns.lowerBound)
            sums[k].accumulate(a, b, identical: identical[k], convention: convention)
          }
        }
      }
      for i in rows {
        for j in columns where j > i {
          let k = (i - rows.lowerBound) * columns.count + (j - columns.lowerBound)
          store(i, j, sums[k].finish(identical: identical[k]))
        }
      }
    }
  }
}
