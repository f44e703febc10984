import Foundation

/// This folder as shipped with hapt: device profiles (`devices/`), system presets
/// (`system/`), the pattern library (`library/`) and the calibration pattern for
/// `hapt fit` (`calibration/`).
///
/// SwiftPM copies the four folders into the resource bundle `hapt_HaptCorpora` beside
/// the built products (`hapt_HaptCorpora.resources` on Linux, `.bundle` on Apple
/// platforms); `HaptCore.Corpora` finds them there, or in this source folder (a checkout or
/// a consumer package's `.build/checkouts/hapt`).
package enum ShippedCorpora {
  /// The resource bundle's name, without its platform extension.
  package static let bundleName = "hapt_HaptCorpora"

  /// This folder in the source tree that built the running code.
  package static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
}
