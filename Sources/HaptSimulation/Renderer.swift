import Foundation
import HaptCore
import HaptPatterns
import HaptSignals

/// Renders haptic patterns on one device: drive synthesis, clipping, the actuator.
///
/// Build one per device and reuse it: the actuator's discretisation (the matrix
/// exponential) is computed once here, not per render. Rendering is deterministic and
/// allocates only the output signals and per-event stack scratch.
package struct Renderer: Sendable {
  /// The device rendered on.
  package let device: DeviceProfile
  /// The actuator's cached discrete model; nil when the device has no actuator or its
  /// parameters cannot be discretised (``unavailableSilence``).
  let actuator: (any Actuator)?
  /// The driver's equalisation across frequency, nil for a plain driver.
  let equalizer: ResponseEqualizer?
  /// The same driver's scaling of transients by their burst's peak, nil for a plain driver.
  let transientEqualizer: TransientEqualizer?

  package init(device: DeviceProfile) {
    self.device = device
    equalizer = ResponseEqualizer(profile: device)
    let actuator = device.actuator.model(bodyMass_kg: device.bodyMass_kg, sampleRate_Hz: device.sampleRate_Hz)
    self.actuator = actuator
    transientEqualizer =
      equalizer == nil || !device.drive.equalizesTransientsByBurstPeak
      ? nil : TransientEqualizer(profile: device, model: actuator as? LRAModel)
  }

  /// Why this device renders silence whatever the pattern, nil when it has an actuator:
  /// no actuator, or parameters that cannot be discretised (only possible for profiles
  /// built in code without validation). These are states of the device, not actuators.
  var unavailableSilence: SilenceReason? {
    guard actuator == nil else { return nil }
    return device.actuator == .none ? .noActuator : .deviceCannotBeSimulated
  }

  /// Renders `pattern`, checking the options and the render's length first.
  ///
  /// - Throws: ``InputError`` (malformed, no file: callers add it with `inFile`) if the
  ///   playback rate is outside 0.5...2, the loop count outside 1...10000, a number is not
  ///   finite, or the render would last longer than `options.maxDuration_s` or expand to
  ///   more than ``RenderOptions/maxEventCount`` events.
  package func renderChecked(_ pattern: HapticPattern, options: RenderOptions = .init()) throws -> Rendering {
    guard options.playbackRate.isFinite, HapticPattern.playbackRateRange.contains(options.playbackRate) else {
      throw InputError("playback rate \(options.playbackRate) is outside 0.5...2")
    }
    guard (1...HapticPattern.maxLoopCount).contains(options.loopCount) else {
      throw InputError("loop count \(options.loopCount) is outside 1...\(HapticPattern.maxLoopCount)")
    }
    guard options.tail_s.isFinite, options.tail_s >= 0, options.tail_s <= 60 else {
      throw InputError("tail \(options.tail_s) s is outside 0...60 s")
    }
    if let lead = options.prepareLead_s, !lead.isFinite {
      throw InputError("prepare lead must be a finite number of seconds")
    }
    guard options.maxDuration_s.isFinite, options.maxDuration_s > 0 else {
      throw InputError("the maximum render duration must be a positive number of seconds")
    }
    let pattern = devicePattern(pattern).pattern
    let length_s = plannedLength_s(pattern, options: options)
    guard length_s <= options.maxDuration_s else {
      throw InputError(
        "render would last \(JSONWriter.number((length_s * 1000).rounded() / 1000)) s, over the limit of \(JSONWriter.number(options.maxDuration_s)) s"
      )
    }
    let events = pattern.events.count.multipliedReportingOverflow(by: options.loopCount)
    guard !events.overflow, events.partialValue <= RenderOptions.maxEventCount else {
      throw InputError("looping would expand the pattern to more than \(RenderOptions.maxEventCount) events")
    }
    if let earliest = pattern.events.map(\.time_s).min(), earliest < -DriveSynthesizer.earliestEventTime_s {
      throw InputError("an event starts at \(earliest) s, too long before the pattern's start")
    }
    return render(pattern, options: options)
  }

  /// The render's length in seconds before it is made: latency + looped, rate-scaled
  /// pattern duration + tail.
  package func plannedLength_s(_ pattern: HapticPattern, options: RenderOptions) -> Double {
    let rate = options.playbackRate.isFinite ? Swift.min(Swift.max(options.playbackRate, 0.5), 2) : 1
    let loops = Double(Swift.min(Swift.max(options.loopCount, 1), HapticPattern.maxLoopCount))
    let latency = device.latency.latency_s(state: options.state, prepareLead: options.prepareLead_s)
    let tail = options.tail_s.isFinite ? Swift.max(options.tail_s, 0) : 0
    return latency + devicePattern(pattern).pattern.duration_s * loops / rate + tail
  }

  /// Renders `pattern` (Docs/Model.md §2-§4). Never fails: out-of-range options are clamped
  /// (rate to 0.5...2, loops to 1...10000, non-finite values to their defaults) and a
  /// render longer than `options.maxDuration_s` is cut there (``Rendering/isTruncated``).
  /// Use ``renderChecked(_:options:)`` to refuse such input instead.
  ///
  /// - Complexity: O(samples + events); about 20 multiply-adds per sample for an LRA.
  package func render(_ original: HapticPattern, options: RenderOptions = .init()) -> Rendering {
    render(original, options: options, closedLoopBrakes: true)
  }

  /// ``render(_:options:)``; with `closedLoopBrakes` false an LRA's brakes are played
  /// as synthesised, for their full length (the open-loop drive of Docs/Model.md §2, which
  /// the drive-synthesis tests compare with a reference), not cut where the mass stops.
  /// It stays one long function: its steps (clamp the options, time the render to the
  /// sample, synthesise, clamp, run the actuator) share the sample-exact timing (K, rho, the
  /// sample count, the truncation) that each of its exits (a device that cannot be
  /// simulated, a silence, a braked or plain drive) builds its rendering from.
  package func render(_ original: HapticPattern, options: RenderOptions, closedLoopBrakes: Bool) -> Rendering {
    let resolution = devicePattern(original)
    let pattern = resolution.pattern
    let fs = device.sampleRate_Hz
    let lead = options.prepareLead_s.flatMap { $0.isFinite ? $0 : nil }
    let latency = device.latency.latency_s(state: options.state, prepareLead: lead)
    var played = pattern
    let loops = Swift.min(Swift.max(options.loopCount, 1), HapticPattern.maxLoopCount)
    if loops > 1 {
      let allowed = RenderOptions.maxEventCount / Swift.max(pattern.events.count, 1)
      played = played.looped(count: Swift.min(loops, Swift.max(allowed, 1)))
    }
    played = played.atPlaybackRate(options.playbackRate.isFinite ? options.playbackRate : 1)
    let tail = options.tail_s.isFinite ? Swift.min(Swift.max(options.tail_s, 0), 60) : 0.1
    let maxDuration = Self.maxDuration_s(options)

    // Profiles built in code skip validation: never trap on their numbers.
    guard Self.canSimulate(sampleRate_Hz: fs, latency_s: latency, maxDuration_s: maxDuration) else {
      let rate = fs.isFinite && fs > 0 ? fs : 1
      return Rendering(
        drive_V: Signal(samples: [], sampleRate_Hz: rate),
        acceleration_g: Signal(samples: [], sampleRate_Hz: rate),
        latency_s: latency, driveEnd_s: latency, silenceReason: .deviceCannotBeSimulated,
        isTruncated: true)
    }
    let (kInt, rho) = Self.latencySamples(latency, sampleRate_Hz: fs)
    let wanted =
      Double(kInt) + (rho + (playedDuration_s(played, loops: loops, options: options) + tail) * fs - 1e-9).rounded(.up)
    let limit = (maxDuration * fs).rounded(.down)
    let isTruncated = wanted > limit
    let count = Int(Swift.max(Swift.min(wanted, limit), 0))

    var silence = unavailableSilence
    if silence == nil, options.condition == .hapticsOff { silence = .hapticsOff }
    if silence == nil { silence = resolution.silenceReason }
    if let silence {
      var silent = Rendering(
        drive_V: Signal(zeros: count, sampleRate_Hz: fs),
        acceleration_g: Signal(zeros: count, sampleRate_Hz: fs),
        latency_s: latency, driveEnd_s: latency, silenceReason: silence, isTruncated: isTruncated)
      silent.notes = resolution.notes
      return silent
    }

    var synthesizer = DriveSynthesizer(
      parameters: device.drive, sampleRate_Hz: fs,
      waveform: actuator?.driveWaveform ?? .sine,
      intensityScale: options.condition == .lowPower ? device.drive.lowPowerIntensityScale : 1,
      equalizer: equalizer, transientEqualizer: transientEqualizer)
    var end: Int?
    var drive = [Double](repeating: 0, count: count)
    if let source = played.source as? any DriveSynthesizedSource {
      end = source.synthesizeDrive(
        on: self, rate: options.playbackRate.isFinite ? options.playbackRate : 1, loops: loops,
        period_s: Swift.max(pattern.duration_s, source.sourceDuration_s), offset: Double(kInt) + rho,
        lowPower: options.condition == .lowPower,
        into: &drive)
    } else if closedLoopBrakes, device.drive.brakeCycles > 0, actuator?.isPhysical == true {
      return brakedRendering(
        played, synthesizer: &synthesizer, count: count, k: kInt, rho: rho, latency_s: latency,
        isTruncated: isTruncated, notes: resolution.notes)
    } else {
      let controls = played.controls
      drive.withUnsafeMutableBufferPointer { buffer in
        end = synthesizer.synthesize(
          played, controls: controls, latencySamples: kInt, fraction: rho, into: buffer)
      }
    }
    let vmax = device.drive.maxVoltage_V
    for n in drive.indices { drive[n] = Swift.min(Swift.max(drive[n], -vmax), vmax) }
    let acceleration = [Double](unsafeUninitializedCapacity: count) { out, initialized in
      drive.withUnsafeBufferPointer { input in
        if let actuator {
          actuator.simulate(drive: input, into: out)
        } else {
          out.initialize(repeating: 0)
        }
      }
      initialized = count
    }
    let driveEnd = end.map { Double($0) / fs } ?? latency
    var rendering = Rendering(
      drive_V: Signal(samples: drive, sampleRate_Hz: fs),
      acceleration_g: Signal(samples: acceleration, sampleRate_Hz: fs),
      latency_s: latency, driveEnd_s: driveEnd, silenceReason: Self.patternSilence(played, drive: drive),
      isTruncated: isTruncated)
    rendering.notes = resolution.notes
    return rendering
  }
}

