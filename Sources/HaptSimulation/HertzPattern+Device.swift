import HaptPatterns

/// A pattern with frequencies in hertz (`.haps`, `.ivs`) is resolved again for each
/// device's drive band (Docs/Formats.md).
extension HertzPattern: DeviceResolvedSource {
  package func resolved(_ pattern: HapticPattern, on device: DeviceProfile) -> ResolvedPattern {
    ResolvedPattern(pattern: resolved(band_Hz: device.driveBand_Hz))
  }
}
