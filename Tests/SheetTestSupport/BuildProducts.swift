import Foundation

/// Where the products `swift build` made live, for every test target: the one place that finds
/// the built `sheetd` and the bundled `libsheetd-*.so` next to it.
public enum BuildProducts {
    /// Why a product could not be found, with every place looked at.
    public struct NotFound: Error, CustomStringConvertible {
        public let description: String
    }

    /// The repository root (this file is Tests/SheetTestSupport/BuildProducts.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The build directory of the running tests (`.build/<triple>/debug`): the test
    /// executable's directory, else the bundle's, else `.build/debug`.
    public static func candidateDirectories() -> [String] {
        var candidates: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent().path)
        }
        let bundle = Bundle.main.bundleURL.resolvingSymlinksInPath()
        candidates.append(bundle.deletingLastPathComponent().path)
        candidates.append(bundle.path)
        candidates.append(packageRoot + "/.build/debug")
        return candidates
    }

    /// The `sheetd` the tests run: `$SHEETD_BINARY`, else `sheetd` in the build directory.
    public static func daemon() throws(NotFound) -> String {
        if let env = ProcessInfo.processInfo.environment["SHEETD_BINARY"], !env.isEmpty {
            guard access(env, X_OK) == 0 else { throw NotFound(description: "SHEETD_BINARY=\(env) is not executable") }
            return env
        }
        let candidates = candidateDirectories().map { $0 + "/sheetd" }
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw NotFound(description: "sheetd binary not found (looked at \(candidates)); run `swift build` first or set SHEETD_BINARY")
        }
        return found
    }

    /// The build directory holding the bundled plugins (`libsheetd-material.so`), if any.
    public static func pluginDirectory() -> String? {
        candidateDirectories().first { FileManager.default.fileExists(atPath: $0 + "/libsheetd-material.so") }
    }
}
