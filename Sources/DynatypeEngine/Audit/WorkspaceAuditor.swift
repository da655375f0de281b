import DynatypeHistory
import DynatypeRules
import Foundation

/// `dynatype audit`: files and folders on disk → reports. Files are read and
/// analyzed in parallel (phase one), then resolved together (phase two) so
/// design-system symbols defined anywhere in the audited paths judge their uses.
public struct WorkspaceAuditor {
    public var configuration: ProjectConfiguration
    public var configurationRoot: URL
    public var threads = ParallelWork.defaultThreadCount
    /// Called after each analyzed file with (done, total), for progress display.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Phase-one analyses kept between runs, by content (none: every file is parsed).
    public var cache: AnalysisCacheFile?

    public init(configuration: ProjectConfiguration, configurationRoot: URL) {
        self.configuration = configuration
        self.configurationRoot = configurationRoot
    }

    /// Audits `paths` (files or folders); report paths are relative to `root`.
    /// Symbols resolve from the whole `context` folder (its files the
    /// configuration includes), so a file's findings do not depend on which
    /// of the project's paths are named; only `paths` are reported.
    public func audit(paths: [URL], root: URL, context: URL? = nil) -> AuditOutcome {
        let found = discover(paths: paths, root: root, context: context)
        var skipped = found.skipped
        let (unique, contextFiles) = (found.files, found.contextFiles)
        let outcomes = analyze(unique + contextFiles)
        var analyzed: [(path: String, analysis: FileAnalysis)] = []
        for (url, outcome) in zip(unique, outcomes) {
            let path = FileDiscovery.relativePath(of: url, to: root)
            switch outcome {
            case .success(.analyzed(let analysis)): analyzed.append((path, analysis))
            case .success(.declined(let reason)): skipped.append(SkippedFile(path: path, reason: reason, isError: false))
            case .failure(let error): skipped.append(SkippedFile(path: path, reason: Self.describe(error), isError: true))
            }
        }
        // Context files only lend their symbols: whatever they hold is not reported.
        let contextAnalyses = zip(contextFiles, outcomes.dropFirst(unique.count)).compactMap { url, outcome -> (path: String, analysis: FileAnalysis)? in
            guard case .success(.analyzed(let analysis)) = outcome else { return nil }
            return (url.standardizedFileURL.path, analysis)
        }
        let resolved = ProjectResolver(configuration: configuration.rules).resolve(analyzed, context: contextAnalyses)
        let reports = ReplacementAvailability.reports(resolved, root: root, projectRoot: context ?? root)
        return AuditOutcome(root: root.standardizedFileURL.path, reports: reports, skipped: skipped)
    }

    /// The files to audit under `paths` (each once), the other files of the
    /// `context` folder that lend their symbols, and the paths that cannot be audited.
    public func discover(paths: [URL], root: URL, context: URL? = nil) -> DiscoveredFiles {
        var skipped: [SkippedFile] = []
        var files: [URL] = []
        let discovery = FileDiscovery(configuration: configuration, configurationRoot: configurationRoot)
        let contextListing = context.map { discovery.files(under: $0) }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
                skipped.append(SkippedFile(path: path.path, reason: "no such file or directory", isError: true))
                continue
            }
            if isDirectory.boolValue {
                // `dynatype audit .` names the context itself: listed once.
                let listing: FileDiscovery.Listing
                if let context, let contextListing, context.standardizedFileURL.path == path.standardizedFileURL.path {
                    listing = contextListing
                } else {
                    listing = discovery.files(under: path)
                }
                for (folder, reason) in listing.unreadable {
                    skipped.append(SkippedFile(path: FileDiscovery.relativePath(of: folder, to: root), reason: reason, isError: true))
                }
                for (file, reason) in listing.skippedLinks {
                    skipped.append(SkippedFile(path: FileDiscovery.relativePath(of: file, to: root), reason: reason, isError: false))
                }
                if listing.files.isEmpty, listing.unreadable.isEmpty {
                    skipped.append(SkippedFile(path: path.path, reason: "no Swift or Interface Builder files to audit here", isError: true))
                }
                files += listing.files
            } else if SourceKind(path: path.path) == nil {
                skipped.append(SkippedFile(path: path.path, reason: "not a .swift, .xib or .storyboard file", isError: true))
            } else {
                files.append(path)
            }
        }
        var seen = Set<String>()
        let unique = files.filter { seen.insert($0.standardizedFileURL.path).inserted }
        let contextFiles = contextListing.map { $0.files.filter { seen.insert($0.standardizedFileURL.path).inserted } } ?? []
        return DiscoveredFiles(files: unique, contextFiles: contextFiles, skipped: skipped)
    }

    /// Phase one of each file: read, then analyzed in parallel (through the cache, when there is one).
    private func analyze(_ files: [URL]) -> [Result<FileAnalyzer.Outcome, Error>] {
        let analyzer = FileAnalyzer(maximumBytes: configuration.maximumFileBytes)
        let limit = configuration.maximumFileBytes
        let contents = ParallelWork.map(count: files.count, threads: threads) { index in Result { try SourceReader.read(files[index], limit: limit) } }
        let outcomes = PhaseOne(analyzer: analyzer, cache: cache, threads: threads).outcomes(
            of: zip(files, contents).map { url, content in
                guard case .success(.bytes(let data)) = content else { return (nil, SourceKind(path: url.path)!) }
                return (data, SourceKind(path: url.path)!)
            },
            progress: ProgressCounter(total: files.count, report: progress)
        )
        return zip(contents, outcomes).map { content, outcome in
            content.map { read in
                switch read {
                case .bytes: return outcome!
                case .tooLarge(let size): return .declined(analyzer.sizeLimitReason(forSize: size)!)
                }
            }
        }
    }

    private static func describe(_ error: Error) -> String {
        if let failure = error as? SourceReader.Failure { return failure.description }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return "cannot read: \(String(cString: strerror(Int32(underlying.code))))"
        }
        return "cannot read: \(nsError.localizedDescription)"
    }
}

public struct DiscoveredFiles: Sendable {
    public let files: [URL]
    public let contextFiles: [URL]
    public let skipped: [SkippedFile]
}

/// Counts finished work items from many threads and reports them.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func tick() {
        guard let report else { return }
        lock.lock()
        done += 1
        let current = done
        lock.unlock()
        report(current, total)
    }
}
