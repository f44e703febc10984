import Foundation
import HaptCharts

/// A fragment of HTML markup that is safe by construction.
///
/// Text and attribute values are escaped when a fragment is built (``MarkupEscaping``);
/// element and attribute names must be plain ASCII names, and an unsafe name is dropped
/// rather than emitted. The only way to insert unescaped markup is an ``SVGChart`` built by
/// this module's chart functions, which escape their own text. There is no way to emit a
/// `<script>` element: the builder refuses it (and the page's Content-Security-Policy
/// forbids scripts in any case).
///
/// ```swift
/// let row = HTML.element("p", attributes: ["class": "note"], [HTML("3 < 4 & 5 > 2")])
/// row.markup  // <p class="note">3 &lt; 4 &amp; 5 &gt; 2</p>
/// ```
package struct HTML: Equatable, Sendable {
  /// The markup.
  package private(set) var markup: String

  /// Escaped text.
  package init(_ text: String) {
    markup = MarkupEscaping.text(text)
  }

  /// An inline SVG chart (``SVGChart/inlineMarkup``: its text in the page's font).
  package init(_ chart: SVGChart) {
    markup = chart.inlineMarkup
  }

  private init(markup: String) {
    self.markup = markup
  }

  /// Nothing.
  package static let empty = HTML(markup: "")

  /// Elements that have no end tag.
  static let voidElements: Set<String> = ["br", "hr", "meta", "col", "wbr", "img"]
  /// Elements whose end tag is left out (HTML, "Optional tags"): a cell ends at the next
  /// cell or the row's end, a row at the next row or the table section's end, and the
  /// builder puts nothing else after either. A table of numbers is about a third smaller.
  static let endTagOmitted: Set<String> = ["td", "th", "tr"]
  /// Elements the builder refuses to emit: anything that can run code or load content.
  static let forbiddenElements: Set<String> = [
    "script", "iframe", "object", "embed", "frame", "frameset", "base", "link", "applet",
  ]

  /// An element with attributes (emitted sorted by name, so output is deterministic) and
  /// children.
  ///
  /// Attribute names starting with `on` (event handlers) and unsafe names are dropped, as
  /// is an `href` or `src` value that is not a same-page fragment (`#...`) or a relative
  /// path (no scheme), so a `javascript:` URL can never be emitted. A forbidden element
  /// (`script`, `iframe`, ...) or an unsafe element name yields its children only.
  package static func element(
    _ name: String, attributes: [String: String] = [:], _ children: [HTML] = []
  ) -> HTML {
    let lower = name.lowercased()
    guard let safe = MarkupEscaping.safeName(lower), !forbiddenElements.contains(safe) else {
      return HTML(joining: children)
    }
    var out = "<" + safe
    for key in attributes.keys.sorted() {
      guard let value = attributes[key], let attribute = MarkupEscaping.safeName(key.lowercased()),
        !attribute.hasPrefix("on"), isSafeAttribute(attribute, value: value)
      else { continue }
      out += " \(attribute)=\"\(MarkupEscaping.attribute(value))\""
    }
    out += ">"
    if voidElements.contains(safe) { return HTML(markup: out) }
    for child in children { out += child.markup }
    if !endTagOmitted.contains(safe) { out += "</\(safe)>" }
    return HTML(markup: out)
  }

  /// An element whose only child is escaped `text`.
  package static func element(
    _ name: String, attributes: [String: String] = [:], text: String
  )
    -> HTML
  {
    element(name, attributes: attributes, [HTML(text)])
  }

  /// The fragments one after another.
  package init(joining fragments: [HTML]) {
    markup = fragments.map(\.markup).joined()
  }

  /// A line break in the markup source (for readable output only).
  static let newline = HTML(markup: "\n")

  /// Markup produced by this module's own templates; never call with data.
  static func trusted(_ markup: String) -> HTML { HTML(markup: markup) }

  private static func isSafeAttribute(_ name: String, value: String) -> Bool {
    guard
      name == "href" || name == "src" || name == "action" || name == "formaction"
        || name == "xlink:href"
    else { return name != "style" || !value.lowercased().contains("url(") }
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasPrefix("#") { return true }
    if trimmed.hasPrefix("//") { return false }
    if let colon = trimmed.firstIndex(of: ":") {
      let beforeSlash = trimmed.firstIndex(of: "/").map { colon < $0 } ?? true
      return !beforeSlash
    }
    return true
  }
}
