import Foundation

/// A sequential colour scale: maps 0...1 to a colour by linear interpolation in sRGB between
/// evenly spaced stops.
///
/// ``viridis`` is used for magnitudes (spectrogram dB, similarity): perceptually ordered,
/// readable in greyscale and by readers with red-green colour blindness. Its nine stops
/// are sampled from matplotlib's viridis (van der Walt & Smith, 2015); interpolating
/// between them is an approximation of the full 256-entry table, close enough for a
/// report. ``blues`` (ColorBrewer "Blues", Brewer 2002) is used for probabilities, where
/// 0 should look empty.
package struct ColorRamp: Sendable, Equatable {
  /// The stops as (red, green, blue) in 0...255.
  package let stops: [(Double, Double, Double)]

  package static func == (a: ColorRamp, b: ColorRamp) -> Bool {
    a.stops.elementsEqual(b.stops) { $0 == $1 }
  }

  /// Nine stops sampled from matplotlib's viridis.
  package static let viridis = ColorRamp(hex: [
    0x440154, 0x472C7A, 0x3B518B, 0x2C718E, 0x21908D, 0x27AD81, 0x5CC863, 0xAADC32, 0xFDE725,
  ])
  /// ColorBrewer's nine-class Blues.
  package static let blues = ColorRamp(hex: [
    0xF7FBFF, 0xDEEBF7, 0xC6DBEF, 0x9ECAE1, 0x6BAED6, 0x4292C6, 0x2171B5, 0x08519C, 0x08306B,
  ])

  package init(hex: [Int]) {
    stops = hex.map { (Double(($0 >> 16) & 0xFF), Double(($0 >> 8) & 0xFF), Double($0 & 0xFF)) }
  }

  /// The colour at `t` (clamped to 0...1; NaN gives the 0 end) as `#rrggbb`.
  package func color(at t: Double) -> String {
    let rgb = rgb(at: t)
    return String(format: "#%02x%02x%02x", rgb.red, rgb.green, rgb.blue)
  }

  /// The colour at `t` (as ``color(at:)``) as red, green and blue in 0...255.
  package func rgb(at t: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let (r, g, b) = components(at: t)
    return (UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()))
  }

  /// Relative luminance (0 dark ... 1 light) of the colour at `t`, to choose a text colour.
  package func luminance(at t: Double) -> Double {
    let (r, g, b) = components(at: t)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
  }

  private func components(at t: Double) -> (Double, Double, Double) {
    let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
    let position = clamped * Double(stops.count - 1)
    let index = min(Int(position), stops.count - 2)
    let f = position - Double(index)
    let a = stops[index]
    let b = stops[index + 1]
    return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f)
  }
}
