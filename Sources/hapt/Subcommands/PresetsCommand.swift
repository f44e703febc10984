import Foundation
import HaptCommandLine
import HaptCore
import HaptPatterns
import HaptReports
import HaptFormats

/// `hapt presets`: the system presets, their APIs and platform availability.
struct PresetsCommand: HaptCommand {
  static let help = CommandHelp(
    name: "presets",
    summary: "List the system feedback presets (UIKit, SwiftUI, watchOS) and where each plays.",
    discussion: """
      Each preset is an AHAP file in Corpora/system approximating a platform haptic; Apple
      does not publish the waveforms, so each file's metadata description gives the
      rationale. Platforms: iOS means iPhone; no iPad has a Taptic Engine, so none plays
      on iPad. The default confusability review set (marked *) is the three UIKit
      notification presets. --export writes every preset's AHAP (canonical form) into
      FOLDER, creating it if needed. A file of the same name already there is left as it
      is when it holds that preset's text already; any other is refused (exit 73, nothing
      written) unless --force is given.
      """)

  var format = OutputFormat.text
  var export: String?
  var force = false

  static var arguments: [Argument<Self>] {
    [
      .format(\.format),
      .option("export", "FOLDER", help: "Also write every preset as FOLDER/NAME.ahap.", \.export, .string),
      .flag("force", help: "Replace files in the --export FOLDER that hapt did not write.", \.force),
    ]
  }

  func run(_ console: Console, in environment: HaptEnvironment) throws -> ExitStatus {
    guard let shipped = Corpora.directory("system", in: environment) else {
      throw InputError(
        file: "Corpora/system",
        "the shipped presets were not found; set \(Corpora.corporaVariable) to a copy of Corpora/",
        kind: .missing)
    }
    let presets = Presets.all(in: shipped)
    if let folder = export {
      try Self.export(presets, to: folder, inputs: [shipped.path], force: force)
    }
    switch format {
    case .text: console.out(Self.text(presets))
    case .csv: console.out(Self.csv(presets))
    case .json: console.out(JSONWriter.string(Self.json(presets)))
    }
    return .success
  }

  /// Writes each preset, re-encoded, to `folder/NAME.ahap` (atomically), after checking
  /// every file first (``OutputFileGuard``): AHAP carries no mark of hapt, so an existing
  /// file is replaced only with `force`, and one that already holds the preset's text
  /// is left as it is (a rerun loses nothing). Nothing is written if any file is refused.
  static func export(_ presets: [Preset], to folder: String, inputs: [String], force: Bool) throws {
    let files = try presets.map { preset in
      (path: folder + "/" + preset.name + ".ahap", bytes: Array(AHAP.encode(try preset.load().pattern).utf8))
    }
    var isFolder: ObjCBool = false
    let folderExists = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
    if folderExists && !isFolder.boolValue {
      throw InputError(file: folder, "is not a folder; not writing the presets there", kind: .unwritable)
    }
    let outputGuard = OutputFileGuard(inputs: inputs, force: force, forceable: true)
    var pending: [(path: String, bytes: [UInt8])] = []
    for file in files {
      if folderExists, let existing = FileManager.default.contents(atPath: file.path), Array(existing) == file.bytes {
        continue
      }
      if folderExists { try outputGuard.check(file.path) }
      pending.append(file)
    }
    if !folderExists {
      try OutputFileGuard(inputs: inputs).checkNotInside(folder)
      try OutputFileGuard.requireWritableFolder(for: folder + "/x.ahap")
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw InputError(file: folder, "cannot create the folder", kind: .unwritable)
    }
    for file in pending { try AtomicFile.write(file.bytes, to: file.path) }
  }

  static func availability(_ preset: Preset) -> [(String, Bool)] {
    Platform.allCases.map { ($0.rawValue, preset.platforms.contains($0)) } + [("iPad", false)]
  }

  static func text(_ presets: [Preset]) -> String {
    let nameWidth = (presets.map(\.name.count).max() ?? 0) + 3
    let header = "NAME" + String(repeating: " ", count: nameWidth - 4) + "iOS watchOS macOS iPad  API"
    var lines = [header]
    for preset in presets {
      let mark = Presets.defaultReviewSet.contains(preset.name) ? " *" : ""
      let name = preset.name + mark
      let flags = availability(preset)
      let cells = zip(flags, [4, 8, 6, 6]).map { flag, width -> String in
        let cell = flag.1 ? "yes" : "-"
        return cell + String(repeating: " ", count: width - cell.count)
      }
      lines.append(name + String(repeating: " ", count: max(1, nameWidth - name.count)) + cells.joined() + preset.api)
    }
    lines.append("")
    if let folder = presets.first.map({ URL(fileURLWithPath: $0.file).deletingLastPathComponent().path }) {
      lines.append("* default review set. Files: \(folder)")
    } else {
      lines.append("* default review set.")
    }
    return lines.map(OneLine.escaped).joined(separator: "\n") + "\n"
  }

  static func csv(_ presets: [Preset]) -> String {
    var table = CSVTable(
      columns: ["name", "api", "iOS", "watchOS", "macOS", "iPad", "defaultReviewSet", "file"].map { CSVColumn($0) })
    for preset in presets {
      table.append(
        [.text(preset.name), .text(preset.api)] + availability(preset).map { .text($0.1 ? "yes" : "no") }
          + [.text(Presets.defaultReviewSet.contains(preset.name) ? "yes" : "no"), .text(preset.file)])
    }
    return table.csvText
  }

  static func json(_ presets: [Preset]) -> JSONValue {
    .orderedObject([
      ("defaultReviewSet", .list(Presets.defaultReviewSet.map { .string($0) })),
      (
        "presets",
        .list(
          presets.map { preset in
            .orderedObject([
              ("name", .string(preset.name)), ("api", .string(preset.api)),
              ("platforms", .list(preset.platforms.map { .string($0.rawValue) })), ("file", .string(preset.file)),
            ])
          })
      ),
    ])
  }
}
