#if hasFeature(Embedded)
// Embedded Swift (the WebAssembly build) has no Glibc module: the few C library functions the
// transport calls, declared by hand (wasi-libc provides them). Natively they come from Glibc.

/// The C library's `memchr`.
@_extern(c, "memchr")
func memchr(_ s: UnsafeRawPointer?, _ c: Int32, _ n: Int) -> UnsafeMutableRawPointer?
#endif