extension Renderer {
  /// The render length limit of `options`, s (the default for a non-finite or
  /// non-positive one).
  static func maxDuration_s(_ options: RenderOptions) -> Double {
    options.maxDuration_s.isFinite && options.maxDuration_s > 0
      ? options.maxDuration_s : RenderOptions.defaultMaxDuration_s
  }

  /// Whether a render at `fs` with `latency_s` within `maxDuration_s` can be made; else it
  /// is silent, the device cannot be simulated (a profile built in code skips validation).
  static func canSimulate(sampleRate_Hz fs: Double, latency_s latency: Double, maxDuration_s: Double) -> Bool {
    fs.isFinite && fs >= 1 && fs <= 10_000_000 && latency.isFinite && latency >= 0 && latency <= maxDuration_s
  }

  /// A latency in samples, `latency fs = K + rho`: K whole samples and the fraction
  /// `rho` (0...1), snapped to 0 when within 1e-9 of a whole sample. For a latency and
  /// rate that passed the render's checks (finite, 0...the render limit).
  static func latencySamples(_ latency_s: Double, sampleRate_Hz fs: Double) -> (k: Int, rho: Double) {
    let latencySamples = latency_s * fs
    var k = latencySamples.rounded()
    if abs(latencySamples - k) > 1e-9 { k = latencySamples.rounded(.down) }
    let rho = Swift.max(latencySamples - k, 0) < 1e-9 ? 0 : latencySamples - k
    return (Int(k), rho)
  }
}

