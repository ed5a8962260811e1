#if canImport(Glibc)
import Glibc
#endif
import FuzzChecks
import FuzzDriver

// libFuzzer calls back with one input at a time; a broken property traps.
Glibc.exit(runFuzzer { bytes in FuzzChecks.checkServer(bytes) })
