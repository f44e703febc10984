/// A size limit that an input ran into, carrying the limit that was in force.
///
/// Library messages state the limit in their own words ("over the limit of 100000
/// entries"); the command line adds the option that raises it.
package enum InputLimit: Equatable, Sendable {
  /// A file is larger than this many bytes.
  case fileBytes(Int)
  /// A corpus holds more than this many pattern files.
  case corpusFiles(Int)
  /// A pattern has more than this many entries (events, parameters, curves).
  case events(Int)
  /// A pattern's curves have more than this many control points in all.
  case controlPoints(Int)
  /// A time in a pattern is beyond this many seconds.
  case patternTime_s(Double)
}