extension Renderer {
  /// The pattern this device plays: a pattern whose source a device resolves for itself
  /// (``DeviceResolvedSource``: an Android vibration, frequencies in hertz) is resolved
  /// again for this device; any other pattern plays as it is.
  func devicePattern(_ pattern: HapticPattern) -> ResolvedPattern {
    guard let source = pattern.source as? any DeviceResolvedSource else { return ResolvedPattern(pattern: pattern) }
    return source.resolved(pattern, on: device)
  }
}

extension Renderer {
  /// Whether a silence reason is the device's or the user's setting (no actuator, a
  /// profile that cannot be simulated, haptics off) rather than the pattern's: a pattern
  /// can be felt there by no design, so its silence is information, not a failure.
  package static func isDeviceSilence(_ reason: SilenceReason?) -> Bool {
    reason == .noActuator || reason == .deviceCannotBeSimulated || reason == .hapticsOff
  }

  /// Why a pattern drives nothing on a working device, or nil if it drives something.
  static func patternSilence(_ pattern: HapticPattern, drive: [Double]) -> SilenceReason? {
    guard !drive.contains(where: { $0 != 0 }) else { return nil }
    if !pattern.events.contains(where: { $0.type.isHaptic }) { return .noHapticEvents }
    return .zeroIntensity
  }
}

