import Foundation

/// Decodes one block of a WaveletWave band (ISO/IEC 23090-31; the algorithm as the MPEG
/// reference software implements it, Docs/Formats-MPEG.md, "WaveletWave"):
///
/// 1. The block's bits (``MPEGHaptics/Effect/waveletStream``, most significant bit of each
///    byte first) feed a binary adaptive arithmetic decoder (10-bit range, 7 contexts, every context's count starting at 8
///    of 16).
/// 2. SPIHT (set partitioning in hierarchical trees) decodes the block's wavelet
///    coefficients as integers: a 4-bit number of bit planes n, an 8-bit maximum (mode bit
///    0: `m / 2^7`; 1: `m / 2^3 + 1`), then sorting and refinement passes from bit plane n
///    down to 0 over the lists of insignificant points and sets.
/// 3. The coefficients times `maximum / 2^n` go through the inverse of a
///    `log2(length / 4)`-level dyadic wavelet transform with the 9/7 biorthogonal filters
///    and whole-sample symmetric extension.
///
/// The result is `length` samples at the band's upper frequency limit (its sampling rate).
package enum MPEGWaveletBlock {
  /// The samples of one block, or nil when `length` is not a power of two of at least 16
  /// (the only lengths the transform is defined for).
  package static func decode(_ stream: [UInt8], length: Int) -> [Double]? {
    guard length >= 16, length <= 1 << 16, length & (length - 1) == 0 else { return nil }
    let levels = Int(log2(Double(length))) - 2
    var decoder = SPIHTDecoder(stream: stream, length: length, levels: levels)
    let (coefficients, scale) = decoder.decode()
    return inverseTransform(coefficients.map { Double($0) * scale }, levels: levels)
  }

  // MARK: - Inverse wavelet transform

  static let lp: [Double] = [
    0.852698679009404, 0.377402855612654, -0.110624404418423, -0.023849465019380, 0.037828455506995,
  ]
  static let hp: [Double] = [-0.788485616405665, 0.418092273222212, 0.040689417609559, -0.064538882628938]
  /// Synthesis filters: high-pass from the analysis low-pass, low-pass from the analysis
  /// high-pass, with alternating signs.
  static let highSynthesis: [Double] = [-lp[4], lp[3], -lp[2], lp[1], -lp[0], lp[1], -lp[2], lp[3], -lp[4]]
  static let lowSynthesis: [Double] = [hp[3], -hp[2], hp[1], -hp[0], hp[1], -hp[2], hp[3]]

  static func inverseTransform(_ coefficients: [Double], levels: Int) -> [Double] {
    var out = coefficients
    let count = coefficients.count
    for level in stride(from: levels - 1, through: 0, by: -1) {
      let n = count >> level
      var low = [Double](repeating: 0, count: n)
      var high = [Double](repeating: 0, count: n)
      for j in stride(from: 0, to: n, by: 2) {
        low[j] = out[j / 2]
        high[j + 1] = out[j / 2 + n / 2]
      }
      let h = symmetricConvolution(high, highSynthesis)
      let l = symmetricConvolution(low, lowSynthesis)
      for k in 0..<n { out[k] = h[k] + l[k] }
    }
    return out
  }

  /// `x` convolved with the odd-length, centred filter `h` after whole-sample symmetric
  /// extension of `x` by half the filter's length: as many values as `x` has.
  static func symmetricConvolution(_ x: [Double], _ h: [Double]) -> [Double] {
    let half = h.count / 2
    let n = x.count
    var extended: [Double] = []
    extended.reserveCapacity(n + 2 * half)
    for i in stride(from: half, through: 1, by: -1) { extended.append(x[i]) }
    extended += x
    for i in stride(from: n - 2, through: n - 1 - half, by: -1) { extended.append(x[i]) }
    var y = [Double](repeating: 0, count: n)
    for k in 0..<n {
      var sum = 0.0
      for (i, tap) in h.enumerated() { sum += extended[k + 2 * half - i] * tap }
      y[k] = sum
    }
    return y
  }
}

/// The binary adaptive arithmetic decoder of the wavelet blocks: a 10-bit range
/// (0...1024, halves and quarters renormalised), per context the count of zeros and of
/// all symbols so far.
struct WaveletArithmeticDecoder {
  static let rangeMax = 1024
  static let half = 512
  static let firstQuarter = 256
  static let thirdQuarter = 768

  private let bits: [UInt8]
  private var index = 0
  private var leading = 0
  private var lower = 0
  private var upper = rangeMax
  private var zeros = [Int](repeating: 8, count: 7)
  private var totals = [Int](repeating: 16, count: 7)

