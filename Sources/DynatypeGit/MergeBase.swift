import CGit2
import Foundation

extension Repository {
    /// The best common ancestor of two commits (what a pull request is compared with).
    public func mergeBase(_ one: ObjectID, _ other: ObjectID) throws -> ObjectID {
        var result = git_oid()
        var first = one.oid, second = other.oid
        let status = git_merge_base(&result, pointer, &first, &second)
        if status == GIT_ENOTFOUND.rawValue {
            throw GitError(code: status, message: "\(one.short) and \(other.short) have no common ancestor")
        }
        try check(status, "cannot find the merge base of \(one.short) and \(other.short)")
        return ObjectID(result)
    }

    /// The blob id git would give these bytes (no object is written).
    public static func blobID(of data: Data) throws -> ObjectID {
        _ = GitLibrary.initialized
        var result = git_oid()
        try data.withUnsafeBytes { bytes in
            _ = try check(git_odb_hash(&result, bytes.baseAddress, bytes.count, GIT_OBJECT_BLOB), "cannot hash a file")
        }
        return ObjectID(result)
    }
}
