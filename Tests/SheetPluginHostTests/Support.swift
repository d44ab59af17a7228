// Test support: paths, running cc, temporary plugin directories, log capture.
import Foundation
import SheetTestSupport
import SheetCore
import SheetPluginHost

enum Paths {
    /// Tests/SheetPluginHostTests
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    static let packageRoot = URL(fileURLWithPath: testsDirectory)
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let protocolDirectory = packageRoot + "/protocol"
    static let header = protocolDirectory + "/sheetd_plugin.h"
    static let fixtureSource = testsDirectory + "/Fixtures/fixture_plugin.c"

    /// The build directory holding libsheetd-*.so (`BuildProducts.pluginDirectory()`).
    static func buildDirectory() -> String? { BuildProducts.pluginDirectory() }
}

struct CommandFailure: Error, CustomStringConvertible {
    var description: String
}

/// Runs a program to completion; returns its exit status and combined output.
@discardableResult
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The C compiler used for fixtures.
let cc = FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") ? "/usr/bin/cc" : "/usr/bin/gcc"

/// A fresh private directory (mode 0700), removed by `remove()`.
struct TempDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/sheetd-plugin-tests.XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CommandFailure(description: "mkdtemp failed")
        }
        path = String(cString: result)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func subdirectory(_ name: String) throws -> String {
        let sub = file(name)
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        return sub
    }
}

/// A variant of the C fixture plugin.
struct FixtureVariant: Hashable, Sendable {
    var name: String = "fixture"
    var kind: Int = 1  // SHEETD_KIND_*
    var defines: [String] = []

    static func dismissal(_ name: String = "fixture") -> FixtureVariant { .init(name: name, kind: 1) }
    static func scroll(_ name: String = "fixture-scroll") -> FixtureVariant { .init(name: name, kind: 2) }
    static func navigation(_ name: String = "fixture-nav") -> FixtureVariant { .init(name: name, kind: 3) }
}

/// Compiles each fixture variant once per test run (cc is fast, but no need to repeat it).
final class FixtureBuilds: @unchecked Sendable {
    static let shared = FixtureBuilds()

    private let lock = NSLock()
    private var built: [FixtureVariant: String] = [:]
    private var directory: TempDirectory?

    func library(_ variant: FixtureVariant) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = built[variant] { return path }
        if directory == nil { directory = try TempDirectory() }
        let output = directory!.file("fixture-\(built.count).so")
        let arguments = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                         "-o", output, Paths.fixtureSource, "-I", Paths.protocolDirectory,
                         "-DFIXTURE_NAME=\"\(variant.name)\"", "-DFIXTURE_KIND=\(variant.kind)"]
            + variant.defines.map { "-D" + $0 } + ["-lm"]
        let result = try run(cc, arguments)
        guard result.status == 0 else {
            throw CommandFailure(description: "cc failed for \(variant): \(result.output)")
        }
        built[variant] = output
        return output
    }

    /// Copies a fixture build into `directory` as `fileName` with mode 0755.
    func install(_ variant: FixtureVariant, into directory: String, as fileName: String) throws -> String {
        let source = try library(variant)
        let destination = directory + "/" + fileName
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        guard chmod(destination, 0o755) == 0 else { throw CommandFailure(description: "chmod failed") }
        return destination
    }
}

/// Collects log lines (the host's log closure is @Sendable).
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var sink: @Sendable (String) -> Void {
        { [self] line in
            lock.lock()
            storage.append(line)
            lock.unlock()
        }
    }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
}

/// Collects log lines with their levels.
final class LevelledLogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [(PluginLogLevel, String)] = []

    var sink: @Sendable (PluginLogLevel, String) -> Void {
        { [self] level, line in
            lock.lock()
            storage.append((level, line))
            lock.unlock()
        }
    }

    /// The level of the first line containing `text`.
    func level(of text: String) -> PluginLogLevel? {
        lock.lock()
        defer { lock.unlock() }
        return storage.first { $0.1.contains(text) }?.0
    }
}

/// The load error, or nil when the load succeeded.
func loadError(_ host: PluginHost, _ path: String) -> PluginLoadError? {
    do {
        _ = try host.load(path: path)
        return nil
    } catch {
        return error
    }
}

/// A short name for an error case, for #expect.
func caseName(_ error: PluginLoadError?) -> String {
    switch error {
    case nil: return "loaded"
    case .fileNotFound?: return "fileNotFound"
    case .outsideAllowedDirectories?: return "outsideAllowedDirectories"
    case .notRegularFile?: return "notRegularFile"
    case .writableByOthers?: return "writableByOthers"
    case .untrustedOwner?: return "untrustedOwner"
    case .unsafeDirectory?: return "unsafeDirectory"
    case .changedWhileLoading?: return "changedWhileLoading"
    case .notSharedObject?: return "notSharedObject"
    case .missingEntrySymbol?: return "missingEntrySymbol"
    case .abiVersionMismatch?: return "abiVersionMismatch"
    case .badDescriptor?: return "badDescriptor"
    case .duplicateName?: return "duplicateName"
    case .helperFailed?: return "helperFailed"
    }
}

/// The fault thrown by a body, or nil.
func fault<T>(_ body: () throws(PolicyFault) -> T) -> PolicyFault? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

func config(_ json: String) -> PolicyConfig {
    PolicyConfig(values: [:], jsonText: json)
}
