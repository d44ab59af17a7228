/// `sheetd bench [ARGS...]`: the benchmark subcommand (stub; filled in by the bench work).
/// Returns the process exit status.
func runBench(arguments: [String]) -> Int32 {
    print("bench: not implemented")
    return 1
}
