import Foundation

/// The folder `github` annotation paths are relative to. GitHub resolves
/// them from the repository root, whatever folder the workflow step ran in:
/// `$GITHUB_WORKSPACE` in Actions, else the git work tree around the
/// current folder, else the current folder.
public enum AnnotationRoot {
    public static func path(current: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let workspace = environment["GITHUB_WORKSPACE"], !workspace.isEmpty { return workspace }
        return (ProjectContext.workTree(containing: current) ?? current).resolvingSymlinksInPath().path
    }
}
