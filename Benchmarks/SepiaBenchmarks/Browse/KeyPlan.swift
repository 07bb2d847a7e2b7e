/// The keys the latency measurement presses, by tmux key name.
enum KeyPlan {
    /// `count` keys: `j`/`k` alternately, a page every 8th key, jumps to the ends.
    ///
    /// The first 45 % page down from the top, then `G` jumps to the bottom and the next 45 %
    /// page up from there (so every page reached is new and has work to start), then `g`; the
    /// rest alternates `G` and `g` every 6 keys.
    static func keys(count: Int) -> [String] {
        let pagingDown = count * 45 / 100, pagingUp = count * 90 / 100
        var keys: [String] = []
        var step = 0
        while keys.count < count {
            let n = keys.count
            if n == pagingDown {
                keys.append("G")
            } else if n == pagingUp {
                keys.append("g")
            } else if n > pagingUp && (n - pagingUp) % 6 == 0 {
                keys.append((n - pagingUp) / 6 % 2 == 1 ? "G" : "g")
            } else if n % 8 == 7 {
                keys.append(n < pagingDown ? "PageDown" : "PageUp")
            } else {
                keys.append(step % 2 == 0 ? "j" : "k")
                step += 1
            }
        }
        return keys
    }

    /// `key`, or its opposite when it would not move the selection from `row` of `rows`
    /// (`k` at the top, `j` at the bottom…).
    static func adjusted(_ key: String, row: Int, rows: Int) -> String {
        let upward = ["k": "j", "PageUp": "PageDown", "g": "G"]
        let downward = ["j": "k", "PageDown": "PageUp", "G": "g"]
        if row <= 1, let opposite = upward[key] { return opposite }
        if row >= rows, let opposite = downward[key] { return opposite }
        return key
    }

    /// The kinds of key the report groups the figures by.
    static let kinds = ["j/k", "PgDn/PgUp", "G/g"]

    /// The kind of `key`: `j/k`, `PgDn/PgUp` or `G/g`.
    static func kind(of key: String) -> String {
        switch key {
        case "j", "k": "j/k"
        case "PageDown", "PageUp": "PgDn/PgUp"
        default: "G/g"
        }
    }
}
