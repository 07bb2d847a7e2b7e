import Foundation
import SepiaTestSupport
import XCTest

/// The deployment files of deploy/: the Kubernetes manifests are valid for the Kubernetes API and
/// agree with each other and with the image; the Dockerfile installs what the build needs
/// (scripts/install-deps' -dev packages) and what the built `sepia` links.
///
/// The Python tools come from `.venv`, which `scripts/install-deps` makes (kubernetes-validate
/// from PyPI, which brings PyYAML); the Debian ones (ldd, readelf, dpkg) from its packages. A
/// missing tool fails the test, naming what installs it: it is never skipped.
final class DeploymentFilesTests: XCTestCase {
    /// The repository's root: this file is Tests/SepiaEndToEndTests/DeploymentFilesTests.swift.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let kubernetesFolder = repository.appendingPathComponent("deploy/kubernetes")
    private static let jobFile = kubernetesFolder.appendingPathComponent("sepia-job.yaml")
    private static let volumeFile = kubernetesFolder.appendingPathComponent("shared-volume.yaml")
    private static let reportFile = kubernetesFolder.appendingPathComponent("sepia-report.yaml")
    private static let egressPolicyFile = kubernetesFolder.appendingPathComponent("sepia-egress-policy.yaml")
    private static let dockerfile = repository.appendingPathComponent("deploy/Dockerfile")
    private static let installDeps = repository.appendingPathComponent("scripts/install-deps")

    /// The Kubernetes versions the manifests must be valid for: the oldest the Job runs on (every
    /// field it uses is on by default from 1.29) and the newest kubernetes-validate knows.
    private static let kubernetesVersions = ["1.29", "1.37"]

    // MARK: - Kubernetes

    func testTheManifestsAreValidForTheKubernetesAPI() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.kubernetesFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
        XCTAssertEqual(
            Set(files.map(\.lastPathComponent)), ["sepia-job.yaml", "shared-volume.yaml", "sepia-report.yaml", "sepia-egress-policy.yaml"],
            "the manifests this test knows; a new one needs its checks here")
        var resources = 0
        for file in files { resources += try Self.documents(of: [ResourceHeader].self, in: file).count }

