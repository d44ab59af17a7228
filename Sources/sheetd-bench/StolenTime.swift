#if canImport(Glibc)
import Glibc
#endif

/// The CPU time a hypervisor has taken from this machine since boot: the `steal` column of
/// the `cpu` line of /proc/stat (all CPUs together), in milliseconds. The pacing rows report
/// how much of it fell inside each run, which tells a stall of the machine from one of the
/// daemon.
enum StolenTime {
    /// Milliseconds stolen since boot, or nil where /proc/stat cannot be read or has no
    /// `steal` column.
    static func milliseconds() -> Double? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: " ")
        // cpu user nice system idle iowait irq softirq steal ...
        guard fields.first == "cpu", fields.count > 8, let ticks = Double(fields[8]) else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return perSecond > 0 ? ticks / perSecond * 1000 : nil
    }
}
