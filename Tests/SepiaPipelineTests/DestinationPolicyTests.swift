import Foundation
import XCTest

@testable import SepiaPipeline

/// `DestinationPolicy`'s decisions: the limit a source sets, the checks by address, by name
/// through the resolver and through a proxy, and the route to a checked address.
final class DestinationPolicyTests: XCTestCase {
    private let manifest = URL(string: "http://198.51.100.2:8080/photos.txt")!

    private func route(
        _ policy: DestinationPolicy, _ url: String, isSource: Bool = false, throughProxy: Bool = false
    ) async -> Result<DestinationRoute, HTTPLoadError> {
        await withCheckedContinuation { continuation in
            policy.route(URL(string: url)!, isSource: isSource, throughProxy: throughProxy) { continuation.resume(returning: $0) }
        }
    }

    func testOnlyTheCommandLinesRemoteSourcesAreTrusted() {
        let policy = DestinationPolicy(sourceArguments: [manifest.absoluteString, "/photos/list.txt", "file:///photos/a.jpg"])
        XCTAssertTrue(policy.trusts(manifest))
        XCTAssertFalse(policy.trusts(URL(string: "http://198.51.100.2:8080/other.txt")!))
        XCTAssertFalse(policy.trusts(URL(fileURLWithPath: "/photos/list.txt")))
    }

    func testNothingIsRefusedBeforeASourceIsRead() async {
        let policy = DestinationPolicy(trustedSources: [manifest])
        XCTAssertEqual(policy.allowedReach, .thisMachine)
        let loopback = await route(policy, "http://127.0.0.1:9/a.jpg")
        XCTAssertEqual(loopback, .success(.asGiven))
    }

    func testAPublicSourceLimitsEveryOtherDownloadToPublicAddresses() async {
        let policy = DestinationPolicy(trustedSources: [manifest])
        let source = await route(policy, manifest.absoluteString, isSource: true)
        XCTAssertEqual(source, .success(.asGiven))
        XCTAssertEqual(policy.allowedReach, .publicInternet)
        let refusals: [(String, String, NetworkReach)] = [
            ("http://127.0.0.1:8080/a.jpg", "127.0.0.1", .thisMachine), ("http://169.254.169.254/latest/", "169.254.169.254", .thisMachine),
            ("http://10.0.0.5/a.jpg", "10.0.0.5", .privateNetwork), ("https://[::ffff:10.0.0.5]/a.jpg", "::ffff:10.0.0.5", .privateNetwork),
            ("http://[fd00::1]/a.jpg", "fd00::1", .privateNetwork), ("http://2130706433/a.jpg", "2130706433", .thisMachine),
            ("http://0.0.0.0:8080/a.jpg", "0.0.0.0", .thisMachine),
        ]
        for (url, address, reach) in refusals {
            let result = await route(policy, url)
            XCTAssertEqual(
                result, .failure(.refusedDestination(host: address, address: address, reach: reach, allowed: .publicInternet)), url)
        }
        let publicPhoto = await route(policy, "http://198.51.100.2:8080/a.jpg")
        XCTAssertEqual(publicPhoto, .success(.asGiven), "an address in the URL needs no pinning")
        XCTAssertEqual(
            HTTPLoadError.refusedDestination(host: "10.0.0.5", address: "10.0.0.5", reach: .privateNetwork, allowed: .publicInternet)
                .description,
            "refused: 10.0.0.5 is a private address and the manifest came from a public one")
    }

    func testASourceOnAPrivateNetworkAllowsPrivateAddressesOnlyAndTheLimitNeverRises() async {
        let privateManifest = URL(string: "http://10.1.2.3/photos.txt")!
        let policy = DestinationPolicy(trustedSources: [privateManifest, manifest])
        _ = await route(policy, privateManifest.absoluteString, isSource: true)
        let privatePhoto = await route(policy, "http://10.0.0.5/a.jpg")
        XCTAssertEqual(privatePhoto, .success(.asGiven))
        let metadata = await route(policy, "http://169.254.169.254/")
        XCTAssertEqual(
            metadata,
            .failure(
                .refusedDestination(host: "169.254.169.254", address: "169.254.169.254", reach: .thisMachine, allowed: .privateNetwork)))
        _ = await route(policy, manifest.absoluteString, isSource: true)
        _ = await route(policy, "http://127.0.0.1/again.txt", isSource: true)
        XCTAssertEqual(policy.allowedReach, .publicInternet, "a later source on loopback does not raise the limit")
    }

