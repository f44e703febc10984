import Foundation
import HaptCore
import Testing

import HaptCharts
import HaptReports

@Suite struct SamplePageTests {
  /// Builds the sample page; with `HAPT_SAMPLE_PAGE=/path/page.html` it is also written
  /// there (to look at it in a browser).
  @Test func samplePageRendersEveryChartKind() throws {
    let html = SamplePage.page().htmlText
    // Seven charts, each an <svg width=...> (the spectrogram's raster sits in a nested
    // <svg x=...>), inline: no namespace, and the text in the page's font.
    #expect(html.components(separatedBy: "<svg width=").count - 1 == 7)
    #expect(!html.contains("xmlns=") && !html.contains("font-family="))
    #expect(
      ReportPage.styleSheet.contains("font: 15px/1.5 \(SVGWriter.fontStack.replacingOccurrences(of: "'", with: "\""));")
    )
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
