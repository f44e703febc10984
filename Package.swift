// swift-tools-version:6.0
// hapt: a haptic perception evaluation and testing harness.
// Layers (data flows one way): Core -> Patterns -> Signals -> Simulation -> Metrics
// -> Evaluation -> Baselines, Calibration, Android -> Reports -> hapt. See README.md and Docs/Design.md.
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
    // MARK: - C libraries (Debian: libfftw3-dev, libsndfile1-dev, libgoogle-perftools-dev)
    .systemLibrary(
      name: "CFFTW", pkgConfig: "fftw3",
      providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]),
    .systemLibrary(
      name: "CSndFile", pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]),
    /// gperftools' tcmalloc, the executables' allocator on Linux (Docs/Performance.md,
    /// "The allocator"): glibc's took about a third of a 10,000-pattern report's CPU time.
    .systemLibrary(
      name: "CTCMalloc", pkgConfig: "libtcmalloc_minimal",
      providers: [.apt(["libgoogle-perftools-dev"])]),

    // MARK: - Shipped data
    /// Device profiles, system presets and the pattern library, kept in Corpora/ and
    /// bundled as package resources so that they are found from any folder and from
    /// packages that depend on hapt (HaptCore's `Corpora` finds them).
    .target(
      name: "HaptCorpora", path: "Corpora", sources: ["ShippedCorpora.swift"],
      resources: [.copy("devices"), .copy("library"), .copy("system"), .copy("calibration")]),

    // MARK: - Layers
    /// Shared ground: lenient JSON with source positions, input errors, atomic writes.
    .target(
      name: "HaptCore", dependencies: ["HaptCorpora"], exclude: ["README.md"], linkerSettings: linkMath),
    /// The pattern model: events, curves, dynamic controls, and the source descriptions
    /// (Android vibrations, MPEG-I experiences, frequencies in hertz) a device resolves.
    .target(
      name: "HaptPatterns", dependencies: ["HaptCore"], exclude: ["README.md"], linkerSettings: linkMath),
    /// Every pattern file format's codec (AHAP, .haptic, .haps, .ivs, Android XML, MPEG-I),
    /// the registry that picks one by file, folder walks, the shipped presets.
    .target(
      name: "HaptFormats", dependencies: ["HaptCore", "HaptPatterns"], exclude: ["README.md"], linkerSettings: linkMath),
    /// Lint: the rules a pattern file is checked against, their findings and report.
    .target(
      name: "HaptLint", dependencies: ["HaptCore", "HaptPatterns", "HaptFormats"],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// The Swift source that plays a pattern (Core Haptics, UIKit, SwiftUI, WatchKit).
    .target(
      name: "HaptCodegen", dependencies: ["HaptCore", "HaptPatterns", "HaptFormats"],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Sampled signals, FFTW wrapper, WAV/FLAC through libsndfile, resampling.
    .target(
      name: "HaptSignals", dependencies: ["HaptCore", "CFFTW", "CSndFile"],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Device profiles, drive synthesis, actuators, engine latency.
    .target(
      name: "HaptSimulation", dependencies: ["HaptCore", "HaptPatterns", "HaptSignals"],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Perception thresholds, ST-SIM, SPQI, markers, d', confusion, information transfer.
    .target(
      name: "HaptMetrics", dependencies: ["HaptCore", "HaptSignals"], exclude: ["README.md"], linkerSettings: linkMath),
    /// What hapt says about a difference: the edits of a pattern file, then what a person
    /// would feel from them, in designers' words (Docs/Explanations.md).
    .target(
      name: "HaptExplanation", dependencies: ["HaptCore", "HaptPatterns", "HaptMetrics"],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Corpus evaluation: pattern corpora, measurements, latency budgets, confusability
    /// reviews, report jobs and their shards.
    .target(
      name: "HaptEvaluation",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptLint", "HaptSignals", "HaptSimulation", "HaptMetrics",
        "HaptExplanation",
      ],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Baselines and regression checks (also against a git revision), their shards.
    .target(
      name: "HaptBaselines",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptSignals", "HaptSimulation", "HaptMetrics", "HaptExplanation",
        "HaptEvaluation",
      ],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Device profiles fitted to recordings (`hapt fit`).
    .target(
      name: "HaptCalibration",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptSignals", "HaptSimulation", "HaptMetrics", "HaptExplanation",
        "HaptEvaluation",
      ],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Android as a feature: what plays where, the adaptive export, ports and the hardware
    /// assessment.
    .target(
      name: "HaptAndroid",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptSignals", "HaptSimulation", "HaptMetrics", "HaptExplanation",
        "HaptEvaluation",
      ],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// Inline SVG charts (waveforms, spectrograms, latency bars, heat maps), the report's
    /// verdict badges and the markup escaping they share.
    .target(
      name: "HaptCharts", dependencies: ["HaptCore", "HaptSignals", "HaptEvaluation"],
      exclude: ["README.md"], linkerSettings: linkMath),
    /// CSV, HTML with inline SVG, JUnit XML, finding reporters (xcode, github, sarif, markdown).
    .target(
      name: "HaptReports",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptLint", "HaptSignals", "HaptSimulation", "HaptMetrics",
        "HaptExplanation", "HaptEvaluation", "HaptBaselines", "HaptCalibration", "HaptAndroid", "HaptCharts",
      ],
      exclude: ["README.md"], linkerSettings: linkMath),

    /// Assertions for users' own tests (Swift Testing and XCTest): distinguishability,
    /// baselines and latency budgets in one line each.
    .target(
      name: "HaptTesting",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptSignals", "HaptSimulation", "HaptMetrics",
        "HaptExplanation", "HaptEvaluation", "HaptBaselines",
      ],
      exclude: ["README.md"], linkerSettings: linkMath),

    // MARK: - Executables
    /// The command-line frontend both executables share: typed commands declared as
    /// argument tables that parse, validate and print help (no outside packages).
    .target(name: "HaptCommandLine", dependencies: ["HaptCore"], exclude: ["README.md"]),
    .executableTarget(
      name: "hapt",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptLint", "HaptCodegen", "HaptSignals", "HaptSimulation",
        "HaptMetrics", "HaptExplanation", "HaptEvaluation", "HaptBaselines", "HaptCalibration", "HaptAndroid",
        "HaptReports",
        "HaptCommandLine", .target(name: "CTCMalloc", condition: .when(platforms: [.linux])),
      ],
      linkerSettings: linkMath),
    .executableTarget(
      name: "hapt-bench",
      dependencies: [
        "HaptCore", "HaptPatterns", "HaptFormats", "HaptLint", "HaptSignals", "HaptSimulation", "HaptMetrics",
        "HaptExplanation", "HaptEvaluation", "HaptBaselines", "HaptCalibration", "HaptAndroid", "HaptReports",
        "HaptCommandLine", .target(name: "CTCMalloc", condition: .when(platforms: [.linux])),
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
    /// What several test targets share (fuzz case counts, the slow-test tags, approximate
    /// equality, pattern edits more than one target explains): one copy, not a product.
    .target(name: "HaptTestSupport", dependencies: ["HaptPatterns"], path: "Tests/HaptTestSupport"),
    .testTarget(name: "HaptCoreTests", dependencies: ["HaptCore", "HaptTestSupport"]),
    /// CodegenStubs: the Apple SDK signatures generated Swift is type-checked against.
    .testTarget(
      name: "HaptPatternsTests",
      dependencies: ["HaptPatterns", "HaptFormats", "HaptLint", "HaptCodegen", "HaptTestSupport"],
      exclude: [
        "CodegenStubs", "MPEGFixtures", "MPEGStreamFixtures", "MPEGEncoderFixtures", "MPEGReferenceFixtures",
      ],
      resources: [.copy("Fixtures"), .copy("AndroidFixtures")]),
    .testTarget(name: "HaptSignalsTests", dependencies: ["HaptSignals", "HaptTestSupport"]),
    .testTarget(name: "HaptSimulationTests", dependencies: ["HaptSimulation", "HaptFormats", "HaptTestSupport"]),
    .testTarget(
      name: "HaptMetricsTests", dependencies: ["HaptMetrics", "HaptSignals", "HaptTestSupport"],
      resources: [.copy("Fixtures")]),
    /// KotlinStubs: the Android SDK signatures exported Kotlin is compiled against.
    .testTarget(
      name: "HaptWorkflowsTests",
      dependencies: [
        "HaptFormats", "HaptCodegen", "HaptExplanation", "HaptEvaluation", "HaptBaselines", "HaptCalibration",
        "HaptAndroid", "HaptReports", "HaptTestSupport",
      ],
      exclude: ["KotlinStubs"]),
    .testTarget(
      name: "HaptReportsTests",
      dependencies: [
        "HaptReports", "HaptEvaluation", "HaptBaselines", "HaptAndroid", "HaptSimulation", "HaptPatterns",
        "HaptFormats",
        "HaptLint", "HaptMetrics", "HaptExplanation", "HaptCharts", "HaptTestSupport",
      ],
      exclude: ["Goldens"]),
    .testTarget(name: "HaptTestingTests", dependencies: ["HaptTesting"]),
    .testTarget(
      name: "HaptExplanationTests",
      dependencies: [
        "HaptExplanation", "HaptPatterns", "HaptFormats", "HaptSimulation", "HaptMetrics", "HaptEvaluation",
        "HaptTestSupport",
      ]),
    /// End-to-end: runs whole commands in-process (`@testable import hapt`, `Hapt.main` with a
    /// collecting `Console`) and, where a real process is needed, the built `hapt` binary.
    .testTarget(
      name: "HaptCLITests", dependencies: ["hapt", "HaptCommandLine", "HaptCore", "HaptFormats", "HaptTestSupport"]),
  ]
)
