import HaptCore
import HaptPatterns
import HaptSimulation
import HaptFormats

/// Rendering benchmarks: one second of pattern on each actuator type.
///
/// Targets (issue 3): at most 100 microseconds per render on the LRA, 1 ms on the ERM,
/// one core, release build. The renderer (and its matrix exponential) is built in
/// set-up, as the harness caches it per device.
enum RenderBenchmarks {
  /// A one-second pattern: a 1 s continuous event with attack and release, plus eight
  /// transients at different sharpness; with `curves`, also an intensity curve and a
  /// sharpness curve over the whole second (controls change every sample).
  static func oneSecondPattern(curves: Bool) -> HapticPattern {
    var events: [HapticEvent] = [
      .continuous(at: 0, duration_s: 1, intensity: 0.8, sharpness: 0.5, attackTime: 0.05, releaseTime: 0.1)
    ]
    for i in 0..<8 {
      events.append(
        .transient(at: 0.1 + Double(i) * 0.11, intensity: 0.6 + 0.05 * Double(i), sharpness: Double(i) / 8))
    }
    guard curves else { return HapticPattern(events: events) }
    return HapticPattern(
      events: events,
      parameterCurves: [
        ParameterCurve(
          parameterID: .hapticIntensityControl, time_s: 0,
          controlPoints: [
            .init(time_s: 0, value: 1), .init(time_s: 0.5, value: 0.5), .init(time_s: 1, value: 1),
          ]),
        ParameterCurve(
          parameterID: .hapticSharpnessControl, time_s: 0,
          controlPoints: [.init(time_s: 0, value: -0.2), .init(time_s: 1, value: 0.2)]),
      ])
  }

  static func renderCase(name: String, device: String, curves: Bool = false) -> Bench.Case {
    Bench.Case(
      name: name, summary: "render a one-second pattern\(curves ? " with control curves" : "") on \(device)"
    ) {
      let renderer = Renderer(device: try DeviceProfile.load(nameOrPath: device))
      let pattern = oneSecondPattern(curves: curves)
      return {
        let rendering = renderer.render(pattern)
        return rendering.acceleration_g.count
      }
    }
  }

  static var lra: Bench.Case { renderCase(name: "render/lra-1s", device: "iphone-wideband-lra") }
  static var lraCurves: Bench.Case {
    renderCase(name: "render/lra-curves-1s", device: "iphone-wideband-lra", curves: true)
  }
  static var lraNarrow: Bench.Case { renderCase(name: "render/lra-overdrive-1s", device: "android-lra-235") }
  static var erm: Bench.Case { renderCase(name: "render/erm-1s", device: "erm-phone") }

  /// A shipped library pattern rendered on the iPhone-class LRA (prepared).
  static func libraryCase(_ name: String) -> Bench.Case {
    Bench.Case(
      name: "render/lra-library-\(name)", summary: "render Corpora/library/\(name).ahap on iphone-wideband-lra"
    ) {
      let renderer = Renderer(device: try DeviceProfile.load(nameOrPath: "iphone-wideband-lra"))
      let pattern = try PatternLibrary.load(name).pattern
      return {
        let rendering = renderer.render(pattern)
        return rendering.acceleration_g.count
      }
    }
  }

  /// The heartbeat (four transients over 0.95 s) and the explosion (a transient and a
  /// 0.8 s continuous event under an intensity curve): one-second patterns that ship.
  static var library: [Bench.Case] { [libraryCase("heartbeat"), libraryCase("explosion")] }
}
