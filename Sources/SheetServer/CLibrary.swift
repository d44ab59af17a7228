#if hasFeature(Embedded)
// Embedded Swift (the WebAssembly build) has no Glibc module: the C library functions the
// fast path calls, declared by hand (wasi-libc provides them). Natively they come from Glibc.

/// The C library's `memcmp`.
@_extern(c, "memcmp")
func memcmp(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, _ n: Int) -> Int32

/// The C library's `strtod` (correctly rounded in glibc and in wasi-libc's musl alike).
@_extern(c, "strtod")
func strtod(_ text: UnsafePointer<CChar>?, _ end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Double
#endif
