import HaptCore
import Testing
import HaptPatterns

@Test func moduleLinks() {
  #expect(HaptVersion.model == "2")
}
