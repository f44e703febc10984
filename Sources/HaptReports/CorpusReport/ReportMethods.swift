import HaptSimulation

/// The report's "How to read this report" section: every metric with its units and
/// sources, and what is approximate.
enum ReportMethods {
  /// Each device's engine latencies for a sentence: "iphone-wideband-lra 10 ms prepared,
  /// 200 ms cold; erm-phone ..." (devices without an actuator left out).
  static func engineLatencies(_ devices: [DeviceProfile]) -> String {
    let felt = devices.filter(\.actuator.exists)
    guard !felt.isEmpty else { return "no device with an actuator" }
    return felt.map {
      "\($0.name) \(Wording.ms($0.latency.prepared_s)) prepared, \(Wording.ms($0.latency.cold_s)) cold"
    }
    .joined(separator: "; ")
  }

  /// The id of the heading of the pattern pages' part of the section (each page's
  /// sections link to it).
  static let patternPagesID = "read-pages"

  static func section(devices: [DeviceProfile], hints: ReportHints) -> ReportSection {
    ReportSection(
      title: "How to read this report", id: "methods",
      blocks: [
        .heading("Simulation"),
        .paragraph(
          "Each pattern (Apple AHAP, Lofelt .haptic, Interhaptics .haps, Immersion .ivs, Android vibration XML or MPEG-I Haptics; Docs/Formats.md) is turned into a coil voltage (sharpness maps linearly to drive frequency in the device's band, intensity to amplitude) and driven through a model of the device's actuator: a linear resonant actuator (mass, spring, damping, coil; solved exactly for piecewise-linear drive), an eccentric rotating mass motor, or nothing; the ideal profile has no actuator dynamics and outputs the drive signal itself (full scale 1). The result is the body acceleration in g (9.80665 m/s²) at 8000 samples per second, starting at the touch (trigger, 0 ms) and delayed by the engine latency of the device's profile: prepared (the engine running) or cold (the engine starting first): \(engineLatencies(devices)). Sources: Docs/Model.md, Docs/Simulation.md."
        ),
        .approximate(
          "Apple publishes neither the Taptic Engine's parameters nor the system presets' waveforms: the iPhone-class profile and the UIKit, SwiftUI and watchOS presets are approximations from public descriptions (each file's description says what is a guess)."
        ),
        .heading("Latency markers (ms after the trigger)"),
        .list([
          "detect: first time the envelope (magnitude of the analytic signal) reaches the detection threshold of a phone in the hand at the signal's dominant frequency (Android MIN_PERCEPTIBLE_CURVE, dB re 1 g).",
          "t10, t50, t90: first time the envelope reaches 10, 50, 90 % of its peak; rise = t90 - t10.",
          "stop: last time after the drive ends that the envelope is above 10 % of its peak (TI DRV2605 convention).",
          "Budget: detect within 50 ms passes, 50-70 ms warns, later fails (Kaaresoja, Brewster & Lantz 2014; Vogels 2004).",
        ]),
        .html(.element("h3", attributes: ["id": patternPagesID], text: "Each pattern's page")),
        .list([
          "Latency table: milliseconds after the touch (trigger, 0 ms), one row per device with an actuator. detect = engine latency + onset: the engine's part depends on its state, the pattern's own part (onset, rise from 10 % to 90 % of the peak level, peak) does not, so it is shown once. Each detect cell has the verdict of the index's cell. latency.csv has every marker (t10, t50, t90, stop) and the engine latency of each state.",
          "How it feels, on the primary device (Docs/Perception.md): energy is felt strength with temporal summation (1 = a steady vibration 20 dB above threshold for a second), tempo_Hz size-weighted onsets per second, roughness felt texture (strength and 10-100 Hz fluctuation together), continuity 0 for crisp taps to 1 for a steady buzz, duration_s first to last felt instant.",
          "Nearest neighbours: the patterns that feel most like this one on the primary device, closest first by perceptual distance (Docs/Perception.md: the felt attributes, and d' within a few JNDs). Whether two can be confused is d' (JND units; under 1 confusable, under 2 close): the verdict comes from d'. Waveform similarity is a separate signal-level score, not a verdict: the pair's bounded ST-SIM (0..1, 1 identical).",
        ]),
        .heading("Similarity"),
        .list([
          "similarity (0..1, 1 identical): how alike two signals look to a codec, from ST-SIM, the spectral-temporal similarity of Hassen & Steinbach (IEEE ToH 2020) as the reference package vibromaf 0.0.8 computes it (512-sample blocks at 8 kHz, a perceptual DCT spectrum). ST-SIM takes one signal as the reference and exceeds 1 without bound where the reference is weak, so similarity is the smaller of its two directions, clamped to 0..1, averaged over blocks where at least one signal is perceptible (Docs/Similarity.md). Every signal is resampled to 8 kHz first.",
          "The raw directional ST-SIM and SPQI (Noll et al., Haptics Symposium 2022) are in pairs.csv as stsimRawRefA/RefB and spqiRawRefA/RefB (RefA: patternA is the reference). Similarity is not a change detector or a distinguishability: d' is.",
        ]),
        .heading("Distinguishability"),
        .list([
          "d' (JND units): hapt's own perceptual distance between two signals, from level, frequency, duration and rhythm differences each divided by its just-noticeable difference (2.3 dB amplitude, 20 % frequency and duration; Israr, Tan & Reed 2006). Under 1: confusable; under 2: close; otherwise distinct. Docs/Perception.md gives the formula.",
          "Confusion matrix: predicted P(answer | presented) for an identification task with these patterns, from d' with the identification capacity of memory and context (Durlach & Braida; one dimension carries at most about 2 bits, combined dimensions more; Docs/Perception.md); rows sum to 1.",
          "Information transfer IT = Σ p_ij log2(p_ij / (p_i p_j)) bits with equal priors; 2^IT is the number of effectively distinguishable patterns.",
        ]),
        .approximate(
          "d' and the predicted confusions are a model calibrated on published thresholds and JNDs, not a measurement with people: use them to rank risks, and confirm important decisions with a user test\(hints.userTestCounts.map { " (\($0) reads its results)" } ?? "")."
        ),
      ])
  }
}
