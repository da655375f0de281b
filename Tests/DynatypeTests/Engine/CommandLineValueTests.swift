import DynatypeEngine
import Foundation
import Testing

/// Dates and repository paths as they are typed on a command line, parsed
/// in the library so they can be tested without the executable.
@Suite struct CommandLineValueTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func datesAreDaysTimesOrAnAmountAgo() throws {
        #expect(try DateExpression.parse("30 days ago", option: "--since", now: Self.now) == Self.now.addingTimeInterval(-30 * 86_400))
        #expect(try DateExpression.parse("1 week ago", option: "--since", now: Self.now) == Self.now.addingTimeInterval(-7 * 86_400))
        #expect(try DateExpression.parse("2024-05-01", option: "--since") == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(try DateExpression.parse("2024-05-01T12:00:00Z", option: "--since") == Date(timeIntervalSince1970: 1_714_564_800))
    }

    @Test func anUnreadableDateSaysWhichOptionAndWhatIsExpected() {
        #expect(throws: DateExpression.Invalid.self) { try DateExpression.parse("3 fortnights ago", option: "--since") }
        do {
            _ = try DateExpression.parse("yesterday", option: "--since")
        } catch {
            #expect(error.description.hasPrefix("--since expects a date such as 2024-05-01"))
        }
    }

    @Test func aPathIsRelativeToTheCurrentFolderInsideTheWorkTreeElseToItsRoot() throws {
        let root = URL(fileURLWithPath: "/srv/app")
        #expect(try WorkTreePath.resolve("View.swift", workTree: root, currentDirectory: URL(fileURLWithPath: "/srv/app/Sources")) == "Sources/View.swift")
        #expect(try WorkTreePath.resolve("Sources/View.swift", workTree: root, currentDirectory: URL(fileURLWithPath: "/tmp")) == "Sources/View.swift")
        #expect(try WorkTreePath.resolve("/srv/app/Sources", workTree: root, currentDirectory: URL(fileURLWithPath: "/tmp")) == "Sources")
        #expect(try WorkTreePath.resolve("..", workTree: root, currentDirectory: URL(fileURLWithPath: "/srv/app/Sources")) == ".")
        #expect(throws: WorkTreePath.Outside.self) { try WorkTreePath.resolve("/etc/passwd", workTree: root, currentDirectory: root) }
    }

    @Test func annotationsAreRelativeToTheActionsWorkspaceWhenThereIsOne() {
        let folder = URL(fileURLWithPath: "/tmp")
        #expect(AnnotationRoot.path(current: folder, environment: ["GITHUB_WORKSPACE": "/github/workspace"]) == "/github/workspace")
        #expect(AnnotationRoot.path(current: folder, environment: [:]) == folder.resolvingSymlinksInPath().path)
    }
}
