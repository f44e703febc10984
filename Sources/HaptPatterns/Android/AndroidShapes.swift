import HaptCore

/// The shapes hapt gives Android's predefined effects and primitives, and the platform's
/// fallback waveforms.
///
/// Fallbacks are the platform's (AOSP `VibrationSettings`: click uses
/// `config_virtualKeyVibePattern` {0, 10, 20, 30}, heavy click `config_longPressVibePattern`
/// {0, 1, 20, 21}, double click the timings {0, 30, 100, 30}, tick
/// `config_clockTickVibePattern`, texture tick the tick effect without fallback; thud and
/// pop have none). The implemented shapes are ours: vendors tune them per device and
/// publish nothing, so hapt plays each as a short burst at the actuator's resonance of a
/// documented length and strength (Docs/Android.md lists them).
package enum AndroidShapes {
  /// One implemented effect or primitive: a transient (the device's click) or a
  /// continuous burst with an envelope; strength relative to full scale.
  package struct Shape {
    package enum Kind {
      case transient
      case burst(duration_ms: Int, attack: Double, release: Double)
    }
    package var kind: Kind
    package var strength: Double
    /// How long the composition waits before the next primitive, ms.
    package var length_ms: Int
  }

  /// The shape of a supported primitive.
  package static func shape(of primitive: AndroidPrimitiveName) -> Shape {
    switch primitive {
    case .click: Shape(kind: .transient, strength: 1, length_ms: 10)
    case .tick: Shape(kind: .transient, strength: 0.5, length_ms: 10)
    case .lowTick: Shape(kind: .transient, strength: 0.3, length_ms: 10)
    case .thud: Shape(kind: .burst(duration_ms: 40, attack: 0, release: 1), strength: 1, length_ms: 40)
    case .quickRise: Shape(kind: .burst(duration_ms: 150, attack: 1, release: 0), strength: 1, length_ms: 150)
    case .slowRise: Shape(kind: .burst(duration_ms: 500, attack: 1, release: 0), strength: 1, length_ms: 500)
    case .quickFall: Shape(kind: .burst(duration_ms: 100, attack: 0, release: 1), strength: 1, length_ms: 100)
    case .spin: Shape(kind: .burst(duration_ms: 150, attack: 0.5, release: 0.5), strength: 0.8, length_ms: 150)
    }
  }

  /// The shape of a supported primitive on `device`: a stated duration
  /// (``AndroidPlayback/primitiveDurations_ms``) is how long the primitive lasts in its
  /// composition, and how long a burst primitive (thud, rises, fall, spin) is driven; a
  /// click or tick stays the actuator's own transient.
  package static func shape(of primitive: AndroidPrimitiveName, on device: AndroidPlayback) -> Shape {
    var shape = shape(of: primitive)
    guard let stated = device.primitiveDurations_ms[primitive], stated > 0 else { return shape }
    shape.length_ms = stated
    if case .burst(_, let attack, let release) = shape.kind {
      shape.kind = .burst(duration_ms: stated, attack: attack, release: release)
    }
    return shape
  }

  /// The shapes of a supported predefined effect, with their start times in ms.
  static func shapes(of effect: AndroidPredefinedEffect) -> [(start_ms: Int, shape: Shape)] {
    switch effect {
    case .click: [(0, Shape(kind: .transient, strength: 1, length_ms: 10))]
    case .tick: [(0, Shape(kind: .transient, strength: 0.5, length_ms: 10))]
    case .heavyClick: [(0, Shape(kind: .burst(duration_ms: 16, attack: 0, release: 0.5), strength: 1, length_ms: 16))]
    case .doubleClick:
      [
        (0, Shape(kind: .transient, strength: 1, length_ms: 10)),
        (100, Shape(kind: .transient, strength: 1, length_ms: 10)),
      ]
    case .thud: [(0, Shape(kind: .burst(duration_ms: 40, attack: 0, release: 1), strength: 1, length_ms: 40))]
    case .pop: [(0, Shape(kind: .transient, strength: 0.7, length_ms: 10))]
    case .textureTick: [(0, Shape(kind: .transient, strength: 0.3, length_ms: 10))]
    }
  }

  /// The platform's fallback for an effect the vibrator does not implement, or nil when
  /// it has none (the effect is then not played).
  static func fallback(for effect: AndroidPredefinedEffect, on device: AndroidPlayback) -> AndroidVibrationEffect? {
    switch effect {
    case .click: timings([0, 10, 20, 30])
    case .heavyClick: timings([0, 1, 20, 21])
    case .doubleClick: timings([0, 30, 100, 30])
    case .tick: timings([125, 30])
    case .textureTick: device.supportedEffects.contains(.tick) ? .predefined(.tick, fallback: false) : nil
    case .thud, .pop: nil
    }
  }

  /// `VibrationEffect.createWaveform(timings, -1)`: alternating off and on (at the default
  /// amplitude) durations, starting with off.
  static func timings(_ durations_ms: [Int]) -> AndroidVibrationEffect {
    .waveform(
      AndroidWaveform(
        entries: durations_ms.enumerated().map { index, duration in
          AndroidWaveformEntry(duration_ms: duration, amplitude: index.isMultiple(of: 2) ? 0 : nil)
        }))
  }
}
