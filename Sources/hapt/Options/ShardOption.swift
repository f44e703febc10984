import HaptCommandLine
import HaptEvaluation
import HaptCalibration

extension ValueParser where Value == ShardSpec {
  /// `I/N` with 1 <= I <= N (``ShardSpec``).
  static var shard: ValueParser<ShardSpec> {
    ValueParser { text, option in
      guard let shard = ShardSpec(text) else {
        throw UsageError.invalidValue(option: option, value: text, expected: "I/N with 1 <= I <= N, e.g. 2/4")
      }
      return shard
    }
  }
}
