import HaptCore
import Testing

import HaptReports

@Test func moduleLinks() {
  #expect(HaptVersion.model == "2")
}
