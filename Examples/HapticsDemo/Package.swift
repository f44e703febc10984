// swift-tools-version:6.0
// HapticsDemo: a small app-like package whose tests check its own haptic patterns with
// hapt's HaptTesting library, depending on hapt by version as any app would.
import PackageDescription

/// Where hapt comes from. In your own package write hapt's repository URL here. The hapt
/// repository's Scripts/test-example sets HAPT_PACKAGE_URL to a tagged temporary clone;
/// without it, the hapt checkout this example sits in is used (it needs a version tag).
let haptURL =
  Context.environment["HAPT_PACKAGE_URL"]
  ?? "file://" + Context.packageDirectory.split(separator: "/").dropLast(2).reduce("") { $0 + "/" + $1 }

let package = Package(
  name: "HapticsDemo",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "HapticsDemo", targets: ["HapticsDemo"])],
  dependencies: [.package(url: haptURL, from: "0.1.0")],
  targets: [
    /// The app's haptics: AHAP files shipped as resources, and how to play them. hapt's
    /// build-tool plugin lints them on every build (findings appear on their lines).
    .target(
      name: "HapticsDemo", resources: [.copy("Haptics")], plugins: [.plugin(name: "HaptLintPlugin", package: "hapt")]),
    /// Perceptual checks of those haptics, with Swift Testing and XCTest.
    .testTarget(
      name: "HapticsDemoTests",
      dependencies: ["HapticsDemo", .product(name: "HaptTesting", package: "hapt")],
      exclude: ["Baselines", "Devices"]),
  ]
)
