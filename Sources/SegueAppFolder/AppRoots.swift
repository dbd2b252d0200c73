import SegueCore
import SegueStoryboard

extension AppLoader {
    /// Sets the storyboard's roots from the main interfaces: the main storyboard's initial
    /// scene or the main nib's root controller, per idiom; the best candidate, with a notice,
    /// when the app builds its root in code or the named interface is missing.
    static func decideRoots(_ launch: inout AppLaunch, app: AppFolder, storyboard: inout Storyboard, nibs: [NibFile],
                            code: CodeFindings?, diagnostics: inout [Diagnostic]) {
        rootsOfMainInterfaces(&launch, app: app, storyboard: storyboard, nibs: nibs, diagnostics: &diagnostics)
        let replaced = code?.replacesEmptyMainInterface == true && code?.rootScene != nil ? launch.phoneRoot : nil
        if let replaced {
            // The empty scene stays what `instantiateInitialViewController()` gives.
            storyboard.entryScenes.insert(replaced)
            storyboard.initialViewController = nil
            launch.phoneRoot = nil
            if launch.padRoot == replaced { launch.padRoot = nil }
        }
        if launch.phoneRoot == nil {
            guessRoot(&launch, app: app, storyboard: &storyboard, nibs: nibs, code: code, diagnostics: &diagnostics)
        }
        // The main storyboard's own initial scene stays what `instantiateInitialViewController()` gives.
        if let own = storyboard.initialViewController, own != launch.phoneRoot { storyboard.entryScenes.insert(own) }
        storyboard.initialViewController = launch.phoneRoot
        storyboard.padInitialViewController = launch.padRoot != launch.phoneRoot ? launch.padRoot : nil
        storyboard.launchNotice = launch.notice
    }

    /// The root each idiom's main interface names, with an error for one not found.
    private static func rootsOfMainInterfaces(_ launch: inout AppLaunch, app: AppFolder, storyboard: Storyboard, nibs: [NibFile],
                                              diagnostics: inout [Diagnostic]) {
        let plist = SourceLocation(file: app.infoPlist, line: 1)
        func root(of interface: AppLaunch.Interface) -> String? {
            switch interface {
            case .storyboard(let name):
                guard app.resolve(name, ext: "storyboard") != nil else { return nil }
                if name == storyboard.name { return storyboard.initialViewController }
                return storyboard.entryScenes.sorted().first { $0.hasPrefix(name + ":") }
            case .nib(let name):
                return AppImport.mainNib(name, in: nibs)?.rootScene
            }
        }
        func describe(_ interface: AppLaunch.Interface) -> String {
            switch interface {
            case .storyboard(let name): "storyboard '\(name)'"
            case .nib(let name): "nib '\(name)'"
            }
        }
        if let phone = launch.phone {
            launch.phoneRoot = root(of: phone)
            if launch.phoneRoot == nil {
                diagnostics.append(Diagnostic(.mainInterfaceNotFound, at: plist,
                    "the main interface, \(describe(phone)) (\(launch.reason)), was not found or has no root view controller"))
            }
        }
        if let pad = launch.pad {
            launch.padRoot = root(of: pad)
            if launch.padRoot == nil {
                diagnostics.append(Diagnostic(.mainInterfaceNotFound, at: plist,
                    "the pad main interface, \(describe(pad)), was not found or has no root view controller"))
            }
        }
    }