        // --strict: the schemas that refuse unknown fields, so a misspelt field is an error.
        var arguments = ["--strict"]
        for version in Self.kubernetesVersions { arguments += ["--kubernetes-version", version] }
        // Run as a module: a console script's #! line names the folder .venv was made in.
        let result = try CommandRunner.run(
            try Self.venvPython(), ["-m", "kubernetes_validate"] + arguments + files.map(\.path),
            environment: ProcessInfo.processInfo.environment)
        let report = result.output + result.errorOutput
        XCTAssertEqual(result.status, 0, "kubernetes-validate refused a manifest:\n\(report)")
        // A kind or apiVersion it has no schema for is only a warning (status 0): every resource
        // must have passed, against every version.
        let passed = report.split(separator: "\n").filter { $0.hasPrefix("INFO ") && $0.contains(" passed ") }
        XCTAssertEqual(passed.count, resources * Self.kubernetesVersions.count, "every resource passed every version:\n\(report)")
        XCTAssertFalse(report.contains("WARN"), report)
    }

    func testTheJobsShardsNumbersAndPathsAgree() throws {
        let jobs = try Self.documents(of: [Job].self, in: Self.jobFile)
        XCTAssertEqual(jobs.map(\.kind), ["Job"])
        let job = try XCTUnwrap(jobs.first)
        let spec = job.spec
        XCTAssertEqual(spec.completionMode, "Indexed", "each pod gets JOB_COMPLETION_INDEX only in an Indexed Job")
        let completions = try XCTUnwrap(spec.completions, "an Indexed Job needs completions")
        XCTAssertGreaterThan(completions, 0)
        XCTAssertLessThanOrEqual(try XCTUnwrap(spec.parallelism), completions)
        XCTAssertNotNil(spec.backoffLimitPerIndex, "a failing shard is retried on its own, not against one budget for all")
        if let maxFailedIndexes = spec.maxFailedIndexes { XCTAssertLessThanOrEqual(maxFailedIndexes, completions) }
        XCTAssertEqual(spec.template.spec.restartPolicy, "Never", "backoffLimitPerIndex and podFailurePolicy need it")

        let container = try XCTUnwrap(spec.template.spec.containers.first { ($0.command ?? []).contains("sepia") })
        let commandLine = (container.command ?? []) + (container.args ?? [])
        XCTAssertEqual(Array(commandLine.prefix(2)), ["sepia", "process"])
        for rule in spec.podFailurePolicy?.rules ?? [] {
            if let name = rule.onExitCodes?.containerName {
                XCTAssertEqual(name, container.name, "a podFailurePolicy rule names the container")
            }
        }

        // The shard count: SEPIA_SHARDS (and --shards, when given) is spec.completions.
        let environment = Dictionary((container.env ?? []).compactMap { variable in variable.value.map { (variable.name, $0) } }) {
            first, _ in first
        }
        XCTAssertEqual(environment["SEPIA_SHARDS"], String(completions), "SEPIA_SHARDS must equal spec.completions")
        if let shards = Self.value(of: "--shards", in: commandLine) {
            XCTAssertTrue(["$(SEPIA_SHARDS)", String(completions)].contains(shards), "--shards \(shards) is not spec.completions")
        }

        // One report a shard, named by the completion index.
        let report = try XCTUnwrap(Self.value(of: "--report", in: commandLine), "the shards write reports")
        XCTAssertTrue(report.contains("$(JOB_COMPLETION_INDEX)"), "each shard its own report: \(report)")

        // Kubernetes leaves a $(NAME) it cannot resolve as it is: every one is defined.
        let controllerVariables = ["JOB_COMPLETION_INDEX"]
        for argument in commandLine {
            for name in Self.references(in: argument) {
                XCTAssertTrue(environment[name] != nil || controllerVariables.contains(name), "$(\(name)) in \(argument) is not defined")
            }
        }

        // Photos at once: the whole cores of the CPU limit (sepia would count the node's).
        if let cpu = container.resources?.limits?["cpu"]?.text, let cores = Int(cpu) {
            XCTAssertEqual(Self.value(of: "--jobs", in: commandLine), String(cores), "--jobs is the CPU limit")
        }

        // Every path the command names (output, cache, report, a manifest file) is on the shared
        // volume, mounted writable: the root file system is read-only, the shards share the cache,
        // and the reports are merged from there.
        let expanded = commandLine.map { Self.expanding($0, with: environment.merging(["JOB_COMPLETION_INDEX": "0"]) { a, _ in a }) }
        let paths = expanded.flatMap(Self.absolutePaths)
        XCTAssertTrue(paths.contains("/shared/reports/shard-0.jsonl"), "\(paths)")
        let claim = try Self.sharedClaim()
        for path in paths {
            let mount = try XCTUnwrap(Self.mount(covering: path, in: container.volumeMounts ?? []), "\(path) is on no volume")
            XCTAssertNotEqual(mount.readOnly, true, "\(path) is written to, but \(mount.mountPath) is mounted read-only")
            assertOn(claim, mount, volumes: spec.template.spec.volumes ?? [])
        }

        // The user the image runs as (deploy/Dockerfile's numeric USER).
        let podSecurity = spec.template.spec.securityContext
        XCTAssertEqual(podSecurity?.runAsNonRoot, true)
        XCTAssertEqual(podSecurity?.runAsUser.map(String.init), try Self.imageUser(), "runAsUser is deploy/Dockerfile's USER")
    }

    /// The Job's own command line, run here once per completion index as its pods would run it
    /// (the shared volume a temporary folder, the manifest a `sepia serve`): every shard ends
    /// well, each photo is written once, and `sepia report` merges the shards' reports.
    func testTheJobsCommandLineRunsEveryShardWithSepiaAsItIs() throws {
        let job = try XCTUnwrap(try Self.documents(of: [Job].self, in: Self.jobFile).first)
        let container = try XCTUnwrap(job.spec.template.spec.containers.first { ($0.command ?? []).contains("sepia") })
        let completions = try XCTUnwrap(job.spec.completions)
        let sepia = try EndToEndTools.sepia()
        let server = try SepiaServe(sepia: sepia.path, photos: 60, size: "32x24")
        defer { server.stop() }
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-job-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: shared) }
        var environment = Dictionary((container.env ?? []).compactMap { variable in variable.value.map { (variable.name, $0) } }) {
            first, _ in first
        }
        environment["MANIFEST"] = server.jsonURL
        for index in 0..<completions {
            environment["JOB_COMPLETION_INDEX"] = String(index)
            let arguments = (container.args ?? []).map {
                Self.expanding($0, with: environment).replacingOccurrences(of: "/shared", with: shared.path)
            }
            let run = try CommandRunner.runCapturingBytes(
                sepia, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { _, pod in pod })
            let said = String(decoding: run.errorOutput, as: UTF8.self)
            XCTAssertEqual(run.status, 0, "shard \(index): \(said)")
            XCTAssertTrue(said.contains("shard \(index + 1) of \(completions) from JOB_COMPLETION_INDEX"), said)
        }
        let photos = try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("output").path)
        XCTAssertEqual(photos.filter { !$0.hasPrefix(".") }.count, 60)
        let reports = try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("reports").path)
        XCTAssertEqual(reports.count, completions, "a report a shard: \(reports)")
        let merged = try CommandRunner.runCapturingBytes(
            sepia, ["report"] + reports.map { shared.appendingPathComponent("reports/\($0)").path },
            environment: ProcessInfo.processInfo.environment)
        let summary = String(decoding: merged.output, as: UTF8.self)
        XCTAssertEqual(merged.status, 0, summary)
        XCTAssertTrue(summary.hasPrefix("60 photos in \(completions) reports: 60 written"), summary)
    }

    func testTheReportPodReadsTheSharedVolume() throws {
        let pods = try Self.documents(of: [Pod].self, in: Self.reportFile)
        XCTAssertEqual(pods.map(\.kind), ["Pod"])
        let spec = try XCTUnwrap(pods.first).spec
        let container = try XCTUnwrap(spec.containers.first)
        let commandLine = (container.command ?? []) + (container.args ?? [])
        XCTAssertTrue(commandLine.joined(separator: " ").contains("sepia report /shared/reports/*.jsonl"), "\(commandLine)")
        let claim = try Self.sharedClaim()
        for path in commandLine.dropFirst().flatMap(Self.absolutePaths) {  // all but the shell
            let mount = try XCTUnwrap(Self.mount(covering: path, in: container.volumeMounts ?? []), "\(path) is on no volume")
            assertOn(claim, mount, volumes: spec.volumes ?? [])
        }
        XCTAssertEqual(spec.securityContext?.runAsUser.map(String.init), try Self.imageUser())
    }

    /// shared-volume.yaml's claim, which pods on many nodes must be able to mount read-write.
    private static func sharedClaim() throws -> Claim {
        let claims = try documents(of: [Claim].self, in: volumeFile)
        XCTAssertEqual(claims.map(\.kind), ["PersistentVolumeClaim"])
        let claim = try XCTUnwrap(claims.first)
        XCTAssertTrue(claim.spec.accessModes.contains("ReadWriteMany"), "pods on many nodes write the shared volume")
        return claim
    }

    /// `mount` is of the volume that `claim` provides.
    private func assertOn(_ claim: Claim, _ mount: VolumeMount, volumes: [Volume], file: StaticString = #filePath, line: UInt = #line) {
        let volume = volumes.first { $0.name == mount.name }
        XCTAssertNotNil(volume, "no volume \(mount.name)", file: file, line: line)
        XCTAssertEqual(
            volume?.persistentVolumeClaim?.claimName, claim.metadata.name, "\(mount.mountPath) is on the shared claim", file: file,
            line: line)
    }

    // MARK: - Network

    /// The Job's pods carry no service account token, and the egress policy selects them and lets
    /// them reach DNS and the public internet, never the cluster's or the cloud's own addresses.
    func testTheJobsPodsReachOnlyDNSAndThePublicInternetWithoutCredentials() throws {
        let template = try XCTUnwrap(try Self.documents(of: [Job].self, in: Self.jobFile).first).spec.template
        XCTAssertEqual(template.spec.automountServiceAccountToken, false, "sepia needs no token for the Kubernetes API")
        let policies = try Self.documents(of: [NetworkPolicy].self, in: Self.egressPolicyFile)
        XCTAssertEqual(policies.map(\.kind), ["NetworkPolicy"])
        let spec = try XCTUnwrap(policies.first).spec
        let selected = spec.podSelector.matchLabels ?? [:]
        XCTAssertFalse(selected.isEmpty)
        let labels = template.metadata?.labels ?? [:]
        for (name, value) in selected { XCTAssertEqual(labels[name], value, "the policy selects the Job's pods by \(name)") }
        XCTAssertEqual(Set(spec.policyTypes ?? []), ["Ingress", "Egress"])
        XCTAssertNil(spec.ingress, "nothing may connect to the pods")
        let rules = spec.egress ?? []
        XCTAssertEqual(rules.count, 2, "DNS and the internet")

        let dns = try XCTUnwrap(rules.first { $0.ports != nil }, "a rule for DNS")
        XCTAssertEqual(Set((dns.ports ?? []).map { "\($0.protocol ?? "TCP") \($0.port ?? 0)" }), ["UDP 53", "TCP 53"])
        XCTAssertEqual(dns.to?.first?.podSelector?.matchLabels, ["k8s-app": "kube-dns"])
        XCTAssertTrue(dns.to?.allSatisfy { $0.ipBlock == nil } ?? false, "DNS goes to the cluster's DNS pods only")

        let internet = try XCTUnwrap(rules.first { $0.ports == nil }, "a rule for the internet")
        let blocks = (internet.to ?? []).compactMap(\.ipBlock)
        XCTAssertEqual(blocks.count, internet.to?.count, "the internet rule names address blocks only")
        func allowed(_ address: String) throws -> Bool {
            try blocks.contains { block in
                try Self.cidr(block.cidr, contains: address)
                    && !(try (block.except ?? []).contains { try Self.cidr($0, contains: address) })
            }
        }
        for address in ["93.184.215.14", "8.8.8.8", "198.51.100.7", "2606:4700::1111", "2001:db8::1"] {
            XCTAssertTrue(try allowed(address), "\(address) is on the public internet")
        }
        let inside = [
            "169.254.169.254", "10.96.0.1", "172.16.0.10", "192.168.1.1", "100.64.0.1", "127.0.0.1", "0.0.0.0", "224.0.0.1",
            "255.255.255.255", "fd00:ec2::254", "fe80::1", "::1", "::", "::ffff:169.254.169.254", "ff02::1",
        ]
        for address in inside { XCTAssertFalse(try allowed(address), "\(address) is not on the public internet") }
    }

    /// Whether `address` lies in the IPv4 or IPv6 range `cidr` ("10.0.0.0/8", "fc00::/7").
    private static func cidr(_ cidr: String, contains address: String) throws -> Bool {
        let parts = cidr.split(separator: "/")
        guard parts.count == 2, let prefix = Int(parts[1]) else { throw DebianTool.Failure(description: "not a CIDR range: \(cidr)") }
        let network = try bytes(of: String(parts[0])), host = try bytes(of: address)
        guard network.count == host.count else { return false }
        return (0..<prefix).allSatisfy { bit in (network[bit / 8] ^ host[bit / 8]) & (0x80 >> UInt8(bit % 8)) == 0 }
    }

    /// The bytes of an IPv4 (4) or IPv6 (16) address.
    private static func bytes(of address: String) throws -> [UInt8] {
        var ipv4 = in_addr()
        if inet_pton(AF_INET, address, &ipv4) == 1 { return withUnsafeBytes(of: &ipv4) { Array($0) } }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, address, &ipv6) == 1 { return withUnsafeBytes(of: &ipv6) { Array($0) } }
        throw DebianTool.Failure(description: "not an IP address: \(address)")
    }

    // MARK: - Dockerfile

    func testTheDockerfileBuildsWithTheDevelopmentPackagesOfInstallDeps() throws {
        let stages = try Self.dockerStages()
        let build = try XCTUnwrap(stages.first)
        XCTAssertTrue(build.image.hasPrefix("swift:"), "the build stage is the official Swift image: \(build.image)")
        let installDeps = try String(contentsOf: Self.installDeps, encoding: .utf8)
        let listed = try XCTUnwrap(installDeps.range(of: "\npackages=(")).upperBound
        let packages = installDeps[listed...].prefix { $0 != ")" }.split(whereSeparator: \.isWhitespace).map(String.init)
        // GTK is for the desktop app (sepia-gtk) only: the image builds and runs sepia without it.
        let desktopPackages: Set = ["libgtk-4-dev"]
        XCTAssertTrue(desktopPackages.isSubset(of: packages), "scripts/install-deps installs GTK for sepia-gtk")
        let developmentPackages = Set(packages.filter { $0.hasSuffix("-dev") }).subtracting(desktopPackages)
        XCTAssertFalse(developmentPackages.isEmpty, "scripts/install-deps lists the -dev packages")
        XCTAssertEqual(
            Set(build.installedPackages.filter { $0.hasSuffix("-dev") }).sorted(), developmentPackages.sorted(),
            "deploy/Dockerfile's build stage installs the -dev packages of scripts/install-deps but GTK's")
        // The runtime stage installs no Swift runtime: the binary carries it (see below).
        let command = build.runCommands.first { $0.contains("swift build") } ?? ""
        XCTAssertTrue(command.contains("--static-swift-stdlib") && command.contains("--product sepia"), command)
    }

    /// Every shared library the built `sepia` loads directly, or that the Swift runtime it links
    /// loads, comes from a Debian package the runtime stage installs (their own dependencies come
    /// with them). glibc (libc6) is in the base image. The Swift runtime's libraries themselves
    /// (the toolchain's libswiftCore, Foundation, libdispatch…) are exempt: the image's build links
    /// them statically (`--static-swift-stdlib`, checked above), keeping what they load.
    func testTheRuntimeImageInstallsTheLibrariesSepiaLinks() throws {
        let binary = try EndToEndTools.sepia()
        let loaded = try Self.loadedLibraries(of: binary)
        // The folder of the Swift runtime, when the binary links it dynamically (a debug build).
        let swiftRuntime = loaded["libswiftCore.so"].map { $0.deletingLastPathComponent().path }
        var linkers = [binary]
        linkers += loaded.values.filter { $0.deletingLastPathComponent().path == swiftRuntime }
        var needed = Set<String>()
        for file in linkers { needed.formUnion(try DebianTool.neededLibraries(of: file)) }

        var files: [String: URL] = [:]  // library → its file, for those of Debian's packages
        for name in needed {
            let path = try XCTUnwrap(loaded[name], "ldd does not list \(name), which \(binary.lastPathComponent) needs")
            if path.deletingLastPathComponent().path != swiftRuntime { files[name] = path }
        }
        // Libraries the shim loads with dlopen when a file first needs them: not linked, still needed.
        let onDemand = try Self.librariesLoadedOnDemand()
        XCTAssertTrue(onDemand.contains("libheif.so.1"), "the shim loads libheif on demand: \(onDemand)")
        let cache = try Self.linkerCache()
        for name in onDemand {
            XCTAssertFalse(needed.contains(name), "\(name) is both linked and loaded on demand")
            files[name] = try XCTUnwrap(cache[name], "the dynamic linker's cache has no \(name), which sepia loads with dlopen")
        }
        let owners = try Self.packages(owning: Array(files.values))
        var packages: [String: String] = [:]  // library → package
        for (name, path) in files {
            packages[name] = try XCTUnwrap(owners[path], "no Debian package owns \(path.path) (\(name))")
        }
        let required = Set(packages.values).subtracting(["libc6"])
        XCTAssertTrue(required.contains("libjpeg62-turbo"), "the codecs are among them: \(packages)")

        let runtime = try XCTUnwrap(try Self.dockerStages().last)
        XCTAssertTrue(runtime.image.hasPrefix("debian:bookworm"), "Debian 12, like the build: \(runtime.image)")
        let installed = Set(runtime.installedPackages)
        for (library, package) in packages.sorted(by: { $0.key < $1.key }) where required.contains(package) {
            XCTAssertTrue(installed.contains(package), "deploy/Dockerfile's runtime stage must install \(package) (\(library))")
        }
        XCTAssertTrue(installed.contains("ca-certificates"), "https downloads need the trust roots")
        let unneeded = installed.subtracting(required).subtracting(["ca-certificates"])
        XCTAssertTrue(unneeded.isEmpty, "the runtime stage installs packages sepia does not link: \(unneeded.sorted())")

        XCTAssertEqual(runtime.entrypoint, #"["sepia"]"#)
        let user = try Self.imageUser()
        XCTAssertNotEqual(user, "0", "the image runs as a user that is not root")
    }

    // MARK: - Kubernetes manifests, read

    /// The header every Kubernetes resource has.
    private struct ResourceHeader: Decodable {
        var apiVersion: String
        var kind: String
        var metadata: Metadata
    }

    private struct Metadata: Decodable {
        var name: String
    }

    private struct Job: Decodable {
        var kind: String
        var spec: JobSpec
    }

    private struct JobSpec: Decodable {
        var completionMode: String?
        var completions: Int?
        var parallelism: Int?
        var backoffLimitPerIndex: Int?
        var maxFailedIndexes: Int?
        var podFailurePolicy: PodFailurePolicy?
        var template: PodTemplate
    }

    private struct PodFailurePolicy: Decodable {
        struct Rule: Decodable {
            struct ExitCodes: Decodable {
                var containerName: String?
            }
            var onExitCodes: ExitCodes?
        }
        var rules: [Rule]
    }

    private struct PodTemplate: Decodable {
        struct Metadata: Decodable {
            var labels: [String: String]?
        }
        var metadata: Metadata?
        var spec: PodSpec
    }

    private struct NetworkPolicy: Decodable {
        struct Selector: Decodable {
            var matchLabels: [String: String]?
        }
        struct Peer: Decodable {
            struct Block: Decodable {
                var cidr: String
                var except: [String]?
            }
            var ipBlock: Block?
            var namespaceSelector: Selector?
            var podSelector: Selector?
        }
        struct Port: Decodable {
            var `protocol`: String?
            var port: Int?
        }
        struct Rule: Decodable {
            var to: [Peer]?
            var ports: [Port]?
        }
        struct Spec: Decodable {
            var podSelector: Selector
            var policyTypes: [String]?
            var ingress: [Rule]?
            var egress: [Rule]?
        }
        var kind: String
        var spec: Spec
    }

    private struct Pod: Decodable {
        var kind: String
        var spec: PodSpec
    }

    private struct PodSpec: Decodable {
        struct SecurityContext: Decodable {
            var runAsNonRoot: Bool?
            var runAsUser: Int?
        }
        var restartPolicy: String?
        var automountServiceAccountToken: Bool?
        var securityContext: SecurityContext?
        var containers: [Container]
        var volumes: [Volume]?
    }

    private struct Container: Decodable {
        struct Variable: Decodable {
            var name: String
            var value: String?
        }
        struct Resources: Decodable {
            var limits: [String: Quantity]?
        }
        var name: String
        var command: [String]?
        var args: [String]?
        var env: [Variable]?
        var resources: Resources?
        var volumeMounts: [VolumeMount]?
    }

    /// A resource quantity, written as a string ("2", "500m", "1Gi") or a bare number.
    private struct Quantity: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let number = try? value.decode(Int.self) { text = String(number) } else { text = try value.decode(String.self) }
        }
    }

    private struct VolumeMount: Decodable {
        var name: String
        var mountPath: String
        var readOnly: Bool?
    }

    private struct Volume: Decodable {
        struct ClaimSource: Decodable {
            var claimName: String
        }
        var name: String
        var persistentVolumeClaim: ClaimSource?
    }

    private struct Claim: Decodable {
        struct Spec: Decodable {
            var accessModes: [String]
        }
        var kind: String
        var metadata: Metadata
        var spec: Spec
    }

    /// The YAML documents of `file` (empty ones left out), read by PyYAML from `.venv` and
    /// handed over as JSON.
    private static func documents<Documents: Decodable>(of type: Documents.Type, in file: URL) throws -> Documents {
        let program = """
            import json, sys, yaml
            with open(sys.argv[1]) as file:
                print(json.dumps([document for document in yaml.safe_load_all(file) if document]))
            """
        let result = try CommandRunner.run(
            try venvPython(), ["-c", program, file.path], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw DebianTool.Failure(description: "PyYAML could not read \(file.path): \(result.errorOutput)") }
        return try JSONDecoder().decode(type, from: Data(result.output.utf8))
    }

    /// The Python of `.venv`, which `scripts/install-deps` makes.
    private static func venvPython() throws -> URL {
        let python = repository.appendingPathComponent(".venv/bin/python3")
        guard ExecutableFile.isExecutable(python) else {
            throw DebianTool.Failure(
                description: "\(python.path) is missing: scripts/install-deps installs kubernetes-validate (PyPI) and PyYAML into .venv")
        }
        return python
    }

    /// The value after `option` in `arguments`.
    private static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// The names of the `$(NAME)` references in `text`.
    private static func references(in text: String) -> [String] {
        text.components(separatedBy: "$(").dropFirst().compactMap { rest in rest.range(of: ")").map { String(rest[..<$0.lowerBound]) } }
    }

    /// `text` with the `$(NAME)` references `values` has replaced, as Kubernetes does.
    private static func expanding(_ text: String, with values: [String: String]) -> String {
        values.reduce(text) { text, variable in text.replacingOccurrences(of: "$(\(variable.key))", with: variable.value) }
    }

    /// The words of `argument` that are absolute paths.
    private static func absolutePaths(in argument: String) -> [String] {
        argument.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("/") }
    }

    /// The mount whose folder holds `path`.
    private static func mount(covering path: String, in mounts: [VolumeMount]) -> VolumeMount? {
        mounts.first { path == $0.mountPath || path.hasPrefix($0.mountPath.hasSuffix("/") ? $0.mountPath : $0.mountPath + "/") }
    }

    // MARK: - Dockerfile, read

    /// One stage of deploy/Dockerfile.
    private struct DockerStage {
        var image: String
        var runCommands: [String] = []
        var user: String?
        var entrypoint: String?

        /// The packages its `apt-get install` commands name.
        var installedPackages: [String] {
            runCommands.flatMap { $0.components(separatedBy: "&&") }.flatMap { command -> [String] in
                guard let install = command.range(of: "apt-get install") else { return [] }
                return command[install.upperBound...].split(whereSeparator: \.isWhitespace).map(String.init).filter { !$0.hasPrefix("-") }
            }
        }
    }

    /// deploy/Dockerfile's stages, their instructions with continuation lines joined.
    private static func dockerStages() throws -> [DockerStage] {
        var instructions: [String] = []
        var pending = ""
        for line in try String(contentsOf: dockerfile, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") { continue }
            if trimmed.hasSuffix("\\") {
                pending += String(trimmed.dropLast()) + " "
            } else {
                pending += trimmed
                if !pending.isEmpty { instructions.append(pending) }
                pending = ""
            }
        }
        var stages: [DockerStage] = []
        for instruction in instructions {
            let words = instruction.split(separator: " ", maxSplits: 1).map(String.init)
            let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
            switch words[0].uppercased() {
            case "FROM": stages.append(DockerStage(image: String(rest.split(separator: " ")[0])))
            case "RUN": stages[stages.count - 1].runCommands.append(rest)
            case "USER": stages[stages.count - 1].user = rest
            case "ENTRYPOINT": stages[stages.count - 1].entrypoint = rest
            default: break
            }
        }
        return stages
    }

    /// The user (a number) the image runs as: the last stage's USER, without its group.
    private static func imageUser() throws -> String {
        let user = try XCTUnwrap(try dockerStages().last?.user, "deploy/Dockerfile sets no USER: it would run as root")
        return String(user.split(separator: ":")[0])
    }

    // MARK: - Shared libraries

    /// The libraries `binary` loads, by soname, with the files ldd found for them.
    private static func loadedLibraries(of binary: URL) throws -> [String: URL] {
        var libraries: [String: URL] = [:]
        for line in try DebianTool.text(of: "ldd", [binary.path], package: "libc-bin").split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " => ")
            guard parts.count == 2 else {
                // The dynamic loader, by its path alone (the vDSO has no file).
                if let path = parts[0].split(separator: " ").first, path.hasPrefix("/") {
                    let loader = URL(fileURLWithPath: String(path))
                    libraries[loader.lastPathComponent] = loader
                }
                continue
            }
            guard let path = parts[1].split(separator: " ").first, path.hasPrefix("/") else {
                throw DebianTool.Failure(description: "ldd finds no \(parts[0]) for \(binary.path): \(line)")
            }
            libraries[parts[0]] = URL(fileURLWithPath: String(path))
        }
        return libraries
    }

    /// The sonames the C shim opens with dlopen when a file first needs them (each library's
    /// `SEPIA_LIBRARY("…", …)`), read from its sources.
    private static func librariesLoadedOnDemand() throws -> [String] {
        let shim = repository.appendingPathComponent("Sources/CSepiaCodecs")
        var sonames: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: shim.path) where file.hasSuffix(".c") {
            let source = try String(contentsOf: shim.appendingPathComponent(file), encoding: .utf8)
            var rest = source[...]
            while let call = rest.range(of: "SEPIA_LIBRARY(\"") {
                let name = rest[call.upperBound...].prefix { $0 != "\"" }
                sonames.append(String(name))
                rest = rest[call.upperBound...]
            }
        }
        return sonames.sorted()
    }

    /// The dynamic linker's cache (`ldconfig -p`): each soname with the file dlopen would load.
    private static func linkerCache() throws -> [String: URL] {
        var files: [String: URL] = [:]
        for line in try DebianTool.text(of: "ldconfig", ["-p"], package: "libc-bin").split(separator: "\n") {
            // "\tlibheif.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libheif.so.1"
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " => ")
            guard parts.count == 2, parts[0].contains("x86-64"), let name = parts[0].split(separator: " ").first else { continue }
            files[String(name)] = URL(fileURLWithPath: parts[1])
        }
        return files
    }

    /// The Debian package that installed each of `libraries`, by one `dpkg -S`; a library no
    /// package owns is left out. dpkg knows a file by the path its package gives (/lib or
    /// /usr/lib: Debian 12 has both, one a link to the other), so both are asked, for the file ldd
    /// named and for the one its links lead to.
    private static func packages(owning libraries: [URL]) throws -> [URL: String] {
        var asked: [String: URL] = [:]  // path asked → library
        for library in libraries {
            for path in [library.path, library.resolvingSymlinksInPath().path] {
                asked[path] = library
                asked[path.hasPrefix("/usr/") ? String(path.dropFirst(4)) : "/usr" + path] = library
            }
        }
        let dpkg = try XCTUnwrap(ExecutableFile.onPath("dpkg"), "dpkg is missing: this test reads Debian's package database")
        // The status is 1 when any path asked is unknown, as half of them are: the answers count.
        let result = try CommandRunner.run(dpkg, ["-S"] + asked.keys.sorted(), environment: ProcessInfo.processInfo.environment)
        var owners: [URL: String] = [:]
        for line in result.output.split(separator: "\n") {
            // "libjpeg62-turbo:amd64: /usr/lib/x86_64-linux-gnu/libjpeg.so.62.3.0"
            guard !line.hasPrefix("diversion "), let separator = line.range(of: ": /"),
                let library = asked[String(line[line.index(before: separator.upperBound)...])],
                let package = line[..<separator.lowerBound].split(separator: ":").first
            else { continue }
            owners[library] = String(package)
        }
        return owners
    }
}
