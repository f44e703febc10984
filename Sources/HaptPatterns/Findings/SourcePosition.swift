/// A place in a text file: 1-based line and column (columns count Unicode code points).
package struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package static let start = SourcePosition(line: 1, column: 1)

  /// `line:column`.
  package var description: String { "\(line):\(column)" }
}
