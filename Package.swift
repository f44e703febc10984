// swift-tools-version:6.0
// hapt: a haptic perception evaluation and testing harness.
// Layers (data flows one way): Core -> Patterns -> Signals -> Simulation -> Metrics
// -> Workflows -> Reports -> hapt. See README.md and Docs/Design.md.
import PackageDescription

let linkMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "hapt",
  platforms: [.macOS(.v13)],
  products: [
    // MARK: - Public API: the command-line tool and the test library; every other module is
    // package-internal (its API is `package`, for the tools and tests in this package).
    .executable(name: "hapt", targets: ["hapt"]),
    .library(name: "HaptTesting", targets: ["HaptTesting"]),
    // MARK: - SwiftPM plugins
    .plugin(name: "HaptLintPlugin", targets: ["HaptLintPlugin"]),
    .plugin(name: "HaptCommandPlugin", targets: ["HaptCommandPlugin"]),
  ],
  targets: [
    // MARK: - C libraries (Debian: libfftw3-dev, libsndfile1-dev)
    .systemLibrary(
      name: "CFFTW", pkgConfig: "fftw3",
      providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]),
    .systemLibrary(
      name: "CSndFile", pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]),
    /// glibc's mallopt (HeapTuning); part of libc, nothing to install.
    .systemLibrary(name: "CMalloc"),

    // MARK: - Shipped data
    /// Device profiles, system presets and the pattern library, kept in Corpora/ and
    /// bundled as package resources so that they are found from any folder and from
    /// packages that depend on hapt (HaptCore's `Corpora` finds them).
    .target(
      name: "HaptCorpora", path: "Corpora", sources: ["ShippedCorpora.swift"],
      resources: [.copy("devices"), .copy("library"), .copy("system"), .copy("calibration")]),

    // MARK: - Layers
    /// Shared ground: lenient JSON with source positions, input errors, atomic writes.
    .target(name: "HaptCore", dependencies: ["CMalloc", "HaptCorpora"], linkerSettings: linkMath),
    /// Pattern model, AHAP and .haptic codecs, presets, lint. No maths dependencies.
    .target(
      name: "HaptPatterns", dependencies: ["HaptCore"], linkerSettings: linkMath),
    /// Sampled signals, FFTW wrapper, WAV/FLAC through libsndfile, resampling.
    .target(
      name: "HaptSignals", dependencies: ["HaptCore", "CFFTW", "CSndFile"],
      linkerSettings: linkMath),
    /// Device profiles, drive synthesis, actuators, engine latency.
    .target(
      name: "HaptSimulation", dependencies: ["HaptCore", "HaptPatterns", "HaptSignals"],
      linkerSettings: linkMath),
    /// Perception thresholds, ST-SIM, SPQI, markers, d', confusion, information transfer.
    .target(
      name: "HaptMetrics", dependencies: ["HaptCore", "HaptSignals"], linkerSettings: linkMath),
    /// Corpus evaluation, latency budgets, baselines and regression checks (also against a git revision).
    .target(
      name: "HaptWorkflows",
      dependencies: ["HaptCore", "HaptPatterns", "HaptSignals", "HaptSimulation", "HaptMetrics"],
      linkerSettings: linkMath),
    /// CSV, HTML with inline SVG, JUnit XML, finding reporters (xcode, github, sarif, markdown).
    .target(
      name: "HaptReports",
      dependencies: ["HaptCore", "HaptPatterns", "HaptSignals", "HaptSimulation", "HaptMetrics", "HaptWorkflows"],
      linkerSettings: linkMath),

    /// Assertions for users' own tests (Swift Testing and XCTest): distinguishability,
    /// baselines and latency budgets in one line each.
    .target(
      name: "HaptTesting",
      dependencies: ["HaptCore", "HaptPatterns", "HaptSignals", "HaptSimulation", "HaptMetrics", "HaptWorkflows"],
      linkerSettings: linkMath),

    // MARK: - Executables
    /// The command-line frontend both executables share: typed commands declared as
    /// argument tables that parse, validate and print help (no outside packages).
    .target(name: "HaptCommandLine", dependencies: ["HaptCore"]),
    .executableTarget(
      name: "hapt",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptSignals", "HaptSimulation", "HaptMetrics",
        "HaptWorkflows", "HaptReports", "HaptCommandLine",
      ],
      linkerSettings: linkMath),
    .executableTarget(
      name: "hapt-bench",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptSignals", "HaptSimulation", "HaptMetrics", "HaptWorkflows", "HaptReports",
        "HaptCommandLine",
      ],
      linkerSettings: linkMath),

    // MARK: - Plugins
    /// Build-tool plugin: lints a target's haptic resources while it builds (hapt lint
    /// --format xcode), so swift build and Xcode show the findings on their lines.
    .plugin(name: "HaptLintPlugin", capability: .buildTool(), dependencies: ["hapt"]),
    /// Command plugin: `swift package hapt ARGUMENTS...` runs hapt in the package folder.
    .plugin(
      name: "HaptCommandPlugin",
      capability: .command(intent: .custom(verb: "hapt", description: "Run a hapt command in this package's folder.")),
      dependencies: ["hapt"]),

    // MARK: - Tests
    /// What several test targets share (fuzz case counts): one copy, not a product.
    .target(name: "HaptTestSupport", path: "Tests/HaptTestSupport"),
    .testTarget(name: "HaptCoreTests", dependencies: ["HaptCore"]),
    /// CodegenStubs: the Apple SDK signatures generated Swift is type-checked against.
    .testTarget(
      name: "HaptPatternsTests", dependencies: ["HaptPatterns", "HaptTestSupport"], exclude: ["CodegenStubs"],
      resources: [.copy("Fixtures"), .copy("AndroidFixtures")]),
    .testTarget(name: "HaptSignalsTests", dependencies: ["HaptSignals", "HaptTestSupport"]),
    .testTarget(name: "HaptSimulationTests", dependencies: ["HaptSimulation", "HaptTestSupport"]),
    .testTarget(
      name: "HaptMetricsTests", dependencies: ["HaptMetrics", "HaptSignals", "HaptTestSupport"],
      resources: [.copy("Fixtures")]),
    /// KotlinStubs: the Android SDK signatures exported Kotlin is compiled against.
    .testTarget(name: "HaptWorkflowsTests", dependencies: ["HaptWorkflows", "HaptReports"], exclude: ["KotlinStubs"]),
    .testTarget(
      name: "HaptReportsTests",
      dependencies: ["HaptReports", "HaptWorkflows", "HaptSimulation", "HaptPatterns", "HaptMetrics"],
      exclude: ["Goldens"]),
    .testTarget(name: "HaptTestingTests", dependencies: ["HaptTesting"]),
    /// End-to-end: runs the built `hapt` binary.
    /// Also parses every command in-process (`@testable import hapt`).
    .testTarget(name: "HaptCLITests", dependencies: ["hapt", "HaptCommandLine", "HaptCore"]),
  ]
)
