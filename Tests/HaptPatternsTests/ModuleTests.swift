import HaptCore
import Testing
@testable import HaptPatterns

@Test func moduleLinks() {
  #expect(HaptVersion.model == "1")
}
