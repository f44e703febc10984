/// A JSON value with every position zeroed, so decoded values compare equal to built ones.
package func strippingPositions(_ value: JSONValue) -> JSONValue {
  switch value {
  case .array(let elements):
    return .array(elements.map { JSONNode(strippingPositions($0.value)) })
  case .object(let members):
    return .object(members.map { JSONMember(key: $0.key, value: JSONNode(strippingPositions($0.value.value))) })
  default:
    return value
  }
}
