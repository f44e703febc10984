/// Reduces a long signal to at most two points per pixel column for plotting.
///
/// Each column keeps its minimum and maximum sample, in the order they occur, so a
/// polyline through the kept points covers exactly the pixels a polyline through every
/// sample would (the standard "min/max" decimation of oscilloscope displays). A 10 s
/// signal at 8 kHz (80 000 samples) drawn 1100 px wide becomes at most 2 200 points.
package enum MinMaxDecimation {
  /// The indices of the samples to keep, ascending, at most `2 * columns` of them.
  ///
  /// Non-finite samples are skipped. If there are no more samples than `2 * columns`,
  /// every finite sample is kept.
  ///
  /// - Parameters:
  ///   - samples: The signal.
  ///   - columns: The pixel columns available (at least 1).
  /// - Returns: Ascending sample indices.
  /// - Complexity: O(n).
  package static func indices(_ samples: [Double], columns: Int) -> [Int] {
    let n = samples.count
    let columns = max(columns, 1)
    if n <= 2 * columns {
      return samples.indices.filter { samples[$0].isFinite }
    }
    var kept: [Int] = []
    kept.reserveCapacity(2 * columns)
    samples.withUnsafeBufferPointer { buffer in
      for column in 0..<columns {
        let start = column * n / columns
        let end = (column + 1) * n / columns
        var minIndex = -1
        var maxIndex = -1
        for i in start..<end where buffer[i].isFinite {
          if minIndex < 0 || buffer[i] < buffer[minIndex] { minIndex = i }
          if maxIndex < 0 || buffer[i] > buffer[maxIndex] { maxIndex = i }
        }
        guard minIndex >= 0 else { continue }
        if minIndex == maxIndex {
          kept.append(minIndex)
        } else {
          kept.append(min(minIndex, maxIndex))
          kept.append(max(minIndex, maxIndex))
        }
      }
    }
    return kept
  }

  /// The largest finite sample of each column's range (an upper envelope), one index per
  /// column, ascending.
  ///
  /// - Complexity: O(n).
  package static func maximumIndices(_ samples: [Double], columns: Int) -> [Int] {
    let n = samples.count
    let columns = max(columns, 1)
    if n <= columns { return samples.indices.filter { samples[$0].isFinite } }
    var kept: [Int] = []
    kept.reserveCapacity(columns)
    samples.withUnsafeBufferPointer { buffer in
      for column in 0..<columns {
        var best = -1
        for i in (column * n / columns)..<((column + 1) * n / columns) where buffer[i].isFinite {
          if best < 0 || buffer[i] > buffer[best] { best = i }
        }
        if best >= 0 { kept.append(best) }
      }
    }
    return kept
  }
}
