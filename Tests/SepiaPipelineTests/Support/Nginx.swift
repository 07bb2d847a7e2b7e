import Foundation
import SepiaTestSupport

/// Debian's nginx, run in the foreground by a test on a loopback port with a configuration in
/// a temporary folder: `gzip on`, `etag on`, `expires 1h` under `/fresh/` and
/// `Cache-Control: no-cache` under `/revalidated/`, serving the
/// files the test puts in ``root``. Its access log records each request's status and coding,
/// and its error log (at level info) each TLS handshake a client broke off.
/// With `https`, it also serves the same files over TLS, with a self-signed certificate for
/// 127.0.0.1 (or for `certifiedName`, a subject alternative name such as "DNS:photos.example")
/// made by `openssl` (``certificate``), and `/to-http/PATH` there redirects to `PATH` over plain
/// http.
final class Nginx {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    /// The port of its TLS server, when it has one.
    let httpsPort: Int?
    /// The PEM file of its TLS server's self-signed certificate, when it has one.
    let certificate: URL?
    /// The folder it serves.
    let root: URL
    private let directory: URL
    private let process: Process

    init(https: Bool = false, certifiedName: String = "IP:127.0.0.1") throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw DebianTool.Failure(description: "/usr/sbin/nginx is missing: install the Debian package nginx (scripts/install-deps)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-nginx-\(UUID().uuidString)")
        root = directory.appendingPathComponent("www")
        for folder in ["fresh", "revalidated"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        port = try FreePort.find()
        let path = directory.path
        var tlsServer = ""
        if https {
            let certificate = directory.appendingPathComponent("certificate.pem")
            let key = directory.appendingPathComponent("key.pem")
            try DebianTool.run(
                "openssl",
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Sepia test",
                    "-addext", "subjectAltName=\(certifiedName)", "-keyout", key.path, "-out", certificate.path,
                ], package: "openssl")
            var httpsPort = try FreePort.find()
            while httpsPort == port { httpsPort = try FreePort.find() }
            tlsServer = """
                    server {
                        listen 127.0.0.1:\(httpsPort) ssl;
                        ssl_certificate \(certificate.path);
                        ssl_certificate_key \(key.path);
                        root \(root.path);
                        location /to-http/ { rewrite ^/to-http(/.*)$ http://127.0.0.1:\(port)$1 redirect; }
                    }
                """
            (self.httpsPort, self.certificate) = (httpsPort, certificate)
        } else {
            (httpsPort, certificate) = (nil, nil)
        }
        let configuration = """
            daemon off;
            master_process off;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log info;
            events {}
            http {
                include /etc/nginx/mime.types;
                log_format sepia '$request_uri $status $sent_http_content_encoding';
                access_log \(path)/access.log sepia;
                client_body_temp_path \(path)/client;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    gzip on;
                    gzip_types *;
                    gzip_min_length 0;
                    etag on;
                    location /fresh/ { expires 1h; }
                    location /revalidated/ { add_header Cache-Control no-cache; }
                }
            \(tlsServer)
            }

            """
        let file = directory.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", path, "-c", file.path, "-e", "\(path)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitUntil("nginx listens on port \(port)") { FreePort.isListening(port) && httpsPort.map(FreePort.isListening) != false }
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// `https://127.0.0.1:HTTPS-PORT` + `path`, on the TLS server of `Nginx(https: true)`.
    func httpsURL(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(httpsPort!)\(path)")! }

    /// The access log's lines: "URI STATUS CODING" (the coding is "-" for none).
    var accessLog: [String] { lines(of: "access.log") }

    /// How many TLS handshakes failed, each logged as "SSL_do_handshake() failed" (a client
    /// that refuses the certificate ends the handshake with an alert).
    var failedHandshakes: Int { lines(of: "error.log").filter { $0.contains("SSL_do_handshake() failed") }.count }

    /// The lines of one of its logs (none before it wrote any).
    private func lines(of log: String) -> [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent(log), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops nginx and removes its files.
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
