import HaptCore
/// The AHAP `Metadata` block: who made the pattern and what it is for.
///
/// The four keys Apple's tools write have their own properties; any other key is kept in
/// ``other`` in file order, with its value as JSON (positions stripped), so that a
/// decode-encode round trip loses nothing.
package struct PatternMetadata: Equatable, Sendable {
  package var project: String?
  package var created: String?
  package var description: String?
  package var createdFor: String?
  /// Other keys, in file order.
  package var other: [JSONMember]

  package init(
    project: String? = nil, created: String? = nil, description: String? = nil,
    createdFor: String? = nil, other: [JSONMember] = []
  ) {
    self.project = project
    self.created = created
    self.description = description
    self.createdFor = createdFor
    self.other = other
  }

  /// Whether there is nothing to write.
  package var isEmpty: Bool {
    project == nil && created == nil && description == nil && createdFor == nil && other.isEmpty
  }
}

extension PatternMetadata {
  /// Keeps `value` under an unknown `key` in ``other``: a repeated key keeps its first
  /// place and takes the last value. `indexByKey` remembers the places (one per decode).
  package mutating func setOther(_ key: String, _ value: JSONValue, indexByKey: inout [String: Int]) {
    let member = JSONMember(key: key, value: JSONNode(strippingPositions(value)))
    if let index = indexByKey[key] {
      other[index] = member
    } else {
      indexByKey[key] = other.count
      other.append(member)
    }
  }
}
