/// Sepia's version, in one place: `sepia --version` prints it and the `User-Agent` names it.
public enum SepiaVersion {
    /// The release, in semantic versioning.
    public static let current = "0.1.0"
}
