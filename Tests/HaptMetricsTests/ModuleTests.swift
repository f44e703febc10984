import HaptCore
import Testing
import HaptMetrics

@Test func moduleLinks() {
  #expect(HaptVersion.model == "2")
}
