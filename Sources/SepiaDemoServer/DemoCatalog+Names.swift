extension DemoCatalog {
    /// Landscape-ish adjectives for photo names.
    private static let adjectives = [
        "Amber", "Misty", "Golden", "Quiet", "Frosty", "Hidden", "Silver", "Windy",
        "Sunlit", "Distant", "Copper", "Crimson", "Hazy", "Still", "Wild", "Pale",
    ]
    /// Landscape nouns for photo names.
    private static let nouns = [
        "Valley", "Ridge", "Lake", "Harbour", "Meadow", "Fjord", "Summit", "Shore",
        "Canyon", "Forest", "Glacier", "Dunes", "Village", "Cliffs", "River", "Bay",
    ]

    /// The name of photo `number`: two words picked by `seed` and the number itself, which
    /// keeps every name unique ("Misty Fjord 17").
    static func photoName(number: Int, seed: UInt64) -> String {
        let pick = SeedMixer.mix(seed, UInt64(number))
        let adjective = adjectives[Int(pick % UInt64(adjectives.count))]
        let noun = nouns[Int((pick >> 32) % UInt64(nouns.count))]
        return "\(adjective) \(noun) \(number)"
    }

    /// The name of the broken entry of `kind`, e.g. "Broken: corrupt JPEG".
    static func brokenName(_ kind: Entry.Kind) -> String {
        "Broken: \(kind)"
    }
}
