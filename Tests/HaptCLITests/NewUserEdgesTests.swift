import HaptTestSupport
import Foundation
import Testing

/// What a new user hit (issue 24, items 12-17): one duration syntax, conflicting budgets
/// said, the nearest preset suggested, counts with a header row, the whole review in CSV,
/// a device without an actuator said so, a broken file outside the set not failing it.
@Suite(.tags(.endToEnd), .slow, .serialized) struct NewUserEdgesTests {
  static let tap = "Corpora/system/uikit-selection.ahap"

  @Test func conflictingOrNegativeBudgetsAreRefusedAndTapsTakeUnits() throws {
    let conflict = try HaptInProcess.run(["latency", Self.tap, "--budget", "80ms", "--warn", "60ms"])
    #expect(conflict.status == 64, "\(conflict.stderr)")
    #expect(conflict.stderr.contains("--warn") && conflict.stderr.contains("--budget"), "\(conflict.stderr)")
    let negative = try HaptInProcess.run(["latency", Self.tap, "--budget", "-5ms"])
    #expect(negative.status == 64)
    #expect(negative.stderr.contains("0 or more"), "\(negative.stderr)")
    let taps = try HaptInProcess.run(["rhythm", "--taps", "0,210ms,0.5s"])
    #expect(taps.status == 0, "\(taps.stderr)")
    #expect(taps.stdout.contains("0.21"), "\(taps.stdout)")
  }

  @Test func aMistypedPresetNameGetsTheNearestPreset() throws {
    let run = try HaptInProcess.run(["codegen", "uikit-notification-sucess"])
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains("did you mean uikit-notification-success?"), "\(run.stderr)")
    #expect(!run.stderr.contains("unknown pattern format"), "\(run.stderr)")
  }

  @Test func countsWithAHeaderRowAndLabelColumnAreRead() throws {
    let scratch = try ScratchFolder("counts-header")
    defer { scratch.remove() }
    try scratch.write("header.csv", "success,warning,error\n20,1,0\n2,18,1\n0,1,20\n")
    try scratch.write("labelled.csv", "presented,success,warning,error\nsuccess,20,1,0\nwarning,2,18,1\nerror,0,1,20\n")
    for name in ["header.csv", "labelled.csv"] {
      let run = try HaptInProcess.run(["confusion", "--counts", scratch.file(name), "--format", "json"])
      #expect(run.status == 0 || run.status == 1, "\(name): \(run.stderr)")
      #expect(run.stdout.contains("\"stimuli\": 3") || run.stdout.contains("\"stimuli\":3"), "\(name): \(run.stdout)")
    }
  }

  @Test func confusionCSVHoldsTheMatrixAndIT() throws {
    let run = try HaptInProcess.run(["confusion", "--format", "csv", "--device", "erm-phone"])
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    let header = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
    for column in ["presented", "answered", "probability", "informationTransfer_bits", "dPrime_JND"] {
      #expect(header.contains(column), "\(header)")
    }
    // Three patterns: nine cells.
    #expect(run.stdout.split(separator: "\n").count == 10, "\(run.stdout)")
  }

  @Test func aDeviceWithoutAnActuatorIsSaidToHaveNone() throws {
    let run = try HaptInProcess.run(["assess", "--device", "tablet-none"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("no actuator"), "\(run.stdout)")
    #expect(!run.stdout.contains("half is missing"), "\(run.stdout)")
  }

  @Test func aBrokenFileOutsideTheSetDoesNotFailTheSet() throws {
    let scratch = try ScratchFolder("set-broken")
    defer { scratch.remove() }
    for name in ["uikit-notification-success", "uikit-notification-error"] {
      let text = try String(
        contentsOf: HaptBinary.packageRoot.appendingPathComponent("Corpora/system/\(name).ahap"), encoding: .utf8)
      try scratch.write("\(name).ahap", text)
    }
    try scratch.write("broken.ahap", "{ not json")
    let run = try HaptInProcess.run([
      "confusion", scratch.path, "--set", "uikit-notification-success,uikit-notification-error", "--device",
      "erm-phone",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("broken.ahap"), "the broken file is still named: \(run.stderr)")
  }

  @Test func theReadmeExamplesNameTheShippedCorporaFromAnyFolder() throws {
    let scratch = try ScratchFolder("any-folder")
    defer { scratch.remove() }
    let lint = try HaptInProcess.run(["lint", "Corpora/library"], in: scratch.url)
    #expect(lint.status == 0 || lint.status == 1, "\(lint.stderr)")
    #expect(lint.stdout.contains("heartbeat") || lint.stderr.isEmpty, "\(lint.stdout)")
    let latency = try HaptInProcess.run(
      ["latency", "Corpora/system/uikit-selection.ahap", "--device", "erm-phone"], in: scratch.url)
    #expect(latency.status == 0 || latency.status == 1, "\(latency.stderr)")
    // A folder of the user's own called Corpora wins.
    try scratch.write("Corpora/mine.ahap", HostileInputTests.validAHAP)
    let own = try HaptInProcess.run(["lint", "Corpora"], in: scratch.url)
    #expect(!own.stdout.contains("heartbeat") && !own.stderr.contains("heartbeat"), "\(own.stdout)")
  }
}
