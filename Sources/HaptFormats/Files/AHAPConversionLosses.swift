import HaptPatterns
/// What converting a loaded pattern to AHAP loses, by its source format (Docs/Formats.md §7).
package enum AHAPConversionLosses {
  /// One sentence per loss; empty when the AHAP holds everything hapt renders.
  package static func notes(for loaded: LoadedPattern) -> [String] {
    let band = HertzPattern.defaultBand_Hz
    let bandText = "\(Int(band.lowerBound))-\(Int(band.upperBound)) Hz"
    var notes: [String] = []
    if let hertz = loaded.pattern.hertz {
      if hertz.vibrations.contains(where: { !$0.frequency_Hz.isEmpty }) {
        let frequencies = hertz.vibrations.flatMap { $0.frequency_Hz.map(\.value) }
        let outside = frequencies.filter { !band.contains($0) }.count
        notes.append(
          "frequencies in Hz become sharpness on the default device's band, \(bandText)"
            + (outside > 0 ? " (\(outside) frequency-curve point(s) outside it are written at its edge)" : "")
            + "; on a device with another band the AHAP no longer plays the same frequencies")
      }
      let sorted = hertz.vibrations.sorted { $0.start_s < $1.start_s }
      if zip(sorted, sorted.dropFirst()).contains(where: { $1.start_s < $0.end_s }) {
        notes.append("overlapping vibrations are merged into one (summed amplitude, the loudest one's frequency)")
      }
    }
    if loaded.format == .ivs {
      notes.append(
        "the IVS file's separate effects and waveform shapes are not kept: the AHAP holds the timelines as played")
    }
    if loaded.format == .haps, loaded.findings.contains(where: { $0.ruleID == LintRule.hapsNotRendered.id }) {
      notes.append("the texture and stiffness perceptions are not converted")
    }
    if loaded.format == .haps || loaded.format == .androidXML,
      loaded.findings.contains(where: {
        $0.ruleID == LintRule.hapsEndlessLoop.id || $0.ruleID == LintRule.androidEndlessRepeat.id
      })
    {
      notes.append("the endless repeat is written as the bounded length hapt renders")
    }
    if let android = loaded.pattern.android, android.isSelect, android.effects.count > 1 {
      notes.append(
        "only the alternative the default device plays is kept; the others of the <vibration-select> are dropped")
    }
    return notes
  }
}
