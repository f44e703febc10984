import HaptTestSupport
import Foundation
import Testing

/// `action.yml` and `.pre-commit-hooks.yaml` are valid YAML (of the subset MiniYAML
/// reads strictly), with every input documented, and the README's workflow uses the
/// action.
@Suite(.tags(.endToEnd), .slow) struct CIFilesTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: HaptBinary.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func actionIsACompositeActionWithDocumentedInputs() throws {
    let text = try Self.text("action.yml")
    let action = try MiniYAML.parse(text)
    #expect(action["name"]?.string == "hapt")
    #expect(action["description"]?.string?.isEmpty == false)
    #expect(action["runs"]?["using"]?.string == "composite")

    guard case .mapping(let inputs)? = action["inputs"] else {
      Issue.record("no inputs")
      return
    }
    #expect(inputs.contains { $0.key == "command" && $0.value["required"]?.string == "true" })
    let guide = try Self.text("Docs/CI.md")
    for input in inputs {
      #expect((input.value["description"]?.string ?? "").count > 20, "input \(input.key) has no description")
      if let required = input.value["required"]?.string { #expect(["true", "false"].contains(required)) }
      #expect(guide.contains("| `\(input.key)` |"), "Docs/CI.md does not document input \(input.key)")
    }
    // Every input the steps read is declared.
    let used = try NSRegularExpression(pattern: "inputs\\.([a-z-]+)")
    let names = Set(inputs.map(\.key))
    for match in used.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      let name = String(text[Range(match.range(at: 1), in: text)!])
      #expect(names.contains(name), "action.yml reads undeclared input \(name)")
    }

    guard case .sequence(let steps)? = action["runs"]?["steps"] else {
      Issue.record("no steps")
      return
    }
    #expect(steps.count >= 4)
    var ids: Set<String> = []
    for step in steps {
      #expect(step["name"]?.string != nil)
      if let id = step["id"]?.string { ids.insert(id) }
      if step["uses"] == nil {
        #expect(step["run"]?.string != nil && step["shell"]?.string == "bash", "a run step needs run and shell")
      }
    }
    let referenced = try NSRegularExpression(pattern: "steps\\.([a-z-]+)\\.outputs")
    for match in referenced.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      let id = String(text[Range(match.range(at: 1), in: text)!])
      #expect(ids.contains(id), "action.yml reads the outputs of unknown step \(id)")
    }
    // What the issue asks of the action: the C libraries, a cached build, the summary,
    // the artifact, a failing step on a failed check.
    #expect(text.contains("Scripts/install-deps") && text.contains("actions/cache@"))
    #expect(text.contains("--format github --summary") && text.contains("GITHUB_STEP_SUMMARY"))
    #expect(text.contains("actions/upload-artifact@"))
    #expect(text.contains("exit \"$STATUS\""))
  }

  @Test func preCommitHooksRunHaptLint() throws {
    guard case .sequence(let hooks) = try MiniYAML.parse(try Self.text(".pre-commit-hooks.yaml")) else {
      Issue.record("not a list of hooks")
      return
    }
    #expect(hooks.count == 2)
    for hook in hooks {
      for key in ["id", "name", "description", "entry", "language", "files"] {
        #expect(hook[key]?.string?.isEmpty == false, "hook without \(key)")
      }
      #expect(hook["entry"]?.string?.hasPrefix("hapt lint") == true)
    }
    #expect(hooks.first?["language"]?.string == "swift")
  }

  @Test func theReadmeWorkflowUsesTheAction() throws {
    let readme = try Self.text("README.md")
    #expect(readme.contains("uses: <owner>/hapt@<tag>"))
    #expect(readme.contains("--against origin/${{ github.base_ref }}"))
    #expect(readme.contains("fetch-depth: 0"))
    #expect(readme.contains("report: hapt-junit.xml"))
  }

  @Test func theYAMLReaderIsStrict() throws {
    let node = try MiniYAML.parse(
      """
      # a comment
      a: plain # trailing comment
      b: 'it''s'
      c: |
        line one
        line two
      d: >-
        folded
        text
      e:
        - x
        - key: 1
          other: "two"
      """)
    #expect(node["a"]?.string == "plain")
    #expect(node["b"]?.string == "it's")
    #expect(node["c"]?.string == "line one\nline two\n")
    #expect(node["d"]?.string == "folded text")
    #expect(
      node["e"]
        == .sequence([
          .scalar("x"),
          .mapping([YAMLPair(key: "key", value: .scalar("1")), YAMLPair(key: "other", value: .scalar("two"))]),
        ]))
    #expect(throws: YAMLError.self) { try MiniYAML.parse("a: 1\n\tb: 2") }
    #expect(throws: YAMLError.self) { try MiniYAML.parse("a: 1\n   b: 2") }
    #expect(throws: YAMLError.self) { try MiniYAML.parse("a: {b: 1}") }
    #expect(throws: YAMLError.self) { try MiniYAML.parse("a: 1\na: 2") }
    #expect(throws: YAMLError.self) { try MiniYAML.parse("a: 'open") }
  }
}
