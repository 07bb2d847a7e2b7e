import Foundation
import XCTest

@testable import SepiaPipeline

/// Proxy settings read from the environment as curl reads them, and `no_proxy`'s rules.
final class ProxySettingsTests: XCTestCase {
    private let photo = URL(string: "http://photos.example.com/a.jpg")!
    private let securePhoto = URL(string: "https://photos.example.com/a.jpg")!

    private func proxy(_ environment: [String: String], for url: URL) throws -> String? {
        try ProxySettings(environment: environment).proxy(for: url)?.description
    }

    func testLowerCaseWinsAndUpperCaseHTTPProxyIsIgnored() throws {
        XCTAssertNil(try proxy(["HTTP_PROXY": "http://upper:1"], for: photo), "HTTP_PROXY is ignored, as curl does (httpoxy)")
        XCTAssertEqual(try proxy(["http_proxy": "http://lower:1"], for: photo), "lower:1")
        XCTAssertEqual(try proxy(["https_proxy": "lower:2", "HTTPS_PROXY": "upper:2"], for: securePhoto), "lower:2")
        XCTAssertEqual(try proxy(["HTTPS_PROXY": "upper:2"], for: securePhoto), "upper:2")
        XCTAssertNil(try proxy(["https_proxy": "lower:2"], for: photo), "https_proxy is for https URLs only")
        XCTAssertEqual(try proxy(["ALL_PROXY": "all:3"], for: photo), "all:3")
        XCTAssertEqual(try proxy(["all_proxy": "all:3", "http_proxy": "own:4"], for: photo), "own:4")
        XCTAssertEqual(try proxy(["http_proxy": "proxy.example"], for: photo), "proxy.example:1080", "curl's default port")
        XCTAssertNil(try proxy(["http_proxy": ""], for: photo), "empty is unset")
    }

    func testProxyCredentialsAndBadSettings() throws {
        let server = try ProxyServer(parsing: "http://me:p%40ss@proxy.example:3128", variable: "http_proxy")
        XCTAssertEqual([server.user, server.password], ["me", "p@ss"])
        XCTAssertThrowsError(try ProxySettings(environment: ["https_proxy": "https://proxy.example:443"])) { error in
            XCTAssertEqual(
                String(describing: error),
                "https_proxy=https://proxy.example:443 cannot be used: only http:// proxies are supported, not https://")
        }
        XCTAssertThrowsError(try ProxySettings(environment: ["http_proxy": "http://"]))
    }

    func testNoProxyFollowsCurlsRules() throws {
        func bypasses(_ noProxy: String, _ url: String) throws -> Bool {
            try ProxySettings(environment: ["http_proxy": "proxy:1", "https_proxy": "proxy:1", "no_proxy": noProxy])
                .proxy(for: URL(string: url)!) == nil
        }
        XCTAssertTrue(try bypasses("*", "http://anything.example/"))
        XCTAssertTrue(try bypasses("example.com", "http://example.com/"))
        XCTAssertTrue(try bypasses("example.com", "http://img.EXAMPLE.com./"))
        XCTAssertTrue(try bypasses(".example.com", "http://example.com/"))
        XCTAssertFalse(try bypasses("example.com", "http://badexample.com/"))
        XCTAssertTrue(try bypasses("other.org, example.com", "https://example.com/"))
        XCTAssertTrue(try bypasses("other.org example.com", "https://example.com/"))
        XCTAssertFalse(try bypasses("*.example.com", "http://example.com/"), "curl has no wildcards but a lone *")
        XCTAssertTrue(try bypasses("example.com:8080", "http://example.com:8080/"))
        XCTAssertFalse(try bypasses("example.com:8080", "http://example.com/"))
        XCTAssertTrue(try bypasses("127.0.0.1", "http://127.0.0.1:8000/"))
        XCTAssertFalse(try bypasses("127.0.0.1", "http://127.0.0.10/"))
        XCTAssertTrue(try bypasses("10.0.0.0/8", "http://10.20.30.40/"))
        XCTAssertFalse(try bypasses("10.0.0.0/8", "http://11.0.0.1/"))
        XCTAssertTrue(try bypasses("::1", "http://[::1]:8080/"))
        XCTAssertTrue(try bypasses("[::1]:8080", "http://[::1]:8080/"))
        XCTAssertTrue(try ProxySettings(environment: ["http_proxy": "p:1", "NO_PROXY": "example.com"]).proxy(for: photo) == nil)
        XCTAssertFalse(try bypasses("", "http://example.com/"))
    }
}

/// The error for an unusable proxy setting is printed: it must not show the password.
final class ProxySettingRedactionTests: XCTestCase {
    func testTheErrorHidesThePasswordOfAnUnusableSetting() {
        XCTAssertThrowsError(try ProxySettings(environment: ["http_proxy": "http://user:secret@bad host:x"])) { error in
            let text = String(describing: error)
            XCTAssertFalse(text.contains("secret"), text)
            XCTAssertTrue(text.hasPrefix("http_proxy=http://user:***@bad host:x cannot be used: "), text)
        }
        XCTAssertThrowsError(try ProxySettings(environment: ["https_proxy": "socks5://me:p@ss/w0rd@proxy.example:1080"])) { error in
            XCTAssertEqual(
                String(describing: error),
                "https_proxy=socks5://me:***@proxy.example:1080 cannot be used: only http:// proxies are supported, not socks5://")
        }
    }

    func testCredentialsAreRedactedWithOrWithoutAScheme() {
        let cases = [
            "http://user:secret@host:1": "http://user:***@host:1", "user:secret@host": "user:***@host",
            "http://token@host:1": "http://***@host:1", "http://host:1": "http://host:1", "host:1": "host:1",
            "http://:secret@host": "http://:***@host",
        ]
        for (setting, shown) in cases {
            XCTAssertEqual(ProxySettingError.redactingCredentials(setting), shown, setting)
        }
    }
}
