import HaptPatterns

/// A pattern read from Android vibration XML is resolved again for each device: its
/// resonance, gamma, effects, primitives and amplitude control (Docs/Android.md).
extension AndroidVibration: DeviceResolvedSource {
  package func resolved(_ pattern: HapticPattern, on device: DeviceProfile) -> ResolvedPattern {
    resolved(for: device.androidPlayback)
  }
}
