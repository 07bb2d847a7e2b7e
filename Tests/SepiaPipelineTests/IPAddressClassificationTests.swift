import XCTest

@testable import SepiaPipeline

/// Every range of the special-purpose registries that `IPAddressClassification` names, at its
/// edges, in the forms a URL or a resolver can give them.
final class IPAddressClassificationTests: XCTestCase {
    private func assertReach(_ expected: NetworkReach, _ addresses: [String], file: StaticString = #filePath, line: UInt = #line) {
        for address in addresses {
            XCTAssertEqual(IPAddressClassification.reach(ofAddress: address), expected, address, file: file, line: line)
        }
    }

    func testIPv4ThisMachineLoopbackAndLinkLocal() {
        assertReach(
            .thisMachine, ["0.0.0.0", "0.255.255.255", "127.0.0.1", "127.255.255.254", "169.254.0.0", "169.254.169.254", "169.254.255.255"])
    }

    func testIPv4PrivateAndUnroutedRanges() {
        assertReach(
            .privateNetwork,
            [
                "10.0.0.0", "10.0.0.5", "10.255.255.255", "172.16.0.0", "172.31.255.255", "192.168.0.0", "192.168.255.255",
                "100.64.0.0", "100.127.255.255", "192.0.0.1", "198.18.0.0", "198.19.255.255", "224.0.0.1", "239.255.255.255",
                "240.0.0.1", "255.255.255.255",
            ])
    }

    func testIPv4PublicAddressesAndTheEdgesOfThePrivateRanges() {
        assertReach(
            .publicInternet,
            [
                "1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0",
                "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.167.255.255", "192.169.0.0",
                "198.17.255.255", "198.20.0.0", "223.255.255.255",
                "192.0.2.1", "198.51.100.1", "198.51.100.2", "203.0.113.9",  // documentation, RFC 5737
            ])
    }

    /// `inet_aton`'s forms, which glibc's resolver accepts as addresses too.
    func testIPv4InTheOldNumericFormsIsReadAsTheResolverReadsIt() {
        assertReach(.thisMachine, ["2130706433", "0x7f.1", "0177.0.0.1", "127.1", "0x7f000001", "0"])
        assertReach(.thisMachine, ["0xa9fea9fe", "169.254.43518"])
        assertReach(.privateNetwork, ["10.5", "012.0.0.1", "167772165"])
    }

    func testIPv6LoopbackUnspecifiedAndLinkLocal() {
        assertReach(.thisMachine, ["::1", "::", "[::1]", "0:0:0:0:0:0:0:1", "fe80::1", "febf:ffff::1", "[fe80::1]"])
    }

    func testIPv6PrivateAndUnroutedRanges() {
        assertReach(
            .privateNetwork, ["fc00::1", "fd00:ec2::254", "fdff:ffff::1", "fec0::1", "ff02::1", "ff05::2", "64:ff9b:1::a00:1", "100::1"])
    }

    func testIPv6Public() {
        assertReach(.publicInternet, ["2606:4700::1111", "2001:4860:4860::8888", "2001:db8::1", "fbff::1", "fe00::1", "100:0:0:1::1"])
    }

    /// IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96) and 6to4 addresses reach the IPv4
    /// address inside them, so they are judged by it.
    func testIPv6FormsThatEmbedIPv4AreJudgedByTheirIPv4Address() {
        assertReach(.thisMachine, ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:169.254.169.254", "::ffff:0.0.0.0", "::127.0.0.1"])
        assertReach(.thisMachine, ["64:ff9b::169.254.169.254", "64:ff9b::7f00:1", "2002:7f00:1::1", "2002:a9fe:a9fe::"])
        assertReach(.privateNetwork, ["::ffff:10.0.0.5", "::ffff:192.168.1.1", "64:ff9b::a00:5", "2002:c0a8:101::1", "::10.0.0.5"])
        assertReach(.publicInternet, ["::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])
    }

    func testTextThatIsNoAddressIsNotClassified() {
        for text in ["localhost", "photos.example", "", "1.2.3.4.5", "::g", "256.0.0.0.1", "[10.0.0.1"] {
            XCTAssertNil(IPAddressClassification.reach(ofAddress: text), text)
        }
    }

    func testReachesAreOrderedFromPublicToThisMachine() {
        XCTAssertLessThan(NetworkReach.publicInternet, .privateNetwork)
        XCTAssertLessThan(NetworkReach.privateNetwork, .thisMachine)
    }
}
