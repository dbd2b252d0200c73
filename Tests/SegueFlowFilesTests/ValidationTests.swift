import SegueCore
import SegueFlowFiles
import SegueStoryboard
import Foundation
import Testing
import SegueTestSupport

/// Each rule of the loader, with a bad file and the exact `file:line: message` it must produce.
@Suite struct ValidationTests {
    // MARK: Keys

    // MARK: Causes before consequences

    @Test func aSceneThatCannotBeReadComesBeforeWhatNamesIt() throws {
        let error = try #require(throws: FlowFileError.self) {
            try FlowFileLoader.parse("""
            initialViewController: nav
            scenes:
              nav: {kind: navigationController, rootViewController: message}
              inbox:
                segues:
                  open: {kind: show, destination: message}
              message: [oops]
            """, fileName: "bad.yaml", format: .yaml)
        }
        #expect(error.diagnostics.map(\.description) == [
            "bad.yaml:7: scene 'message' must be a map",
            "bad.yaml:3: relationship 'rootViewController' of scene 'nav' names scene 'message', which could not be read (line 7)",
            "bad.yaml:6: segue 'open' of scene 'inbox' names scene 'message', which could not be read (line 7)",
        ])
        // Each keeps its own code.
        #expect(error.diagnostics.map(\.code.rawValue) == ["wrong_type", "unknown_relationship_target", "unknown_destination"])
    }

    @Test func aSegueThatCannotBeReadComesBeforeTheTapsOnIt() throws {
        let error = try #require(throws: FlowFileError.self) {
            try FlowFileLoader.parse("""
            initialViewController: inbox
            scenes:
              inbox:
                view:
                  - button: {id: go, title: Go, segue: open}
                  - button: {id: fly, title: Fly, segue: fly}
                segues:
                  open: 42
                  fly: {kind: flying, destination: inbox}
            """, fileName: "bad.yaml", format: .yaml)
        }
        let lines = error.diagnostics.map { "\($0.location?.line ?? 0) \($0.code.rawValue)" }
        #expect(lines == ["8 wrong_type", "5 unknown_segue", "9 unknown_value", "6 unknown_segue"], "\(error.diagnostics)")
        #expect(error.diagnostics[1].message == "segue 'open' of scene 'inbox' could not be read (line 8)")
    }

    @Test func unknownSceneKey() {
        #expect(problems("""
        initialViewController: inbox
        scenes:
          inbox:
            kind: viewController
            titel: Inbox
        """) == ["bad.yaml:5: unknown key 'titel' in scene 'inbox'; did you mean 'title'?"])
    }

    @Test func unknownKeysAtEveryLevel() {
        #expect(problems("""
        initialViewController: a
        scenez: {}
        scenes:
          a:
            navigationItem:
              tilte: A
              rightBarButtonItems:
                - {systemItem: done, acton: dismiss}
            tabBarItem: {title: A, badge: 2}
            segues:
              s: {kind: show, destination: a, destinaton: a}
            view:
              - lable: Hello
              - button: {title: Go, colour: red}
              - table:
                  rows:
                    - {text: One, accesory: checkmark}
        """) == [
            "bad.yaml:2: unknown key 'scenez' at top level; did you mean 'scenes'?",
            "bad.yaml:6: unknown key 'tilte' in navigationItem of scene 'a'; did you mean 'title'?",
            "bad.yaml:8: unknown key 'acton' in bar button item of scene 'a'; did you mean 'action'?",
            "bad.yaml:9: unknown key 'badge' in tabBarItem of scene 'a'",
            "bad.yaml:11: unknown key 'destinaton' in segue 's' of scene 'a'; did you mean 'destination'?",
            "bad.yaml:13: unknown key 'lable' in view of scene 'a' (expected an element kind: \(ViewNode.Kind.allCases.map(\.rawValue).joined(separator: ", ")))",
            "bad.yaml:14: unknown key 'colour' in button of scene 'a'",
            "bad.yaml:17: unknown key 'accesory' in table row of scene 'a'; did you mean 'accessory'?",
        ])
    }

    @Test func keyOfAnotherElementKindIsUnknown() {
        // `isOn` belongs to switches, `segments` to segmented controls.
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            view:
              - label: {text: Hi, isOn: true}
        """) == ["bad.yaml:5: unknown key 'isOn' in label of scene 'a'"])
    }

    @Test func kindSpecificSceneKeyOnAnotherKind() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            kind: viewController
            message: Hello
            spineLocation: mid
        """) == [
            "bad.yaml:5: 'message' in scene 'a' applies only to alertController scenes",
            "bad.yaml:6: 'spineLocation' in scene 'a' applies only to pageViewController scenes",
        ])
    }

    // MARK: Types and enum values

    @Test func wrongValueTypes() {
        #expect(problems("""
        initialViewController: tabs
        scenes:
          tabs:
            kind: tabBarController
            viewControllers: a
            selectedIndex: first
            title: [A, B]
          a:
            navigationBarHidden: maybe
            navigationItem: Inbox
            view:
              - slider: {value: high}
        """) == [
            "bad.yaml:5: 'viewControllers' in scene 'tabs' must be a list of scene ids",
            "bad.yaml:6: 'selectedIndex' in scene 'tabs' must be an integer",
            "bad.yaml:7: 'title' in scene 'tabs' must be a string",
            "bad.yaml:9: 'navigationBarHidden' in scene 'a' must be true or false",
            "bad.yaml:10: 'navigationItem' in scene 'a' must be a map",
            "bad.yaml:12: 'value' in slider of scene 'a' must be a number",
        ])
    }

    /// Each kind of problem carries its own code, not the generic `invalid_input`.
    @Test func problemsCarryTheirSpecificCodes() throws {
        let text = """
        initialViewController: a
        scenes:
          a:
            titel: A
            kind: navigationController
          b:
            title: [B]
            view:
              - table: {rows: [{text: x, accessory: chevron}]}
              - button: {id: go, text: Go, segue: nowhere}
            segues:
              nowhere: {kind: show, destination: c}
        """
        do {
            _ = try FlowFileLoader.parse(text, fileName: "codes.yaml", format: .yaml)
            Issue.record("expected problems")
        } catch {
            let codes = Set(error.diagnostics.map(\.code.rawValue))
            #expect(codes == ["unknown_key", "missing_relationship", "wrong_type", "unknown_value", "unknown_destination"], "\(error.diagnostics)")
        }
        do {
            _ = try FlowFileLoader.parse("scenes: {a: [", fileName: "broken.yaml", format: .yaml)
            Issue.record("expected problems")
        } catch {
            #expect(error.diagnostics.map(\.code) == [.invalidSyntax])
        }
    }

    @Test func aCommaInAFlowValueIsNamed() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            view:
              - table: {rows: [{text: Shopping, detail: Milk, eggs}]}
        """) == ["bad.yaml:5: unknown key 'eggs' in table row of scene 'a': a comma in a flow value: quote the value (detail: \"Milk, eggs\")"])
    }

    @Test func unknownEnumValuesListTheAllowedOnes() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            kind: navController
          b:
            modalPresentationStyle: sheet
            navigationItem:
              rightBarButtonItems: [{systemItem: send}]
            view:
              - table: {style: fancy, rows: [{text: A, accessory: arrow}]}
            segues:
              s: {kind: pushy, destination: a}
        """) == [
            "bad.yaml:4: unknown kind 'navController' in scene 'a' (expected one of: viewController, tableViewController, collectionViewController, navigationController, tabBarController, splitViewController, pageViewController, alertController)",
            "bad.yaml:6: unknown modalPresentationStyle 'sheet' in scene 'b' (expected one of: fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, automatic)",
            "bad.yaml:8: unknown systemItem 'send' in bar button item of scene 'b' (expected one of: \(BarButtonSystemItem.allCases.map(\.rawValue).joined(separator: ", ")))",
            "bad.yaml:10: unknown style 'fancy' in table of scene 'b' (expected one of: plain, grouped, insetGrouped)",
            "bad.yaml:10: unknown accessory 'arrow' in table row of scene 'b' (expected one of: none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton, switch)",
            "bad.yaml:12: unknown kind 'pushy' in segue 's' of scene 'b' (expected one of: \(SegueKind.allCases.map(\.rawValue).joined(separator: ", ")))",
        ])
    }

    @Test func anUnknownKindDoesNotCascade() {
        #expect(problems("""
        initialViewController: nav
        scenes:
          nav:
            kind: navigationControler
            rootViewController: a
          a: {}
        """) == [
            "bad.yaml:4: unknown kind 'navigationControler' in scene 'nav' (expected one of: viewController, tableViewController, collectionViewController, navigationController, tabBarController, splitViewController, pageViewController, alertController)",
        ])
    }

    @Test func alertActionWithInvalidStyle() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a: {}
          confirm:
            kind: alertController
            title: Delete?
            actions:
              - {title: Delete, style: danger}
              - {title: Cancel, style: cancel}
              - {title: Never mind, style: cancel}
        """) == [
            "bad.yaml:8: unknown style 'danger' in alert action of scene 'confirm' (expected one of: default, cancel, destructive)",
            "bad.yaml:10: scene 'confirm' has a second cancel action (the first is at line 9)",
        ])
    }

    // MARK: Initial controller

    @Test func missingInitialViewController() {
        #expect(problems("""
        scenes:
          a: {title: A}
        """) == ["bad.yaml:1: missing 'initialViewController'"])
    }

    @Test func unknownInitialViewController() {
        #expect(problems("""
        # comment
        initialViewController: inbx
        scenes:
          inbox: {title: Inbox}
        """) == ["bad.yaml:2: initialViewController names unknown scene 'inbx'; did you mean 'inbox'?"])
    }

    @Test func duplicatedInitialViewControllerIsTwoInitialControllers() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a: {}
          b: {}
        initialViewController: b
        """) == ["bad.yaml:5: two initial controllers"])
    }

    @Test func sceneFlagAgainstADifferentTopLevelInitial() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a: {}
          b:
            isInitialViewController: true
        """) == ["bad.yaml:5: two initial controllers"])
    }

    @Test func sceneFlagOnTwoScenes() {
        #expect(problems("""
        scenes:
          a: {isInitialViewController: true}
          b: {isInitialViewController: true}
        """) == ["bad.yaml:3: two initial controllers"])
    }

    @Test func sceneFlagAloneNamesTheInitialController() {
        let storyboard = load("""
        scenes:
          a: {}
          b: {isInitialViewController: true}
        """)
        #expect(storyboard?.initialViewController == "b")
    }

    // MARK: Duplicates

    @Test func duplicateKeysAreReportedAtTheLaterOccurrence() {
        #expect(problems("""
        initialViewController: inbox
        scenes:
          inbox:
            title: Inbox
            title: Mail
          message: {}
          inbox:
            title: Again
        """) == [
            "bad.yaml:5: duplicate key 'title'",
            "bad.yaml:7: duplicate key 'inbox'",
        ])
    }

    @Test func aKeyWrittenThreeTimesIsReportedTwice() {
        let found = problems("""
        initialViewController: a
        scenes:
          a: {title: One, kind: viewController, title: Two,
              title: Three}
        """)
        #expect(found == ["bad.yaml:3: duplicate key 'title'", "bad.yaml:4: duplicate key 'title'"])
    }

    @Test func validationLinesInJSON() {
        #expect(problems("""
        {
          "initialViewController": "nav",
          "scenes": {
            "nav": {"kind": "navigationController"},
            "a": {
              "titel": "A",
              "segues": {"s": {"kind": "unwind", "action": "nowhere"}}
            }
          }
        }
        """, file: "bad.json", format: .json) == [
            "bad.json:4: navigationController 'nav' has no rootViewController",
            "bad.json:6: unknown key 'titel' in scene 'a'; did you mean 'title'?",
        ])
    }

    @Test func duplicateKeysInJSON() {
        #expect(problems("""
        {"initialViewController": "a",
         "scenes": {
           "a": {"title": "A", "title": "B"},
           "a": {}
         }}
        """, file: "bad.json", format: .json) == [
            "bad.json:3: duplicate key 'title'",
            "bad.json:4: duplicate key 'a'",
        ])
    }

    @Test func duplicateElementIDsInOneScene() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            navigationItem:
              rightBarButtonItems: [{id: done, systemItem: done, action: dismiss}]
            view:
              - button: {id: go, title: Go, action: pop}
              - stack:
                  views:
                    - label: {id: go, text: Go}
              - table:
                  rows: [{id: done, text: Done}]
          b:
            view:
              - label: {id: go, text: Other scenes may reuse ids}
        """) == [
            "bad.yaml:10: duplicate element id 'go' in scene 'a' (first at line 7)",
            "bad.yaml:12: duplicate element id 'done' in scene 'a' (first at line 5)",
        ])
    }

    // MARK: Relationships

    @Test func relationshipNamingAnUnknownScene() {
        #expect(problems("""
        initialViewController: tabs
        scenes:
          tabs:
            kind: tabBarController
            viewControllers:
              - a
              - nowhere
          a: {}
        """) == ["bad.yaml:7: relationship 'viewControllers' of scene 'tabs' names unknown scene 'nowhere'"])
    }

    @Test func relationshipOnAContentScene() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            kind: viewController
            rootViewController: b
          b: {}
        """) == ["bad.yaml:5: relationship on a content scene: 'rootViewController' in scene 'a', a viewController"])
    }

    @Test func relationshipOfAnotherContainer() {
        #expect(problems("""
        initialViewController: nav
        scenes:
          nav:
            kind: navigationController
            rootViewController: a
            viewControllers: [a]
          tabs:
            kind: tabBarController
            pages: [a]
          a: {}
        """) == [
            "bad.yaml:6: relationship 'viewControllers' in scene 'nav' belongs to tabBarController scenes, not navigationController",
            "bad.yaml:9: relationship 'pages' in scene 'tabs' belongs to pageViewController scenes, not tabBarController",
        ])
    }

    @Test func navigationControllerWithoutRoot() {
        #expect(problems("""
        initialViewController: nav
        scenes:
          a: {}
          nav:
            kind: navigationController
        """) == ["bad.yaml:4: navigationController 'nav' has no rootViewController"])
    }

    @Test func relationshipCycle() {
        #expect(problems("""
        initialViewController: tabs
        scenes:
          tabs:
            kind: tabBarController
            viewControllers: [nav]
          nav:
            kind: navigationController
            rootViewController: tabs
        """) == ["bad.yaml:3: relationship cycle: tabs → nav → tabs"])
    }

    // MARK: Tab bar and page view rules

    @Test func selectedIndexOutOfRangeAndCustomizableNotAmongTabs() {
        #expect(problems("""
        initialViewController: tabs
        scenes:
          tabs:
            kind: tabBarController
            viewControllers: [a, b]
            selectedIndex: 2
            customizableViewControllers: [a, c]
          a: {}
          b: {}
          c: {}
        """) == [
            "bad.yaml:6: selectedIndex 2 of scene 'tabs' is out of range (2 viewControllers)",
            "bad.yaml:7: customizableViewControllers of scene 'tabs' names 'c', which is not among its viewControllers",
        ])
    }

    @Test func midSpineNeedsAnEvenNumberOfPages() {
        #expect(problems("""
        initialViewController: book
        scenes:
          book:
            kind: pageViewController
            transitionStyle: pageCurl
            spineLocation: mid
            pages: [p1, p2, p3]
          p1: {}
          p2: {}
          p3: {}
        """) == ["bad.yaml:6: spineLocation mid in scene 'book' needs an even number of pages, not 3"])
        let storyboard = load("""
        initialViewController: book
        scenes:
          book: {kind: pageViewController, transitionStyle: pageCurl, spineLocation: mid, pages: [p1, p2]}
          p1: {}
          p2: {}
        """)
        #expect(storyboard?["book"]?.pageView?.spineLocation == .mid)
        #expect(storyboard?["book"]?.pageView?.transitionStyle == .pageCurl)
        #expect(storyboard?["book"]?.pages == ["p1", "p2"])
    }

    // MARK: Segues and taps

    @Test func segueProblems() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            unwindActions: [backToA]
            segues:
              toNowhere: {kind: show, destination: nowhere}
              noAction: {kind: unwind}
              noDestination: {kind: presentation}
              notImplemented: {kind: unwind, action: backToZ}
              fine: {kind: unwind, action: backToA}
        """) == [
            "bad.yaml:6: segue 'toNowhere' of scene 'a' names unknown destination 'nowhere'",
            "bad.yaml:7: unwind segue 'noAction' of scene 'a' has no action",
            "bad.yaml:8: segue 'noDestination' of scene 'a' has no destination",
        ])
    }

    /// What UIKit reports only when it happens loads (and serves): a push without a navigation
    /// controller, an unwind action no scene implements, partialCurl over a sheet. `segue check`
    /// and the start-up log list them as warnings.
    @Test func runTimeFailuresLoadWithWarnings() throws {
        let storyboard = try #require(load("""
        initialViewController: a
        scenes:
          a:
            view:
              - button: {id: go, title: Go, segue: go}
              - button: {id: back, title: Back, segue: back}
              - button: {id: curl, title: Curl, segue: curl}
            segues:
              go: {kind: push, destination: b}
              back: {kind: unwind, action: backToNowhere}
              curl: {kind: presentation, destination: b, modalPresentationStyle: formSheet, modalTransitionStyle: partialCurl}
          b: {title: B}
        """, file: "warn.yaml"))
        #expect(storyboard.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(StoryboardCheck.runTimeFailures(storyboard).map(\.description) == [
            "warn.yaml:9: warning: scene a: push segue 'go' but the scene has no navigation controller ancestor on any path from the initial scene; performing it will be refused (illegal_transition)",
            "warn.yaml:10: warning: unwind action 'backToNowhere': no scene implements it; performing the unwind will find no destination (unwind_destination_not_found)",
            "warn.yaml:11: warning: scene a: segue 'curl' uses the partialCurl transition with the formSheet presentation style; UIKit requires fullScreen, so performing it will be refused (illegal_transition)",
        ])
        #expect(StoryboardCheck.runTimeFailures(storyboard).map(\.code) == [.pushWithoutNavigation, .unwindNotImplemented, .partialCurlStyle])
        #expect(StoryboardCheck.check(storyboard).allSatisfy { $0.severity == .warning })
    }

    /// A flow file over 4 MiB is refused at once, with the limit in the message.
    @Test func oversizedFlowFileIsRefused() throws {
        let path = Scratch.url.appendingPathComponent("segue-big-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var text = "initialViewController: a\nscenes:\n  a: {title: A}\n"
        text += String(repeating: "# padding padding padding padding padding padding padding padding\n", count: 70_000)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try FlowFileLoader.load(path: path)
            Issue.record("a 4.5 MB flow file loaded")
        } catch {
            #expect(error.description.contains("flow files may be at most 4194304 bytes"))
        }
        #expect(problems(text).first?.contains("flow files may be at most 4194304 bytes") == true)
    }

    @Test func tapNamingAnUndeclaredSegue() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            navigationItem:
              rightBarButtonItems: [{systemItem: add, segue: add}]
            view:
              - button: {title: Open, segue: opne}
              - table:
                  rows:
                    - {text: Row, segue: open}
            segues:
              open: {kind: show, destination: a}
        """) == [
            "bad.yaml:5: unknown segue 'add' in scene 'a'",
            "bad.yaml:7: unknown segue 'opne' in scene 'a'; did you mean 'open'?",
        ])
    }

    @Test func customActionNeedsAClass() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            view:
              - button: {title: Refresh, action: refresh}
              - button: {title: Close, action: dismiss}
        """) == [
            "bad.yaml:5: unknown action 'refresh' in scene 'a' (built-in actions: dismiss, pop, popToRoot, edit; others need the scene's 'class')",
        ])
        let storyboard = load("""
        initialViewController: a
        scenes:
          a:
            class: RefreshingController
            view:
              - button: {title: Refresh, action: refresh}
        """)
        #expect(storyboard?["a"]?.className == "RefreshingController")
        #expect(storyboard?["a"]?.view.first?.tap == .action("refresh"))
    }

    // MARK: Several problems

    @Test func everyProblemIsListedInLineOrder() {
        let text = """
        initialViewController: nav
        scenes:
          nav:
            kind: navigationController
            rootViewController: inbox
          inbox:
            kind: tableViewController
            titel: Inbox
            navigationItem:
              rightBarButtonItems: [{systemItem: compose, segue: compose}]
            segues:
              open: {kind: show, destination: mesage}
            view:
              - table:
                  style: grouped
                  rows: [{text: Hi, segue: open, accessory: chevron}]
          message:
            kind: viewController
            viewControllers: [inbox]
        """
        let found = problems(text, file: "Flows/mail.yaml")
        #expect(found == [
            "Flows/mail.yaml:8: unknown key 'titel' in scene 'inbox'; did you mean 'title'?",
            "Flows/mail.yaml:10: unknown segue 'compose' in scene 'inbox'",
            "Flows/mail.yaml:12: segue 'open' of scene 'inbox' names unknown destination 'mesage'; did you mean 'message'?",
            "Flows/mail.yaml:16: unknown accessory 'chevron' in table row of scene 'inbox' (expected one of: none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton, switch)",
            "Flows/mail.yaml:19: relationship on a content scene: 'viewControllers' in scene 'message', a viewController",
        ])
        do {
            _ = try FlowFileLoader.parse(text, fileName: "Flows/mail.yaml", format: .yaml)
        } catch {
            #expect(error.description.split(separator: "\n").count == 5)
            #expect(error.description.hasPrefix("Flows/mail.yaml:8: unknown key 'titel'"))
        }
    }

    // MARK: Malformed input

    @Test func malformedYAMLReportsTheParserLine() {
        let found = problems("""
        initialViewController: a
        scenes:
          a:
            title: "Inbox
            kind: viewController
          b: {}
        """)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("bad.yaml:") == true)
        #expect(found.first?.contains("invalid YAML: ") == true)
        // libyaml reports an unterminated quote where the scanner gives up.
        let line = found.first.flatMap { Int($0.split(separator: ":")[1]) }
        #expect(line.map { (4...7).contains($0) } == true)
    }

    @Test func badIndentationInYAML() {
        #expect(problems("""
        initialViewController: a
        scenes:
          a:
            title: A
           kind: viewController
        """) == ["bad.yaml:5: invalid YAML: did not find expected key while parsing a block mapping (started at line 3)"])
    }

    @Test func malformedJSONReportsTheParserLine() {
        #expect(problems("""
        {
          "initialViewController": "a",
          "scenes": {
            "a": {"title": "A"}
            "b": {"title": "B"}
          }
        }
        """, file: "bad.json", format: .json) == [
            "bad.json:5: invalid JSON: did not find expected ',' or '}' while parsing a flow mapping (started at line 3)",
        ])
    }

    @Test func truncatedJSON() {
        let full = try! String(contentsOfFile: examplePath("mail.json"), encoding: .utf8)
        let truncated = String(full.prefix(full.count / 2))
        let found = problems(truncated, file: "mail.json", format: .json)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("mail.json:") == true)
        #expect(found.first?.contains("invalid JSON") == true)
        let lastLine = truncated.split(separator: "\n", omittingEmptySubsequences: false).count
        let line = found.first.flatMap { Int($0.split(separator: ":")[1]) }
        #expect(line.map { $0 >= lastLine - 1 && $0 <= lastLine + 1 } == true)
    }

    @Test func truncatedYAMLStillListsWhatIsMissing() {
        let found = problems("""
        initialViewController: nav
        scenes:
          nav:
            kind: navigationController
            rootViewController: inbox
          inbox:
            kind: tableViewController
            segues:
              open: {kind: show, destination: mess
        """, file: "cut.yaml")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("cut.yaml:") == true)
        #expect(found.first?.contains("invalid YAML") == true)
    }

    @Test func JSONOnlyAcceptsJSON() {
        #expect(problems("""
        {"initialViewController": a,
         'scenes': {"a": {}}}
        """, file: "bad.json", format: .json) == [
            "bad.json:1: invalid JSON: unquoted value 'a'",
            "bad.json:2: invalid JSON: object keys must be double-quoted strings",
        ])
    }

    @Test func tabBarItemIDsDifferAcrossTheTabsOfATabBar() {
        #expect(problems("""
        initialViewController: tabs
        scenes:
          tabs: {kind: tabBarController, viewControllers: [a, b]}
          a: {tabBarItem: {id: t, title: A}}
          b:
            tabBarItem: {id: t, title: B}
        """) == ["bad.yaml:6: duplicate tab bar item id 't' in tab bar controller 'tabs' (also on 'a')"])
    }

    @Test func JSONRefusesWhatOnlyYAMLAllows() {
        #expect(problems("{\"initialViewController\": \"a\",\n \"scenes\": {\"a\": {\"title\": \"A\",}}}", file: "bad.json", format: .json)
                == ["bad.json:2: invalid JSON: expected a member name"])
        #expect(problems("{\"initialViewController\": \"a\", # a comment\n \"scenes\": {\"a\": {}}}", file: "bad.json", format: .json)
                == ["bad.json:1: invalid JSON: expected a member name"])
    }

    @Test func JSONSurrogatePairsAreCharactersBeyondTheBasicPlane() throws {
        let text = #"{"initialViewController": "a", "scenes": {"a": {"title": "smile \ud83d\ude00 \\ud83d", "view": [{"label": {"text": "\u00e9"}}]}}}"#
        let storyboard = try FlowFileLoader.parse(text, fileName: "emoji.json", format: .json)
        #expect(storyboard["a"]?.title == "smile \u{1F600} \\ud83d")
        #expect(storyboard["a"]?.view.first?.text == "\u{E9}")
    }

    @Test func aliasBombsAreRefusedQuickly() {
        var lines = ["a0: &a0 {label: {text: x}}"]
        for i in 1...9 { lines.append("a\(i): &a\(i) {stack: {views: [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]}}") }
        lines += ["initialViewController: s", "scenes:", "  s: {view: [*a9]}"]
        #expect(problems(lines.joined(separator: "\n")) == ["bad.yaml:1: the file expands to more than 2000000 nodes (through aliases?); refused"])
    }

    @Test func tabIndentedJSONLoads() throws {
        let text = "{\n\t\"initialViewController\": \"a\",\n\t\"scenes\": {\n\t\t\"a\": {\"title\": \"A\"}\n\t}\n}\n"
        let storyboard = try FlowFileLoader.parse(text, fileName: "tabs.json", format: .json)
        #expect(storyboard["a"]?.title == "A")
        #expect(storyboard["a"]?.location?.line == 4)
    }

    @Test func emptyFile() {
        #expect(problems("", file: "empty.yaml") == [
            "empty.yaml:1: empty flow file (expected a YAML map with 'initialViewController' and 'scenes')",
        ])
        #expect(problems("   \n# nothing\n", file: "empty.json", format: .json) == [
            "empty.json:1: empty flow file (expected a JSON map with 'initialViewController' and 'scenes')",
        ])
    }

    @Test func notAMap() {
        #expect(problems("- a\n- b\n") == ["bad.yaml:1: a flow file must be a map"])
        #expect(problems("initialViewController: a\nscenes: [a, b]\n") == ["bad.yaml:2: 'scenes' must be a map"])
        #expect(problems("initialViewController: a\n") == ["bad.yaml:1: missing 'scenes'"])
    }

    @Test func unreadableAndUnsupportedPaths() {
        #expect(throws: FlowFileError.self) { try FlowFileLoader.load(path: "/nonexistent/flow.yaml") }
        do {
            _ = try FlowFileLoader.load(path: examplePath("MailGuarded/main.swift"))
            Issue.record("a .swift file must be refused")
        } catch {
            #expect(error.description.contains("expected a .json, .yaml or .yml extension"))
        }
    }
}

@Suite struct NearestNameDiagnosticsTests {
    @Test func misspeltKeysScenesAndSeguesNameTheNearestOne() throws {
        let yaml = """
        initialViewController: nav
        scenes:
          nav: {kind: navigationController, rootViewController: inbx}
          inbox:
            titel: Inbox
            unwindActions: [sentMessage]
            view:
              - button: {id: go, title: Go, segue: opn}
            segues:
              open: {kind: show, destination: mesage}
          message:
            segues:
              back: {kind: unwind, action: sentMesage}
        """
        do {
            _ = try FlowFileLoader.parse(yaml, fileName: "typos.yaml", format: .yaml)
            Issue.record("a file with typos loaded")
        } catch {
            let text = error.diagnostics.map(\.description)
            for expected in ["did you mean 'inbox'?", "unknown key 'titel'", "did you mean 'title'?", "unknown segue 'opn' in scene 'inbox'; did you mean 'open'?",
                             "unknown destination 'mesage'; did you mean 'message'?"] {
                #expect(text.contains { $0.contains(expected) }, "\(expected) in \(text)")
            }
        }
    }
}
