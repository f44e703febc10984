import Foundation
import HaptCore
import Testing

@testable import HaptReports
@testable import HaptCharts

@Suite struct HTMLTests {
  static let hostile = [
    "<script>alert(1)</script>",
    "\"><script>alert(1)</script>",
    "' onmouseover='alert(1)",
    "<img src=x onerror=alert(1)>",
    "</style><script>alert(1)</script>",
    "&lt;already&gt; & more",
  ]

  @Test(arguments: hostile)
  func textAndAttributesAreEscaped(input: String) {
    let fragment = HTML.element("p", attributes: ["title": input, "class": input], text: input)
    #expect(!fragment.markup.contains("<script"))
    #expect(!fragment.markup.contains("<img"))
    let inner = fragment.markup.dropFirst(3)
    #expect(!inner.contains("'"))
    // Exactly the two quote pairs of the two attributes remain unescaped.
    #expect(fragment.markup.filter { $0 == "\"" }.count == 4)
  }

  @Test func escapingTable() {
    #expect(MarkupEscaping.text("a & b < c > d \" e ' f") == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
    #expect(MarkupEscaping.attribute("x\ny\tz") == "x&#10;y&#9;z")
    #expect(MarkupEscaping.text("bell\u{07}esc\u{1B}[0m") == "bell\u{FFFD}esc\u{FFFD}[0m")
  }

  /// The byte-level escaping gives what escaping each Unicode scalar does (the rule
  /// written out here), on random text of every kind it treats differently: the five
  /// markup characters, tab, line feed and carriage return, other controls, U+FFFE and
  /// U+FFFF beside U+FFFD and U+F000 (which share their first byte), accents and emoji.
  @Test func escapingByteByByteIsEscapingScalarByScalar() {
    func reference(_ input: String, inAttribute: Bool) -> String {
      var out = ""
      for scalar in input.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\t" where inAttribute: out += "&#9;"
        case "\n" where inAttribute: out += "&#10;"
        case "\r": out += "&#13;"
        default: out += MarkupEscaping.isAllowedInXML(scalar) ? String(scalar) : "\u{FFFD}"
        }
      }
      return out
    }
    let pieces = [
      "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{7}", "\u{1B}", "\u{1F}", " ", "a", "é", "–", "✗",
      "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{F000}", "\u{EFFF}", "😀", "\u{7F}", "\u{85}",
    ]
    var state: UInt64 = 5
    for _ in 0..<3_000 {
      var text = ""
      for _ in 0..<Int(state % 12) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int(state >> 33) % pieces.count]
      }
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      #expect(MarkupEscaping.text(text) == reference(text, inAttribute: false), "\(Array(text.unicodeScalars))")
      #expect(MarkupEscaping.attribute(text) == reference(text, inAttribute: true), "\(Array(text.unicodeScalars))")
    }
  }

  @Test func forbiddenElementsAndHandlersAreNotEmitted() {
    let script = HTML.element("script", text: "alert(1)")
    #expect(script.markup == "alert(1)")
    let handler = HTML.element("div", attributes: ["onclick": "alert(1)", "id": "a"], [])
    #expect(handler.markup == "<div id=\"a\"></div>")
    let badName = HTML.element("div", attributes: ["x\"onload=\"y": "1"], [])
    #expect(badName.markup == "<div></div>")
    let weirdElement = HTML.element("p onclick=alert(1)", text: "t")
    #expect(weirdElement.markup == "t")
  }

  @Test(arguments: [
    "javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "//evil.example/x", "http://x",
  ])
  func unsafeLinksAreDropped(url: String) {
    let link = HTML.element("a", attributes: ["href": url], text: "x")
    #expect(link.markup == "<a>x</a>")
  }

  @Test(arguments: ["#s-latency", "latency.csv", "waves/success.wav"])
  func localLinksAreKept(url: String) {
    #expect(HTML.element("a", attributes: ["href": url], text: "x").markup == "<a href=\"\(url)\">x</a>")
  }

  @Test func pageDeclaresContentSecurityPolicyAndHasNoScripts() {
    let html = SamplePage.page().htmlText
    #expect(
      html.contains(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; img-src data:\">"
      ))
    #expect(!html.lowercased().contains("<script"))
    let withoutNamespace = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
    #expect(!withoutNamespace.contains("http://"))
    #expect(!withoutNamespace.contains("https://"))
    #expect(!withoutNamespace.contains("url("))
    #expect(!html.contains("@import"))
    #expect(html.contains("@media print"))
  }

  @Test func hostileTextEverywhereInAPageStaysInert() {
    let evil = "<script>alert(1)</script>"
    var table = CSVTable(columns: [CSVColumn(evil, unit: evil)])
    table.append([.text(evil)])
    let page = ReportPage(
      title: evil, subtitle: evil, facts: [(evil, evil)],
      sections: [
        ReportSection(
          title: evil,
          blocks: [
            .paragraph(evil), .heading(evil), .note(evil), .approximate(evil), .warning(evil), .list([evil]),
            .fileLink(path: evil, text: evil), .table(ReportTable(table), caption: evil),
            .chart(
              LatencyChart.render(
                title: evil, bars: [LatencyBar(pattern: evil, device: evil, state: evil, detect_ms: 3)]),
              caption: evil),
            .chart(
              HeatMapChart.confusion(title: evil, probabilities: [[1, 0], [0, 1]], labels: [evil, evil]),
              caption: evil),
            .chart(
              WaveformChart.render(
                title: evil, acceleration_g: [0, 1, 0], sampleRate_Hz: 1000,
                markers: [ChartMarker(evil, time_ms: 1)]), caption: evil),
          ])
      ])
    let html = page.htmlText
    #expect(!html.contains("<script"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
  }

  @Test func sectionAnchorsAreSafeAndTheTableOfContentsLinksThem() {
    #expect(ReportSection.anchor("Latency budgets (ms)") == "s-latency-budgets-ms")
    #expect(ReportSection.anchor("\"><") == "section")
    let page = ReportPage(
      title: "t", sections: [ReportSection(title: "Latency"), ReportSection(title: "Confusion")])
    let html = page.htmlText
    #expect(html.contains("<a href=\"#s-latency\">Latency</a>"))
    #expect(html.contains("<section id=\"s-confusion\">"))
  }

  @Test func tablesAlignNumbersAndBadgeVerdicts() {
    var table = CSVTable(columns: [
      CSVColumn("pattern"), CSVColumn("detect", unit: "ms"), CSVColumn("verdict"),
    ])
    table.append([.text("success"), .fixed(12.345, decimals: 1), .text("fail")])
    let html = ReportTable(table).html(caption: nil).markup
    // Cells and rows without end tags (HTML's optional tags).
    #expect(html.contains("<th class=\"num\" scope=\"col\">detect (ms)<th scope"))
    #expect(html.contains("<td class=\"num\">12.3<td>"))
    #expect(html.contains("<span class=\"badge fail\">✗ fail</span></tbody>"))
    #expect(!html.contains("</td>") && !html.contains("</th>") && !html.contains("</tr>"))
  }

  @Test func goldenSmallPage() {
    var table = CSVTable(columns: [CSVColumn("pattern"), CSVColumn("peak", unit: "g"), CSVColumn("verdict")])
    table.append([.text("success"), .number(0.812345), .text("pass")])
    table.append([.text("error"), .empty, .text("silent")])
    let page = ReportPage(
      title: "Small <report>", subtitle: "hapt test", facts: [("patterns", "2")],
      sections: [
        ReportSection(
          title: "Summary",
          blocks: [
            .paragraph("Two patterns & one device."), .approximate("Model-based."),
            .table(ReportTable(table), caption: "Peaks"),
          ]),
        ReportSection(title: "Files", blocks: [.fileLink(path: "peaks.csv", text: "peaks.csv"), .note("n")]),
      ])
    expectGolden(page.htmlText, named: "small-page.html")
  }
}

