import Foundation
import HaptCommandLine

/// The benchmark executable (not a test): warm-up, N timed runs, median and minimum,
/// a loud warning in debug builds, a name filter from the command line.
///
/// Usage: `swift run -c release hapt-bench [FILTER...] [--runs N]`
enum Bench {
  /// One benchmark: a name, and a body that runs the measured work once and returns a
  /// number of items processed (so the report can give a per-item cost).
  struct Case {
    let name: String
    let summary: String
    /// Prepares inputs (not timed) and returns the timed body.
    let setUp: () throws -> () throws -> Int
  }

  static var cases: [Case] { BenchmarkCatalog.all }

  /// `hapt-bench [FILTER...] [--runs N] [--list]`.
  struct Options: ParsableCommand {
    static let help = CommandHelp(
      name: "", summary: "Run hapt's benchmarks: warm-up, N timed runs, median and minimum.",
      usage: [
        "[FILTER...] [--runs N] [--list]", "scale N... [--hapt PATH] [-- REPORT-ARGS...]",
        "shards [N [K]] [--hapt PATH]",
        "pairwise-signals DIR",
      ],
      discussion:
        "FILTER keeps the benchmarks whose name contains it. Build with -c release: debug figures are meaningless.")

    var filters: [String] = []
    var runs = 5
    var list = false

    static var arguments: [Argument<Self>] {
      [
        .positionals(\.filters, PositionalSpec()),
        .option("runs", "N", help: "Timed runs per benchmark (default 5).", \.runs, .integer(in: 1...1_000_000)),
        .flag("list", help: "List the benchmarks and exit.", \.list),
      ]
    }
  }

  static func main(_ options: Options) -> Int32 {
    #if DEBUG
      FileHandle.standardError.write(
        Data(
          "WARNING: hapt-bench is a DEBUG build; figures are meaningless. Use 'swift run -c release hapt-bench'.\n"
            .utf8))
    #endif
    if options.list {
      for c in cases { print("\(c.name)\t\(c.summary)") }
      return 0
    }
    let filters = options.filters
    let runs = options.runs
    let selected = cases.filter { c in filters.isEmpty || filters.contains { c.name.contains($0) } }
    for benchmark in selected {
      do {
        let body = try benchmark.setUp()
        _ = try body()  // warm-up
        var times: [Double] = []
        var items = 1
        for _ in 0..<runs {
          let start = DispatchTime.now().uptimeNanoseconds
          items = try body()
          times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        let median = times[times.count / 2]
        let perItem = median / Double(max(items, 1))
        let name = benchmark.name.padding(toLength: max(40, benchmark.name.count), withPad: " ", startingAt: 0)
        print(
          name
            + String(
              format: " median %.6f s  min %.6f s  items %d  per item %.3f us", median, times[0], items,
              perItem * 1e6))
      } catch {
        FileHandle.standardError.write(Data("error: \(benchmark.name): \(error)\n".utf8))
        return 1
      }
    }
    return 0
  }
}
