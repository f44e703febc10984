import HaptCore
import Testing
@testable import HaptWorkflows

@Test func moduleLinks() {
  #expect(HaptVersion.model == "1")
}
