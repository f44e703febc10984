import Foundation
import HaptCommandLine
import HaptCore
import HaptReports
import HaptSimulation
import HaptAndroid

/// `hapt assess --device D`: Android's haptics hardware assessment on a simulated device.
struct AssessCommand: HaptCommand {
  static let help = CommandHelp(
    name: "assess",
    summary: "Run Android's haptics hardware assessment on a simulated device.",
    discussion: """
      Plays the assessment's three target effects (source.android.com, "Assess the
      hardware"): Effect 1 EFFECT_CLICK, Effect 2 createOneShot(20, 255), Effect 3
      createWaveform({500, 500}, {128, 255}), with Android's semantics (Docs/Android.md),
      and measures the rendered acceleration: peak (g), peak duration (ms), peak-to-ring
      ratio (dB) and the figure of merit for sharpness (PRR / peak duration) for Effects
      1 and 2; the levels of Effect 3's two halves and their ratio. Each effect gets the
      assessment's failure codes (F01 no output, F02 too weak, F03-1 PRR below 0 dB, F03-2
      peak below 0.1 g, F04 the 50 % half missing or a start over 500 ms late, F05 no
      amplitude scaling). Definitions and sources: Docs/Android.md. Exit status 1 when any
      effect fails.
      """)

  var devices = DeviceOptions()
  var format = OutputFormat.text

  static var arguments: [Argument<Self>] { [.group(\.devices), .format(\.format)] }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    let devices = try self.devices.profiles(default: ["android-lra-235"], in: environment)
    let assessments = devices.map { AndroidAssessment(device: $0) }
    switch format {
    case .text: console.out(assessments.map(Self.text).joined(separator: "\n"))
    case .csv: console.out(Self.csv(assessments))
    case .json: console.out(JSONWriter.string(.list(assessments.map(Self.json))))
    }
    return assessments.allSatisfy(\.passes) ? .success : .checkFailed
  }

  static let columns = [
    "device", "effect", "peak_g", "peakDuration_ms", "peakRingRatio_dB", "sharpnessFigureOfMerit_dB_per_ms",
    "level50_g", "level100_g", "amplitudeRatio", "onset_ms", "outputDuration_ms", "failures", "result",
  ]

  static func values(_ m: AndroidAssessment.Measurement) -> [Double?] {
    [
      m.peak_g, m.peakDuration_ms, m.peakRingRatio_dB, m.sharpnessFigureOfMerit_dB_per_ms, m.level50_g, m.level100_g,
      m.amplitudeRatio, m.onset_ms, m.outputDuration_ms,
    ]
  }

  static func text(_ assessment: AndroidAssessment) -> String {
    var table = TextTable(["effect"] + columns[2...10].map { String($0) } + ["result"])
    for m in assessment.measurements {
      table.append(
        [m.effect.rawValue] + values(m).map { Format.fixed($0, 3) }
          + [m.passes ? "pass" : "fail " + m.failures.map(\.rawValue).joined(separator: ",")])
    }
    let verdict =
      assessment.hasActuator
      ? (assessment.passes ? "passes" : "fails")
      : "fails: the device has no actuator, so none of the three effects is felt"
    var lines = ["\(OneLine.escaped(assessment.device)): \(verdict)", table.text]
    for m in assessment.measurements {
      for failure in m.failures {
        // Without an actuator there is no output at all, whatever the code's usual wording.
        let meaning = assessment.hasActuator ? failure.meaning : "no output signal (no actuator)"
        lines.append("  \(m.effect.title): \(failure.rawValue) \(meaning)")
      }
      for note in m.notes { lines.append("  \(m.effect.title): note: \(OneLine.escaped(note))") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func csv(_ assessments: [AndroidAssessment]) -> String {
    var table = CSVTable(columns: columns.map { CSVColumn($0) })
    for assessment in assessments {
      for m in assessment.measurements {
        table.append(
          [.text(assessment.device), .text(m.effect.rawValue)] + values(m).map(CSVCell.number)
            + [.text(m.failures.map(\.rawValue).joined(separator: " ")), .text(m.passes ? "pass" : "fail")])
      }
    }
    return table.csvText
  }

  static func json(_ assessment: AndroidAssessment) -> JSONValue {
    .orderedObject([
      ("device", .string(assessment.device)),
      ("passes", .bool(assessment.passes)),
      (
        "effects",
        .list(
          assessment.measurements.map { m in
            .orderedObject(
              [("effect", .string(m.effect.rawValue))]
                + zip(columns[2...10], values(m)).map { key, value in (key, value.map(JSONValue.number) ?? .null) }
                + [
                  ("failures", .list(m.failures.map { .string($0.rawValue) })),
                  ("result", .string(m.passes ? "pass" : "fail")),
                  ("notes", .list(m.notes.map { .string($0) })),
                ])
          })
      ),
    ])
  }
}
