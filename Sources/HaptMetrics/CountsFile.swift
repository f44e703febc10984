import HaptCore
/// A confusion matrix of counts from an identification experiment, read from CSV.
///
/// The format: one row per presented stimulus, one comma-separated column per response,
/// the same number of rows and columns; an optional header row of names (no cell a number)
/// is skipped, and with it a first column of names. Cells are non-negative finite decimal
/// numbers (counts are usually whole numbers, but proportions are accepted too);
/// surrounding spaces and tabs are ignored, as are a UTF-8 byte-order mark, CRLF line
/// ends and blank lines at the end of the file. At least one cell must be positive.
///
/// Every problem is an ``InputError`` naming the file and the cell (`row R, column C`,
/// counted from 1) or the row (kind malformed).
package enum CountsFile {
  /// Largest accepted matrix side: a confusion experiment with more stimuli than this is
  /// not plausible, and the bound keeps the O(n^2) work finite.
  package static let maxSide = 1000

  /// Reads and validates the counts matrix in the file at `path`.
  ///
  /// - Parameter path: a CSV file as described above.
  /// - Returns: the square matrix, rows = stimuli.
  /// - Throws: ``InputError`` (malformed; missing if the file is not there).
  package static func read(path: String) throws -> [[Double]] {
    let bytes = try InputFile.read(path)
    do {
      return try parse(bytes)
    } catch let error as InputError {
      throw error.inFile(path)
    }
  }

  /// Parses and validates CSV bytes (see the type's description).
  ///
  /// - Throws: ``InputError`` without a file name.
  /// Whether a row is a header: at least one cell, none of them empty or a number.
  static func isHeader(_ line: Substring) -> Bool {
    let cells = line.split(separator: ",", omittingEmptySubsequences: false)
    return cells.allSatisfy { !$0.allSatisfy(isBlank) && !isNumber($0) }
  }

  static func isNumber(_ cell: Substring) -> Bool {
    Double(String(cell.filter { $0 != " " && $0 != "\t" })) != nil
  }

  package static func parse(_ bytes: [UInt8]) throws -> [[Double]] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if let offset = firstInvalidUTF8Offset(body) {
      throw InputError(
        place: "byte \(offset + bytes.count - body.count)", "not valid UTF-8 text")
    }
    let text = String(decoding: body, as: UTF8.self)
    // "\r\n" is one Character in Swift, so it is a separator of its own.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    while let last = lines.last, last.allSatisfy(isBlank) { lines.removeLast() }
    guard !lines.isEmpty else {
      throw InputError("empty file, expected a square matrix of counts (CSV, no header)")
    }
    guard lines.count <= maxSide else {
      throw InputError(place: "row \(maxSide + 1)", "more than \(maxSide) rows")
    }
    if let blank = lines.firstIndex(where: { $0.allSatisfy(isBlank) }) {
      throw InputError(place: "row \(blank + 1)", "blank row inside the matrix")
    }
    // A header row of names (no cell a number, one name per column of the matrix below) is
    // skipped, and with it a first column of names (every row's first cell not a number)
    // when the header has one cell more.
    let headerCells = lines[0].split(separator: ",", omittingEmptySubsequences: false).count
    var firstRow = 1
    if lines.count >= 2, isHeader(lines[0]) {
      let data = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
      if headerCells == data.count {
        lines.removeFirst()
        firstRow = 2
      } else if headerCells == data.count + 1, data.allSatisfy({ $0.count == headerCells && !isNumber($0[0]) }) {
        lines = data.map { $0.dropFirst().joined(separator: ",")[...] }
        firstRow = 2
      }
    }
    var matrix: [[Double]] = []
    matrix.reserveCapacity(lines.count)
    var total = 0.0
    var sum = 0.0  // the number of trials; must stay finite for percent correct
    for (r, line) in lines.enumerated() {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false)
      guard cells.count == lines.count else {
        throw InputError(
          place: "row \(r + firstRow)",
          "\(cells.count) column\(cells.count == 1 ? "" : "s") in a matrix of \(lines.count) row\(lines.count == 1 ? "" : "s"): a counts matrix must be square"
        )
      }
      var row: [Double] = []
      row.reserveCapacity(cells.count)
      for (c, cell) in cells.enumerated() {
        let value = try number(cell, row: r + firstRow, column: c + 1)
        row.append(value)
        total += value / Double(lines.count * lines.count)  // mean: cannot overflow
        sum += value
      }
      matrix.append(row)
    }
    guard total > 0 else {
      throw InputError("all counts are zero: nothing was presented")
    }
    guard sum.isFinite else {
      throw InputError("the counts add up to more than \(Double.greatestFiniteMagnitude): too large to total")
    }
    return matrix
  }

  /// One cell as a non-negative finite number.
  private static func number(_ cell: Substring, row: Int, column: Int) throws -> Double {
    let trimmed = cell.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
    let token = String(trimmed)
    let place = "row \(row), column \(column)"
    guard !token.isEmpty else { throw InputError(place: place, "empty cell, expected a count") }
    guard token.count <= 64, token.allSatisfy(isDecimalCharacter), let value = Double(token)
    else {
      throw InputError(place: place, "\(quoted(token)) is not a number")
    }
    guard value.isFinite else {
      throw InputError(place: place, "\(quoted(token)) is not a finite number")
    }
    guard value >= 0 else {
      throw InputError(place: place, "\(quoted(token)) is negative; counts must be 0 or more")
    }
    return value == 0 ? 0 : value  // no negative zero
  }

  private static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }

  /// Plain decimal notation only: digits, sign, point, exponent. Rejects `inf`, `nan`,
  /// hexadecimal floats and anything else `Double(_:)` would also accept.
  private static func isDecimalCharacter(_ c: Character) -> Bool {
    switch c {
    case "0"..."9", "+", "-", ".", "e", "E": return true
    default: return false
    }
  }

  /// A cell quoted for a message, shortened and with control characters escaped.
  private static func quoted(_ token: String) -> String {
    let short = token.count > 24 ? String(token.prefix(24)) + "..." : token
    let escaped = short.unicodeScalars.map { scalar -> String in
      scalar.value < 0x20 || scalar.value == 0x7F
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    return "'\(escaped)'"
  }

  /// The offset of the first byte that is not valid UTF-8, or nil if all are valid.
  private static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {  // bounded: each pass consumes at least one byte
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
