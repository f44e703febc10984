import HaptCore
import Testing
@testable import HaptMetrics

@Test func moduleLinks() {
  #expect(HaptVersion.model == "1")
}
