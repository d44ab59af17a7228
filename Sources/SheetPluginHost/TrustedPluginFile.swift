// The trust checks on a plugin file, run on open file descriptors, and the dlopen of that very
// file. See protocol/PLUGINS.md, "Trust", for what is checked and what is left.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plugin file opened for loading. Every directory from the allowed plugin directory down
/// to the file, and the file itself, passed the checks `ld.so` applies to secure paths: owned
/// by root or by the daemon's effective user, not writable by group or others. The checks run
/// with `fstat` on descriptors opened with `O_NOFOLLOW` one component at a time (`openat`),
/// so no symlink or rename after `realpath` can slip another file in.
struct TrustedPluginFile {
    /// The file's descriptor (`O_RDONLY | O_NOFOLLOW | O_CLOEXEC`).
    let descriptor: Int32
    let device: UInt64
    let inode: UInt64

    /// Whether `owner` may own plugin files and directories: root or the daemon's user.
    static func isTrustedOwner(_ owner: UInt32) -> Bool { owner == 0 || owner == geteuid() }

    static func isDirectory(_ s: stat) -> Bool { UInt32(s.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    static func isRegular(_ s: stat) -> Bool { UInt32(s.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// Opens a directory (`O_NOFOLLOW`) and checks it; the caller closes the descriptor.
    static func openDirectory(_ directory: PluginPath, path: String) throws(PluginLoadError) -> Int32 {
        let fd = directory.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { throw .fileNotFound(path: path, reason: "\(directory.text): \(errnoText())") }
        do throws(PluginLoadError) {
            try checkDirectory(fd, directory, path: path)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Owner and mode of an open directory.
    static func checkDirectory(_ fd: Int32, _ directory: PluginPath, path: String) throws(PluginLoadError) {
        var s = stat()
        guard fstat(fd, &s) == 0, isDirectory(s) else {
            throw .unsafeDirectory(path: path, directory: directory.text, reason: "not a directory")
        }
        guard isTrustedOwner(s.st_uid) else {
            throw .unsafeDirectory(path: path, directory: directory.text,
                                   reason: "owned by uid \(s.st_uid) (only root or sheetd's own user may own a plugin directory)")
        }
        guard UInt32(s.st_mode) & 0o022 == 0 else {
            throw .unsafeDirectory(path: path, directory: directory.text,
                                   reason: "writable by group or others (mode \(String(UInt32(s.st_mode) & 0o7777, radix: 8)))")
        }
    }

    /// Opens `components` (the resolved file's path below `directory`) one at a time from the
    /// directory, checking each directory and then the file.
    static func open(_ components: [[UInt8]], in directory: PluginPath, path: String)
        throws(PluginLoadError) -> TrustedPluginFile
    {
        var current = directory
        var dirFD = try openDirectory(directory, path: path)
        defer { close(dirFD) }
        for name in components.dropLast() {
            current = current.appending(name)
            let next = PluginPath(bytes: name).withCString {
                openat(dirFD, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard next >= 0 else { throw .fileNotFound(path: path, reason: "\(current.text): \(errnoText())") }
            close(dirFD)
            dirFD = next
            try checkDirectory(dirFD, current, path: path)
        }
        let name = PluginPath(bytes: components.last!)
        // Refuse a device or fifo before opening it (opening one can block or have effects).
        var before = stat()
        guard name.withCString({ fstatat(dirFD, $0, &before, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw .fileNotFound(path: path, reason: errnoText())
        }
        guard isRegular(before) else { throw .notRegularFile(path: path) }
        let fd = name.withCString { openat(dirFD, $0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw .fileNotFound(path: path, reason: errnoText()) }
        var s = stat()
        guard fstat(fd, &s) == 0, isRegular(s) else {
            close(fd)
            throw .notRegularFile(path: path)
        }
        guard isTrustedOwner(s.st_uid) else {
            close(fd)
            throw .untrustedOwner(path: path, owner: s.st_uid)
        }
        guard UInt32(s.st_mode) & 0o022 == 0 else {
            close(fd)
            throw .writableByOthers(path: path, mode: UInt32(s.st_mode))
        }
        return TrustedPluginFile(descriptor: fd, device: UInt64(s.st_dev), inode: UInt64(s.st_ino))
    }

    /// `dlopen`s this very file: through `/proc/self/fd/N` (the descriptor that passed the
    /// checks), or by its resolved path when `/proc` is not available. Then checks that the
    /// object the loader mapped (its link-map name, stat'ed) is this file's inode.
    ///
    /// On success the descriptor stays open for the life of the process: glibc recognises
    /// already-loaded objects by name, so `/proc/self/fd/N` must never name another file.
    /// The caller closes it only when dlopen fails (the return value is nil).
    func load(resolved: PluginPath, path: String) throws(PluginLoadError) -> UnsafeMutableRawPointer {
        let procPath = "/proc/self/fd/\(descriptor)"
        var viaProc = stat()
        let useProc = stat(procPath, &viaProc) == 0
            && UInt64(viaProc.st_dev) == device && UInt64(viaProc.st_ino) == inode
        // RTLD_NODELETE: a plugin is never unmapped (Swift plugins must never be dlclosed).
        let flags = RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE
        _ = dlerror()
        let opened = useProc ? dlopen(procPath, flags) : resolved.withCString { dlopen($0, flags) }
        guard let handle = opened else {
            var reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            if reason.hasPrefix(procPath) { reason = resolved.text + reason.dropFirst(procPath.count) }
            throw .notSharedObject(path: path, reason: reason)
        }
        guard let s = Self.mappedFileStatus(handle), UInt64(s.st_dev) == device, UInt64(s.st_ino) == inode else {
            throw .changedWhileLoading(path: path)
        }
        return handle
    }

    /// `stat` of the file the dynamic loader recorded for `handle`
    /// (`dlinfo(RTLD_DI_LINKMAP)->l_name`). `dlinfo` is a GNU extension the Glibc module does
    /// not import: found with dlsym.
    static func mappedFileStatus(_ handle: UnsafeMutableRawPointer) -> stat? {
        typealias DLInfo = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "dlinfo") else { return nil }
        let dlinfo = unsafeBitCast(symbol, to: DLInfo.self)
        var linkMap: UnsafeMutableRawPointer? = nil
        let RTLD_DI_LINKMAP: Int32 = 2
        guard dlinfo(handle, RTLD_DI_LINKMAP, &linkMap) == 0, let linkMap else { return nil }
        // struct link_map { ElfW(Addr) l_addr; char *l_name; ... }
        guard let name = linkMap.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafePointer<CChar>?.self)
        else { return nil }
        var s = stat()
        return stat(name, &s) == 0 ? s : nil
    }
}

func errnoText() -> String {
    String(cString: strerror(errno))
}
