import Testing
@testable import sheetd

@Suite struct TransportOptionsTests {
    @Test func defaults() throws {
        let o = try Options.parse([])
        #expect(o.command == .serve)
        #expect(o.framing == .auto)
        #expect(o.maxMessageBytes == 1 << 20)
        #expect(o.logLevel == .warn)
        #expect(o.pluginDirectories.isEmpty)
    }

    @Test func everyOption() throws {
        let o = try Options.parse(["serve", "--framing", "lsp", "--max-message-bytes=4096", "--log-level", "debug",
                                   "--plugin-dir", "/a", "--plugin-dir=/b"], pluginPathEnv: "/c::/d:")
        #expect(o.command == .serve)
        #expect(o.framing == .lsp)
        #expect(o.maxMessageBytes == 4096)
        #expect(o.logLevel == .debug)
        #expect(o.pluginDirectories == ["/a", "/b", "/c", "/d"])
    }

    @Test func subcommands() throws {
        #expect(try Options.parse(["replay", "f.ndjson", "--framing", "ndjson"]).command == .replay("f.ndjson"))
        let optionsFirst = try Options.parse(["replay", "--plugin-dir", "/p", "f.ndjson"])
        #expect(optionsFirst.command == .replay("f.ndjson") && optionsFirst.pluginDirectories == ["/p"])
        #expect(throws: Options.UsageError.self) { try Options.parse(["replay", "a.ndjson", "b.ndjson"]) }
        // The benchmark is its own executable (sheetd-bench), not a command of the daemon.
        #expect(throws: Options.UsageError.self) { try Options.parse(["bench"]) }
        #expect(try Options.parse(["--help"]).command == .help)
        #expect(try Options.parse(["-h"]).command == .help)
        #expect(try Options.parse(["--version"]).command == .version)
    }

    @Test func usageErrors() {
        for args in [["--nope"], ["--framing"], ["--framing", "json"], ["--max-message-bytes", "0"],
                     ["--max-message-bytes", "x"], ["--log-level", "trace"], ["--plugin-dir", ""], ["replay"],
                     ["serve", "serve"], ["extra"]] {
            #expect(throws: Options.UsageError.self, "\(args)") { try Options.parse(args) }
        }
    }
}
