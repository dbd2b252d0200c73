import Foundation
import SegueCore

/// One `.xib` (nib) file read into scenes: the controllers it holds and, when its File's Owner is
/// a controller class with a `view` outlet, that class's view as a scene of its own.
public struct NibFile: Sendable {
    /// The nib's name: the file name without `.xib` (`MainWindow`, `Feed~ipad`).
    public var name: String
    public var file: String
    /// The File's Owner's class (`FeedController`), when the nib names one.
    public var ownerClass: String?
    /// The scene made of the File's Owner's view (id: the owner's class), when it has one.
    public var ownerScene: String?
    /// Every scene, ids final (the owner scene's id is its class; controllers inside the nib are
    /// `Nib:Class`, or `Nib:xmlID` when the nib holds no class or several of it).
    public var scenes: [Scene]
    /// The controller a window of this nib holds (`rootViewController`), else the first
    /// top-level container, else the first controller.
    public var rootScene: String?
    /// Scene id → the nib its controller names for its view (`nibName`, `IBUINibName`).
    public var nibNames: [String: String]
    /// Scenes whose controller has no view of its own in the nib (UIKit looks one up).
    public var scenesWithoutView: Set<String>
    /// Whether the file is in the old IB3 archive format.
    public var isArchive: Bool
    public var diagnostics: [Diagnostic]
    /// Whether the nib holds a window whose `rootViewController` it does not set (the app's
    /// delegate sets it in code, or adds a controller's view to the window).
    public var windowWithoutRoot = false
}

/// Reads `.xib` files in both formats: the document format (Xcode 5 and later, `<document
/// type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">`) and the IB3 archive format of older
/// apps (`<archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">`, converted by
/// `IB3ArchiveReader`). Either becomes a storyboard-shaped document, one scene per controller
/// (containers' inline children become relationship segues), mapped by the storyboard importer's
/// own element mapping.
public enum XibImporter {
    public static func load(path: String) throws(StoryboardImportError) -> NibFile {
        try parse(data: try StoryboardImporter.read(path), fileName: path)
    }

    public static func parse(data: Data, fileName: String) throws(StoryboardImportError) -> NibFile {
        let parsed = try DOMBuilder.parse(data, file: fileName)
        var name = (fileName as NSString).lastPathComponent
        if name.hasSuffix(".xib") { name.removeLast(4) }
        let document: XMLNode
        let isArchive = parsed.name == "archive"
        switch parsed.name {
        case "document": document = parsed
        case "archive": document = IB3ArchiveReader(archive: parsed).document()
        default:
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.notAStoryboard, at: SourceLocation(file: fileName, line: parsed.line),
                           "not an Interface Builder xib: root element <\(parsed.name)>, expected <document> or <archive>"),
            ])
        }
        var shaper = XibShaper(document: document, nibName: name)
        let shaped = shaper.run()
        var mapper = DocumentMapper(root: shaped, file: fileName, name: name)
        let doc = mapper.map()
        var scenes = doc.scenes
        // Destinations inside one nib are local ids: they are final already.
        for i in scenes.indices { scenes[i].storyboardName = name }
        let root = shaper.rootXMLID.flatMap { xml in doc.xmlIDs.first { $0.value == xml }?.key }
        let owner = shaper.ownerSceneID.flatMap { id in scenes.contains { $0.id == id } ? id : nil }
        return NibFile(
            name: name, file: fileName, ownerClass: shaper.ownerClass, ownerScene: owner, scenes: scenes,
            rootScene: root,
            nibNames: shaper.nibNames.reduce(into: [:]) { out, pair in
                if let id = doc.xmlIDs.first(where: { $0.value == pair.key })?.key { out[id] = pair.value }
            },
            scenesWithoutView: Set(shaper.withoutView.compactMap { xml in doc.xmlIDs.first { $0.value == xml }?.key }),
            isArchive: isArchive, diagnostics: doc.diagnostics, windowWithoutRoot: shaper.windowWithoutRoot)
    }
}

/// Turns a xib's `<objects>` into a storyboard's `<scenes>`: each controller (top-level or held
/// inline by a container) a scene, containers' children relationship segues, and the File's
/// Owner's view a scene of the owner's class.
struct XibShaper {
    let document: XMLNode
    let nibName: String
    var ownerClass: String?
    var ownerSceneID: String?
    var rootXMLID: String?
    /// A window is among the top-level objects and names no `rootViewController`.
    var windowWithoutRoot = false
    var nibNames: [String: String] = [:]
    var withoutView: [String] = []
    private var scenes: [XMLNode] = []
    private var classCount: [String: Int] = [:]

    static let controllerNames: Set<String> = Set(DocumentMapper.controllerKinds.keys)

    init(document: XMLNode, nibName: String) {
        self.document = document
        self.nibName = nibName
    }

