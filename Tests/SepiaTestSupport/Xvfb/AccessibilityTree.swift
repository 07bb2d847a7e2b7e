import Foundation

/// What an app shows to screen readers, read over AT-SPI (python3-pyatspi, run by Debian's
/// python3), and its buttons pressed the way a screen reader presses them.
package enum AccessibilityTree {
    /// One accessible object: its depth below the application, its role ("push button",
    /// "label", "panel"…) and its name (a label's text, a button's title, an accessible label).
    package struct Node: Equatable, Sendable {
        package var depth: Int
        package var role: String
        package var name: String
    }

    /// The accessible objects of the application named `application` (its program's name)
    /// that have a name, in tree order; empty while the application is not on the bus.
    ///
    /// - Throws: ``EndToEndError`` when the reader fails.
    package static func nodes(of application: String, environment: [String: String]) throws -> [Node] {
        let result = try run(["dump", application], environment: environment)
        guard result.status != notFound else { return [] }
        guard result.status == 0 else { throw EndToEndError("the AT-SPI reader failed (\(result.status)): \(result.errorOutput)") }
        return try result.output.split(separator: "\n").map { line in
            let fields = try JSONDecoder().decode([JSONField].self, from: Data(line.utf8))
            guard fields.count == 3, case .number(let depth) = fields[0], case .text(let role) = fields[1],
                case .text(let name) = fields[2]
            else { throw EndToEndError("the AT-SPI reader printed \(line)") }
            return Node(depth: depth, role: role, name: name)
        }
    }

    /// Presses the push button named `button` (or whose label says `button`) in `application`
    /// (its first accessible action).
    ///
    /// - Throws: ``EndToEndError`` when there is no such button or the reader fails.
    package static func press(_ button: String, in application: String, environment: [String: String]) throws {
        let result = try run(["press", application, button], environment: environment)
        guard result.status == 0 else {
            throw EndToEndError("pressing \(button) over AT-SPI failed (\(result.status)): \(result.errorOutput)")
        }
    }

    /// The reader's exit status when the application is not on the bus (yet).
    private static let notFound: Int32 = 3

    private static func run(_ arguments: [String], environment: [String: String]) throws -> CommandResult {
        // Debian's python3: python3-pyatspi is installed for it, not for another python3 on the PATH.
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard ExecutableFile.isExecutable(python), let timeout = ExecutableFile.onPath("timeout") else {
            throw EndToEndError("/usr/bin/python3 (or coreutils' timeout) is missing: run scripts/install-deps.")
        }
        let folder = try makeTemporaryCacheDirectory()
        let script = folder.appendingPathComponent("atspi.py")
        try Data(readerScript.utf8).write(to: script)
        return try CommandRunner.run(timeout, ["30", python.path, script.path] + arguments, environment: environment)
    }

    /// A field of a JSON line: a number or a string.
    private enum JSONField: Decodable {
        case number(Int)
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    /// The reader: `dump APP` prints one JSON array [depth, role, name] a line for each named
    /// object; `press APP NAME` does the first action of the push button NAME (or labelled NAME). Exit status 3:
    /// no such application on the bus; 4: no such button.
    private static let readerScript = #"""
        import json, sys
        import pyatspi

        def application(name):
            for app in pyatspi.Registry.getDesktop(0):
                if app is not None and app.name == name:
                    return app
            return None

        def walk(node, depth):
            # An object can go while it is read (a dialog closing): it and its children are
            # left out.
            try:
                children = [child for child in node if child is not None]
                yield depth, node
            except Exception:
                return
            for child in children:
                yield from walk(child, depth + 1)

        command, name = sys.argv[1], sys.argv[2]
        app = application(name)
        if app is None:
            sys.exit(3)
        if command == "dump":
            for depth, node in walk(app, 0):
                try:
                    name, role = node.name, node.getRoleName()
                except Exception:
                    continue
                if name:
                    print(json.dumps([depth, role, name]))
        elif command == "press":
            for depth, node in walk(app, 0):
                try:
                    if node.getRoleName() != "push button":
                        continue
                    # A button's name may be its label's text with the mnemonic ("_OK OK"):
                    # its label child's name is the text shown.
                    names = [node.name] + [child.name for child in node if child is not None]
                except Exception:
                    continue
                if sys.argv[3] in names:
                    node.queryAction().doAction(0)
                    sys.exit(0)
            sys.exit(4)
        """#
}
