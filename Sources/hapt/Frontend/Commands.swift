/// Every subcommand, in the order `hapt --help` lists them.
/// Add a command by adding its `spec` here (one line each, keep the order of Docs/Design.md).
enum Commands {
  static let all: [Subcommand] = [
    LintCommand.spec,
    RenderCommand.spec,
    CompareCommand.spec,
    DescribeCommand.spec,
    ConfusionCommand.spec,
    LatencyCommand.spec,
    ReportCommand.spec,
    MergeCommand.spec,
    BaselineCommand.spec,
    PresetsCommand.spec,
    DevicesCommand.spec,
    FitCommand.spec,
    ConvertCommand.spec,
    RhythmCommand.spec,
    AssessCommand.spec,
    CodegenCommand.spec,
  ]

  static func named(_ name: String) -> Subcommand? {
    all.first { $0.name == name }
  }
}
