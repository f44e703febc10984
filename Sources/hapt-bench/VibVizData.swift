import Foundation
import HaptCore
import HaptSignals

/// Spearman rank correlation (average ranks for ties; NaN pairs dropped).
enum Rank {
  static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = [Double](repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
      let rank = Double(start + end) / 2
      for k in start...end { ranks[order[k]] = rank }
      start = end + 1
    }
    return ranks
  }

  static func spearman(_ x: [Double], _ y: [Double]) -> Double {
    let kept = x.indices.filter { !x[$0].isNaN && !y[$0].isNaN }
    guard kept.count > 2 else { return .nan }
    let rx = ranks(kept.map { x[$0] })
    let ry = ranks(kept.map { y[$0] })
    let mx = rx.reduce(0, +) / Double(rx.count)
    let my = ry.reduce(0, +) / Double(ry.count)
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for k in rx.indices {
      sxy += (rx[k] - mx) * (ry[k] - my)
      sxx += (rx[k] - mx) * (rx[k] - mx)
      syy += (ry[k] - my) * (ry[k] - my)
    }
    return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : .nan
  }
}

/// Benchmarks/VibViz/annotations.csv: id, the five mean ratings and sensationD1..D4.
enum AnnotationTable {
  struct Row {
    var id: String
    var ratings: [String: Double]
    var sensation: [Double]
  }

  static let ratingNames = ["energy", "tempo", "roughness", "pleasantness", "arousal"]

  static func read(_ path: String) throws -> [Row] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw InputError(file: path, "cannot be read", kind: .missing)
    }
    let records = parse(text)
    guard let header = records.first else { throw InputError(file: path, "is empty") }
    func column(_ prefix: String) throws -> Int {
      guard let index = header.firstIndex(where: { $0 == prefix || $0.hasPrefix(prefix + " ") }) else {
        throw InputError(file: path, place: "line 1", "no column \(prefix)")
      }
      return index
    }
    let id = try column("id")
    let ratings = try ratingNames.map { ($0, try column($0)) }
    let dims = try (1...4).map { try column("sensationD\($0)") }
    return try records.dropFirst().enumerated().compactMap { offset, record in
      guard record.count == header.count else {
        if record.allSatisfy(\.isEmpty) { return nil }
        throw InputError(
          file: path, place: "record \(offset + 2)", "has \(record.count) fields, expected \(header.count)")
      }
      func number(_ index: Int) throws -> Double {
        guard let value = Double(record[index]) else {
          throw InputError(file: path, place: "record \(offset + 2)", "'\(record[index])' is not a number")
        }
        return value
      }
      return Row(
        id: record[id], ratings: Dictionary(uniqueKeysWithValues: try ratings.map { ($0.0, try number($0.1)) }),
        sensation: try dims.map(number))
    }
  }

  /// RFC 4180 records (quoted fields may hold commas, quotes doubled).
  static func parse(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var iterator = text.makeIterator()
    var pending: Character?
    while let c = pending ?? iterator.next() {
      pending = nil
      if quoted {
        if c == "\"" {
          if let next = iterator.next() {
            if next == "\"" {
              field.append("\"")
            } else {
              quoted = false
              pending = next
            }
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
      } else if c == "\"" {
        quoted = true
      } else if c == "," {
        record.append(field)
        field = ""
      } else if c == "\n" || c == "\r\n" || c == "\r" {
        record.append(field)
        records.append(record)
        record = []
        field = ""
      } else {
        field.append(c)
      }
    }
    if !field.isEmpty || !record.isEmpty {
      record.append(field)
      records.append(record)
    }
    return records
  }
}

/// The simple features of a drive file the baselines use, with no device or perception
/// model: RMS level (dB re full scale), onset rate (rises of the 10 ms RMS envelope through
/// half its peak, per second), envelope modulation (standard deviation over mean of that
/// envelope), log duration and log dominant frequency.
enum SimpleFeatures {
  static func of(_ signal: Signal) -> [Double] {
    let x = signal.samples
    let rate = signal.sampleRate_Hz
    let rms = (x.reduce(0) { $0 + $1 * $1 } / Double(max(x.count, 1))).squareRoot()
    let window = max(1, Int(0.01 * rate))
    var envelope: [Double] = []
    var start = 0
    while start < x.count {
      let end = min(start + window, x.count)
      var sum = 0.0
      for k in start..<end { sum += x[k] * x[k] }
      envelope.append((sum / Double(end - start)).squareRoot())
      start = end
    }
    let peak = envelope.max() ?? 0
    var onsets = 0
    for k in envelope.indices.dropFirst() where envelope[k] >= peak / 2 && envelope[k - 1] < peak / 2 { onsets += 1 }
    if envelope.first.map({ $0 >= peak / 2 }) == true { onsets += 1 }
    let mean = envelope.reduce(0, +) / Double(max(envelope.count, 1))
    let variance = envelope.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(envelope.count, 1))
    let duration = Double(x.count) / rate
    let frequency = Spectra.dominantFrequency_Hz(signal) ?? 1
    return [
      20 * log10(max(rms, 1e-9)), Double(onsets) / duration, mean > 0 ? variance.squareRoot() / mean : 0,
      log(duration), log(max(frequency, 1)),
    ]
  }

  /// Each feature standardised to mean 0 and standard deviation 1 over the set.
  static func standardised(_ rows: [[Double]]) -> [[Double]] {
    guard let width = rows.first?.count else { return [] }
    var out = rows
    for j in 0..<width {
      let column = rows.map { $0[j] }
      let mean = column.reduce(0, +) / Double(column.count)
      let sd = (column.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(column.count)).squareRoot()
      for i in rows.indices { out[i][j] = sd > 0 ? (rows[i][j] - mean) / sd : 0 }
    }
    return out
  }
}