    /// A window started on local files that opens a manifest URL later: the URL is trusted as a
    /// command-line source would be, and the rows read after it are held to its limit.
    func testASourceOpenedLaterIsTrustedAndLowersTheLimit() async {
        let policy = DestinationPolicy(sourceArguments: ["/photos", "file:///photos/a.jpg"])
        XCTAssertFalse(policy.trusts(manifest))
        policy.trust(sourceArguments: [manifest.absoluteString, "/more/photos"])
        XCTAssertTrue(policy.trusts(manifest))
        XCTAssertFalse(policy.trusts(URL(fileURLWithPath: "/more/photos")))
        let source = await route(policy, manifest.absoluteString, isSource: true)
        XCTAssertEqual(source, .success(.asGiven))
        XCTAssertEqual(policy.allowedReach, .publicInternet)
        let metadata = await route(policy, "http://169.254.169.254/latest/")
        XCTAssertEqual(
            metadata,
            .failure(
                .refusedDestination(host: "169.254.169.254", address: "169.254.169.254", reach: .thisMachine, allowed: .publicInternet)))

        // A loopback manifest opened after it is fetched, but cannot raise the limit again.
        let loopbackManifest = "http://127.0.0.1:8080/photos.json"
        policy.trust(sourceArguments: [loopbackManifest])
        let loopbackSource = await route(policy, loopbackManifest, isSource: true)
        XCTAssertEqual(loopbackSource, .success(.asGiven))
        XCTAssertEqual(policy.allowedReach, .publicInternet)
    }

    /// A name is resolved and judged by its addresses; plain http connects to the address checked.
    func testANameIsJudgedByItsAddressesAndHttpIsPinnedToTheOneChecked() async throws {
        let policy = DestinationPolicy(trustedSources: [])
        let loopbackSource = await route(policy, "http://localhost:8080/photos.txt", isSource: true)
        guard case .success(.pinned(let address)) = loopbackSource else { return XCTFail("\(loopbackSource)") }
        XCTAssertEqual(IPAddressClassification.reach(ofAddress: address), .thisMachine)
        XCTAssertEqual(policy.allowedReach, .thisMachine, "a manifest on loopback may name loopback")
        let https = await route(policy, "https://localhost/a.jpg", isSource: true)
        XCTAssertEqual(https, .success(.asGiven), "https connects by name, its certificate proving the name")

        policy.noteSource(fetchedFrom: .publicInternet)
        let refused = await route(policy, "http://localhost:8080/a.jpg")
        guard case .failure(.refusedDestination(host: "localhost", _, .thisMachine, .publicInternet)) = refused else {
            return XCTFail("\(refused)")
        }
    }

    /// The proxy resolves names: only addresses in the URL and localhost names are judged, and
    /// a source read through it counts as public.
    func testThroughAProxyOnlyAddressesAndLocalhostNamesAreJudged() async {
        let policy = DestinationPolicy(trustedSources: [])
        _ = await route(policy, "http://10.1.2.3/photos.txt", isSource: true, throughProxy: true)
        XCTAssertEqual(policy.allowedReach, .privateNetwork)
        _ = await route(policy, "http://photos.example/photos.txt", isSource: true, throughProxy: true)
        XCTAssertEqual(policy.allowedReach, .publicInternet)
        let name = await route(policy, "http://intranet.example/a.jpg", throughProxy: true)
        XCTAssertEqual(name, .success(.asGiven))
        let localhost = await route(policy, "http://photos.localhost/a.jpg", throughProxy: true)
        XCTAssertEqual(
            localhost,
            .failure(
                .refusedDestination(host: "photos.localhost", address: "photos.localhost", reach: .thisMachine, allowed: .publicInternet)))
    }

    func testAPinnedRouteRequestsTheAddressAndSendsTheNameInHost() throws {
        let target = try XCTUnwrap(URL(string: "http://user:secret@photos.example:8080/a%20b.jpg?size=2"))
        XCTAssertEqual(
            DestinationRoute.pinned("198.51.100.2").requestURL(for: target)?.absoluteString, "http://198.51.100.2:8080/a%20b.jpg?size=2")
        XCTAssertEqual(DestinationRoute.pinned("198.51.100.2").hostHeader(for: target), "photos.example:8080")
        let ipv6 = try XCTUnwrap(URL(string: "http://photos.example/a.jpg"))
        XCTAssertEqual(DestinationRoute.pinned("2001:db8::5").requestURL(for: ipv6)?.absoluteString, "http://[2001:db8::5]/a.jpg")
        XCTAssertEqual(DestinationRoute.pinned("2001:db8::5").hostHeader(for: ipv6), "photos.example")
        XCTAssertEqual(DestinationRoute.asGiven.requestURL(for: target), target)
        XCTAssertNil(DestinationRoute.asGiven.hostHeader(for: target))
    }
}
