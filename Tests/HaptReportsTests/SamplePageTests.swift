import Foundation
import HaptCore
import Testing

import HaptReports

@Suite struct SamplePageTests {
  /// Builds the sample page; with `HAPT_SAMPLE_PAGE=/path/page.html` it is also written
  /// there (to look at it in a browser).
  @Test func samplePageRendersEveryChartKind() throws {
    let html = SamplePage.page().htmlText
    // Seven charts, each an <svg xmlns=...> (the spectrogram's raster sits in a nested <svg x=...>).
    #expect(html.components(separatedBy: "<svg xmlns=").count - 1 == 7)
    #expect(html.components(separatedBy: "<section ").count - 1 == 4)
    #expect(html.utf8.count < 400_000)
    if let path = ProcessInfo.processInfo.environment["HAPT_SAMPLE_PAGE"], !path.isEmpty {
      try AtomicFile.write(html, to: path)
    }
  }

  @Test func pageIsDeterministic() {
    #expect(SamplePage.page().htmlText == SamplePage.page().htmlText)
  }
}
