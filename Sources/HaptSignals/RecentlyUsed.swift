/// A table of at most `limit` values by key that drops the least recently used one to
/// make room: the bookkeeping of ``PlanCache`` and ``HannWindowCache``, which guard it
/// with their own locks (it is not thread-safe itself).
struct RecentlyUsed<Key: Hashable, Value> {
  /// The most values kept (at least 1).
  let limit: Int
  private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
  private var clock: UInt64 = 0

  init(limit: Int) { self.limit = max(limit, 1) }

  /// How many values are kept.
  var count: Int { entries.count }

  /// The value for `key`, marked as just used; nil when absent.
  mutating func value(for key: Key) -> Value? {
    guard let entry = entries[key] else { return nil }
    clock &+= 1
    entries[key] = (entry.value, clock)
    return entry.value
  }

  /// Keeps `value` for `key`, dropping the least recently used value when full; returns
  /// what was dropped (so the caller can release it outside its lock).
  @discardableResult
  mutating func insert(_ value: Value, for key: Key) -> Value? {
    clock &+= 1
    var dropped: Value?
    if entries[key] == nil, entries.count >= limit,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      dropped = oldest.value.value
      entries[oldest.key] = nil
    }
    entries[key] = (value, clock)
    return dropped
  }
}
