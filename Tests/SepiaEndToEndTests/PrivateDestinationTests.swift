import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process` in a network namespace of its own, against a "public" server in another
/// (198.51.100.0/24, RFC 5737's documentation range, which the policy counts as public): a
/// manifest from there cannot make Sepia reach loopback, link-local or private addresses,
/// named or redirected to, while one on loopback may name loopback. Nothing leaves the two
/// namespaces, which have no route anywhere else.
///
/// Needs root (network namespaces; CI runs as root): without it the test fails. Without `ip`
/// (iproute2) it is skipped, saying so.
final class PrivateDestinationTests: XCTestCase {
    private var folder: URL!
    private var namespaces: [String] = []
    private var servers: [Process] = []

    override func setUpWithError() throws {
        guard ExecutableFile.named("ip") != nil else { throw XCTSkip("ip is missing: install the Debian package iproute2") }
        guard getuid() == 0 else { throw EndToEndError("making network namespaces needs root; CI runs the tests as root") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-destinations-\(UUID().uuidString)")
        for name in ["local", "public", "out"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
    }

    override func tearDownWithError() throws {
        for server in servers where server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        for namespace in namespaces { try? ip(["netns", "delete", namespace]) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    @discardableResult
    private func ip(_ arguments: [String]) throws -> Data {
        try DebianTool.run("ip", arguments, package: "iproute2")
    }

    /// Two namespaces joined by a veth pair: the client's end 198.51.100.1, the server's
    /// 198.51.100.2, loopback up in both; returns their names.
    private func makeNamespaces() throws -> (client: String, server: String) {
        let tag = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8)).lowercased()
        let client = "sepia-c-\(tag)", server = "sepia-s-\(tag)"
        for namespace in [client, server] {
            try ip(["netns", "add", namespace])
            namespaces.append(namespace)
            try ip(["-n", namespace, "link", "set", "lo", "up"])
        }
        try ip(["link", "add", "sc\(tag)", "netns", client, "type", "veth", "peer", "name", "ss\(tag)", "netns", server])
        try ip(["-n", client, "address", "add", "198.51.100.1/24", "dev", "sc\(tag)"])
        try ip(["-n", server, "address", "add", "198.51.100.2/24", "dev", "ss\(tag)"])
        try ip(["-n", client, "link", "set", "sc\(tag)", "up"])
        try ip(["-n", server, "link", "set", "ss\(tag)", "up"])
        return (client, server)
    }

    /// Python's http.server in `namespace` on `address`, serving the files of `root`, answering
    /// the paths of `redirects` with a 302 to their target, and logging each path asked for to
    /// `root/requests.log`; returns its port.
    private func startServer(in namespace: String, on address: String, root: URL, redirects: [String: String] = [:]) throws -> Int {
        let script = """
            import http.server, json, os, sys
            root, address, redirects = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    with open(os.path.join(root, "requests.log"), "a") as log: log.write(self.path + "\\n")
                    path = os.path.join(root, self.path.lstrip("/"))
                    if self.path in redirects:
                        self.send_response(302); self.send_header("Location", redirects[self.path]); body = b""
                    elif os.path.isfile(path):
                        self.send_response(200); body = open(path, "rb").read()
                    else:
                        self.send_response(404); body = b""
                    self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
                def log_message(self, *arguments): pass
            server = http.server.ThreadingHTTPServer((address, 0), Handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let redirectText = String(decoding: try JSONEncoder().encode(redirects), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
        process.arguments = ["netns", "exec", namespace, "/usr/bin/python3", "-c", script, root.path, address, redirectText]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        servers.append(process)
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw EndToEndError("python3's server in \(namespace) ended before printing its port") }
            line.append(chunk)
        }
        return try XCTUnwrap(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    private struct Record: Decodable {
        let name: String
        let state: String
        let reason: String?
    }

    /// Runs `sepia process` in `namespace` and returns its exit status and its report's records by name.
    private func process(_ arguments: [String], in namespace: String, run: String) throws -> (Int32, [String: Record]) {
        let report = folder.appendingPathComponent("\(run).jsonl")
        var environment = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
            environment[name] = nil
        }
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/sbin/ip"),
            ["netns", "exec", namespace, try EndToEndTools.sepia().path, "process"] + arguments + [
                "-o", folder.appendingPathComponent("out/\(run)").path, "--report", report.path,
                "--cache-dir", folder.appendingPathComponent("cache-\(run)").path,
            ],
            environment: environment)
        let records = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Record.self, from: Data($0.utf8))
        }
        return (result.status, Dictionary(records.map { ($0.name, $0) }) { first, _ in first })
    }

    private func makePhoto(at url: URL) throws {
        try DebianTool.run("convert", ["-size", "64x48", "gradient:navy-skyblue", url.path], package: "imagemagick")
    }

    private func requests(in root: URL) -> [String] {
        ((try? String(contentsOf: root.appendingPathComponent("requests.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    func testAPublicManifestCannotReachLocalOrPrivateAddressesWhileALoopbackOneMay() throws {
        let (client, server) = try makeNamespaces()
        let local = folder.appendingPathComponent("local"), remote = folder.appendingPathComponent("public")
        try makePhoto(at: local.appendingPathComponent("secret.jpg"))
        try makePhoto(at: remote.appendingPathComponent("photo.jpg"))
        let localPort = try startServer(in: client, on: "127.0.0.1", root: local)
        let secret = "http://127.0.0.1:\(localPort)/secret.jpg"
        let publicPort = try startServer(
            in: server, on: "198.51.100.2", root: remote,
            redirects: ["/metadata.jpg": "http://169.254.169.254/latest/meta-data/iam/security-credentials/", "/to-loopback.jpg": secret])
        let origin = "http://198.51.100.2:\(publicPort)"
        let rows = ["\(origin)/photo.jpg", secret, "\(origin)/metadata.jpg", "\(origin)/to-loopback.jpg", "http://10.0.0.5/private.jpg"]
        try Data(rows.map { $0 + "\n" }.joined().utf8).write(to: remote.appendingPathComponent("manifest.txt"))
        try Data("\(secret)\n".utf8).write(to: local.appendingPathComponent("manifest.txt"))

        let (status, records) = try process(["\(origin)/manifest.txt"], in: client, run: "public")
        XCTAssertEqual(status, 1)
        XCTAssertEqual(records.count, 5, "\(records)")
        XCTAssertEqual(records["photo"]?.state, "written", "a public photo of the public manifest: \(String(describing: records["photo"]))")
        let loopback = "refused: 127.0.0.1 is a local address and the manifest came from a public one"
        XCTAssertEqual(records["secret"]?.reason, loopback)
        XCTAssertEqual(records["to-loopback"]?.reason, loopback, "a redirect is checked too")
        XCTAssertEqual(
            records["metadata"]?.reason, "refused: 169.254.169.254 is a local address and the manifest came from a public one")
        XCTAssertEqual(records["private"]?.reason, "refused: 10.0.0.5 is a private address and the manifest came from a public one")
        XCTAssertEqual(requests(in: local), [], "nothing reached the loopback server")

        let (loopbackStatus, loopbackRecords) = try process(["http://127.0.0.1:\(localPort)/manifest.txt"], in: client, run: "loopback")
        XCTAssertEqual(loopbackStatus, 0, "a manifest on loopback may name loopback: \(loopbackRecords)")
        XCTAssertEqual(loopbackRecords["secret"]?.state, "written")

        let (_, allowedRecords) = try process(["\(origin)/manifest.txt", "--allow-private-networks"], in: client, run: "allowed")
        XCTAssertEqual(allowedRecords["secret"]?.state, "written", "--allow-private-networks opts out")
        XCTAssertEqual(allowedRecords["to-loopback"]?.state, "written")
    }
}
