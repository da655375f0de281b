/// A unified diff of two versions of a file, as `git apply` and `patch -p1`
/// read it: `a/` and `b/` paths, hunks with three lines of context, and the
/// "No newline at end of file" marker. Lines are matched with Myers' O(ND)
/// algorithm, which is fast when the versions differ little (a fix).
public enum UnifiedDiff {
    public static func render(path: String, old: String, new: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        // A line's end is part of it: gaining or losing the last newline is a change.
        let script = edits(a.map(\.key), b.map(\.key))
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var out = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            // A hunk runs until `context` * 2 unchanged lines separate it from the next change.
            while end < script.count {
                guard let next = script[end...].firstIndex(where: { $0.kind != .same }) else { break }
                if next - end > context * 2, end > firstChange { break }
                end = script[next...].firstIndex(where: { $0.kind == .same }) ?? script.count
            }
            let stop = min(script.count, end + context)
            let hunk = script[start..<stop]
            let oldStart = hunk.first!.oldIndex, newStart = hunk.first!.newIndex
            let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: out += line(" ", a[step.oldIndex])
                case .delete: out += line("-", a[step.oldIndex])
                case .insert: out += line("+", b[step.newIndex])
                }
            }
            index = stop
        }
        return out
    }

    private struct Line {
        let text: Substring
        let hasNewline: Bool

        var key: Substring { hasNewline ? text + "\n" : text }
    }

    private static func lines(_ text: String) -> [Line] {
        var result: [Line] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if let newline = rest.firstIndex(of: "\n") {
                result.append(Line(text: rest[..<newline], hasNewline: true))
                rest = rest[rest.index(after: newline)...]
            } else {
                result.append(Line(text: rest, hasNewline: false))
                rest = ""
            }
        }
        return result
    }

    private static func line(_ marker: String, _ line: Line) -> String {
        marker + line.text + (line.hasNewline ? "\n" : "\n\\ No newline at end of file\n")
    }

    /// `start,count` with git's conventions (an empty range names the line before it).
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    private enum Kind { case same, delete, insert }

    private struct Step {
        let kind: Kind
        let oldIndex: Int
        let newIndex: Int
    }

    /// The shortest edit script from `a` to `b` (Myers 1986), as steps in order.
    private static func edits(_ a: [Substring], _ b: [Substring]) -> [Step] {
        let n = a.count, m = b.count, offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]))
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk the trace back from the end: each round made one move and a snake.
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                steps.append(Step(kind: .same, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                steps.append(Step(kind: x == previousX ? .insert : .delete, oldIndex: previousX, newIndex: previousY))
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