@Suite struct EscapingPropertyTests {
  /// Random strings over an alphabet of markup-significant and illegal characters.
  static func randomStrings(seed: UInt64, count: Int) -> [String] {
    var random = SplitMix64(seed: seed)
    let alphabet: [Unicode.Scalar] = [
      "<", ">", "&", "\"", "'", "/", "=", "a", "s", "c", "r", "i", "p", "t", " ", "\n", "\t", "\r",
      "\u{0}", "\u{1B}", "\u{7F}", "é", "\u{FFFE}", "😀", ";", "#",
    ]
    return (0..<count).map { _ in
      let length = Int(random.next() % 24)
      var text = ""
      for _ in 0..<length {
        text.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      return text
    }
  }

  /// What an XML parser gives back for `text`: illegal characters replaced.
  static func expected(_ text: String, inAttribute: Bool) -> String {
    var out = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { MarkupEscaping.isAllowedInXML($0) ? $0 : "\u{FFFD}" }))
    if !inAttribute { out = out.replacingOccurrences(of: "\r\n", with: "\n") }
    return out
  }

  @Test func escapedTextAndAttributesReadBackExactly() throws {
    for text in Self.randomStrings(seed: 99, count: 300) {
      let fragment = HTML.element("p", attributes: ["title": text], text: text)
      let (ok, collector) = XMLCollector.collect(fragment.markup)
      #expect(ok, "\(fragment.markup)")
      #expect(collector.elements.first?.attributes["title"] == Self.expected(text, inAttribute: true))
      #expect(
        collector.text == Self.expected(text, inAttribute: false)
          || collector.text == Self.expected(text, inAttribute: true))
      let escaped = MarkupEscaping.attribute(text)
      #expect(
        !escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\"") && !escaped.contains("'"))
    }
  }
}
