import HaptCore
/// Bounds on the work one pattern file can cause, so hostile input fails cleanly.
///
/// Past a limit the decoders throw an ``InputError`` naming the place, never allocate
/// without bound or loop for long.
public struct PatternLimits: Sendable, Equatable {
  /// Most events (and `.haptic` emphasis points) in one pattern.
  public var maxEvents: Int
  /// Most control points over all curves (and `.haptic` breakpoints) in one pattern.
  public var maxControlPoints: Int
  /// Largest absolute time or duration accepted, in seconds (1 hour).
  public var maxTime_s: Double
  /// Deepest JSON nesting accepted.
  public var maxDepth: Int
  /// Largest file accepted, in bytes.
  public var maxBytes: Int

  public init(
    maxEvents: Int = 100_000, maxControlPoints: Int = 1_000_000, maxTime_s: Double = 3600,
    maxDepth: Int = 64, maxBytes: Int = 64 << 20
  ) {
    self.maxEvents = maxEvents
    self.maxControlPoints = maxControlPoints
    self.maxTime_s = maxTime_s
    self.maxDepth = maxDepth
    self.maxBytes = maxBytes
  }

  var json: JSONParser.Limits { JSONParser.Limits(maxDepth: maxDepth, maxBytes: maxBytes) }
}
