import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptFormats
import HaptSimulation
import HaptBaselines
import Testing

@testable import hapt
import HaptCodegen

/// Only the command line maps library errors to exit statuses and adds option names:
/// the mapping, case by case (swift-argument-parser's `MessageInfo` in spirit).
@Suite struct ErrorStatusTests {
  static let cases: [(any Error & Sendable, HaptCommandLine.ExitStatus)] = [
    (InputError(file: "a.ahap", "expected a number"), .dataError),
    (InputError(file: "a.ahap", "no such file", kind: .missing), .noInput),
    (InputError(file: "out", "cannot be written", kind: .unwritable), .cannotCreate),
    (InputError(file: "a.ahap", "too many events", limit: .events(10)), .dataError),
    (InputError(file: "a.hjif", "codec not supported", kind: .unsupported), .dataError),
    (DeviceLookupError.unknownName("x", known: ["y"]), .noInput),
    (DeviceLookupError.shippedProfilesMissing, .noInput),
    (BaselineError.alreadyExists(folder: "b"), .cannotCreate),
    (CodegenError.notAPresetOf(target: .uiKit, pattern: "p", targets: [.coreHaptics]), .usage),
    (UsageError.unknownOption("--x"), .usage),
  ]

  @Test(arguments: 0..<cases.count)
  func eachErrorHasItsStatus(index: Int) {
    let (error, status) = Self.cases[index]
    #expect(ErrorText.status(error) == status, "\(error)")
  }

  @Test func theCommandLineAddsTheOptionALimitOrSettingNames() {
    let limit = InputError(file: "a.ahap", "over the limit of 10 events", limit: .events(10))
    #expect(limit.kind == .overLimit)
    #expect(ErrorText.line(limit) == "a.ahap: over the limit of 10 events (see --max-events)")
    let scale = InputError(file: "r.wav", "is silent", setting: .recordingScale)
    #expect(ErrorText.line(scale) == "r.wav: is silent (check --scale)")
    #expect(
      ErrorText.line(BaselineError.alreadyExists(folder: "b"))
        == "b: a baseline exists here already; pass --force to replace it")
    #expect(!scale.description.contains("--") && !limit.description.contains("--"))
  }
}
