import SegueCore

extension Overlay {
    private var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }

    /// Every name the overlay uses that the storyboard does not have: unknown scenes, elements,
    /// cells, segues, destinations, with the line and the nearest existing name.
    public func validate(against storyboard: Storyboard) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func check(_ name: String, in names: [String], _ what: String, of scene: String? = nil, line: Int) {
            guard !names.contains(name) else { return }
            problems.append(Diagnostic(.error, at: SourceLocation(file: file, line: line),
                                       "unknown \(what) '\(name)'" + (scene.map { " in scene '\($0)'" } ?? "") + NearestName.suggestion(for: name, in: names)))
        }
        let sceneIDs = storyboard.sceneOrder
        if let initial { check(initial.value, in: sceneIDs, "scene", line: initial.line) }
        for changes in scenes {
            guard let scene = storyboard[changes.scene] else { check(changes.scene, in: sceneIDs, "scene", line: changes.line); continue }
            let elements = SceneElements.elementIDs(in: scene)
            let cells = Self.prototypeCells(in: scene)
            for step in changes.steps + changes.rows.flatMap(\.steps) {
                switch step.verb {
                case .segue: check(step.target, in: scene.segues.map(\.codeIdentifier), "segue", of: scene.id, line: step.line)
                case .action: check(step.target, in: BuiltInAction.allCases.map(\.rawValue), "action", line: step.line)
                default: check(step.target, in: sceneIDs, "scene", line: step.line)
                }
                if let element = step.element { check(element, in: elements, "element", of: scene.id, line: step.line) }
            }
            for refused in changes.refuse { check(refused.value, in: scene.segues.map(\.codeIdentifier), "segue", of: scene.id, line: refused.line) }
            for refusal in changes.shouldPerformSegue {
                check(refusal.value.0, in: scene.segues.map(\.codeIdentifier), "segue", of: scene.id, line: refusal.line)
                if case .whileEmpty(let fields) = refusal.value.1 { for f in fields { check(f, in: elements, "element", of: scene.id, line: refusal.line) } }
            }
            for pair in changes.texts + changes.images + changes.children { check(pair.value.0, in: elements, "element", of: scene.id, line: pair.line) }
            for child in changes.children { check(child.value.1, in: sceneIDs, "scene", line: child.line) }
            for row in changes.rows { check(row.cell, in: cells, "prototype cell", of: scene.id, line: row.line) }
            if let detail = changes.detail { check(detail.value, in: sceneIDs, "scene", line: detail.line) }
        }
        return problems
    }

    /// The storyboard with the overlay's changes. Unknown names change nothing (see ``validate(against:)``).
    public func applied(to storyboard: Storyboard) -> Storyboard {
        var out = storyboard
        if let initial, out[initial.value] != nil { out.initialViewController = initial.value }
        for changes in scenes {
            guard var scene = out.scenes[changes.scene] else { continue }
            for step in changes.steps { apply(step, to: &scene, storyboard: out) }
            for refused in changes.refuse { scene.refusedSegues.append(refused.value) }
            for refusal in changes.shouldPerformSegue { scene.shouldPerformSegue[refusal.value.0] = refusal.value.1 }
            for pair in changes.texts { SceneElements.update(in: &scene) { if $0.id == pair.value.0 { $0.text = pair.value.1 } } }
            for pair in changes.images { SceneElements.update(in: &scene) { if $0.id == pair.value.0 { $0.image = pair.value.1 } } }
            if let detail = changes.detail, out[detail.value] != nil { scene.detailViewController = detail.value }
            for child in changes.children where out[child.value.1] != nil { embed(child.value.1, in: child.value.0, scene: &scene) }
            if !changes.rows.isEmpty { applyRows(changes.rows, to: &scene, storyboard: out) }
            out.scenes[changes.scene] = scene
        }
        return out
    }

    /// The tap a step gives, adding its segue to the scene when it leads to a scene.
    @discardableResult
    func apply(_ step: Step, to scene: inout Scene, storyboard: Storyboard) -> TapTarget? {
        let target: TapTarget
        switch step.verb {
        case .segue:
            guard let spec = scene.segues.first(where: { $0.codeIdentifier == step.target }) else { return nil }
            target = .segue(spec.id)
        case .action:
            target = .action(step.target)
        case .push, .present, .show, .showDetail:
            guard storyboard[step.target] != nil else { return nil }
            let id = step.id ?? "overlay:\(fileName):\(step.line)"
            let kinds: [Step.Verb: SegueKind] = [.push: .push, .present: .presentation, .show: .show, .showDetail: .showDetail]
            var spec = SegueSpec(id: id, kind: kinds[step.verb] ?? .show, destination: step.target)
            spec.modalPresentationStyle = step.style
            spec.codeSource = step.source ?? "\(fileName):\(step.line)"
            if scene.segue(id) == nil { scene.segues.append(spec) }
            target = .segue(id)
        }
        if let element = step.element { SceneElements.wire(element: element, to: target, in: &scene) }
        if let method = step.actionMethod { SceneElements.wire(action: method, to: target, in: &scene) }
        if step.rows {
            SceneElements.wireSelection(collection: false, to: target, in: &scene)
            SceneElements.wireSelection(collection: true, to: target, in: &scene)
        }
        return target
    }

    private func embed(_ child: String, in container: String, scene: inout Scene) {
        let id = "overlay-embed-\(container)"
        if scene.segue(id) == nil { scene.segues.append(SegueSpec(id: id, kind: .embed, destination: child)) }
        SceneElements.update(in: &scene) { if $0.id == container { $0.embed = id } }
    }

    /// Prototype cells (rows sampled as `CELL-1`, `CELL-2`, …): their cell ids.
    static func prototypeCells(in scene: Scene) -> [String] {
        var cells: [String] = []
        func visit(_ node: ViewNode) {
            for section in node.sections {
                for row in section.rows {
                    guard let id = row.id, id.hasSuffix("-1") else { continue }
                    cells.append(String(id.dropLast(2)))
                }
            }
            node.children.forEach(visit)
        }
        scene.view.forEach(visit)
        return cells
    }
}
