import HaptTestSupport
import Foundation
import Testing

/// `--shard I/N` and `hapt merge`: a corpus done in 3 shards and merged gives the same
/// files, byte for byte, as one unsharded run.
@Suite(.tags(.endToEnd), .slow) struct ShardingTests {
  static let library = HaptBinary.packageRoot.appendingPathComponent("Corpora/library").path

  /// Every regular file under `folder` by relative path, with its bytes.
  static func files(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let relative = walker?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let path = folder.appendingPathComponent(relative).path
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
        result[relative] = FileManager.default.contents(atPath: path)
      }
    }
    return result
  }

  /// The library's report in two shards with `options`: the part folders `part1` and
  /// `part2` in `folder`.
  static func twoShards(in folder: URL, _ options: [String]) throws -> [String] {
    try [1, 2].map { shard in
      let part = folder.appendingPathComponent("part\(shard)").path
      let run = try HaptInProcess.run(["report", library, "--shard", "\(shard)/2", "--out", part] + options)
      #expect(run.status == 0, "\(run.stderr)")
      return part
    }
  }

  @Test func reportInThreeShardsMergesToTheUnshardedReport() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-shard")
    defer { try? FileManager.default.removeItem(at: folder) }
    let options = [
      "--device", "iphone-wideband-lra,erm-phone,tablet-none", "--state", "both", "--neighbours", "3", "--close-below",
      "2", "--all-pairs",
    ]
    let whole = folder.appendingPathComponent("whole")
    let run = try HaptInProcess.run(["report", Self.library, "--out", whole.path] + options)
    #expect(run.status == 0, "\(run.stderr)")
    // stderr is a pipe here, not a terminal: no progress lines.
    #expect(!run.stderr.contains("\r") && !run.stderr.contains("comparing pairs"))
    var parts: [String] = []
    for shard in [2, 3, 1] {  // any order
      let part = folder.appendingPathComponent("part\(shard)").path
      // Threads differ between the shards and the unsharded run: no effect on the bytes.
      let shardRun = try HaptInProcess.run(
        ["report", Self.library, "--shard", "\(shard)/3", "--out", part, "--threads", "\(shard)"] + options)
      #expect(shardRun.status == 0, "\(shardRun.stderr)")
      parts.append(part)
    }
    let merged = folder.appendingPathComponent("merged")
    let merge = try HaptInProcess.run(["merge"] + parts + ["--out", merged.path])
    #expect(merge.status == 0, "\(merge.stderr)")
    let expected = try Self.files(whole)
    let actual = try Self.files(merged)
    #expect(expected.keys.sorted() == actual.keys.sorted())
    #expect(expected.keys.contains("index.html") && expected.keys.contains("pairs.csv"))
    for (path, bytes) in expected { #expect(actual[path] == bytes, "\(path) differs") }
    // --all-pairs: every pair of the corpus, once.
    let patterns =
      (try String(contentsOf: whole.appendingPathComponent("patterns.csv"), encoding: .utf8))
      .split(separator: "\n").count - 1
    let pairLines =
      (try String(contentsOf: whole.appendingPathComponent("pairs.csv"), encoding: .utf8))
      .split(separator: "\n").count - 1
    #expect(patterns > 3 && pairLines == patterns * (patterns - 1) / 2)

    // Parts that do not belong together are refused: a missing shard, a repeated one.
    let missing = try HaptInProcess.run(["merge", parts[0], parts[1], "--out", folder.appendingPathComponent("x").path])
    #expect(missing.status == 66 && missing.stderr.contains("missing shard"), "\(missing.stderr)")
    let twice = try HaptInProcess.run([
      "merge", parts[0], parts[0], parts[1], "--out", folder.appendingPathComponent("x").path,
    ])
    #expect(twice.status != 0 && twice.stderr.contains("given twice"), "\(twice.stderr)")
    // The parts are read side by side; of several bad ones, the error names the first given.
    let notParts = ["nope1", "nope2"].map { folder.appendingPathComponent($0).path }
    let bad = try HaptInProcess.run(
      ["merge", parts[0]] + notParts + ["--out", folder.appendingPathComponent("x").path, "--threads", "2"])
    #expect(bad.status == 66 && bad.stderr.contains("nope1") && !bad.stderr.contains("nope2"), "\(bad.stderr)")
  }

  /// Each shard makes its own patterns' figures and sounds; the merge takes them from the
  /// parts (it renders nothing): a figure changed in a part shows in the merged page.
  @Test func mergeTakesEachPagesFiguresFromItsShard() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-shard-figures")
    defer { try? FileManager.default.removeItem(at: folder) }
    let parts = try Self.twoShards(in: folder, ["--device", "iphone-wideband-lra,erm-phone", "--state", "prepared"])
    // The last pattern belongs to shard 2: its figure markup and sound are in that part.
    let patterns = try Self.files(URL(fileURLWithPath: parts[1])).keys.filter {
      $0.hasPrefix("figures/") && $0.hasSuffix(".html")
    }
    let last = try #require(patterns.compactMap { Int($0.dropFirst("figures/".count).dropLast(".html".count)) }.max())
    #expect(FileManager.default.fileExists(atPath: parts[1] + "/figures/\(last).flac"))
    let fragment = parts[1] + "/figures/\(last).html"
    let original = try String(contentsOfFile: fragment, encoding: .utf8)
    #expect(original.contains("<svg"))
    try (original + "<p>figure from the part</p>").write(toFile: fragment, atomically: true, encoding: .utf8)
    let merged = folder.appendingPathComponent("merged")
    let merge = try HaptInProcess.run(["merge"] + parts + ["--out", merged.path])
    #expect(merge.status == 0, "\(merge.stderr)")
    let pages = try Self.files(merged).filter { $0.key.hasPrefix("patterns/") && $0.key.hasSuffix(".html") }
    let marked = pages.filter { String(decoding: $0.value, as: UTF8.self).contains("<p>figure from the part</p>") }
    #expect(marked.count == 1)
    // The tables of rows per pattern are the parts' rows joined, not made again: a row
    // added to a part's file shows in the merged table, in its shard's place.
    let rows = parts[0] + "/latency-rows.csv"
    let partRows = try String(contentsOfFile: rows, encoding: .utf8)
    #expect(partRows.hasPrefix("\"") || partRows.first?.isLetter == true, "no header: rows only")
    try (partRows + "row from the part\n").write(toFile: rows, atomically: true, encoding: .utf8)
    let joined = folder.appendingPathComponent("joined")
    #expect(try HaptInProcess.run(["merge"] + parts + ["--out", joined.path]).status == 0)
    let latency = try String(contentsOf: joined.appendingPathComponent("latency.csv"), encoding: .utf8)
    let shard2Rows = try String(contentsOfFile: parts[1] + "/latency-rows.csv", encoding: .utf8)
    #expect(latency.hasSuffix(partRows + "row from the part\n" + shard2Rows))
    // A part without a page's figures, or without its rows of a table, is refused,
    // naming the file.
    try FileManager.default.removeItem(atPath: fragment)
    let cut = try HaptInProcess.run(["merge"] + parts + ["--out", folder.appendingPathComponent("cut").path])
    #expect(cut.status == 66 && cut.stderr.contains("figures/\(last).html"), "\(cut.stderr)")
    try FileManager.default.removeItem(atPath: parts[0] + "/capabilities-rows.csv")
    let noRows = try HaptInProcess.run(["merge"] + parts + ["--out", folder.appendingPathComponent("cut").path])
    #expect(noRows.status == 66 && noRows.stderr.contains("capabilities-rows.csv"), "\(noRows.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("cut").path))
  }

  /// Parts whose shares of the patterns and rows do not tile the corpus (written with
  /// another plan) are refused with a line naming the part.
  @Test func mergeRefusesPartsOfAnotherPlan() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-shard-plan")
    defer { try? FileManager.default.removeItem(at: folder) }
    let parts = try Self.twoShards(in: folder, ["--device", "iphone-wideband-lra", "--state", "prepared"])
    let file = parts[1] + "/part.txt"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let share = try #require(lines.firstIndex { $0.hasPrefix("share ") })
    let fields = lines[share].split(separator: " ").compactMap { Int($0) }
    #expect(fields.count == 4 && fields[0] > 0, "\(lines[share])")
    var edited = lines
    edited[share] = "share \(fields[0] + 1) \(fields[1]) \(fields[2]) \(fields[3])"
    try edited.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    let merge = try HaptInProcess.run(["merge"] + parts + ["--out", folder.appendingPathComponent("m").path])
    #expect(merge.status != 0 && merge.stderr.contains(parts[1]) && merge.stderr.contains("plans"), "\(merge.stderr)")
  }

  @Test func baselineRecordAndCheckInThreeShardsMergeToTheUnshardedRun() throws {
    let folder = try HaptBinary.temporaryFolder(prefix: "hapt-shard")
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let names = ["triple-tap", "heartbeat", "double-tap", "success", "warning", "error"].filter {
      FileManager.default.fileExists(atPath: "\(Self.library)/\($0).ahap")
    }
    #expect(names.count >= 3)
    for name in names {
      try FileManager.default.copyItem(
        atPath: "\(Self.library)/\(name).ahap", toPath: corpus.appendingPathComponent("\(name).ahap").path)
    }
    let options = ["--device", "iphone-wideband-lra", "--state", "prepared"]
    let whole = folder.appendingPathComponent("baseline").path
    #expect(try HaptInProcess.run(["baseline", "record", corpus.path, "--out", whole] + options).status == 0)
    var recordParts: [String] = []
    for shard in 1...3 {
      let part = folder.appendingPathComponent("record\(shard)").path
      let run = try HaptInProcess.run(
        ["baseline", "record", corpus.path, "--shard", "\(shard)/3", "--out", part] + options)
      #expect(run.status == 0, "\(run.stderr)")
      recordParts.append(part)
    }
    let merged = folder.appendingPathComponent("merged")
    let merge = try HaptInProcess.run(["merge"] + recordParts.reversed() + ["--out", merged.path])
    #expect(merge.status == 0, "\(merge.stderr)")
    let expected = try Self.files(URL(fileURLWithPath: whole))
    #expect(expected.keys.contains("manifest.json") && expected.count > names.count)
    #expect(try Self.files(merged) == expected)

    // One pattern changed (the triple tap's 0.9 intensity to 0.5): the unsharded check and
    // the merged shards print the same rows, write the same JUnit XML, and both exit 1.
    let file = corpus.appendingPathComponent("triple-tap.ahap").path
    let original = try String(contentsOfFile: file, encoding: .utf8)
    let softer = original.replacingOccurrences(of: "\"ParameterValue\": 0.9", with: "\"ParameterValue\": 0.5")
    #expect(softer != original)
    try softer.write(toFile: file, atomically: true, encoding: .utf8)
    let junit = folder.appendingPathComponent("junit.xml").path
    let check = ["baseline", "check", corpus.path, "--baseline", whole, "--format", "csv", "--junit", junit]
    let unsharded = try HaptInProcess.run(check)
    #expect(unsharded.status == 1)
    let unshardedXML = try String(contentsOfFile: junit, encoding: .utf8)
    try FileManager.default.removeItem(atPath: junit)
    var checkParts: [String] = []
    var shardStatuses: [Int32] = []
    for shard in 1...3 {
      let part = folder.appendingPathComponent("check\(shard)").path
      let run = try HaptInProcess.run(check + ["--shard", "\(shard)/3", "--out", part])
      shardStatuses.append(run.status)
      checkParts.append(part)
    }
    #expect(shardStatuses.filter { $0 == 1 }.count == 1 && shardStatuses.filter { $0 == 0 }.count == 2)
    let mergedCheck = try HaptInProcess.run(["merge"] + checkParts)
    #expect(mergedCheck.status == 1)
    #expect(mergedCheck.stdout == unsharded.stdout)
    #expect(mergedCheck.stdout.contains("triple-tap") && mergedCheck.stdout.contains(",changed,"))
    #expect(try String(contentsOfFile: junit, encoding: .utf8) == unshardedXML)
  }

  @Test func badShardSpecIsAUsageError() throws {
    for spec in ["0/3", "4/3", "3", "a/b"] {
      let run = try HaptInProcess.run(["report", Self.library, "--shard", spec, "--out", "/tmp/never"])
      #expect(run.status == 64, "\(spec): \(run.stderr)")
      #expect(run.stderr.contains("--shard"))
    }
  }
}
