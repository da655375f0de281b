import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// The work tree as a change on top of a commit: files whose bytes differ
/// from the commit's blobs (by git blob id), added ones and removed ones,
/// analyzed from disk. What git would diff, without writing any object.
struct WorkTreeChanges {
    let workTree: URL
    let configuration: ProjectConfiguration
    let threads: Int
    let cache: AnalysisCacheFile?

    /// The changes from `state` (a commit's state) to the work tree, analyzed.
    func prepare(against state: TreeState) throws -> TreeState.PreparedChanges {
        let discovery = FileDiscovery(configuration: configuration, configurationRoot: workTree)
        let listing = discovery.files(under: workTree)
        if let (folder, reason) = listing.unreadable.first {
            throw ChangeCheckError(message: "\(folder.path): \(reason)")
        }
        var onDisk: [(path: String, data: Data, blob: ObjectID)] = []
        var tooLarge: [(path: String, reason: String)] = []
        let sizeLimit = FileAnalyzer(maximumBytes: configuration.maximumFileBytes)
        for url in listing.files {
            let path = FileDiscovery.relativePath(of: url, to: workTree)
            guard state.includes(path) else { continue }
            switch try SourceReader.read(url, limit: configuration.maximumFileBytes) {
            case .bytes(let data): onDisk.append((path, data, try Repository.blobID(of: data)))
            case .tooLarge(let size): tooLarge.append((path, sizeLimit.sizeLimitReason(forSize: size)!))
            }
        }
        // A file over the limit is declined on both sides whatever its bytes:
        // only a new one matters, and a declined file's blob is never read.
        let declinedAdditions = try tooLarge.filter { state.blob(at: $0.path) == nil && !state.isDeclined($0.path) }.map {
            (path: $0.path, blob: try Repository.blobID(of: Data()), analysis: CachedAnalysis.declined($0.reason))
        }
        let present = Set(onDisk.map(\.path) + tooLarge.map(\.path))
        let changed = onDisk.filter { state.blob(at: $0.path) != $0.blob }
        var removals = state.paths.filter { !present.contains($0) }
        removals += changed.map(\.path).filter { state.blob(at: $0) != nil || state.isDeclined($0) }

        // A file moved without edits keeps its findings' identities, as git's rename detection does.
        var removedByBlob: [ObjectID: String] = [:]
        for path in removals where !present.contains(path) {
            if let blob = state.blob(at: path) { removedByBlob[blob] = path }
        }
        var renames: [String: String] = [:]
        for file in changed where state.blob(at: file.path) == nil {
            if let old = removedByBlob.removeValue(forKey: file.blob) { renames[file.path] = old }
        }

        let phaseOne = PhaseOne(analyzer: FileAnalyzer(maximumBytes: configuration.maximumFileBytes), cache: cache, threads: threads)
        let analyses = phaseOne.outcomes(of: changed.map { ($0.data, SourceKind(path: $0.path)!) }).map { outcome -> CachedAnalysis in
            switch outcome! {
            case .analyzed(let analysis): return .analyzed(analysis)
            case .declined(let reason): return .declined(reason)
            }
        }
        return TreeState.PreparedChanges(
            commit: state.commit, removals: removals,
            additions: zip(changed, analyses).map { (path: $0.path, blob: $0.blob, analysis: $1) } + declinedAdditions, renames: renames
        )
    }
}

extension TreeState {
    /// Every path of the state, audited or declined.
    var paths: [String] { Array(files.keys) + Array(declined.keys) }

    func blob(at path: String) -> ObjectID? { files[path]?.blob }

    func isDeclined(_ path: String) -> Bool { declined[path] != nil }
}
