/// Every subcommand, in the order `hapt --help` lists them.
/// Add a command by adding its type here (one line each, keep the order of Docs/Design.md).
enum Commands {
  static var all: [any HaptCommand.Type] {
    [
      LintCommand.self,
      RenderCommand.self,
      CompareCommand.self,
      DescribeCommand.self,
      ConfusionCommand.self,
      LatencyCommand.self,
      ReportCommand.self,
      MergeCommand.self,
      BaselineCommand.self,
      PresetsCommand.self,
      DevicesCommand.self,
      FitCommand.self,
      ConvertCommand.self,
      RhythmCommand.self,
      AssessCommand.self,
      CodegenCommand.self,
    ]
  }

  static func named(_ name: String) -> (any HaptCommand.Type)? {
    all.first { $0.help.name == name }
  }
}
