import Foundation
import PackagePlugin

/// `swift package hapt ARGUMENTS...`: runs `hapt ARGUMENTS...` in the package's folder,
/// e.g. `swift package hapt baseline check Sources/App/Haptics --against main` or
/// `swift package hapt lint Sources`. Its output is hapt's; a non-zero exit status of
/// hapt makes the command fail. Commands that write files (baseline record, report)
/// need the sandbox lifted on macOS: `swift package --disable-sandbox hapt ...`.
@main
struct HaptCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "hapt").url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("hapt \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
    }
  }
}
