import Foundation

/// A proxy setting that cannot be used, named by the variable it came from.
///
/// The setting is kept without its secret, since the error is printed: the password of
/// `user:password@` shows as `***`, and a user name without a password (which may be a
/// token) shows as `***` whole.
public struct ProxySettingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The environment variable (or option) that holds the setting.
    public let variable: String
    /// The setting, its credentials redacted.
    public let value: String
    /// Why it cannot be used.
    public let reason: String

    /// The error for `value`, the setting of `variable`, which is redacted here.
    public init(variable: String, value: String, reason: String) {
        self.variable = variable
        self.value = Self.redactingCredentials(value)
        self.reason = reason
    }

    public var description: String { "\(variable)=\(value) cannot be used: \(reason)" }

    /// `setting` with the credentials before its last `@` (after any `scheme://`) redacted:
    /// `http://user:secret@host:1` → `http://user:***@host:1`, `http://token@host:1` →
    /// `http://***@host:1`. The last `@`, not the first after the host: a setting that cannot
    /// be used may have an unescaped `@` or `/` in its password.
    static func redactingCredentials(_ setting: String) -> String {
        let start = setting.range(of: "://")?.upperBound ?? setting.startIndex
        guard let at = setting[start...].lastIndex(of: "@") else { return setting }
        let credentials = setting[start..<at]
        let shown = credentials.firstIndex(of: ":").map { "\(credentials[..<$0]):***" } ?? "***"
        return String(setting[..<start]) + shown + setting[at...]
    }
}
