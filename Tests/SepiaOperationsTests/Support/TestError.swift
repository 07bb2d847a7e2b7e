/// An error a test throws on purpose, told apart by its code.
struct TestError: Error, Equatable {
    let code: Int
}
