import HaptCore
import Testing

import HaptSignals

@Test func moduleLinks() {
  #expect(HaptVersion.model == "2")
}
