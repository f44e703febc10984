#if canImport(Glibc)
  import CMalloc
#endif

/// Process-wide allocator settings for the `hapt` and `hapt-bench` executables.
///
/// A render allocates its drive and acceleration buffers (8 bytes a sample, 71 KB for
/// one second at 8 kHz) and frees them when the caller is done. With glibc's defaults a
/// freed block at the top of the heap that takes the free space past 128 KB is handed
/// back to the kernel (`brk`), and the next render faults the same pages in again:
/// measured with `perf`, that round trip was about a fifth of a one-second LRA render.
/// Keeping freed memory (up to ``trimThreshold_bytes``) avoids it. Peak memory barely
/// moves (576 MB against 557 MB for a 1,000-pattern report); free memory up to the
/// threshold is kept until exit instead of being returned at once.
///
/// A no-op where the C library is not glibc.
package enum HeapTuning {
  /// Free memory at the top of the heap kept mapped, bytes.
  package static let trimThreshold_bytes: Int32 = 64 << 20
  /// Blocks at least this large are mapped separately (and unmapped when freed), bytes.
  /// Raised from glibc's 128 KiB so that renders of a few seconds reuse heap memory.
  package static let mmapThreshold_bytes: Int32 = 16 << 20

  /// Applies the settings; call once, first thing in `main`.
  package static func apply() {
    #if canImport(Glibc)
      _ = mallopt(M_TRIM_THRESHOLD, trimThreshold_bytes)
      _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold_bytes)
    #endif
  }
}
