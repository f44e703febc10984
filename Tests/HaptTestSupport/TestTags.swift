import Foundation
import Testing

/// The kinds of slow test, as Swift Testing tags: what `Scripts/test --fast` leaves out.
extension Tag {
  /// Runs whole `hapt` commands on files on disk: in the test process (HaptCLITests'
  /// `HaptInProcess`), or as the built binary where a real process is needed (signals,
  /// crashes and hangs under a time bound, another environment).
  @Tag package static var endToEnd: Self
  /// Seeded hostile or random input at scale (`HAPT_FUZZ_CASES` raises the case count).
  @Tag package static var fuzz: Self
  /// Runs another tool of the toolchain (swiftc type-checks generated Swift, kotlinc
  /// compiles exported Kotlin).
  @Tag package static var toolchain: Self
}

/// Whether this run is the fast subset (`Scripts/test --fast` sets `HAPT_TEST_FAST=1`).
package enum TestRun {
  package static var isFast: Bool { ProcessInfo.processInfo.environment["HAPT_TEST_FAST"] == "1" }
}

extension Trait where Self == ConditionTrait {
  /// Skips a slow test in `Scripts/test --fast`; the whole suite (`Scripts/test`, CI) runs it.
  package static var slow: Self {
    .disabled(if: TestRun.isFast, "slow: left out of Scripts/test --fast")
  }
}
