// Config: which build of the core a translation unit uses.
//
// The core is built twice (core/CMakeLists.txt). `cutelayout::core_traced` has the hooks
// through which the lowering runs the algorithms on symbols (Trace.h); the dialect links it.
// `cutelayout::core` is built with CUTELAYOUT_NO_TRACE: the hooks compile to nothing, so
// the command line, the Python module and the benchmark pay nothing for them
// (docs/performance.md). Each build's names live in an inline namespace of their own
// (`cutelayout::plain` or `cutelayout::traced`), so one program cannot mix the two: code
// always writes `cutelayout::X`, and a mismatch is a link error, never a silent mix.
#pragma once

#ifdef CUTELAYOUT_NO_TRACE
#define CUTELAYOUT_ABI_BEGIN inline namespace plain {
#else
#define CUTELAYOUT_ABI_BEGIN inline namespace traced {
#endif
#define CUTELAYOUT_ABI_END }
