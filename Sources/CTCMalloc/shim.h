// gperftools' tcmalloc (minimal: the allocator without the profilers), the hapt and
// hapt-bench executables' malloc on Linux. Linking it is all it takes: its malloc, free
// and the rest take the place of the C library's for the whole process. Nothing here is
// called; see Docs/Performance.md ("The allocator").
#ifndef HAPT_CTCMALLOC_SHIM_H
#define HAPT_CTCMALLOC_SHIM_H
#endif
