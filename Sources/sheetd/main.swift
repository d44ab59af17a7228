#if canImport(Glibc)
import Glibc
#endif

// sheetd: the thin executable. Everything lives in CLI.swift, Server.swift, Replay.swift.
exit(Sheetd.main(Array(CommandLine.arguments.dropFirst())))