    /// No phone root from a main interface: the best candidate (the root the code builds, a
    /// nib's container, the storyboard's entry), never the launch screen, with a notice.
    private static func guessRoot(_ launch: inout AppLaunch, app: AppFolder, storyboard: inout Storyboard, nibs: [NibFile],
                                  code: CodeFindings?, diagnostics: inout [Diagnostic]) {
        let plist = SourceLocation(file: app.infoPlist, line: 1)
        // The launch screen is only ever the launch image, never the root.
        let launchScreen = Set(storyboard.orderedScenes.filter {
            storyboard.launchScreenScenes.contains($0.id) || ($0.storyboardName != nil && $0.storyboardName == app.launchStoryboard)
        }.map(\.id))
        storyboard.launchScreenScenes.formUnion(launchScreen)
        storyboard.initialViewController = storyboard.initialViewController.flatMap {
            storyboard[$0] != nil && !launchScreen.contains($0) ? $0 : nil
        }
        let entry = { (all: Storyboard) -> String? in
            var rest = all
            rest.sceneOrder.removeAll { launchScreen.contains($0) }
            for id in launchScreen { rest.scenes[id] = nil }
            return StoryboardReachability.entryScene(rest)
        }
        let containersFirst = nibs.compactMap(\.rootScene).sorted { a, b in
            (storyboard[a]?.kind.isContainer ?? false) && !(storyboard[b]?.kind.isContainer ?? false)
        }
        storyboard = storyboard.adding((code?.rootScenes ?? []) + (code?.rootMadeScene.map { [$0] } ?? []))
        if let container = code?.rootContainer, storyboard.scenes[container.id] == nil,
           container.viewControllers.allSatisfy({ storyboard[$0] != nil }),
           container.rootViewController.map({ storyboard[$0] != nil }) ?? true {
            storyboard.scenes[container.id] = container
            storyboard.sceneOrder.append(container.id)
        }
        let guess = AppLaunch.rootFromCode(code, storyboard: storyboard, nibRoots: containersFirst, entry: entry)
        launch.phoneRoot = guess.scene
        if let name = launchedName(guess.scene, storyboard: storyboard) { storyboard.name = name }
        let shown = guess.scene.map { "showing \(guess.why), scene '\($0)'" } ?? "nothing to show"
        if code?.replacesEmptyMainInterface == true {
            launch.notice = "The main interface's initial view controller shows nothing (or its window has none) and the app's delegate sets the window's root in code: \(shown)."
        } else if launch.phone == nil {
            launch.notice = "This app builds its root view controller in code (\(app.infoPlistName) names no main storyboard or nib): \(shown)."
            diagnostics.append(Diagnostic(.rootBuiltInCode, severity: .warning, at: plist,
                "no main storyboard or nib: the app builds its root in code; \(shown)"))
        } else {
            launch.notice = "The app's main interface was not found or has no initial view controller: \(shown)."
        }
    }

    /// The name of what a root built in code launches, when the storyboard is named after one
    /// that does not hold it (the launch screen's, the first of several): the root's class,
    /// else its storyboard's name, else its scene id. Nil keeps the name.
    static func launchedName(_ root: String?, storyboard: Storyboard) -> String? {
        guard let scene = root.flatMap({ storyboard[$0] }), scene.storyboardName != storyboard.name,
              storyboard.scenes.values.contains(where: { $0.storyboardName == storyboard.name }) else { return nil }
        return scene.className ?? scene.storyboardName ?? scene.id
    }

    /// The first lines of the log: the app, what each idiom launches and why.
    static func logLines(_ launch: AppLaunch, app: AppFolder, storyboard: Storyboard) -> [String] {
        func name(_ interface: AppLaunch.Interface?) -> String {
            switch interface {
            case .storyboard(let n)?: "\(n).storyboard"
            case .nib(let n)?: "\(n).xib"
            case nil: "no main interface"
            }
        }
        var lines = ["app \(app.root): \(app.infoPlistName), development region \(app.developmentRegion)"]
        lines.append("launching \(name(launch.phone)) (\(launch.reason)): root scene \(launch.phoneRoot ?? "none")")
        if let pad = launch.pad {
            lines.append("on iPad: \(name(pad)) (\(pad == launch.phone ? "same as the phone" : "the ~ipad entry")): root scene \(launch.padRoot ?? "none")")
        }
        if let notice = launch.notice { lines.append(notice) }
        return lines
    }
}
