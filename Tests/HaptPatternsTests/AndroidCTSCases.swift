/// Cases transcribed from Android's CTS test of the vibration XML serialisation
/// (`android.os.cts.VibrationEffectXmlSerializationTest`, Android 16, with the XML,
/// normalized-PWLE (envelope) and primitive-delay-type features on; Apache 2.0): each
/// document, and whether `VibrationXmlParser` accepts it. Vendor effects (base64 bundles)
/// are left out: hapt does not read them.
enum AndroidCTSCases {
  static let accepted: [(name: String, xml: String)] = [
    ("on-off waveform", wrap(waveform(entries([(10, "0"), (20, "default"), (30, "0"), (40, "default")])))),
    (
      "repeating on-off waveform",
      wrap(
        "<waveform-effect>" + entries([(100, "0"), (200, "default")])
          + "<repeating>" + entries([(300, "0"), (400, "default")]) + "</repeating></waveform-effect>")
    ),
    ("amplitude waveform", wrap(waveform(entries([(100, "1"), (200, "default"), (300, "250")])))),
    (
      "repeating amplitude waveform",
      wrap(
        "<waveform-effect><repeating>" + entries([(123, "254"), (456, "1"), (789, "255"), (0, "0")])
          + "</repeating></waveform-effect>")
    ),
    ("predefined click", wrap("<predefined-effect name=\"click\"/>")),
    (
      "composition",
      wrap(
        "<primitive-effect name=\"click\"/><primitive-effect name=\"tick\" scale=\"0.2497\"/>"
          + "<primitive-effect name=\"low_tick\" delayMs=\"356\"/><primitive-effect name=\"spin\" scale=\"0.6364\" delayMs=\"7\"/>"
      )
    ),
    (
      "comments and spaces",
      "\n<!-- comment before root tag -->\n<vibration-effect>\n<!--\n multi-lined\n comment\n-->\n<predefined-effect name=\"click\"/>\n<!-- before closing -->\n</vibration-effect>\n<!-- after root tag -->\n"
    ),
    (
      "vibration-select with comments",
      "<!-- c --><vibration-select><!-- c --><vibration-effect><predefined-effect name=\"click\"/></vibration-effect><vibration-effect><!-- c--><predefined-effect name=\"tick\"/></vibration-effect></vibration-select>"
    ),
    ("empty vibration-select", "<vibration-select/>"),
    (
      "vibration-select of four",
      "<vibration-select>" + wrap(waveform(entries([(1, "0"), (2, "default"), (3, "0"), (4, "default")])))
        + wrap("<primitive-effect name=\"tick\"/><primitive-effect name=\"click\" scale=\"0.123\"/>")
        + wrap("<predefined-effect name=\"click\"/>")
        + wrap(
          "<waveform-effect>" + entries([(1, "0")]) + "<repeating>"
            + entries([(9, "default"), (7, "0"), (3, "default")]) + "</repeating></waveform-effect>")
        + "</vibration-select>"
    ),
    (
      "waveform envelope with initial frequency",
      wrap(
        "<waveform-envelope-effect initialFrequencyHz=\"20.0\"><control-point amplitude=\"0.2\" frequencyHz=\"80.0\" durationMs=\"10\" />"
          + "<control-point amplitude=\"0.5\" frequencyHz=\"150.0\" durationMs=\"10\" /></waveform-envelope-effect>")
    ),
    (
      "waveform envelope",
      wrap(
        "<waveform-envelope-effect><control-point amplitude=\"0.2\" frequencyHz=\"80.0\" durationMs=\"10\" />"
          + "<control-point amplitude=\"0.5\" frequencyHz=\"150.0\" durationMs=\"10\" /></waveform-envelope-effect>")
    ),
    (
      "basic envelope with initial sharpness",
      wrap(
        "<basic-envelope-effect initialSharpness=\"0.3\"><control-point intensity=\"0.2\" sharpness=\"0.5\" durationMs=\"100\" />"
          + "<control-point intensity=\"0.0\" sharpness=\"0.5\" durationMs=\"100\" /></basic-envelope-effect>")
    ),
    (
      "repeating waveform entries with preamble",
      wrap(
        "<repeating-effect><preamble>" + entries([(123, "254"), (456, "1"), (789, "255"), (0, "0")])
          + "</preamble><repeating>"
          + entries([(123, "254"), (456, "1"), (789, "255"), (0, "0")]) + "</repeating></repeating-effect>")
    ),
    (
      "repeating waveform entries",
      wrap(
        "<repeating-effect><repeating>" + entries([(123, "254"), (456, "1"), (789, "255"), (0, "0")])
          + "</repeating></repeating-effect>")
    ),
    (
      "repeating waveform envelopes",
      wrap(
        "<repeating-effect><preamble><waveform-envelope-effect><control-point amplitude=\"0.1\" frequencyHz=\"50.0\" durationMs=\"10\"/></waveform-envelope-effect></preamble>"
          + "<repeating><waveform-envelope-effect initialFrequencyHz=\"70.0\"><control-point amplitude=\"0.3\" frequencyHz=\"80.0\" durationMs=\"25\"/></waveform-envelope-effect></repeating></repeating-effect>"
      )
    ),
    (
      "repeating basic envelopes",
      wrap(
        "<repeating-effect><preamble><basic-envelope-effect><control-point intensity=\"0.1\" sharpness=\"0.1\" durationMs=\"10\" /><control-point intensity=\"0.0\" sharpness=\"0.2\" durationMs=\"20\" /></basic-envelope-effect></preamble>"
          + "<repeating><basic-envelope-effect initialSharpness=\"0.3\"><control-point intensity=\"0.0\" sharpness=\"0.7\" durationMs=\"35\" /></basic-envelope-effect></repeating></repeating-effect>"
      )
    ),
    (
      "repeating compositions",
      wrap(
        "<repeating-effect><preamble><primitive-effect name=\"click\" /><primitive-effect name=\"tick\" scale=\"0.2497\" /></preamble>"
          + "<repeating><primitive-effect name=\"low_tick\" delayMs=\"356\" /><primitive-effect name=\"spin\" scale=\"0.6364\" delayMs=\"7\" /></repeating></repeating-effect>"
      )
    ),
    (
      "repeating predefined effects",
      wrap(
        "<repeating-effect><preamble><predefined-effect name=\"tick\"/></preamble><repeating><predefined-effect name=\"click\"/></repeating></repeating-effect>"
      )
    ),
    (
      "primitives with delayType",
      wrap(
        "<primitive-effect name=\"tick\" delayType=\"relative_start_offset\"/><primitive-effect name=\"click\" scale=\"0.123\" delayType=\"pause\"/>"
          + "<primitive-effect name=\"low_tick\" delayMs=\"900\" delayType=\"pause\"/><primitive-effect name=\"spin\" scale=\"0.404\" delayMs=\"10\" delayType=\"relative_start_offset\" />"
      )
    ),
  ]

