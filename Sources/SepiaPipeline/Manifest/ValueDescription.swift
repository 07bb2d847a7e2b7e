import Foundation

/// Names the type of a decoded property list or JSON value for messages, such as "a number".
enum ValueDescription {
    /// "a string", "a number", "a boolean", "a dictionary", "an array", "a date", "data" or "null".
    ///
    /// Booleans are told from numbers by their Objective-C type code: on Linux `1 as? Bool`
    /// succeeds for an `NSNumber`, so a cast cannot tell them apart.
    static func of(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case let number as NSNumber: String(cString: number.objCType) == "c" ? "a boolean" : "a number"
        case is [String: Any], is [AnyHashable: Any]: "a dictionary"
        case is [Any]: "an array"
        case is Date: "a date"
        case is Data: "data"
        case is NSNull: "null"
        default: "a value of type \(type(of: value))"
        }
    }
}
