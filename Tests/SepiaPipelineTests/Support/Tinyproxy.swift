import Foundation
import SepiaTestSupport

/// Debian's tinyproxy, run in the foreground by a test on a loopback port with a
/// configuration written by the test; its log shows which requests went through it.
final class Tinyproxy {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    private let process: Process
    private let directory: URL

    /// Starts tinyproxy allowing clients from `allow` (a host or network, as its `Allow` takes).
    init(allow: String = "127.0.0.1") throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tinyproxy") else {
            throw DebianTool.Failure(
                description: "/usr/bin/tinyproxy is missing: install the Debian package tinyproxy (scripts/install-deps)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-tinyproxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try FreePort.find()
        let configuration = """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            MaxClients 50
            LogFile "\(directory.appendingPathComponent("tinyproxy.log").path)"
            LogLevel Info
            Allow \(allow)

            """
        let file = directory.appendingPathComponent("tinyproxy.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tinyproxy")
        process.arguments = ["-d", "-c", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitUntil("tinyproxy listens on port \(port)") { FreePort.isListening(port) }
    }

    /// `http://127.0.0.1:PORT`, as `http_proxy` takes it.
    var url: String { "http://127.0.0.1:\(port)" }

    /// The request lines tinyproxy logged ("GET http://… HTTP/1.1").
    var loggedRequests: [String] {
        let log = (try? String(contentsOf: directory.appendingPathComponent("tinyproxy.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            line.range(of: "): ").flatMap { line.contains("Request (file descriptor") ? String(line[$0.upperBound...]) : nil }
        }
    }

    /// Stops tinyproxy and removes its files.
    func stop() {
        // SIGKILL: SIGTERM can arrive blocked, since the child inherits the signal mask of
        // the test's thread (the code under test blocks the signals it traps).
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Loopback ports for servers started by tests.
enum FreePort {
    /// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
    static func find() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw DebianTool.Failure(description: "bind: " + String(cString: strerror(errno))) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on `port` of 127.0.0.1.
    static func isListening(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