  init(stream: [UInt8]) {
    var bits: [UInt8] = []
    bits.reserveCapacity(stream.count * 8)
    for byte in stream {
      for j in 0..<8 { bits.append((byte >> UInt8(7 - j)) & 1) }
    }
    self.bits = bits
    var shift = 9
    while index < min(10, bits.count) {
      leading += Int(bits[index]) << shift
      index += 1
      shift -= 1
    }
  }

  private mutating func next() -> Int {
    guard index < bits.count else { return 0 }
    defer { index += 1 }
    return Int(bits[index])
  }

  /// The next symbol (0 or 1) under context `context` (0...6).
  mutating func decode(_ context: Int) -> Int {
    let range = upper - lower
    let p = (Double(zeros[context]) / Double(totals[context]) * Double(Self.rangeMax)).rounded()
    var split = Int(Double(range) * p) / Self.rangeMax
    if split == 0 {
      split = 1
    } else if split == range {
      split = range - 1
    }
    let symbol: Int
    if leading - lower < split {
      upper = lower + split
      symbol = 0
    } else {
      lower += split
      symbol = 1
    }
    while true {
      if upper <= Self.half {
        lower <<= 1
        upper <<= 1
        leading = leading << 1 + next()
      } else if lower >= Self.half {
        lower = (lower - Self.half) << 1
        upper = (upper - Self.half) << 1
        leading = (leading - Self.half) << 1 + next()
      } else if lower >= Self.firstQuarter && upper <= Self.thirdQuarter {
        lower = (lower - Self.firstQuarter) << 1
        upper = (upper - Self.firstQuarter) << 1
        leading = (leading - Self.firstQuarter) << 1 + next()
      } else {
        break
      }
    }
    if symbol == 0 { zeros[context] += 1 }
    totals[context] += 1
    return symbol
  }
}

/// SPIHT decoding of one block's coefficients.
struct SPIHTDecoder {
  private var coder: WaveletArithmeticDecoder
  private let length: Int
  private let levels: Int
  /// List of insignificant points, list of insignificant sets (index, type B?), list of
  /// significant points.
  private var lip: [Int] = []
  private var lis: [(index: Int, typeB: Bool)] = []
  private var lsp: [Int] = []
  private var out: [Int]

  init(stream: [UInt8], length: Int, levels: Int) {
    coder = WaveletArithmeticDecoder(stream: stream)
    self.length = length
    self.levels = levels
    out = [Int](repeating: 0, count: length)
  }

  private mutating func number(_ bits: Int, context: Int) -> Int {
    var value = 0
    for i in 0..<bits { value += coder.decode(context) << i }
    return value
  }

  /// The integer coefficients and the factor that scales them to the signal.
  mutating func decode() -> (coefficients: [Int], scale: Double) {
    let planes = number(4, context: 0)
    let mode = coder.decode(0)
    let m = Double(number(7, context: 0))
    let maximum = mode == 0 ? m / 128 : m / 8 + 1
    let bandSize = 2 << (Int(log2(Double(length))) - levels)
    lip = Array(0..<bandSize)
    lis = (bandSize / 2..<bandSize).map { ($0, false) }
    for plane in stride(from: planes, through: 0, by: -1) {
      let compare = 1 << plane
      let significant = lsp.count
      sortingPass(compare)
      for k in 0..<significant where coder.decode(6) == 1 {
        let i = lsp[k]
        out[i] += out[i].signum() * compare
      }
    }
    return (out, maximum / Double(1 << planes))
  }

  private mutating func signed(_ i: Int, _ compare: Int) {
    out[i] = coder.decode(1) == 1 ? compare : -compare
  }

  private mutating func sortingPass(_ compare: Int) {
    var kept: [Int] = []
    kept.reserveCapacity(lip.count)
    for i in lip {
      if coder.decode(2) == 1 {
        signed(i, compare)
        lsp.append(i)
      } else {
        kept.append(i)
      }
    }
    lip = kept
    // Sets: a significant set leaves the list and its descendants join the end of it,
    // where this same pass reaches them; the sets that stay keep their order.
    var queue = lis
    var head = 0
    var remaining: [(index: Int, typeB: Bool)] = []
    while head < queue.count {
      let (y, typeB) = queue[head]
      head += 1
      if !typeB {
        guard coder.decode(3) == 1 else {
          remaining.append((y, false))
          continue
        }
        for child in [2 * y, 2 * y + 1] where child < length {
          if coder.decode(4) == 1 {
            lsp.append(child)
            signed(child, compare)
          } else {
            lip.append(child)
          }
        }
        if 4 * y + 3 < length { queue.append((y, true)) }
      } else {
        guard coder.decode(5) == 1 else {
          remaining.append((y, true))
          continue
        }
        queue.append((2 * y, false))
        queue.append((2 * y + 1, false))
      }
    }
    lis = remaining
  }
}
