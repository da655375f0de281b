import CGit2

/// A libgit2 failure, carrying libgit2's own message.
public struct GitError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The error libgit2 recorded on this thread for a failed call.
    static func last(_ code: Int32, _ context: String) -> GitError {
        let detail = git_error_last().flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "error \(code)"
        return GitError(code: code, message: "\(context): \(detail)")
    }

    public var description: String { message }

    public var isNotFound: Bool { code == GIT_ENOTFOUND.rawValue }
}

/// Calls a libgit2 function and turns a negative result into a `GitError`.
@discardableResult
func check(_ result: Int32, _ context: @autoclosure () -> String) throws -> Int32 {
    guard result >= 0 else { throw GitError.last(result, context()) }
    return result
}

/// libgit2 is initialized once per process, before the first repository opens.
enum GitLibrary {
    static let initialized: Bool = {
        git_libgit2_init()
        GitMemory.limit()
        return true
    }()
}
