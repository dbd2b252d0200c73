import SegueCore
import SegueHTTP

/// `GET /api/v1/openapi.json`: the JSON API as an OpenAPI 3.1 document. Its paths are the
/// documented routes of ``RouteTable`` (their methods and parameters), each with the operation
/// written here; the action bodies come from the same key table the decoder checks
/// (``ActionKeys``). `docs/API.md` is the same reference for people.
enum OpenAPIDocument {
    /// The schema of each action key.
    static func keySchema(_ key: String, action: String) -> String {
        switch key {
        case "element": ##"{"type":"string","description":"An element id of STATE elements."}"##
        case "values": ##"{"type":"object","additionalProperties":{"type":["string","number","boolean"]},"description":"Control id → its value: text for a text field, on/off for a switch, a number for a slider or stepper, a segment index for a segmented control."}"##
        case "identifier": ##"{"type":"string","description":"A segue identifier of the controller's scene."}"##
        case "controller" where action == "addChild" || action == "transition":
            ##"{"type":"string","description":"The custom container (a controller id); default: the frontmost visible content controller's outermost custom container, or that controller itself."}"##
        case "controller" where action == "removeFromParent" || action.hasSuffix("AppearanceTransition"):
            ##"{"type":"string","description":"The child (a controller id)."}"##
        case "controller": ##"{"type":"string","description":"A controller id (c1, c2, …); default: the frontmost visible controller."}"##
        case "hidden": ##"{"type":"boolean","description":"true hides the bar, false shows it."}"##
        case "showingView": ##"{"type":"boolean","default":true,"description":"Whether the child's view goes into the container's view at once (it appears when the container is on screen)."}"##
        case "fromIndex", "toIndex": ##"{"type":"integer","minimum":0,"maximum":9007199254740992,"description":"A child of the container, by index: from a child whose view is shown, to one whose view is not."}"##
        case "isAppearing": ##"{"type":"boolean","description":"true: the child appears (viewWillAppear); false: it disappears."}"##
        case "navigationController": ##"{"type":"string","description":"A navigation controller id; default: the frontmost visible controller's."}"##
        case "scene": ##"{"type":"string","description":"A scene id of the flow."}"##
        case "scenes": ##"{"type":"array","items":{"type":"string"},"description":"Scene ids, bottom of the stack first."}"##
        case "modalPresentationStyle": ##"{"enum":[\##(ModalPresentationStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ","))]}"##
        case "modalTransitionStyle": ##"{"enum":[\##(ModalTransitionStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ","))]}"##
        case "index": ##"{"type":"integer","minimum":0,"maximum":9007199254740992}"##
        case "from", "to": ##"{"type":"integer","minimum":0,"maximum":9007199254740992,"description":"A tab position while customizing (Edit on More)."}"##
        case "traits": ##"{"$ref":"#/components/schemas/ViewportSize"}"##
        case "direction": ##"{"enum":["forward","reverse"],"default":"forward"}"##
        case "editing": ##"{"type":"boolean","default":true}"##
        case "animated": ##"{"type":"boolean","default":true}"##
        case "expectedVersion": ##"{"type":"integer","minimum":-9007199254740992,"maximum":9007199254740992,"description":"Answer 409 stale_version unless the session is at this version."}"##
        default: ##"{}"##
        }
    }

