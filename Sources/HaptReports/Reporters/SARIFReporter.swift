import Foundation
import HaptCore

/// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) for code scanning: one
/// run of the `hapt` tool with every rule's metadata (id, name, short and full
/// description, help, default level) and one result per finding, located by file URI
/// (relative paths stay relative), line and column (columns count Unicode code points).
package enum SARIFReporter: FindingReporter {
  package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
  package static let version = "2.1.0"

  package static func report(_ set: FindingSet) -> String {
    JSONWriter.string(document(set))
  }

  static func document(_ set: FindingSet) -> JSONValue {
    let ruleIndex = Dictionary(set.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    let driver = JSONValue.orderedObject([
      ("name", .string("hapt")), ("semanticVersion", .string(HaptVersion.string)),
      ("rules", JSONValue.list(set.rules.map(rule))),
    ])
    let run = JSONValue.orderedObject([
      ("tool", JSONValue.orderedObject([("driver", driver)])),
      ("columnKind", .string("unicodeCodePoints")),
      ("results", JSONValue.list(set.findings.map { result($0, ruleIndex: ruleIndex[$0.ruleID]) })),
    ])
    return JSONValue.orderedObject([
      ("$schema", .string(schema)), ("version", .string(version)), ("runs", JSONValue.list([run])),
    ])
  }

  static func rule(_ rule: FindingRule) -> JSONValue {
    JSONValue.orderedObject([
      ("id", .string(rule.id)), ("name", .string(rule.name)),
      ("shortDescription", text(rule.shortDescription)), ("fullDescription", text(rule.fullDescription)),
      ("help", text(rule.help)),
      ("defaultConfiguration", JSONValue.orderedObject([("level", .string(level(rule.level)))])),
    ])
  }

  static func result(_ finding: Finding, ruleIndex: Int?) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("ruleId", .string(finding.ruleID))]
    if let ruleIndex { pairs.append(("ruleIndex", .number(Double(ruleIndex)))) }
    pairs.append(("level", .string(level(finding.level))))
    pairs.append(("message", text(finding.message)))
    if !finding.file.isEmpty {
      var physical: [(String, JSONValue)] = [
        ("artifactLocation", JSONValue.orderedObject([("uri", .string(uri(finding.file)))]))
      ]
      if let position = finding.position {
        physical.append(
          (
            "region",
            JSONValue.orderedObject([
              ("startLine", .number(Double(position.line))), ("startColumn", .number(Double(position.column))),
            ])
          ))
      }
      pairs.append(
        (
          "locations",
          JSONValue.list([JSONValue.orderedObject([("physicalLocation", JSONValue.orderedObject(physical))])])
        ))
    }
    return JSONValue.orderedObject(pairs)
  }

  static func text(_ text: String) -> JSONValue { JSONValue.orderedObject([("text", .string(text))]) }

  static func level(_ level: FindingLevel) -> String {
    switch level {
    case .error: "error"
    case .warning: "warning"
    case .note: "note"
    }
  }

  /// A path as a URI reference: relative paths percent-encoded and kept relative,
  /// absolute ones as `file://` URIs.
  static func uri(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: ":?#[]@")
    let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }
}
