import Foundation

/// An alert to deliver, written in the transaction of the commit that raised it.
public struct OutboxAlert: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case regression, resolved
        /// The repository's `.dynatype.json` became invalid: commits are audited with the last valid one.
        case configurationInvalid = "configuration_invalid"
        /// A configuration change lowers what is checked.
        case policyWeakened = "policy_weakened"
    }

    /// Unique per event (`regression:<sha>`, `resolved:<regression sha>`,
    /// `configuration_invalid:<sha>`, `policy_weakened:<sha>`), so
    /// an alert is never queued twice.
    public let key: String
    public let kind: Kind
    public let ref: String
    /// The alert document (JSON), as the sinks receive it.
    public let payload: Data

    public init(key: String, kind: Kind, ref: String, payload: Data) {
        self.key = key
        self.kind = kind
        self.ref = ref
        self.payload = payload
    }
}

/// A regression not yet resolved: what must be gone for it to be.
public struct OpenRegression: Sendable, Equatable {
    public struct Finding: Sendable, Equatable, Codable {
        public let fingerprint: String
        public let path: String
        /// Its rule, to tell a finding no longer checked from a fixed one
        /// (nil in regressions recorded before dynatype knew).
        public let rule: String?

        public init(fingerprint: String, path: String, rule: String?) {
            self.fingerprint = fingerprint
            self.path = path
            self.rule = rule
        }
    }

    public let sha: String
    public let ref: String
    /// The severe findings it introduced.
    public let findings: [Finding]
    /// Files it turned from PASS to FAIL.
    public let failingPaths: [String]
    /// The compliance ratio before it.
    public let ratioBefore: Double

    public init(sha: String, ref: String, findings: [Finding], failingPaths: [String], ratioBefore: Double) {
        self.sha = sha
        self.ref = ref
        self.findings = findings
        self.failingPaths = failingPaths
        self.ratioBefore = ratioBefore
    }
}

/// What a commit changes in the outbox, saved with the commit.
public struct CommitNotifications: Sendable {
    public var alerts: [OutboxAlert] = []
    /// The sinks each alert is to be delivered to.
    public var sinks: [String] = []
    public var opened: [OpenRegression] = []
    /// Shas of the regressions this commit resolves.
    public var resolved: [String] = []
    /// Open regressions whose findings moved in this commit, with their new identities.
    public var moved: [OpenRegression] = []

    public init() {}

    public static let none = CommitNotifications()
}

/// An alert still owed to one sink.
public struct PendingDelivery: Sendable, Equatable {
    public let alertID: Int64
    public let key: String
    public let kind: OutboxAlert.Kind
    public let sink: String
    public let payload: Data
    public let attempts: Int
}

/// The outbox as `status` shows it.
public struct OutboxStatus: Sendable {
    /// Deliveries not yet made, per sink.
    public let pending: [String: Int]
    /// Deliveries that failed at least once and are waiting for a retry, per sink.
    public let failing: [String: (attempts: Int, error: String)]
    public let lastAlert: (key: String, kind: OutboxAlert.Kind, commit: String, createdAt: Date)?
    public let alertsByKind: [OutboxAlert.Kind: Int]
}

/// What became of one delivery attempt.
public enum DeliveryOutcome: Sendable, Equatable {
    case delivered
    /// Not delivered: retried at `retryAt`.
    case failed(error: String, retryAt: Date)
    /// Given up for a stop: not an attempt, so no backoff after the restart.
    case abandoned
}
