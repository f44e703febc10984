import Foundation
import HaptCore
import HaptEvaluation
import HaptPatterns
import HaptSimulation

/// How much a device's verdicts rest on its guessed numbers (Docs/Devices.md, "What rests
/// on guesses"): each guessed number with a stated plausible range is moved to either end
/// of that range, one at a time, and the verdict on every sample pattern is evaluated
/// again.
///
/// A verdict is the class of ``DevicePlayback``'s outcome: plays, falls back within 1 JND,
/// falls back by 1 JND or more, or silent. A number moves a verdict when the class on the
/// moved profile differs from the class on the profile as shipped.
package struct DeviceSensitivity: Equatable, Sendable {
  /// One guessed number and the verdicts its range moves.
  package struct Guess: Equatable, Sendable {
    /// The number's dotted path in the profile.
    package var field: String
    /// Its value and its plausible range, in the field's unit.
    package var value: Double
    package var range: ClosedRange<Double>
    /// Patterns whose verdict differs at either end of the range (counted once).
    package var movedVerdicts: Int
    /// Whether an end of the range is not a valid profile (then that end is skipped).
    package var invalidEnd: Bool
  }

  /// The device's name.
  package var device: String
  /// How many numbers the profile has, and how many of them are guesses.
  package var numberCount: Int
  package var guessCount: Int
  /// Guesses that state no plausible range (not moved).
  package var guessesWithoutRange: [String]
  /// The sample patterns the verdicts were evaluated on.
  package var patternCount: Int
  /// The guesses with a range, most verdicts moved first (ties in profile order).
  package var guesses: [Guess]

  /// The share of the profile's numbers that are guesses, 0...1.
  package var guessShare: Double { numberCount == 0 ? 0 : Double(guessCount) / Double(numberCount) }

  /// The verdict class of one playback: `plays`, `within1`, `beyond1`, `silent`.
  static func verdict(_ playback: DevicePlayback) -> String {
    switch playback.outcome {
    case .plays: "plays"
    case .fallsBack(let d): d < 1 ? "within1" : "beyond1"
    case .silent: "silent"
    }
  }

  /// Measures `device` on `patterns` (each with its Android port, or nil; the app's port
  /// is fixed, only the device moves).
  ///
  /// - Complexity: one ``DevicePlayback/evaluate(_:name:on:options:port:)`` per pattern
  ///   for the profile as shipped and two per guess with a range, in parallel; the result
  ///   does not depend on the thread count.
  package static func measure(
    _ device: DeviceProfile, patterns: [(name: String, pattern: HapticPattern)], ports: [AndroidVibration?],
    threads: Int = Parallel.defaultThreadCount
  ) -> DeviceSensitivity {
    let numbers = device.sourcedNumbers
    let guesses = numbers.filter(\.isGuess)
    let ranged = guesses.compactMap { n in n.plausibleRange.map { (n, $0) } }
    // Profile 0 is the device as shipped; then low and high ends of each guess.
    var moved: [DeviceProfile?] = [device]
    for (n, range) in ranged {
      moved.append(range.lowerBound == n.value ? nil : device.replacing(n.field, with: range.lowerBound))
      moved.append(range.upperBound == n.value ? nil : device.replacing(n.field, with: range.upperBound))
    }
    let variants = moved
    let jobs = variants.indices.flatMap { v in patterns.indices.map { (v, $0) } }
    let all = Parallel.map(count: jobs.count, threads: threads) { index -> String? in
      let (v, p) = jobs[index]
      guard let profile = variants[v] else { return nil }
      return verdict(
        DevicePlayback.evaluate(patterns[p].pattern, name: patterns[p].name, on: profile, port: ports[p]))
    }
    let count = patterns.count
    func verdicts(of v: Int) -> [String?] { Array(all[(v * count)..<((v + 1) * count)]) }
    let shipped = verdicts(of: 0)
    var out: [Guess] = []
    for (i, (n, range)) in ranged.enumerated() {
      let low = verdicts(of: 1 + 2 * i)
      let high = verdicts(of: 2 + 2 * i)
      var changed = 0
      for p in 0..<count {
        let lowMoves = low[p] != nil && low[p] != shipped[p]
        let highMoves = high[p] != nil && high[p] != shipped[p]
        if lowMoves || highMoves { changed += 1 }
      }
      let invalid =
        (range.lowerBound != n.value && variants[1 + 2 * i] == nil)
        || (range.upperBound != n.value && variants[2 + 2 * i] == nil)
      out.append(Guess(field: n.field, value: n.value, range: range, movedVerdicts: changed, invalidEnd: invalid))
    }
    let order = out.indices.sorted { a, b in
      out[a].movedVerdicts != out[b].movedVerdicts ? out[a].movedVerdicts > out[b].movedVerdicts : a < b
    }
    return DeviceSensitivity(
      device: device.name, numberCount: numbers.count, guessCount: guesses.count,
      guessesWithoutRange: guesses.filter { $0.plausibleRange == nil }.map(\.field), patternCount: count,
      guesses: order.map { out[$0] })
  }
}

extension DeviceSensitivity {
  /// Every how many of the shipped system presets (in name order) one is taken as a sample.
  package static let presetStride = 4

  /// The sample the report measures sensitivity on: every ``presetStride``-th of the
  /// shipped system presets, with their Android ports; empty if the shipped corpora are
  /// not found.
  package static func samplePresets(
    for devices: [DeviceProfile], threads: Int = Parallel.defaultThreadCount
  ) -> (patterns: [(name: String, pattern: HapticPattern)], ports: [AndroidVibration?]) {
    guard let folder = Corpora.directory("system") else { return ([], []) }
    let corpus = PatternCorpus.load([folder.path])
    let entries = corpus.entries.enumerated().filter { $0.offset % presetStride == 0 }.map(\.element)
    let patterns = entries.map { (name: $0.name, pattern: $0.pattern) }
    let ports = DevicePlayback.exports(of: patterns.map(\.pattern), for: devices, threads: threads).map {
      $0?.vibration
    }
    return (patterns, ports)
  }
}
