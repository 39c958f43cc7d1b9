// cutelayout_bench --cases FILE [--dynamic] [--cute] [--table]: times cute-layout expressions, one
// per line of FILE, instead of running the Google Benchmark suite.
#pragma once

namespace cutelayout::bench {

/// True when the command line asks for --cases (then runCases handles it all).
bool wantsCases(int argc, char **argv);

/// For each expression line of the case file (blank lines and `#` comments skipped) the
/// arguments of its outermost call are evaluated once; then that call alone is repeated
/// until at least 20 ms have passed, five times, and the median time per call is printed.
/// The call timed is the library's (cli::bindResolved: the argument kinds are checked
/// once, as a C++ compiler checks them, and the bound call runs the core operation into
/// one reused value, the timed calls sharing one arithmetic scope as a C++ caller's loop
/// does; the untimed call before them, the line's own evaluation, reports any failure of
/// the arguments); where the arguments do not bind, and for every call with --table,
/// it is the call through the command line's operation table (cli::callResolvedInto, or
/// cli::callResolved for an operation that builds a fresh value). Each line prints
/// "<ns per call, one decimal>\t<result in cute-layout's notation>", or "error: <message>"
/// as cute-layout prints it (also when the reused value does not print as the call's
/// result). An expression that is not a call is timed as a parse of it. Returns the exit
/// status: 1 if a line failed or the command line is wrong.
int runCases(int argc, char **argv);

} // namespace cutelayout::bench
