#if canImport(Glibc)
import Glibc
#endif

// sheetd-bench: the benchmark, its own executable (BenchOptions.swift, Bench.swift).
let status: Int32
do {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if options.help {
        print(BenchOptions.usage)
        status = 0
    } else {
        switch BenchInputs.resolve(options) {
        case .success(let inputs): status = runBench(options, inputs: inputs)
        case .failure(let e):
            BenchOutput.warn("sheetd-bench: \(e.message)")
            status = 2
        }
    }
} catch {
    BenchOutput.warn("sheetd-bench: \(error.message)\nTry 'sheetd-bench --help' for usage.")
    status = 2
}
exit(status)
