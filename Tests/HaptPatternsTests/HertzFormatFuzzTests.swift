import HaptCore
import Testing

import HaptPatterns
import HaptTestSupport
import HaptFormats
import HaptLint

/// Hostile `.haps` and `.ivs` input: seeded mutations of every fixture of each format
/// decode or fail with one clean line naming the file; whatever decodes resolves, lints
/// and encodes to AHAP. 1,000 cases per format in CI; `HAPT_FUZZ_CASES=N` (Scripts/fuzz)
/// runs N per format, split over the format's fixtures.
@Suite(.tags(.fuzz), .slow) struct HertzFormatFuzzTests {
  static let ivsTokens: [String] = [
    "<", ">", "/>", "</", "\"", "'", "&", "&amp;", "&#0;", "<!--", "-->", "<?", "?>", "-1", "0", "1e308", "NaN",
    "-2147483648", "99999999999999999999", "\n", " ", "<repeat-event time=\"0\" count=\"1000000\" duration=\"1\"/>",
    "<launch-event effect=\"Buzz\" time=\"0\"/>", "=", "\u{FEFF}", "\u{00}", "count=\"99999\"",
  ]

  static let formats = ["haps", "ivs"]

  static func iterations(format: String) -> (fixtures: [String], each: Int) {
    let fixtures = Fixtures.all.filter { $0.hasSuffix("." + format) }
    let total = FuzzCases.perFormat(default: 1_000)
    return (fixtures, Swift.max(1, total / Swift.max(fixtures.count, 1)))
  }

  @Test(arguments: formats)
  func mutatedFixturesFailCleanly(format: String) throws {
    let (fixtures, each) = Self.iterations(format: format)
    #expect(!fixtures.isEmpty)
    var decoded = 0
    var failed = 0
    for name in fixtures {
      let original = try Fixtures.bytes(name)
      var random = SplitMix64(seed: DecoderFuzzTests.seed(name, .byteFlips))
      for k in 0..<each {
        let bytes: [UInt8]
        if format == "haps" {
          let mutation = DecoderFuzzTests.Mutation.allCases[k % DecoderFuzzTests.Mutation.allCases.count]
          bytes = DecoderFuzzTests.mutate(original, mutation, &random)
        } else {
          bytes = Self.mutateXML(original, &random)
        }
        do {
          let result = try PatternFile.decode(bytes, format: PatternFormat(extension: format)!, file: name)
          decoded += 1
          _ = PatternLint.check(result.pattern, file: name)
          if let hertz = result.pattern.hertz {
            _ = hertz.resolved(band_Hz: 200...270)
          }
          if decoded % 10 == 1 {
            var plain = result.pattern
            plain.hertz = nil
            #expect(try AHAP.decode(AHAP.encode(plain), file: name).pattern == plain)
          }
        } catch let error as InputError {
          failed += 1
          #expect(error.file == name)
          #expect(!error.description.contains("\n"))
          #expect(error.isBadData)
        }
      }
    }
    #expect(decoded + failed == fixtures.count * each)
    #expect(decoded > 0)
  }

  static func mutateXML(_ original: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var bytes = original
    switch random.next() % 3 {
    case 0:
      bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
    case 1:
      for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty {
        bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
      }
    default:
      let token = ivsTokens[Int(random.next() % UInt64(ivsTokens.count))]
      bytes.insert(contentsOf: Array(token.utf8), at: Int(random.next() % UInt64(bytes.count + 1)))
    }
    return bytes
  }
}
