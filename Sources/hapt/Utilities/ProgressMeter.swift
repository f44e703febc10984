import HaptCore
import Dispatch
import Foundation

/// A progress line for long runs: `rendering 1200/4000 (350/s, 8 s left)`, rewritten in
/// place on stderr, only when stderr is a terminal (``Console/progress(_:)``), at most
/// about ten times a second. Safe to call from worker threads.
final class ProgressMeter: @unchecked Sendable {
  private let console: Console
  private let lock = NSLock()
  private var stage = ""
  private var stageStart_ns: UInt64 = 0
  private var lastShown_ns: UInt64 = 0

  init(console: Console) { self.console = console }

  /// Whether progress is shown at all (stderr is a terminal).
  var isShown: Bool { console.isErrorTerminal }

  /// Records that `done` of `total` items of `stage` are finished.
  func update(_ stage: String, done: Int, total: Int) {
    guard console.isErrorTerminal else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    lock.lock()
    if stage != self.stage {
      self.stage = stage
      stageStart_ns = now
      lastShown_ns = 0
    }
    let due = now - lastShown_ns >= 100_000_000 || done == total
    if due { lastShown_ns = now }
    let elapsed_s = Double(now - stageStart_ns) / 1e9
    lock.unlock()
    guard due else { return }
    console.progress(Self.line(stage, done: done, total: total, elapsed_s: elapsed_s))
  }

  /// The progress text: done/total, rate per second and the time left at that rate.
  static func line(_ stage: String, done: Int, total: Int, elapsed_s: Double) -> String {
    var text = "\(stage) \(done)/\(total)"
    if elapsed_s > 0.5, done > 0 {
      let rate = Double(done) / elapsed_s
      let left_s = Double(max(0, total - done)) / rate
      text +=
        " (\(rate >= 100 ? String(Int(rate.rounded())) : DecimalText.fixed(rate, decimals: 1))/s, \(duration(left_s)) left)"
    }
    return text
  }

  /// `42 s`, `3 min 05 s`, `1 h 02 min`.
  static func duration(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    if s < 60 { return "\(s) s" }
    if s < 3600 { return String(format: "%d min %02d s", s / 60, s % 60) }
    return String(format: "%d h %02d min", s / 3600, (s % 3600) / 60)
  }
}