    /// One schema per action, from ``ActionKeys``: no other key is allowed.
    static var actionSchemas: String {
        ActionKeys.actions.map { entry in
            let keys = entry.allowed.filter { $0 != "action" }
            let properties = ([##""action":{"const":"\##(entry.action)"}"##] + keys.map { "\"\($0)\":\(keySchema($0, action: entry.action))" }).joined(separator: ",")
            let required = (["action"] + entry.required).map { "\"\($0)\"" }.joined(separator: ",")
            return ##""Action_\##(entry.action)":{"type":"object","title":"\##(entry.action)","properties":{\##(properties)},"required":[\##(required)],"additionalProperties":false}"##
        }.joined(separator: ",")
    }

    static var actionRefs: String {
        ActionKeys.actions.map { ##"{"$ref":"#/components/schemas/Action_\##($0.action)"}"## }.joined(separator: ",")
    }

    /// The application's codes, then the HTTP layer's own.
    static let errorCodes = ActionError.Code.applicationCodes.map(\.rawValue) + ["bad_request", "not_implemented"]

    static func errorResponse(_ description: String) -> String {
        ##"{"description":"\##(description)","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Error"}}}}"##
    }

    static let sessionParameter = ##"{"name":"id","in":"path","required":true,"schema":{"type":"string","pattern":"^[0-9a-f]{32}$"}}"##

    static let afterParameter = ##"{"name":"after","in":"query","required":false,"schema":{"type":"integer","minimum":0,"maximum":9223372036854775807,"default":0}}"##
    static let recordedTestFolderParameter = ##"{"name":"dir","in":"query","required":false,"description":"The folder the file will be saved in (absolute, or relative to the server's working directory): its flow: names the flow relative to it. Default: the flow's own folder.","schema":{"type":"string"}}"##
    static let lastEventIDParameter = ##"{"name":"Last-Event-ID","in":"header","required":false,"schema":{"type":"integer","minimum":0,"maximum":9223372036854775807}}"##

    static let json: [UInt8] = Array(text.utf8)

    static var text: String {
        ##"""
        {"openapi":"3.1.0",
        "info":{"title":"Segue JSON API","version":"1","description":"Sessions holding a UIKit-faithful view-controller hierarchy, driven by actions. A failed action changes nothing and records no event; UIKit's silent no-ops answer 200 with warnings. docs/API.md has the same reference with examples."},
        "paths":{
        \##(paths)
        },
        \##(components)
        }
        """##
    }

    /// The documented routes, in the table's order: `"PATH":{"parameters":[…],"get":{…},…}`.
    static var paths: String {
        RouteTable.routes.compactMap { route -> String? in
            let operations = route.operations.compactMap { op in op.openAPI.map { "\"\((op.method?.rawValue ?? "").lowercased())\":\($0)" } }
            guard !operations.isEmpty else { return nil }
            let parameters = (route.segments.contains(.session) ? [sessionParameter] : []) + route.parameters
            let head = parameters.isEmpty ? "" : "\"parameters\":[\(parameters.joined(separator: ","))],\n  "
            return "\"\(route.template)\":{\(head)\(operations.joined(separator: ",\n  "))}"
        }.joined(separator: ",\n")
    }

    /// The schemas every operation refers to.
    static var components: String {
        let roles = ElementRole.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        let events = EventName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        let codes = errorCodes.map { "\"\($0)\"" }.joined(separator: ",")
        return ##"""
        "components":{"schemas":{
        "ViewportSize":{"type":"object","properties":{"width":{"type":"integer","minimum":1,"maximum":100000},"height":{"type":"integer","minimum":1,"maximum":100000}},"required":["width","height"],"additionalProperties":false},
        "CreateSession":{"type":"object","properties":{"traits":{"$ref":"#/components/schemas/ViewportSize"},"url":{"type":"string","pattern":"^/ui/","description":"A page URL (/ui/…) to restore."},"scene":{"type":"string","description":"A scene to open as instantiateViewController(withIdentifier:) gives it."}},"not":{"required":["url","scene"]},"additionalProperties":false},
        "Created":{"type":"object","properties":{"id":{"type":"string"},"state":{"$ref":"#/components/schemas/State"}},"required":["id","state"]},
        "Traits":{"type":"object","properties":{"idiom":{"enum":["phone","pad"]},"horizontalSizeClass":{"enum":["compact","regular"]},"verticalSizeClass":{"enum":["compact","regular"]},"orientation":{"enum":["portrait","landscape"]},"width":{"type":"integer"},"height":{"type":"integer"}},"required":["idiom","horizontalSizeClass","verticalSizeClass","orientation","width","height"]},
        "State":{"type":"object","properties":{
          "id":{"type":"string"},"version":{"type":"integer","minimum":0},"url":{"type":"string","description":"The canonical page URL of this state."},
          "traits":{"$ref":"#/components/schemas/Traits"},
          "era":{"enum":["ios7","modern"],"description":"The UIKit the session follows: iOS 7's rules or modern UIKit's (sheets as cards)."},"eraReason":{"type":"string","description":"Why the flow runs in its era."},
          "root":{"oneOf":[{"$ref":"#/components/schemas/Controller"},{"type":"null"}]},
          "visible":{"type":"array","items":{"type":"string"},"description":"Ids of the content controllers on screen, back to front."},
          "elements":{"type":"array","items":{"$ref":"#/components/schemas/Element"},"description":"Everything a user could tap now, in reading order."},
          "interactiveTransition":{"type":"object","properties":{"kind":{"type":"string"},"controller":{"type":"string"}},"required":["kind","controller"],"description":"A gesture driving a transition (beginInteractivePop until it finishes or is cancelled); absent otherwise."},
          "manualSegues":{"type":"array","items":{"$ref":"#/components/schemas/ManualSegue"},"description":"Segues of the visible controllers no element triggers (code performs them)."}},
          "required":["id","version","url","traits","root","visible","elements"]},
        "Element":{"type":"object","properties":{"id":{"type":"string"},"role":{"enum":[\##(roles)]},"title":{"type":["string","null"]},"controller":{"type":["string","null"]},"enabled":{"type":"boolean","description":"Present (false) only on disabled elements."}},"required":["id","role","title","controller"]},
        "ManualSegue":{"type":"object","properties":{"controller":{"type":"string"},"identifier":{"type":"string"},"destination":{"type":["string","null"]},"source":{"type":"string","description":"The app's source line of navigation read from its code."}},"required":["controller","identifier"]},
        "Controller":{"type":"object","properties":{
          "id":{"type":"string"},"scene":{"type":["string","null"]},"kind":{"type":"string"},"class":{"type":"string"},"title":{"type":["string","null"]},
          "viewLoaded":{"type":"boolean"},"appearance":{"enum":["disappeared","appearing","appeared","disappearing"]},
          "children":{"type":"array","items":{"$ref":"#/components/schemas/Controller"}},
          "presented":{"oneOf":[{"$ref":"#/components/schemas/Controller"},{"type":"null"}]},
          "selectedIndex":{"type":"integer"},"modalPresentationStyle":{"type":"string"},"modalTransitionStyle":{"type":"string"},
          "navigationItem":{"type":"object"},"tabBarItem":{"type":"object"},"editing":{"type":"boolean"}},
          "required":["id","scene","kind","title","viewLoaded","appearance","children","presented"]},
        "Event":{"type":"object","properties":{
          "seq":{"type":"integer","minimum":1},"controller":{"type":"string"},"scene":{"type":["string","null"]},"event":{"enum":[\##(events)]},
          "animated":{"type":"boolean"},"isMovingToParent":{"type":"boolean"},"isMovingFromParent":{"type":"boolean"},"isBeingPresented":{"type":"boolean"},"isBeingDismissed":{"type":"boolean"},
          "parent":{"type":["string","null"]},"segue":{"type":"string"},"destination":{"type":["string","null"]},"sender":{"type":["string","null"]},"action":{"type":"string"},"child":{"type":["string","null"]}},
          "required":["seq","controller","scene","event"]},
        "Events":{"type":"object","properties":{"events":{"type":"array","items":{"$ref":"#/components/schemas/Event"}},"lastSeq":{"type":"integer"}},"required":["events","lastSeq"]},
        "ActionResult":{"type":"object","properties":{"state":{"$ref":"#/components/schemas/State"},"events":{"type":"array","items":{"$ref":"#/components/schemas/Event"}},"warnings":{"type":"array","items":{"type":"string"}}},"required":["state","events","warnings"],"additionalProperties":false},
        "Error":{"type":"object","properties":{"error":{"type":"object","properties":{"code":{"enum":[\##(codes)]},"message":{"type":"string"}},"required":["code","message"],"additionalProperties":false}},"required":["error"],"additionalProperties":false},
        "Scenes":{"type":"object","properties":{"flowDigest":{"type":"string","description":"A fingerprint of the flow's scenes and segues; segue test --server compares it with the flow of its tests."},"scenes":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"},"kind":{"type":"string"},"title":{"type":["string","null"]},"class":{"type":["string","null"]},"storyboardIdentifier":{"type":["string","null"]},"storyboard":{"type":["string","null"]}},"required":["id","kind"]}}}},
        "TapForm":{"type":"object","properties":{"csrf":{"type":"string","description":"The page's token (hidden input)."},"url":{"type":"string","description":"The page the form came from; the session is brought there first."},"version":{"type":"string"},"element":{"type":"string","description":"The tapped element (the submit button's value); empty to only set typed values."}},"patternProperties":{"^field\\.":{"type":"string","description":"field.ID: the value of control ID (a text field's text, a slider's or stepper's number, a segmented control's segment index)."}},"required":["csrf"]},
        "Action":{"oneOf":[\##(actionRefs)],"discriminator":{"propertyName":"action"}},
        \##(actionSchemas)
        }}
        """##
    }
}

/// The operations of the documented routes (``RouteTable``).
extension OpenAPIDocument {
    /// `POST /api/v1/sessions`.
    static let createSession = ##"""
    {"operationId":"createSession","summary":"Start a session (launch, restore a state URL, or open a scene).",
      "requestBody":{"required":false,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/CreateSession"}}}},
      "responses":{"201":{"description":"The new session and its state.","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Created"}}}},
        "400":\##(errorResponse("Malformed body, a key other than traits/url/scene, an invalid URL.")),
        "404":\##(errorResponse("A URL or scene naming what the flow does not have.")),
        "409":\##(errorResponse("The scene only exists inside something else (scene_not_standalone: an unresolved storyboard reference, an alert).")),
        "413":\##(errorResponse("Body too large.")),
        "503":\##(errorResponse("The session limit is reached, or storage is unavailable."))}}
    """##
    /// `GET /api/v1/sessions/{id}`.
    static let getState = ##"""
    {"operationId":"getState","summary":"The session's state.","responses":{"200":{"description":"STATE","content":{"application/json":{"schema":{"$ref":"#/components/schemas/State"}}}},"404":\##(errorResponse("No such session."))}}
    """##
    /// `DELETE /api/v1/sessions/{id}`.
    static let deleteSession = ##"""
    {"operationId":"deleteSession","summary":"End the session.","responses":{"204":{"description":"Deleted."},"404":\##(errorResponse("No such session."))}}
    """##
    /// `POST /api/v1/sessions/{id}/actions`.
    static let performAction = ##"""
    {"operationId":"performAction","summary":"Perform one action.",
      "requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Action"}}}},
      "responses":{"200":{"description":"The new state, the events the action caused, and UIKit's no-op warnings.","content":{"application/json":{"schema":{"$ref":"#/components/schemas/ActionResult"}}}},
        "400":\##(errorResponse("Malformed JSON, an unknown action, a key the action does not take, a missing or mistyped key.")),
        "404":\##(errorResponse("Unknown session, scene, segue, element or controller.")),
        "409":\##(errorResponse("Illegal in the current state (illegal_transition, unwind_destination_not_found, stale_version).")),
        "413":\##(errorResponse("Body too large."))}}
    """##
    /// `GET /api/v1/sessions/{id}/events`.
    static let getEvents = ##"""
    {"operationId":"getEvents","summary":"Every event with seq > after, in order.","responses":{"200":{"description":"The events.","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Events"}}}},"400":\##(errorResponse("after is not a non-negative integer.")),"404":\##(errorResponse("No such session."))}}
    """##
    /// `GET /api/v1/sessions/{id}/events/stream`.
    static let streamEvents = ##"""
    {"operationId":"streamEvents","summary":"The session's events as Server-Sent Events: every event after Last-Event-ID (or after) as an event message whose id is its seq, then a state message ({version, url, lastSeq}), then retry: 1000 and the stream ends; an EventSource reconnects with the last id it saw.","responses":{"200":{"description":"The event stream.","content":{"text/event-stream":{"schema":{"type":"string"}}}},"400":\##(errorResponse("after is not a non-negative integer.")),"404":\##(errorResponse("No such session."))}}
    """##
    /// `GET /api/v1/sessions/{id}/test`.
    static let getRecordedTest = ##"""
    {"operationId":"getRecordedTest","summary":"The session's steps so far as a flow test file, with an expect of visible and url after each step.","responses":{"200":{"description":"A test file.","content":{"application/yaml":{"schema":{"type":"string"}}}},"404":\##(errorResponse("No such session."))}}
    """##
    /// `GET /api/v1/scenes`.
    static let listScenes = ##"""
    {"operationId":"listScenes","summary":"Every scene of the flow.","responses":{"200":{"description":"The scenes.","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Scenes"}}}}}}
    """##
    /// `GET /api/v1/flow`.
    static let getFlow = ##"""
    {"operationId":"getFlow","summary":"The flow being served: its generation (up by one with every good reload under --watch), whether the flow is watched, and the problems of the last bad edit (empty when the served flow is the file as it is).","responses":{"200":{"description":"The flow's status.","content":{"application/json":{"schema":{"type":"object","properties":{"generation":{"type":"integer","minimum":0},"watching":{"type":"boolean"},"problems":{"type":"array","items":{"type":"string"}}},"required":["generation","watching","problems"],"additionalProperties":false}}}},"405":\##(errorResponse("A method other than GET or HEAD."))}}
    """##
    /// `GET /api/v1/openapi.json`.
    static let getOpenAPI = ##"""
    {"operationId":"getOpenAPI","summary":"This document.","responses":{"200":{"description":"OpenAPI 3.1","content":{"application/json":{"schema":{"type":"object"}}}}}}
    """##
    /// `POST /tap`.
    static let tapForm = ##"""
    {"operationId":"tapForm","summary":"The form post of every page: a tap (or typed values) on the page the form came from; answers 303 to the new state's URL. Needs the session cookie.",
      "requestBody":{"required":true,"content":{"application/x-www-form-urlencoded":{"schema":{"$ref":"#/components/schemas/TapForm"}}}},
      "responses":{"303":{"description":"To the new state's canonical URL (Location)."},"400":{"description":"A malformed form or page URL (HTML error page)."},"403":{"description":"Missing or wrong CSRF token, or a cross-site Origin (HTML error page)."},"404":{"description":"Unknown session or element (HTML error page)."},"409":{"description":"Illegal now (HTML error page)."}}}
    """##
    /// `POST /traits`.
    static let reportViewport = ##"""
    {"operationId":"reportViewport","summary":"The viewport report of the pages' script: the browser window's size as the session's traits (the setTraits action). Needs the session cookie.",
      "requestBody":{"required":true,"content":{"application/x-www-form-urlencoded":{"schema":{"type":"object","properties":{"csrf":{"type":"string"},"width":{"type":"string","pattern":"^[0-9]+$","description":"CSS px, 1 to 100000."},"height":{"type":"string","pattern":"^[0-9]+$","description":"CSS px, 1 to 100000."}},"required":["csrf","width","height"]}}}},
      "responses":{"200":{"description":"Whether the traits changed (the page reloads then), with the state's URL and version.","content":{"application/json":{"schema":{"type":"object","properties":{"changed":{"type":"boolean"},"url":{"type":"string"},"version":{"type":"integer"}},"required":["changed","url","version"],"additionalProperties":false}}}},
        "400":\##(errorResponse("Sizes missing, not whole numbers, or outside 1…100000.")),
        "403":\##(errorResponse("Missing or wrong CSRF token, or a cross-site origin.")),
        "404":\##(errorResponse("No session cookie, or no such session."))}}
    """##
}