extension Renderer {
  /// The render of a physical actuator whose driver brakes: the brakes are synthesised
  /// apart and each is cut where the motion has stopped
  /// (``Actuator/simulateBraking(events:brakes:windows:maxVoltage_V:into:)``); the drive
  /// returned is the one applied.
  func brakedRendering(
    _ played: HapticPattern, synthesizer: inout DriveSynthesizer, count: Int, k: Int, rho: Double,
    latency_s: Double, isTruncated: Bool, notes: [String]
  ) -> Rendering {
    let fs = device.sampleRate_Hz
    var drive = [Double](repeating: 0, count: count)
    var brakes = [Double](repeating: 0, count: count)
    var windows: [Range<Int>] = []
    var end: Int?
    let controls = played.controls
    brakes.withUnsafeMutableBufferPointer { brakeBuffer in
      synthesizer.brakes = brakeBuffer
      drive.withUnsafeMutableBufferPointer { buffer in
        end = synthesizer.synthesize(
          played, controls: controls, latencySamples: k, fraction: rho, into: buffer, brakeWindows: &windows)
      }
      synthesizer.brakes = nil
    }
    let acceleration = [Double](unsafeUninitializedCapacity: count) { out, initialized in
      let vmax = device.drive.maxVoltage_V
      if let actuator, actuator.isPhysical {
        actuator.simulateBraking(events: &drive, brakes: &brakes, windows: windows, maxVoltage_V: vmax, into: out)
      } else {
        out.initialize(repeating: 0)
      }
      initialized = count
    }
    // The drive ends where its last nonzero sample is, once the brakes are cut.
    if let last = drive.lastIndex(where: { $0 != 0 }) { end = Swift.min(end ?? (last + 1), last + 1) }
    var rendering = Rendering(
      drive_V: Signal(samples: drive, sampleRate_Hz: fs),
      acceleration_g: Signal(samples: acceleration, sampleRate_Hz: fs),
      latency_s: latency_s, driveEnd_s: end.map { Double($0) / fs } ?? latency_s,
      silenceReason: Self.patternSilence(played, drive: drive), isTruncated: isTruncated)
    rendering.notes = notes
    return rendering
  }
}
