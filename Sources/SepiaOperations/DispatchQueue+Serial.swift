public import Dispatch

extension DispatchQueue {
    /// A new serial queue; its name shows in logs and debuggers.
    public static func serial(named name: String, qos: DispatchQoS = .default) -> DispatchQueue {
        DispatchQueue(label: name, qos: qos)
    }
}
