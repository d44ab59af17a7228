import Foundation

/// Finds a Python 3 interpreter that can import a module the tests' helper scripts need.
///
/// `python3` on PATH may be a pyenv or venv Python that does not see Debian's `python3-*`
/// packages, and `/usr/bin/python3` may lack what pip installed; so both are probed, in that
/// order. The README's set-up line (`apt-get install ... python3-jsonschema
/// python3-pylsp-jsonrpc`) and `.ci/run` make one of them have it.
enum Python {
    static let candidates: [[String]] = [["/usr/bin/env", "python3"], ["/usr/bin/python3"]]

    /// `[executable, arguments...]` of the first interpreter that imports `module`, or a
    /// failure message naming what was tried and how to install the module.
    static func interpreter(importing module: String, debianPackage: String, pipPackage: String)
        -> Result<[String], Daemon.Failure>
    {
        var tried: [String] = []
        for c in candidates {
            guard let r = try? Subprocess.run(c[0], Array(c.dropFirst()) + ["-c", "import \(module)"]) else {
                tried.append("\(c.joined(separator: " ")): could not start")
                continue
            }
            if r.status == 0 { return .success(c) }
            let why = r.status == 127 ? "not installed" : "no module \(module)"
            tried.append("\(c.joined(separator: " ")): \(why)")
        }
        return .failure(Daemon.Failure(description: """
            no Python 3 with the module `\(module)` (tried \(tried.joined(separator: "; "))); \
            install it: apt-get install -y \(debianPackage) (or python3 -m pip install \(pipPackage))
            """))
    }

    /// Runs `script ARGUMENTS` with the interpreter that imports `module`.
    static func run(_ script: String, _ arguments: [String], importing module: String,
                    debianPackage: String, pipPackage: String) throws -> Subprocess.Result {
        let python = try interpreter(importing: module, debianPackage: debianPackage, pipPackage: pipPackage).get()
        return try Subprocess.run(python[0], Array(python.dropFirst()) + [script] + arguments)
    }
}
