import Foundation
import SepiaTestSupport
import XCTest

/// `--user-agent` and the proxy variables reach the requests `sepia` makes, and settings that
/// cannot work are refused before any work.
final class NetworkOptionTests: XCTestCase {
    private var folder: URL!
    private var server: Process?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-network-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let server, server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private func sepia(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        var base = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] { base[name] = nil }
        return try CommandRunner.run(try EndToEndTools.sepia(), arguments, environment: base.merging(environment) { $1 })
    }

    /// Python's http.server (Debian's python3) answering 404 to everything and writing each
    /// request's User-Agent to a file; returns its port.
    private func startRecordingServer(log: URL) throws -> Int {
        let script = """
            import http.server, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    with open(sys.argv[1], "a") as log: log.write(self.headers.get("User-Agent", "") + "\\n")
                    self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers()
                def log_message(self, *arguments): pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, log.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        server = process
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw EndToEndError("python3's server ended before printing its port") }
            line.append(chunk)
        }
        return try XCTUnwrap(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func testUserAgentIsSepiasOrTheOneGiven() throws {
        let log = folder.appendingPathComponent("agents.txt")
        let port = try startRecordingServer(log: log)
        let manifest = "http://127.0.0.1:\(port)/photos.txt"
        let output = folder.appendingPathComponent("out").path
        XCTAssertEqual(try sepia(["process", manifest, "-o", output]).status, 1, "the manifest is a 404")
        XCTAssertEqual(try sepia(["process", manifest, "-o", output, "--user-agent", "PhotoBot/2.0 (ops@example.org)"]).status, 1)
        let version = try sepia(["--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let agents = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(agents.first.map(String.init), "Sepia/\(version) (Linux; photo downloader)")
        XCTAssertEqual(agents.last, "PhotoBot/2.0 (ops@example.org)")
    }

    func testAProxySettingThatCannotWorkIsRefusedBeforeAnyWork() throws {
        let result = try sepia(
            ["process", "http://127.0.0.1:9/photos.txt", "-o", folder.path], environment: ["https_proxy": "socks5://127.0.0.1:1080"])
        XCTAssertEqual(result.status, 64, result.errorOutput)
        XCTAssertTrue(result.errorOutput.contains("https_proxy=socks5://127.0.0.1:1080 cannot be used"), result.errorOutput)
        XCTAssertEqual(try sepia(["process", "x", "-o", folder.path, "--user-agent", ""]).status, 64)
    }
}
