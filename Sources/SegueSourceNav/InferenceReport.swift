import SegueCore
import SegueJSON

/// `segue infer`'s output: the steps found and what could not be resolved, as text or JSON.
public enum InferenceReport {
    public static func text(_ result: InferenceResult, storyboard: Storyboard) -> String {
        var lines: [String] = []
        lines.append("\(result.files) source files, \(result.classes) classes: \(result.findings.count) navigation steps, \(result.unresolved.count) unresolved, \(result.systemControllers) system controllers skipped")
        if let root = result.launchRoot { lines.append("launch root: \(describe(root))") }
        if !result.madeScenes.isEmpty {
            lines.append("controllers with no scene, their views made in code (scenes made for them): " + result.madeScenes.map(\.id).joined(separator: ", "))
        }
        if !result.findings.isEmpty { lines.append("steps:") }
        for f in result.findings {
            var line = "  \(f.source)  \(f.className).\(f.method)  \(f.triggers.map(\.description).joined(separator: ", "))  \(f.action.rawValue)"
            if let d = f.destination { line += " -> \(d)" + (storyboard[d]?.title.map { " \"\($0)\"" } ?? "") }
            if let s = f.segue { line += " segue '\(s)'" }
            if let style = f.presentationStyle { line += " (\(style.rawValue))" }
            if let tab = f.tabIndex { line += " tab \(tab)" }
            if let rows = f.rowFilter { line += " (\(describe(rows)))" }
            if let cells = f.cellOutlets { line += " (cells \(cells.sorted().joined(separator: ", ")))" }
            lines.append(line)
        }
        if !result.unresolved.isEmpty { lines.append("unresolved:") }
        for u in result.unresolved {
            lines.append("  \(u.source)  \(u.className)  \(u.action.rawValue): \(u.reason)")
        }
        if !result.rowDeletingClasses.isEmpty {
            lines.append("rows deleted by swiping: " + result.rowDeletingClasses.sorted().joined(separator: ", "))
        }
        if !result.unreadFiles.isEmpty { lines.append("not read:") }
        for u in result.unreadFiles { lines.append("  \(u.file): \(u.reason)") }
        return lines.joined(separator: "\n")
    }

    /// `sections 1, rows 0, 2`.
    static func describe(_ filter: RowFilter) -> String {
        let parts = [("sections", filter.sections), ("rows", filter.rows)].compactMap { name, values in
            values.map { "\(name) \($0.sorted().map(String.init).joined(separator: ", "))" }
        }
        return parts.joined(separator: ", ")
    }

    static func describe(_ root: LaunchRoot) -> String {
        switch root {
        case .scene(let id, let source): "scene \(id) (\(source))"
        case .navigation(let id, let source): "navigation controller around \(id) (\(source))"
        case .tabs(let ids, let source): "tab bar controller of \(ids.joined(separator: ", ")) (\(source))"
        case .madeInCode(let cls, let nav, let source):
            "\(nav ? "navigation controller around " : "")\(cls), a controller with no scene (its view made in code) (\(source))"
        }
    }

    public static func json(_ result: InferenceResult) -> String {
        var out = "{\"files\":\(result.files),\"classes\":\(result.classes),\"systemControllers\":\(result.systemControllers),\"steps\":["
        out += result.findings.map { f in
            var fields = ["\"identifier\":\(quote(f.identifier))", "\"source\":\(quote(f.source))", "\"class\":\(quote(f.className))",
                          "\"method\":\(quote(f.method))", "\"action\":\(quote(f.action.rawValue))",
                          "\"triggers\":[\(f.triggers.map { quote($0.description) }.joined(separator: ","))]",
                          "\"scenes\":[\(f.scenes.map(quote).joined(separator: ","))]"]
            if let d = f.destination { fields.append("\"destination\":\(quote(d))") }
            if let s = f.segue { fields.append("\"segue\":\(quote(s))") }
            if let style = f.presentationStyle { fields.append("\"presentationStyle\":\(quote(style.rawValue))") }
            if let tab = f.tabIndex { fields.append("\"tab\":\(tab)") }
            if let sections = f.rowFilter?.sections { fields.append("\"sections\":[\(sections.sorted().map(String.init).joined(separator: ","))]") }
            if let rows = f.rowFilter?.rows { fields.append("\"rows\":[\(rows.sorted().map(String.init).joined(separator: ","))]") }
            if let cells = f.cellOutlets { fields.append("\"cells\":[\(cells.sorted().map(quote).joined(separator: ","))]") }
            return "{" + fields.joined(separator: ",") + "}"
        }.joined(separator: ",")
        out += "],\"unresolved\":["
        out += result.unresolved.map { u in
            "{\"source\":\(quote(u.source)),\"class\":\(quote(u.className)),\"action\":\(quote(u.action.rawValue)),\"reason\":\(quote(u.reason))}"
        }.joined(separator: ",")
        out += "]"
        if !result.rowDeletingClasses.isEmpty {
            out += ",\"rowDeletingClasses\":[" + result.rowDeletingClasses.sorted().map(quote).joined(separator: ",") + "]"
        }
        if !result.unreadFiles.isEmpty {
            out += ",\"unread\":[" + result.unreadFiles.map { "{\"file\":\(quote($0.file)),\"reason\":\(quote($0.reason))}" }.joined(separator: ",") + "]"
        }
        if let root = result.launchRoot { out += ",\"launchRoot\":\(quote(describe(root)))" }
        if !result.madeScenes.isEmpty { out += ",\"madeScenes\":[" + result.madeScenes.map { quote($0.id) }.joined(separator: ",") + "]" }
        return out + "}"
    }

    static func quote(_ s: String) -> String { JSONWriter.quoted(s) }
}
