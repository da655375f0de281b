@testable import DynatypeRules
import Testing

/// element-x-ios reads `UIFont.preferredFont(forTextStyle: .body).pointSize`
/// in its attributed-string builder and empties the builder's caches when the
/// text size changes (in another file): the size is read again on every
/// change, so it follows the user and is no `font_size_read_once`.
@Suite struct SizeChangeRefreshTests {
    private let builder = """
        import UIKit
        struct AttributedStringBuilder {
            static func invalidateCaches() {}
            func heading() -> UIFont {
                let fontPointSize = UIFont.preferredFont(forTextStyle: .body).pointSize
                return UIFont.boldSystemFont(ofSize: fontPointSize + 4)
            }
        }
        """

    private func readOnce(_ files: [String: String]) -> [Finding] {
        audit(files)["Builder.swift"]!.findings.filter { $0.rule == .fontSizeReadOnce }
    }

    @Test func aTypeAnotherFileRefreshesOnTheNotificationReadsTheSizeAgain() {
        let coordinator = """
            import UIKit
            final class AppCoordinator {
                func start() {
                    NotificationCenter.default.addObserver(self, selector: #selector(didChangeContentSizeCategory),
                                                           name: UIContentSizeCategory.didChangeNotification, object: nil)
                }
                @objc private func didChangeContentSizeCategory() {
                    AttributedStringBuilder.invalidateCaches()
                }
            }
            """
        #expect(readOnce(["Builder.swift": builder]).count == 1, "alone, the size is read once")
        #expect(readOnce(["Builder.swift": builder, "AppCoordinator.swift": coordinator]).isEmpty)
        let otherNotification = coordinator.replacingOccurrences(of: "UIContentSizeCategory.didChangeNotification", with: "UIApplication.didBecomeActiveNotification")
        #expect(readOnce(["Builder.swift": builder, "AppCoordinator.swift": otherNotification]).count == 1)
    }

    @Test func aTypeThatObservesTheChangeAndCallsItsOwnMethodsReadsAgain() {
        let observing = builder.replacingOccurrences(of: "static func invalidateCaches() {}", with: """
            static func invalidateCaches() {}
                func observe() -> Any {
                    NotificationCenter.default.publisher(for: UIContentSizeCategory.didChangeNotification)
                        .sink { _ in self.heading() }
                }
            """)
        #expect(readOnce(["Builder.swift": observing]).isEmpty)
        let unrelated = observing.replacingOccurrences(of: "self.heading()", with: "print(1)")
        #expect(readOnce(["Builder.swift": unrelated]).count == 1, "a handler that refreshes nothing of the type")
    }
}
