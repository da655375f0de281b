import Synchronization

/// Files analysed so far by this process, on any thread: proof that a long
/// audit is moving (the daemon's watchdog pings while it grows).
public enum AnalysisProgress {
    private static let analysed = Atomic<Int>(0)

    public static var filesAnalysed: Int { analysed.load(ordering: .relaxed) }

    static func fileAnalysed() { analysed.add(1, ordering: .relaxed) }
}