  static let rejected: [(name: String, xml: String)] = [
    ("empty document", ""),
    ("only a comment", "<!-- pure comment -->"),
    ("text", "invalid"),
    ("malformed tag", "<vibration"),
    ("never closed", "<vibration-effect>"),
    ("inner tag never closed", "<vibration-effect><predefined-effect name=\"click\"></vibration-effect>"),
    ("root mismatch select/effect", "<vibration-select></vibration-effect>"),
    ("root mismatch effect/select", "<vibration-effect></vibration-select>"),
    ("vibration root", "<vibration><predefined-effect name=\"click\"/></vibration>"),
    ("text before root", "# some invalid initial text\n" + wrap("<predefined-effect name=\"click\"/>")),
    ("tag before root", "<invalid-first-tag/>" + wrap("<predefined-effect name=\"click\"/>")),
    ("invalid root", "<invalid-root-tag><predefined-effect name=\"click\"/></invalid-root-tag>"),
    ("text after root", wrap("<predefined-effect name=\"click\"/>") + "\n# some invalid text\n"),
    ("tag after root", wrap("<predefined-effect name=\"click\"/>") + "<invalid-trailing-tag/>"),
    ("trailing tag inside", wrap("<predefined-effect name=\"click\"/><invalid-trailing-end-tag/>")),
    ("empty vibration-effect", "<vibration-effect/>"),
    ("two roots", wrap("<predefined-effect name=\"click\"/>") + wrap("<predefined-effect name=\"click\"/>")),
    ("predefined without name", wrap("<predefined-effect/>")),
    ("predefined with id", wrap("<predefined-effect id=\"0\"/>")),
    ("predefined extra attribute", wrap("<predefined-effect name=\"click\" extra=\"0\"/>")),
    (
      "bad name in select",
      "<vibration-select>" + wrap("<predefined-effect name=\"bad_click\"/>") + "</vibration-select>"
    ),
    ("hidden effect", wrap("<predefined-effect name=\"texture_tick\"/>")),
    ("fallback attribute", wrap("<predefined-effect name=\"tick\" fallback=\"false\"/>")),
    ("primitive without name", wrap("<primitive-effect scale=\"1\" delayMs=\"10\"/>")),
    ("primitive delay attribute", wrap("<primitive-effect name=\"click\" delay=\"10\"/>")),
    ("waveform attribute", wrap("<waveform-effect extra=\"0\">" + entries([(10, "10")]) + "</waveform-effect>")),
    ("entry without amplitude", wrap(waveform("<waveform-entry durationMs=\"10\"/>"))),
    ("entry without duration", wrap(waveform("<waveform-entry amplitude=\"100\"/>"))),
    ("predefined name lick", wrap("<predefined-effect name=\"lick\"/>")),
    ("two predefined", wrap("<predefined-effect name=\"click\"/><predefined-effect name=\"tick\"/>")),
    ("predefined then primitive", wrap("<predefined-effect name=\"click\"/><primitive-effect name=\"click\"/>")),
    ("repeating predefined", wrap("<repeating><predefined-effect name=\"click\"/></repeating>")),
    (
      "primitive inside predefined",
      wrap("<predefined-effect name=\"click\"><primitive-effect name=\"click\"/></predefined-effect>")
    ),
    ("primitive name lick", wrap("<primitive-effect name=\"lick\"/>")),
    ("scale -1", wrap("<primitive-effect name=\"click\" scale=\"-1\"/>")),
    ("scale 2", wrap("<primitive-effect name=\"click\" scale=\"2\"/>")),
    ("scale NaN", wrap("<primitive-effect name=\"click\" scale=\"NaN\"/>")),
    ("scale Infinity", wrap("<primitive-effect name=\"click\" scale=\"Infinity\"/>")),
    ("delay -1", wrap("<primitive-effect name=\"click\" delayMs=\"-1\"/>")),
    ("primitive then predefined", wrap("<primitive-effect name=\"click\"/><predefined-effect name=\"click\"/>")),
    (
      "repeating primitives",
      wrap("<primitive-effect name=\"click\"/><repeating><primitive-effect name=\"tick\"/></repeating>")
    ),
    ("amplitude -1", wrap(waveform(entries([(10, "-1")])))),
    ("duration -1", wrap(waveform("<waveform-entry durationMs=\"-1\" amplitude=\"default\"/>"))),
    ("primitive inside waveform", wrap(waveform(entries([(10, "default")]) + "<primitive-effect name=\"click\"/>"))),
    ("empty waveform", wrap("<waveform-effect></waveform-effect>")),
    ("empty repeating", wrap("<waveform-effect>" + entries([(0, "10")]) + "<repeating/></waveform-effect>")),
    (
      "two repeating blocks",
      wrap(
        "<waveform-effect><repeating>" + entries([(10, "default")]) + "</repeating><repeating>"
          + entries([(100, "default")]) + "</repeating></waveform-effect>")
    ),
    (
      "entry after repeating",
      wrap(
        "<waveform-effect><repeating>" + entries([(10, "default")]) + "</repeating>" + entries([(100, "default")])
          + "</waveform-effect>")
    ),
    ("zero-length waveform", wrap(waveform(entries([(0, "10"), (0, "20"), (0, "30")])))),
    ("waveform then predefined", wrap(waveform(entries([(10, "default")])) + "<predefined-effect name=\"tick\"/>")),
    ("empty waveform envelope", wrap("<waveform-envelope-effect/>")),
    ("blank waveform envelope", wrap("<waveform-envelope-effect> \n </waveform-envelope-effect>")),
    ("text in waveform envelope", wrap("<waveform-envelope-effect>invalid</waveform-envelope-effect>")),
    (
      "control point without attributes", wrap("<waveform-envelope-effect><control-point /></waveform-envelope-effect>")
    ),
    (
      "envelope amplitude -1",
      wrap(
        "<waveform-envelope-effect><control-point amplitude=\"-1\" frequencyHz=\"80\" durationMs=\"10\"/></waveform-envelope-effect>"
      )
    ),
    (
      "envelope frequency 0",
      wrap(
        "<waveform-envelope-effect><control-point amplitude=\"0.2\" frequencyHz=\"0\" durationMs=\"10\"/></waveform-envelope-effect>"
      )
    ),
    (
      "envelope duration 0",
      wrap(
        "<waveform-envelope-effect><control-point amplitude=\"0.2\" frequencyHz=\"80\" durationMs=\"0\" /></waveform-envelope-effect>"
      )
    ),
    ("empty basic envelope", wrap("<basic-envelope-effect/>")),
    ("blank basic envelope", wrap("<basic-envelope-effect> \n </basic-envelope-effect>")),
    ("text in basic envelope", wrap("<basic-envelope-effect>invalid</basic-envelope-effect>")),
    (
      "basic control point without attributes", wrap("<basic-envelope-effect><control-point /></basic-envelope-effect>")
    ),
    (
      "basic intensity -1",
      wrap(
        "<basic-envelope-effect><control-point intensity=\"-1.0\" sharpness=\"0.8\" durationMs=\"10\" /><control-point intensity=\"0.0\" sharpness=\"0.8\" durationMs=\"10\" /></basic-envelope-effect>"
      )
    ),
    (
      "basic sharpness -1",
      wrap(
        "<basic-envelope-effect><control-point intensity=\"0.2\" sharpness=\"-1\" durationMs=\"10\" /><control-point intensity=\"0.0\" sharpness=\"0.8\" durationMs=\"10\" /></basic-envelope-effect>"
      )
    ),
    (
      "basic duration 0",
      wrap(
        "<basic-envelope-effect><control-point intensity=\"0.2\" sharpness=\"0.8\" durationMs=\"0\" /><control-point intensity=\"0.0\" sharpness=\"0.8\" durationMs=\"100\" /></basic-envelope-effect>"
      )
    ),
    (
      "basic envelope not ending at zero",
      wrap(
        "<basic-envelope-effect><control-point intensity=\"0.2\" sharpness=\"0.8\" durationMs=\"100\" /></basic-envelope-effect>"
      )
    ),
    (
      "repeating-effect with empty repeating",
      wrap(
        "<repeating-effect><preamble>" + entries([(123, "254")])
          + "</preamble><repeating></repeating></repeating-effect>")
    ),
    (
      "two predefined in preamble",
      wrap(
        "<repeating-effect><preamble><predefined-effect name=\"tick\"/><predefined-effect name=\"click\"/></preamble><repeating>"
          + entries([(123, "254")]) + "</repeating></repeating-effect>")
    ),
    (
      "two predefined in repeating",
      wrap(
        "<repeating-effect><preamble>" + entries([(123, "254")])
          + "</preamble><repeating><predefined-effect name=\"tick\"/><predefined-effect name=\"click\"/></repeating></repeating-effect>"
      )
    ),
    (
      "preamble without repeating",
      wrap(
        "<repeating-effect><preamble><waveform-envelope-effect><control-point amplitude=\"0.5\" frequency=\"300\" durationMs=\"150\"/></waveform-envelope-effect></preamble></repeating-effect>"
      )
    ),
    (
      "waveform-effect in preamble",
      wrap(
        "<repeating-effect><preamble>" + waveform(entries([(10, "default")]))
          + "</preamble><repeating><predefined-effect name=\"tick\"/></repeating></repeating-effect>")
    ),
    (
      "waveform-effect in repeating",
      wrap(
        "<repeating-effect><preamble><predefined-effect name=\"tick\"/></preamble><repeating>"
          + waveform(entries([(10, "default")])) + "</repeating></repeating-effect>")
    ),
    (
      "entries and primitives mixed in repeating",
      wrap(
        "<repeating-effect><repeating>" + entries([(10, "default")])
          + "<primitive-effect name=\"tick\" scale=\"0.2497\" /></repeating></repeating-effect>")
    ),
    (
      "entries and primitives mixed in preamble",
      wrap(
        "<repeating-effect><preamble>" + entries([(10, "default")])
          + "<primitive-effect name=\"tick\" scale=\"0.2497\" /></preamble><repeating><predefined-effect name=\"tick\"/></repeating></repeating-effect>"
      )
    ),
    (
      "zero-length repeating",
      wrap("<repeating-effect><repeating>" + entries([(0, "default")]) + "</repeating></repeating-effect>")
    ),
    ("delayType invalid", wrap("<primitive-effect name=\"tick\" delayType=\"invalid\"/>")),
    ("delayType empty", wrap("<primitive-effect name=\"tick\" delayType=\"\"/>")),
  ]

  static func wrap(_ content: String) -> String { "<vibration-effect>" + content + "</vibration-effect>" }
  static func waveform(_ content: String) -> String { "<waveform-effect>" + content + "</waveform-effect>" }
  static func entries(_ list: [(Int, String)]) -> String {
    list.map { "<waveform-entry durationMs=\"\($0.0)\" amplitude=\"\($0.1)\"/>" }.joined()
  }
}
