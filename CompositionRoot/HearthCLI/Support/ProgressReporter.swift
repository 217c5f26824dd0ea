/// Progress of a long command on standard error: a bar redrawn in place on a terminal, plain lines
/// otherwise (logs, pipes), or nothing.
final class ProgressReporter {
    enum Style {
        case bar
        case lines
        case off
    }

    private let console: Console
    private let style: Style
    private let label: String
    private let clock = ContinuousClock()
    private var lastDraw: ContinuousClock.Instant?
    private var lastLineCount = 0
    private var drewBar = false
    /// In lines mode, a line every this many items.
    private let lineEvery: Int

    init(console: Console, style: Style, label: String, lineEvery: Int = 1_000) {
        self.console = console
        self.style = style
        self.label = label
        self.lineEvery = lineEvery
    }

    /// Reports `done` items (of `fraction` of the whole, when known); `detail` says what is being done.
    func update(done: Int, fraction: Double?, detail: String) {
        switch style {
        case .off:
            return
        case .lines:
            guard done - lastLineCount >= lineEvery else { return }
            lastLineCount = done
            console.printError(
                "\(label): \(done) documents" + (fraction.map { " (\(Self.percent($0)))" } ?? "") + " \(detail)")
        case .bar:
            let now = clock.now
            let complete = (fraction ?? 0) >= 1
            if let lastDraw, now - lastDraw < .milliseconds(80), !complete { return }
            lastDraw = now
            draw(done: done, fraction: fraction, detail: detail)
        }
    }

    /// A line about a step (lines mode only; the bar shows it as its detail instead).
    func note(_ text: String) {
        if style == .lines { console.printError("\(label): \(text)") }
    }

    /// Ends the progress display with a summary line (in every style but ``Style/off``).
    func finish(_ summary: String) {
        switch style {
        case .off: return
        case .lines: console.printError("\(label): \(summary)")
        case .bar:
            if drewBar { console.writeError("\r\u{1B}[2K") }
            console.printError("\(label): \(summary)")
        }
    }

    private func draw(done: Int, fraction: Double?, detail: String) {
        let width = 28
        var line = "\r\u{1B}[2K\(label) "
        if let fraction {
            let clamped = min(max(fraction, 0), 1)
            let filled = Int((clamped * Double(width)).rounded(.down))
            line += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            line += Self.percent(clamped) + " "
        } else {
            let spinner = ["|", "/", "-", "\\"][done / 100 % 4]
            line += "[\(spinner)] "
        }
        line += "\(done) documents  \(detail)"
        console.writeError(String(line.prefix(160)))
        drewBar = true
    }

    private static func percent(_ fraction: Double) -> String {
        "\(Int((min(max(fraction, 0), 1) * 100).rounded(.down)))%"
    }
}
