/// Why a shard could not be made: from `--shard K/N` or from a batch engine's variables.
public enum BatchShardError: Error, Equatable, CustomStringConvertible {
    /// The text is not `K/N` with two whole numbers.
    case malformed(String)
    /// The number of shards is not from 1 to ``BatchShard/mostShards``.
    case countOutOfRange(Int)
    /// The shard's number is not from 1 to the number of shards.
    case indexOutOfRange(index: Int, count: Int)
    /// A batch engine's variable is not what the engine sets (`name`, its value, what was expected).
    case badVariable(name: String, value: String, expected: String)
    /// The engine's variables do not fit together (the sentence says how).
    case inconsistent(String)
    /// Two engines' variables name different shards.
    case disagreement(first: String, second: String)
    /// The output folder's ``ShardCountMark`` cannot be read or written.
    case unreadableMark(path: String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let text):
            "the shard \"\(text)\" is not K/N (such as 1/4: the first of four shards)"
        case .countOutOfRange(let count):
            "the number of shards must be from 1 to \(BatchShard.mostShards) (got \(count))"
        case .indexOutOfRange(let index, let count):
            "the shard's number must be from 1 to \(count) (got \(index) of \(count))"
        case .badVariable(let name, let value, let expected):
            "\(name) is \"\(value)\", not \(expected)"
        case .inconsistent(let sentence):
            sentence
        case .unreadableMark(let path, let reason):
            "cannot read the number of shards in \(path): \(reason)"
        case .disagreement(let first, let second):
            "the batch engines' variables disagree: \(first), but \(second); give --shard K/N"
        }
    }
}
