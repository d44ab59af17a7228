import Foundation
import Testing

/// The Python client's own pytest suite (clients/python/tests), run against the built daemon:
/// `python3 -m pytest clients/python/tests` with `SHEETD` = the built sheetd and
/// `PYTHONPATH=clients/python`, so `swift test` still runs everything.
@Suite struct PythonClientTests {
    /// A Python with pytest: `python3` on PATH (pyenv, venvs, CI's pip), else /usr/bin/python3
    /// (Debian's python3-pytest). `nil` when neither has pytest.
    static let python: String? = {
        for candidate in ["python3", "/usr/bin/python3"] {
            if let r = try? Subprocess.run("/usr/bin/env", [candidate, "-m", "pytest", "--version"]), r.status == 0 {
                return candidate
            }
        }
        return nil
    }()

    static let onCI = ProcessInfo.processInfo.environment["CI"] == "true"

    @Test(.enabled(if: python != nil || onCI, "no python3 with pytest (python3 -m pip install pytest, or apt-get install python3-pytest)"))
    func pytestSuitePasses() throws {
        guard let python = Self.python else {
            Issue.record("CI=true but neither python3 on PATH nor /usr/bin/python3 has pytest (pip install pytest / apt-get install python3-pytest)")
            return
        }
        let root = SpecTests.repoRoot
        let r = try Subprocess.run("/usr/bin/env", [
            "SHEETD=\(try Daemon.binaryPath())",
            "PYTHONPATH=\(root.appendingPathComponent("clients/python").path)",
            "PYTHONDONTWRITEBYTECODE=1",
            python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            root.appendingPathComponent("clients/python/tests").path,
        ])
        #expect(r.status == 0, "pytest clients/python/tests failed:\n\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains(" passed"), "\(r.stdout)")
        #expect(!r.stdout.contains(" skipped"), "\(r.stdout)")
    }
}
