import SegueCore

/// The app as the analysis sees it: constants, classes (extensions and categories merged) and
/// the scenes each class runs in.
struct AppIndex {
    struct Method {
        var file: String
        var facts: MethodFacts
    }
    let storyboard: Storyboard
    var constants: [String: String] = [:]
    var methods: [String: [Method]] = [:]
    var superclass: [String: String] = [:]
    var scenesByClass: [String: [String]] = [:]

    init(facts: [SourceFacts], storyboard: Storyboard) {
        self.storyboard = storyboard
        for file in facts {
            constants.merge(file.constants) { first, _ in first }
            for cls in file.classes {
                if let s = cls.superclass { superclass[cls.name] = s }
                methods[cls.name, default: []] += cls.methods.map { Method(file: file.file, facts: $0) }
            }
        }
        for scene in storyboard.orderedScenes {
            guard var cls = scene.className else { continue }
            // A scene runs its class's methods and those it inherits.
            var seen: Set<String> = []
            while seen.insert(cls).inserted {
                scenesByClass[cls, default: []].append(scene.id)
                guard let parent = superclass[cls] else { break }
                cls = parent
            }
        }
    }

    /// A string's value: a literal, or a constant by its full name, by its last component, or
    /// for `.name` by any `Type.name` when only one exists.
    func resolve(_ value: StringValue) -> String? {
        switch value {
        case .literal(let s): return s
        case .symbol(let name):
            if let v = constants[name] { return v }
            let last = name.split(separator: ".").last.map(String.init) ?? name
            if name.hasPrefix(".") || name.contains(".") {
                let matches = Set(constants.filter { $0.key.hasSuffix("." + last) }.map(\.value))
                if matches.count == 1 { return matches.first }
            }
            return constants[last]
        }
    }

    /// The scenes whose custom class is `name`, exactly.
    func scenes(ofExactClass name: String) -> [String] {
        storyboard.orderedScenes.filter { $0.className == name }.map(\.id)
    }

    /// The storyboard a scene was declared in.
    func storyboardName(of sceneID: String?) -> String {
        sceneID.flatMap { storyboard[$0]?.storyboardName } ?? storyboard.name
    }
}
