import HaptCommandLine
import HaptCore
import HaptSimulation

/// `--device NAME|PATH`, repeatable or comma-separated, `all` for every profile `hapt devices` lists.
struct DeviceOptions: ParsableArguments {
  /// The names or paths given, in order (empty: the command's default).
  var names: [String] = []

  static var arguments: [Argument<Self>] {
    [
      .list(
        "device", "NAME|PATH",
        help:
          "Device profile by name (see 'hapt devices') or JSON path; repeatable or comma-separated; 'all' for every profile 'hapt devices' lists (shipped and HAPT_DEVICES).",
        \.names)
    ]
  }

  /// Whether `--device` was given.
  var isGiven: Bool { !names.isEmpty }

  /// The profiles named (default: `defaultNames`); `all` gives every available profile
  /// (shipped and `HAPT_DEVICES`) in its place, also beside other names or paths.
  /// - Throws: the library's lookup error for a name or path that is not a profile.
  func profiles(
    default defaultNames: [String] = [DeviceProfile.defaultName], in environment: HaptEnvironment
  ) throws -> [DeviceProfile] {
    try DeviceProfile.selection(names.isEmpty ? defaultNames : names, in: environment)
  }
}

extension ValueParser where Value == String {
  /// One device profile by name or path: `all` and comma-separated lists are refused.
  static var oneDevice: ValueParser<String> {
    ValueParser { text, option in
      let names = text.split(separator: ",").map(String.init).filter { !$0.isEmpty }
      guard names.count == 1, names != ["all"] else {
        throw UsageError.invalidValue(option: option, value: text, expected: "one device profile, by name or path")
      }
      return names[0]
    }
  }
}
