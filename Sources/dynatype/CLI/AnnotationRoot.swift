import DynatypeEngine
import Foundation

/// The folder `github` annotation paths are relative to. GitHub resolves
/// them from the repository root, whatever folder the workflow step ran in:
/// `$GITHUB_WORKSPACE` in Actions, else the git work tree around the
/// current folder, else the current folder.
enum AnnotationRoot {
    static func path(current: URL) -> String {
        if let workspace = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"], !workspace.isEmpty { return workspace }
        return (ProjectContext.workTree(containing: current) ?? current).resolvingSymlinksInPath().path
    }
}
