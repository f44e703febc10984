import HaptCore
import Testing

import HaptPatterns
import HaptTestSupport
import HaptFormats
import HaptLint

/// Hostile input: seeded mutations of every fixture must decode or fail with a clean,
/// one-line ``InputError`` naming the file; never crash or hang.
///
/// Each fixture is mutated 1,000 times (200 per mutation kind), except fixtures over
/// 8 KB (the 800-point curve and the long .haptic), which get 100 mutations (20 per kind)
/// to keep the debug-build suite fast: the parser costs about 1 µs per byte unoptimised.
/// With `HAPT_FUZZ_CASES=N` (see `Scripts/fuzz`), N cases per format (AHAP, .haptic) are
/// split evenly over that format's fixtures and the mutation kinds (fixtures over 8 KB
/// still get a tenth of the share).
@Suite(.tags(.fuzz), .slow) struct DecoderFuzzTests {
  enum Mutation: String, CaseIterable {
    case truncation, byteFlips, wrongTypes, extremeNumbers, deepNesting
  }

  static func iterations(name: String, size: Int) -> Int {
    let perFormat = FuzzCases.perFormat(default: 0)
    guard perFormat > 0 else { return size > 8_192 ? 20 : 200 }
    let sameFormat = fixtures.filter { $0.hasSuffix(".haptic") == name.hasSuffix(".haptic") }.count
    let share = max(1, perFormat / max(1, sameFormat * Mutation.allCases.count))
    return size > 8_192 ? max(1, share / 10) : share
  }

  /// The AHAP and `.haptic` fixtures (`.haps` and `.ivs` have their own suite).
  static var fixtures: [String] { Fixtures.all.filter { $0.hasSuffix(".ahap") || $0.hasSuffix(".haptic") } }

  static let cases: [(String, Mutation)] = fixtures.flatMap { name in Mutation.allCases.map { (name, $0) } }

  @Test(arguments: cases)
  func mutatedFixturesFailCleanly(name: String, mutation: Mutation) throws {
    let original = try Fixtures.bytes(name)
    var random = SplitMix64(seed: Self.seed(name, mutation))
    var decoded = 0
    var failed = 0
    let iterations = Self.iterations(name: name, size: original.count)
    for _ in 0..<iterations {
      let bytes = Self.mutate(original, mutation, &random)
      do {
        let pattern: HapticPattern
        if name.hasSuffix(".haptic") {
          pattern = try LofeltHaptic.decode(bytes, file: name).pattern
        } else {
          pattern = try AHAP.decode(bytes, file: name).pattern
        }
        decoded += 1
        // Downstream code must cope with whatever decodes.
        _ = PatternLint.check(pattern, file: name)
        _ = pattern.controls.intensityMultiplier(at: pattern.duration_s / 2)
        if decoded % 10 == 1 {
          let again = try AHAP.decode(AHAP.encode(pattern), file: name).pattern
          #expect(again == pattern)
        }
      } catch let error as InputError {
        failed += 1
        #expect(error.file == name)
        #expect(!error.description.contains("\n"))
        #expect(error.isBadData)
      }
    }
    #expect(decoded + failed == iterations)
  }

  static func seed(_ name: String, _ mutation: Mutation) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (name + mutation.rawValue).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  static func mutate(_ bytes: [UInt8], _ mutation: Mutation, _ random: inout SplitMix64) -> [UInt8] {
    guard !bytes.isEmpty else { return bytes }
    func index(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    var out = bytes
    switch mutation {
    case .truncation:
      out = Array(bytes[0..<index(bytes.count)])
    case .byteFlips:
      for _ in 0..<(1 + index(4)) {
        out[index(out.count)] = UInt8(truncatingIfNeeded: random.next())
      }
    case .wrongTypes:
      let replacements = ["\"text\"", "true", "null", "{}", "[]", "0", "[1, 2]", "{\"a\": 1}"]
      out = replaceValue(in: out, with: replacements[index(replacements.count)], &random)
    case .extremeNumbers:
      let numbers = [
        "1e308", "-1e308", "1e999", "-1e999", "NaN", "Infinity", "-0", "1e-320", "4000",
        "-4000", "123456789012345678901234567890", "0.0000001", "9007199254740993", "-1",
      ]
      out = replaceValue(in: out, with: numbers[index(numbers.count)], &random, numbersOnly: true)
    case .deepNesting:
      let depth = 1 + index(200)
      let open = [UInt8](repeating: UInt8(ascii: random.next() % 2 == 0 ? "[" : "{"), count: depth)
      let closeByte = open.first == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
      let close = [UInt8](repeating: closeByte, count: random.next() % 2 == 0 ? depth : index(depth + 1))
      let at = valueStarts(out).randomElement(using: &random) ?? 0
      out.insert(contentsOf: open, at: at)
      out.insert(contentsOf: close, at: Swift.min(out.count, at + open.count))
    }
    return out
  }

  /// Offsets just after a ':' or '[' or ',' (where a value starts).
  static func valueStarts(_ bytes: [UInt8]) -> [Int] {
    var result: [Int] = []
    for (i, byte) in bytes.enumerated()
    where byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: ",") {
      result.append(i + 1)
    }
    return result
  }

  /// Replaces the scalar value (number, string, literal) after a random value start.
  static func replaceValue(
    in bytes: [UInt8], with text: String, _ random: inout SplitMix64, numbersOnly: Bool = false
  ) -> [UInt8] {
    var starts = valueStarts(bytes)
    if numbersOnly {
      starts = starts.filter { start in
        var i = start
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\n") { i += 1 }
        return i < bytes.count && (bytes[i] == UInt8(ascii: "-") || (bytes[i] >= 48 && bytes[i] <= 57))
      }
    }
    guard let start = starts.randomElement(using: &random) else { return bytes }
    var i = start
    while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\n") { i += 1 }
    var end = i
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      end += 1
      while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
      end = Swift.min(end + 1, bytes.count)
    } else {
      let stops: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\n")]
      while end < bytes.count, !stops.contains(bytes[end]) { end += 1 }
    }
    var out = bytes
    out.replaceSubrange(i..<end, with: Array(text.utf8))
    return out
  }
}
