import HaptCore
import Foundation
import HaptMetrics
import HaptPatterns

/// Names a felt event by the file's own events: their numbers in the file's order (the
/// order a user sees in an editor, 1-based over the file's events) and times, e.g. "event
/// 3 (transient at 0.39 s)", or "events 2-3 (transients at 0.10-0.12 s, felt as one)"
/// where several of the file's events are felt as one.
///
/// A file's event is taken as felt in a felt event when its drive (from its time plus the
/// engine latency to its end; a transient's drive counted as ``transientDrive_s``) overlaps
/// the felt event's extent, widened by ``tolerance_s`` at its start (an actuator's rise).
package struct FileEventNames: Sendable {
  struct Item: Sendable {
    /// 1-based number in the file's events.
    var number: Int
    var isTransient: Bool
    /// Time in the file, seconds.
    var time_s: Double
    /// Drive span after the trigger, seconds.
    var start_s: Double
    var end_s: Double
  }

  /// How long a transient's drive is taken to last, seconds.
  package static let transientDrive_s = 0.020
  /// How far before a felt event's extent a file's event may start, seconds.
  package static let tolerance_s = 0.010

  var items: [Item]
  /// Trigger -> first drive sample, seconds.
  package var latency_s: Double

  /// The haptic events of `pattern` (those with an intensity above 0), played after an
  /// engine latency of `latency_s` at playback rate 1.
  package init(pattern: HapticPattern, latency_s: Double) {
    self.latency_s = latency_s
    items = pattern.events.enumerated().compactMap { index, event in
      guard event.type.isHaptic, event.intensity > 0 else { return nil }
      let transient = event.type == .hapticTransient
      let start = latency_s + event.time_s
      return Item(
        number: index + 1, isTransient: transient, time_s: event.time_s, start_s: start,
        end_s: start + (transient ? Self.transientDrive_s : max(event.duration_s, Self.transientDrive_s)))
    }
  }

  /// The file's events felt in a felt event spanning `start_s ..< end_s` after the trigger.
  func items(feltFrom start_s: Double, to end_s: Double) -> [Item] {
    items.filter { $0.start_s <= end_s && $0.end_s >= start_s - Self.tolerance_s }
  }

  /// The subject of a sentence about the felt event spanning `start_s ..< end_s`, and the
  /// file's event numbers in it.
  func subject(feltFrom start_s: Double, to end_s: Double) -> (subject: String, numbers: [Int]) {
    let found = items(feltFrom: start_s, to: end_s).sorted { $0.number < $1.number }
    guard let first = found.first else {
      return ("the event felt at \(Self.seconds(max(start_s - latency_s, 0))) s", [])
    }
    let numbers = found.map(\.number)
    if found.count == 1 {
      return (
        "event \(first.number) (\(first.isTransient ? "transient" : "continuous") at \(Self.seconds(first.time_s)) s)",
        numbers
      )
    }
    let contiguous = zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }
    let list =
      contiguous
      ? "\(numbers.first!)-\(numbers.last!)" : numbers.map(String.init).joined(separator: ", ")
    let kind =
      found.allSatisfy(\.isTransient)
      ? "transients " : found.allSatisfy({ !$0.isTransient }) ? "continuous events " : ""
    let times = found.map(\.time_s)
    let span =
      times.min() == times.max()
      ? Self.seconds(times[0]) : "\(Self.seconds(times.min()!))-\(Self.seconds(times.max()!))"
    return ("events \(list) (\(kind)at \(span) s, felt as one)", numbers)
  }

  /// The file's event numbers felt as one with event `number` in `features` (its own
  /// number included); empty when that event is not felt.
  package func feltTogether(with number: Int, in features: PerceptualFeatures) -> [Int] {
    guard let item = items.first(where: { $0.number == number }) else { return [] }
    for felt in features.events {
      let inside = items(feltFrom: felt.start_s, to: felt.start_s + felt.duration_s)
      if inside.contains(where: { $0.number == item.number }) { return inside.map(\.number).sorted() }
    }
    return []
  }

  /// The file's event numbers felt in each felt event of `features`, in their order.
  func numbers(in features: PerceptualFeatures) -> [[Int]] {
    features.events.map { felt in items(feltFrom: felt.start_s, to: felt.start_s + felt.duration_s).map(\.number) }
  }

  /// Felt events that are the same on both sides by the file's own matching: the old
  /// version's felt event `i` and the new one's `j` when `j` is the first felt event
  /// after the last anchor that holds an event matched (`matched`, old number to new)
  /// to one in `i`. In order on both sides; felt events holding only added or removed
  /// events are left to the alignment.
  ///
  /// - Parameters:
  ///   - old, new: the file's event numbers in each felt event (``numbers(in:)``).
  ///   - matched: the events the two versions share, old number to new.
  static func anchors(old: [[Int]], new: [[Int]], matched: [Int: Int]) -> [(reference: Int, candidate: Int)] {
    var anchors: [(reference: Int, candidate: Int)] = []
    var next = 0
    for (i, numbers) in old.enumerated() {
      let targets = Set(numbers.compactMap { matched[$0] })
      guard !targets.isEmpty,
        let j = (next..<new.count).first(where: { new[$0].contains(where: targets.contains) })
      else { continue }
      anchors.append((i, j))
      next = j + 1
    }
    return anchors
  }

  /// Seconds with two decimals, or three where two would hide a difference (0.395).
  package static func seconds(_ value: Double) -> String {
    let two = DecimalText.fixed(value, decimals: 2)
    return abs((Double(two) ?? value) - value) < 0.000_5 ? two : DecimalText.fixed(value, decimals: 3)
  }

  /// `changes` with each event named by the file's own events: a missing event by the
  /// reference's (when its file is known), any other by the candidate's. Changes of the
  /// whole signal, and events of a side whose file is not known, keep their wording.
  ///
  /// - Parameters:
  ///   - reference / candidate: the features the changes were computed from, and the
  ///     names of each side's file events (nil: a recording, or a baseline signal).
  package static func name(
    _ changes: [PerceptualChange], reference: (features: PerceptualFeatures, names: FileEventNames?),
    candidate: (features: PerceptualFeatures, names: FileEventNames?)
  ) -> [PerceptualChange] {
    changes.map { change in
      guard let event = change.event else { return change }
      let side = change.cue == .missing ? reference : candidate
      guard event >= 1, event <= side.features.events.count else { return change }
      let felt = side.features.events[event - 1]
      var named = change
      if let names = side.names {
        let (subject, numbers) = names.subject(feltFrom: felt.start_s, to: felt.start_s + felt.duration_s)
        named.subject = subject
        named.fileEvents = numbers
      } else if change.cue == .missing, let names = candidate.names {
        // The reference is a recorded signal (a baseline): name the time it was felt at,
        // on the candidate's time axis (the same device and state).
        named.subject = "the event felt at \(DecimalText.fixed(max(felt.start_s - names.latency_s, 0), decimals: 2)) s"
      }
      if change.cue == .missing, let names = candidate.names,
        let host = candidate.features.events.first(where: {
          $0.start_s <= felt.start_s && felt.start_s <= $0.start_s + $0.duration_s
        })
      {
        let (subject, numbers) = names.subject(feltFrom: host.start_s, to: host.start_s + host.duration_s)
        if numbers.count > 1 { named.fusedInto = subject.replacingOccurrences(of: ", felt as one)", with: ")") }
      }
      return named
    }
  }
}
