import HaptCore
import Testing

@testable import HaptSignals

@Test func moduleLinks() {
  #expect(HaptVersion.model == "1")
}