    mutating func run() -> XMLNode {
        let objects = document.child("objects")?.children ?? []
        countClasses(objects)
        let owner = objects.first { $0.name == "placeholder" && $0["placeholderIdentifier"] == "IBFilesOwner" }
        ownerClass = owner?["customClass"].flatMap { $0.isEmpty ? nil : $0 }
        let ownerView = owner?.child("connections")?.children("outlet").first { $0["property"] == "view" }?["destination"]
        var topControllers: [XMLNode] = []
        for object in objects {
            if Self.controllerNames.contains(object.name) {
                topControllers.append(object)
                _ = flatten(object)
            } else if let ownerClass, let ownerView, object["id"] == ownerView {
                addOwnerScene(ownerClass, view: object, owner: owner!)
            }
        }
        let windowRoot = windowRoot(objects)
        windowWithoutRoot = windowRoot == nil && objects.contains { $0.name == "window" }
        rootXMLID = windowRoot ?? topControllers.first { $0.name != "viewController" }?["id"] ?? topControllers.first?["id"]
        var attributes = document.attributes
        attributes["initialViewController"] = rootXMLID
        let root = XMLNode(name: "document", attributes: attributes, line: document.line)
        let container = XMLNode(name: "scenes", attributes: [:], line: document.line)
        container.children = scenes
        root.children = [container]
        return root
    }

    private mutating func countClasses(_ nodes: [XMLNode]) {
        for node in nodes {
            node.walk { n in
                if Self.controllerNames.contains(n.name), let cls = n["customClass"] { classCount[cls, default: 0] += 1 }
                return true
            }
        }
    }

    /// The controller a top-level window names as its `rootViewController`.
    private func windowRoot(_ objects: [XMLNode]) -> String? {
        for window in objects where window.name == "window" {
            if let id = window.child("connections")?.children("outlet").first(where: { $0["property"] == "rootViewController" })?["destination"] {
                return id
            }
        }
        return nil
    }

    private mutating func addOwnerScene(_ cls: String, view: XMLNode, owner: XMLNode) {
        var attributes = ["id": cls, "customClass": cls, "storyboardIdentifier": cls]
        if let title = owner["title"] { attributes["title"] = title }
        let controller = XMLNode(name: "viewController", attributes: attributes, line: owner.line)
        var viewAttributes = view.attributes
        viewAttributes["key"] = "view"
        let keyed = XMLNode(name: view.name, attributes: viewAttributes, line: view.line)
        keyed.children = view.children
        keyed.text = view.text
        controller.children = [keyed]
        if let item = owner.child("navigationItem") { controller.children.append(item) }
        if let connections = owner.child("connections") { controller.children.append(connections) }
        ownerSceneID = cls
        scenes.append(scene(controller))
    }

    private func scene(_ controller: XMLNode) -> XMLNode {
        let scene = XMLNode(name: "scene", attributes: ["sceneID": controller["id"] ?? ""], line: controller.line)
        let objects = XMLNode(name: "objects", attributes: [:], line: controller.line)
        objects.children = [controller]
        scene.children = [objects]
        return scene
    }

    /// Adds a scene for `controller` and for each controller it holds inline; returns its XML id.
    @discardableResult
    private mutating func flatten(_ controller: XMLNode) -> String? {
        guard let xmlID = controller["id"] else { return nil }
        var attributes = controller.attributes
        attributes["storyboardIdentifier"] = sceneID(controller, xmlID: xmlID)
        let copy = XMLNode(name: controller.name, attributes: attributes, line: controller.line)
        var relationships: [XMLNode] = []
        var children: [XMLNode] = []
        for child in controller.children {
            if child.name == "viewControllers" {
                let nested = child.children.filter { Self.controllerNames.contains($0.name) }
                for (index, inner) in nested.enumerated() {
                    guard let id = flatten(inner) else { continue }
                    relationships.append(relationship(for: controller.name, index: index, destination: id, line: inner.line))
                }
            } else {
                children.append(child)
            }
        }
        if let nib = controller["nibName"], !nib.isEmpty { nibNames[xmlID] = nib }
        if !(DocumentMapper.controllerKinds[controller.name]?.isContainer ?? false), controller.child(key: "view") == nil {
            withoutView.append(xmlID)
        }
        if !relationships.isEmpty {
            let connections = children.first { $0.name == "connections" } ?? {
                let made = XMLNode(name: "connections", attributes: [:], line: controller.line)
                children.append(made)
                return made
            }()
            connections.children += relationships
        }
        copy.children = children
        scenes.append(scene(copy))
        return xmlID
    }

    private func relationship(for container: String, index: Int, destination: String, line: Int) -> XMLNode {
        let kind: String
        switch (container, index) {
        case ("navigationController", 0): kind = "rootViewController"
        case ("splitViewController", 0): kind = "masterViewController"
        case ("splitViewController", _): kind = "detailViewController"
        default: kind = "viewControllers"
        }
        return XMLNode(name: "segue", attributes: ["kind": "relationship", "relationship": kind, "destination": destination,
                                                   "id": "rel-\(destination)"], line: line)
    }

    /// `Nib:Class` for a controller whose class is unique in the nib, else `Nib:xmlID`.
    private func sceneID(_ controller: XMLNode, xmlID: String) -> String {
        if let cls = controller["customClass"], !cls.isEmpty, classCount[cls] == 1 { return "\(nibName):\(cls)" }
        return "\(nibName):\(xmlID)"
    }
}
