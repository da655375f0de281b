/// What the daemon tells the service manager that runs it: started and
/// caught up, what it is doing, still alive, re-reading its configuration,
/// stopping. systemd's is `SystemdNotifier`; a port to a service manager
/// without such a channel (launchd) gives one that stays silent.
protocol ServiceManagerNotifier: AnyObject, Sendable {
    /// How often the manager wants a sign of life, when it watches for one.
    var watchdogInterval: Double? { get }
    func ready(status: String)
    func status(_ text: String)
    /// A sign of life, with what is under way when that says more than "alive".
    func alive(status: String?)
    func reloading()
    func stopping()
    /// More time to start, while catching up on a long history.
    func extendStartTimeout(seconds: Double)
}
