// hello.swift: the Swift runtime's own start-up floor for `sheetd-bench`: hello.c in Swift,
// linked the way the release sheetd is (static Swift runtime and libstdc++, no exported
// symbols). What sheetd adds to spawn → `initialize` reply is its time minus this one's.
//
// Built by the benchmark: swiftc -O -static-stdlib -use-ld=lld
//                                -Xlinker -z -Xlinker pack-relative-relocs
//                                -Xlinker --no-export-dynamic -L link/static-libstdcxx hello.swift
#if canImport(Glibc)
import Glibc
#endif

var line = [UInt8](repeating: 0, count: 4096)
var length = 0
while length < line.count {
    let n = line.withUnsafeMutableBytes { read(0, $0.baseAddress! + length, $0.count - length) }
    if n <= 0 { exit(1) }
    length += n
    if line[..<length].contains(UInt8(ascii: "\n")) { break }
}
let reply = Array(#"{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"hello","version":"1"}}}"#.utf8) + [10]
guard reply.withUnsafeBytes({ write(1, $0.baseAddress, $0.count) }) == reply.count else { exit(1) }
while line.withUnsafeMutableBytes({ read(0, $0.baseAddress, $0.count) }) > 0 {}
exit(0)
