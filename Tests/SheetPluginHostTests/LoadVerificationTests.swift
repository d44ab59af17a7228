// The check after dlopen: the object the loader mapped must be the inode that passed the
// trust checks. Driven with a descriptor whose recorded identity does not match the file, as
// if the path had been swapped between the checks and the load.
import Foundation
@testable import SheetPluginHost
import Testing

@Suite struct LoadVerificationTests {
    @Test func aMappedObjectThatIsNotTheCheckedFileIsRefused() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(.dismissal("swapped"), into: dir.path, as: "libswapped.so")
        let other = try FixtureBuilds.shared.install(.scroll(), into: dir.path, as: "libother.so")
        var otherStatus = stat()
        #expect(stat(other, &otherStatus) == 0)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        #expect(fd >= 0)
        // The descriptor is libswapped.so, but the identity recorded by the checks is another
        // file's: /proc/self/fd/N does not match it, the loader maps the path, and the mapped
        // inode is not the checked one.
        let file = TrustedPluginFile(descriptor: fd, device: UInt64(otherStatus.st_dev), inode: UInt64(otherStatus.st_ino))
        #expect(throws: PluginLoadError.changedWhileLoading(path: path)) {
            _ = try file.load(resolved: PluginPath(path), path: path)
        }
    }

    @Test func theCheckedFileLoadsThroughItsDescriptor() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(.dismissal("checked"), into: dir.path, as: "libchecked.so")
        let file = try TrustedPluginFile.open([Array("libchecked.so".utf8)], in: PluginPath(dir.path), path: path)
        let handle = try file.load(resolved: PluginPath(path), path: path)
        #expect(dlsym(handle, "sheetd_plugin_entry") != nil)
        let mapped = try #require(TrustedPluginFile.mappedFileStatus(handle))
        var checked = stat()
        #expect(fstat(file.descriptor, &checked) == 0)
        #expect(mapped.st_ino == checked.st_ino && mapped.st_dev == checked.st_dev)
    }
}
