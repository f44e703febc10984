import Testing
@testable import HaptSimulation

@Test func moduleLinks() {
  #expect(HaptVersion.model == "1")
}
