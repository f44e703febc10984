import Foundation
import PackagePlugin

/// Lints a target's haptic resources while it builds: every `.ahap` and `.haptic` file
/// among the target's resources (in resource folders too) and the files SwiftPM has no
/// rule for, and every `.xml` file there that holds Android vibration XML
/// (`<vibration-effect>` or `<vibration-select>`), with `hapt lint --format xcode`, so
/// `swift build` and Xcode show each finding as a warning or error on its line. A file
/// that cannot be decoded fails the build (an error on its place); findings do not.
/// The command's declared output is the Markdown summary of the findings, in the
/// plugin's work folder, so the lint runs again only when a pattern file changes.
@main
struct HaptLintPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    // Resources (files, or folders for `.copy`) and files SwiftPM has no rule for.
    let places = module.sourceFiles.filter { $0.type == .resource || $0.type == .unknown }.map(\.url)
    return try HaptLintCommand.commands(
      files: places.flatMap(HaptLintCommand.patternFiles(at:)), name: target.name,
      tool: try context.tool(named: "hapt").url, workFolder: context.pluginWorkDirectoryURL)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension HaptLintPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let files = target.inputFiles.map(\.url).filter(HaptLintCommand.isPattern)
      return try HaptLintCommand.commands(
        files: files, name: target.displayName, tool: try context.tool(named: "hapt").url,
        workFolder: context.pluginWorkDirectoryURL)
    }
  }
#endif

enum HaptLintCommand {
  static func commands(files: [URL], name: String, tool: URL, workFolder: URL) throws -> [Command] {
    guard !files.isEmpty else { return [] }
    let summary = workFolder.appendingPathComponent("hapt-lint-\(name).md")
    return [
      .buildCommand(
        displayName: "hapt lint: \(files.count) haptic file(s) of \(name)", executable: tool,
        arguments: ["lint", "--format", "xcode", "--summary", summary.path] + files.map(\.path),
        inputFiles: files, outputFiles: [summary])
    ]
  }

  /// `place` if it is a pattern file, or the pattern files under it if it is a folder,
  /// sorted (hidden files and folders skipped).
  static func patternFiles(at place: URL) -> [URL] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: place.path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return isPattern(place) ? [place] : [] }
    let walker = FileManager.default.enumerator(
      at: place, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    var files: [URL] = []
    while let url = walker?.nextObject() as? URL {
      if isPattern(url) { files.append(url) }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// A `.ahap` or `.haptic` file, or an `.xml` file with Android vibration XML in it.
  static func isPattern(_ url: URL) -> Bool {
    switch url.pathExtension.lowercased() {
    case "ahap", "haptic": return true
    case "xml":
      guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
      defer { try? handle.close() }
      let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
      return head.contains("<vibration-effect") || head.contains("<vibration-select")
    default: return false
    }
  }
}
