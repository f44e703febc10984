import HaptCore
import Testing
import HaptWorkflows

@Test func moduleLinks() {
  #expect(HaptVersion.model == "2")
}
