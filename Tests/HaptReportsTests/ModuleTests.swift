import HaptCore
import Testing

@testable import HaptReports

@Test func moduleLinks() {
  #expect(HaptVersion.model == "1")
}
