@testable import DynatypeEngine
@testable import DynatypeGit
import Testing

/// The forecast tells the tree cache when each tree is next needed: the
/// first commit ahead that replaces the tree's blob or edits its Swift file.
@Suite struct ChangeForecastTests {
    static func blob(_ digit: Character) -> ObjectID { ObjectID(hex: String(repeating: digit, count: 40))! }

    static func modified(_ path: String, from old: Character, to new: Character) -> FileChange {
        FileChange(kind: .modified, oldPath: path, newPath: path, oldBlob: blob(old), newBlob: blob(new))
    }

    @Test func aTreeIsNextNeededWhereItsBlobIsReplacedOrItsFileEdited() {
        let forecast = ChangeForecast()
        forecast.expect([Self.modified("A.swift", from: "1", to: "2")], at: 5)
        forecast.expect([Self.modified("A.swift", from: "2", to: "3"), Self.modified("notes.md", from: "7", to: "8")], at: 9)
        forecast.expect([FileChange(kind: .added, oldPath: nil, newPath: "B.swift", oldBlob: nil, newBlob: Self.blob("4"))], at: 12)

        #expect(forecast.nextUse(ofBlob: Self.blob("1").hex, path: "A.swift") == 5)
        #expect(forecast.nextUse(ofBlob: Self.blob("2").hex, path: nil) == 9)
        // Another branch's version of B.swift is the base its new version can start from.
        #expect(forecast.nextUse(ofBlob: Self.blob("9").hex, path: "B.swift") == 12)
        // Only Swift files are parsed from earlier trees.
        #expect(forecast.nextUse(ofBlob: Self.blob("7").hex, path: "notes.md") == nil)

        // Once the scan is past a use, the next one counts; past the last, none.
        forecast.advance(to: 6)
        #expect(forecast.nextUse(ofBlob: Self.blob("1").hex, path: "A.swift") == 9)
        #expect(forecast.nextUse(ofBlob: Self.blob("1").hex, path: nil) == nil)
        forecast.advance(to: 300)
        #expect(forecast.nextUse(ofBlob: Self.blob("2").hex, path: "A.swift") == nil)
    }

    @Test func aNewScanStartsFromNothingForeseen() {
        let forecast = ChangeForecast()
        forecast.expect([Self.modified("A.swift", from: "1", to: "2")], at: 40)
        forecast.advance(to: 30)
        // The daemon's next catch-up numbers its commits from 0 again.
        forecast.reset()
        forecast.expect([Self.modified("A.swift", from: "1", to: "2")], at: 3)
        #expect(forecast.nextUse(ofBlob: Self.blob("1").hex, path: "A.swift") == 3)
        forecast.advance(to: 4)
        #expect(forecast.nextUse(ofBlob: Self.blob("1").hex, path: "A.swift") == nil)
    }

    @Test func droppingThePastKeepsWhatIsAhead() {
        let forecast = ChangeForecast()
        for position in 0..<600 { forecast.expect([Self.modified("A.swift", from: "1", to: "2")], at: position) }
        forecast.advance(to: 512)
        #expect(forecast.nextUse(ofBlob: Self.blob("1").hex, path: nil) == 512)
        forecast.advance(to: 599)
        #expect(forecast.nextUse(ofBlob: Self.blob("1").hex, path: "A.swift") == 599)
    }
}
