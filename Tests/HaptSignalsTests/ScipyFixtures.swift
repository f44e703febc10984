import Foundation

/// Reference values computed once with SciPy 1.17.1 / NumPy (Python is not needed to run
/// the tests). Regenerate with:
///
/// ```python
/// import numpy as np, scipy.fft, scipy.signal
/// n = np.arange(16); x = np.sin(0.37*n) + 0.5*np.cos(1.3*n*n/17)
/// scipy.fft.dct(x, type=2, norm="ortho")
/// m = np.arange(9);  np.abs(scipy.signal.hilbert(np.sin(0.37*m) + 0.25*m))
/// m = np.arange(10); np.abs(scipy.signal.hilbert(np.sin(0.37*m) + 0.25*m))
/// ```
enum ScipyFixtures {
  static func dctInput() -> [Double] {
    (0..<16).map { n in
      let t = Double(n)
      return sin(0.37 * t) + 0.5 * cos(1.3 * t * t / 17)
    }
  }

  static let dctOrtho: [Double] = [
    0.4012930324259271, 3.031000609607246, -0.43212884519975153, -0.615909602120858,
    -0.10914521917691643, -0.7623821410687607, -0.2790953777163726, 0.5034451201959625,
    -0.21237798703640376, -0.3162210278391999, 0.40060347860708145, -0.3904112467545092,
    0.243776739332016, -0.1716405424847285, 0.08436340055272923, -0.04398347468307251,
  ]

  static func hilbertInput(count: Int) -> [Double] {
    (0..<count).map { (n: Int) -> Double in sin(0.37 * Double(n)) + 0.25 * Double(n) }
  }

  static let hilbertOdd9: [Double] = [
    1.049383433466814, 0.9416781783520676, 1.3073797990462503, 1.8691801926684424,
    2.0411797091653363, 2.2498346019551554, 2.3082713545698517, 2.283364946345929,
    2.664818699198233,
  ]

  static let hilbertEven10: [Double] = [
    0.9845030702786662, 0.9265294674374536, 1.3461254961731666, 1.8474221891684188,
    2.0811737733060456, 2.235956784446067, 2.29870829458128, 2.302583093780616,
    2.2105268313313133, 2.553570462142294,
  ]
}
