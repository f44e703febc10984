// The C library (maths, files, processes), imported once for every module that imports
// HaptCore: the one copy of the platform import.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#else
  #error("hapt needs a C library module: Glibc, Musl or Darwin")
#endif
