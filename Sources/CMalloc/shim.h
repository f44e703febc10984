// glibc's allocator tuning (mallopt); see HeapTuning.swift. Empty elsewhere.
#if defined(__linux__)
#include <features.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif
