#!/usr/bin/env python3
"""Writes the small app folders the app-folder tests read (run from this folder; the output is
committed). Each folder exercises one way an app names its first screen."""
import os, plistlib, shutil

HERE = os.path.dirname(os.path.abspath(__file__))

def write(path, text, encoding="utf-8"):
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(text.encode(encoding) if isinstance(text, str) else text)

def plist(path, value, binary=False):
    write(path, plistlib.dumps(value, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML))

def storyboard(scenes, initial=None, launch=False):
    attrs = ' initialViewController="%s"' % initial if initial else ""
    if launch: attrs += ' launchScreen="YES"'
    body = "\n".join('<scene sceneID="s-%s"><objects>%s</objects></scene>' % (i, c) for i, c in scenes)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" '
            'version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch"%s>\n<scenes>\n%s\n</scenes>\n</document>\n' % (attrs, body))

def label_vc(id, text, cls=None, sbid=None, nav=None):
    c = ' customClass="%s"' % cls if cls else ""
    s = ' storyboardIdentifier="%s"' % sbid if sbid else ""
    n = '<navigationItem key="navigationItem" title="%s" id="nav-%s"/>' % (nav, id) if nav else ""
    return ('<viewController id="%s"%s%s sceneMemberID="viewController"><view key="view" id="v-%s">'
            '<rect key="frame" x="0" y="0" width="375" height="667"/><subviews>'
            '<label text="%s" id="lbl-%s"><rect key="frame" x="16" y="100" width="300" height="21"/></label>'
            '</subviews></view>%s</viewController>' % (id, c, s, id, text, id, n))

def nav(id, root):
    return ('<navigationController id="%s" sceneMemberID="viewController"><navigationBar key="navigationBar" id="nb-%s"/>'
            '<connections><segue destination="%s" kind="relationship" relationship="rootViewController" id="r-%s"/></connections>'
            '</navigationController>' % (id, id, root, id))

def localized_app():
    root = "LocalizedApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/Localized/Info.plist", {
        "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundleExecutable": "$(EXECUTABLE_NAME)",
        "CFBundleName": "Localized", "UIMainStoryboardFile": "Main", "UILaunchStoryboardName": "LaunchScreen",
        "UIAppFonts": ["Fonts/Brand-Regular.ttf"]})
    home = ('<viewController id="home" customClass="HomeViewController" sceneMemberID="viewController"><view key="view" id="v-home">'
            '<rect key="frame" x="0" y="0" width="375" height="667"/><subviews>'
            '<label text="Hello" id="lbl-hello"><rect key="frame" x="16" y="100" width="300" height="21"/></label>'
            '<button buttonType="system" id="btn-start"><rect key="frame" x="16" y="140" width="300" height="30"/>'
            '<state key="normal" title="Start"/></button>'
            '<textField placeholder="Your name" id="fld-name"><rect key="frame" x="16" y="180" width="300" height="30"/></textField>'
            '</subviews></view><navigationItem key="navigationItem" title="Home" id="nav-home"/></viewController>')
    write(root + "/Localized/Base.lproj/Main.storyboard", storyboard([("n", nav("nc", "home")), ("h", home)], initial="nc"))
    write(root + "/Localized/Base.lproj/LaunchScreen.storyboard", storyboard([("l", label_vc("launch", "Launching"))], initial="launch", launch=True))
    # Alphabetically first, and not what the Info.plist names.
    write(root + "/Localized/Alpha.storyboard", storyboard([("a", label_vc("alpha", "Alpha screen"))], initial="alpha"))
    write(root + "/Localized/de.lproj/Main.strings",
          '/* Class = "UILabel"; text = "Hello"; ObjectID = "lbl-hello"; */\n"lbl-hello.text" = "Hallo";\n\n'
          '"btn-start.normalTitle" = "Los geht\\u2019s";\n"fld-name.placeholder" = "Dein Name";\n"nav-home.title" = "Start";\n',
          encoding="utf-16")
    write(root + "/Localized/fr.lproj/Main.strings", '"lbl-hello.text" = "Bonjour";\n"nav-home.title" = "Accueil";\n')
    write(root + "/Localized/de.lproj/Localizable.strings", '"unrelated" = "nicht im Storyboard";\n')
    # An extension's Info.plist and storyboard, and a test target's: never the app.
    plist(root + "/ShareExtension/Info.plist", {"CFBundleExecutable": "Share", "NSExtension": {
        "NSExtensionMainStoryboard": "MainInterface", "NSExtensionPointIdentifier": "com.apple.share-services"},
        "UIMainStoryboardFile": "MainInterface"})
    write(root + "/ShareExtension/Base.lproj/MainInterface.storyboard", storyboard([("x", label_vc("share", "Share"))], initial="share"))
    plist(root + "/LocalizedTests/Info.plist", {"CFBundleExecutable": "Tests", "CFBundlePackageType": "BNDL"})

def pad_app():
    root = "PadApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/Pad-Info.plist", {"CFBundleDevelopmentRegion": "English", "UIMainStoryboardFile": "Phone",
                                     "UIMainStoryboardFile~ipad": "Pad", "CFBundleExecutable": "Pad"}, binary=True)
    write(root + "/Phone.storyboard", storyboard([("p", label_vc("phone", "Phone screen"))], initial="phone"))
    write(root + "/Pad.storyboard", storyboard([("q", label_vc("pad", "Pad screen"))], initial="pad"))

def scene_app():
    root = "SceneApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/App/Info.plist", {"UILaunchStoryboardName": "LaunchScreen", "UIApplicationSceneManifest": {
        "UIApplicationSupportsMultipleScenes": False, "UISceneConfigurations": {"UIWindowSceneSessionRoleApplication": [
            {"UISceneConfigurationName": "Default Configuration", "UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).SceneDelegate",
             "UISceneStoryboardFile": "Scenes"}]}}})
    write(root + "/App/Base.lproj/LaunchScreen.storyboard", storyboard([("l", label_vc("launch", "Launching"))], initial="launch", launch=True))
    write(root + "/App/Base.lproj/Scenes.storyboard", storyboard([("m", label_vc("main", "Scene manifest screen"))], initial="main"))

def code_root_app():
    root = "CodeRootApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/CodeRoot/Info.plist", {"UILaunchStoryboardName": "LaunchScreen", "CFBundleExecutable": "CodeRoot"})
    write(root + "/CodeRoot/Base.lproj/LaunchScreen.storyboard", storyboard([("l", label_vc("launch", "Launching"))], initial="launch", launch=True))
    tabs = ('<tabBarController id="tabs" sceneMemberID="viewController"><tabBar key="tabBar" id="tb"/><connections>'
            '<segue destination="first" kind="relationship" relationship="viewControllers" id="t1"/>'
            '<segue destination="second" kind="relationship" relationship="viewControllers" id="t2"/></connections></tabBarController>')
    write(root + "/CodeRoot/Screens.storyboard", storyboard([
        ("d", label_vc("detail", "Detail", sbid="Detail")), ("t", tabs),
        ("f", label_vc("first", "First tab", cls="FirstViewController")), ("s", label_vc("second", "Second tab"))]))

DOC_XIB = ('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" '
           'toolsVersion="14490" targetRuntime="iOS.CocoaTouch">\n<objects>\n%s\n</objects>\n</document>\n')

def owner_xib(cls, subviews):
    return DOC_XIB % ('<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File\'s Owner" customClass="%s">'
                      '<connections><outlet property="view" destination="root-view" id="o-1"/></connections></placeholder>'
                      '<placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>'
                      '<view contentMode="scaleToFill" id="root-view"><rect key="frame" x="0" y="0" width="320" height="480"/>'
                      '<subviews>%s</subviews></view>' % (cls, subviews))

def nib_doc_app():
    root = "NibDocApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/NibDoc-Info.plist", {"NSMainNibFile": "MainWindow", "CFBundleExecutable": "NibDoc"})
    main = DOC_XIB % (
        '<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="UIApplication"/>'
        '<customObject id="delegate" customClass="AppDelegate"/>'
        '<window opaque="NO" id="win"><rect key="frame" x="0" y="0" width="320" height="480"/>'
        '<connections><outlet property="rootViewController" destination="tabs" id="w-1"/></connections></window>'
        '<tabBarController id="tabs"><viewControllers>'
        '<navigationController id="nav-feed"><navigationBar key="navigationBar" id="nb-1"/><viewControllers>'
        '<viewController nibName="Feed" id="feed" customClass="FeedController"><navigationItem key="navigationItem" title="Feed" id="ni-feed"/></viewController>'
        '</viewControllers><tabBarItem key="tabBarItem" title="Feed" image="feed.png" id="ti-feed"/></navigationController>'
        '<navigationController id="nav-settings"><navigationBar key="navigationBar" id="nb-2"/><viewControllers>'
        '<viewController id="settings" customClass="SettingsViewController"><navigationItem key="navigationItem" title="Settings" id="ni-settings"/></viewController>'
        '</viewControllers><tabBarItem key="tabBarItem" title="Settings" id="ti-settings"/></navigationController>'
        '</viewControllers><tabBar key="tabBar" id="tb"/></tabBarController>')
    write(root + "/MainWindow.xib", main)
    write(root + "/Feed.xib", owner_xib("FeedController",
          '<label text="Latest news" id="feed-label"><rect key="frame" x="10" y="10" width="300" height="21"/></label>'
          '<tableView style="plain" id="feed-table"><rect key="frame" x="0" y="40" width="320" height="440"/></tableView>'))
    write(root + "/Feed~ipad.xib", owner_xib("FeedController",
          '<label text="Latest news, wide" id="feed-label-pad"><rect key="frame" x="10" y="10" width="700" height="21"/></label>'))
    # A class's own nibs for each idiom, the pad's first by name: the phone's is the scene.
    write(root + "/LoginViewController~ipad.xib", owner_xib("LoginViewController",
          '<label text="Sign in, wide" id="login-label-pad"><rect key="frame" x="10" y="10" width="700" height="21"/></label>'))
    write(root + "/LoginViewController~iphone.xib", owner_xib("LoginViewController",
          '<label text="Sign in" id="login-label"><rect key="frame" x="10" y="10" width="300" height="21"/></label>'))
    write(root + "/SettingsView.xib", owner_xib("SettingsViewController",
          '<switch on="YES" id="settings-switch"><rect key="frame" x="10" y="10" width="51" height="31"/></switch>'))
    write(root + "/ProfileCard.xib", owner_xib("ProfileController",
          '<label text="Profile card" id="profile-label"><rect key="frame" x="10" y="10" width="300" height="21"/></label>'))
    write(root + "/Broken.xib", '<?xml version="1.0"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">\n<objects>\n<view id="x">\n</objects>\n')

def ib3_object(cls, id, body, key=None):
    k = ' key="%s"' % key if key else ""
    return '<object class="%s"%s id="%s">%s</object>' % (cls, k, id, body)

def ib3_archive(roots, records, classes, connections=""):
    keys = "".join("<string>%s.CustomClassName</string>" % n for n, _ in classes)
    values = "".join("<string>%s</string>" % c for _, c in classes)
    recs = "".join('<object class="IBObjectRecord"><int key="objectID">%s</int><reference key="object" ref="%s"/></object>' % r for r in records)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">\n<data>\n'
            '<int key="IBDocument.SystemTarget">1056</int>\n'
            '<object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">\n<bool key="EncodedWithXMLCoder">YES</bool>\n%s\n</object>\n'
            '<object class="IBObjectContainer" key="IBDocument.Objects">\n'
            '<object class="NSMutableArray" key="connectionRecords"><bool key="EncodedWithXMLCoder">YES</bool>%s</object>\n'
            '<object class="IBMutableOrderedSet" key="objectRecords"><object class="NSArray" key="orderedObjects">'
            '<bool key="EncodedWithXMLCoder">YES</bool>%s</object></object>\n'
            '<object class="NSMutableDictionary" key="flattenedProperties"><bool key="EncodedWithXMLCoder">YES</bool>'
            '<object class="NSArray" key="dict.sortedKeys"><bool key="EncodedWithXMLCoder">YES</bool>%s</object>'
            '<object class="NSArray" key="dict.values"><bool key="EncodedWithXMLCoder">YES</bool>%s</object></object>\n'
            '</object>\n</data>\n</archive>\n' % ("\n".join(roots), connections, recs, keys, values))

def outlet(label, source, destination):
    return ('<object class="IBConnectionRecord"><object class="IBCocoaTouchOutletConnection" key="connection">'
            '<string key="label">%s</string><reference key="source" ref="%s"/><reference key="destination" ref="%s"/>'
            '</object><int key="connectionID">1</int></object>' % (label, source, destination))

def res(key, name):
    return ('<object class="NSCustomResource" key="%s"><string key="NSClassName">NSImage</string>'
            '<string key="NSResourceName">%s</string></object>' % (key, name))

def archive_main(greeting, inbox):
    owner = ib3_object("IBProxyObject", "11", '<string key="IBProxiedObjectIdentifier">IBFilesOwner</string>')
    window = ib3_object("IBUIWindow", "12", '<string key="NSFrameSize">{320, 480}</string>')
    inbox_vc = ib3_object("IBUIViewController", "31",
        ib3_object("IBUINavigationItem", "32", '<string key="IBUITitle">%s</string>' % inbox, key="IBUINavigationItem")
        + '<string key="IBUINibName">Inbox</string>')
    nav = ib3_object("IBUINavigationController", "21",
        ib3_object("IBUITabBarItem", "22", '<string key="IBUITitle">%s</string>' % inbox + res("IBUIImage", "inbox.png"), key="IBUITabBarItem")
        + '<object class="NSMutableArray" key="IBUIViewControllers"><bool key="EncodedWithXMLCoder">YES</bool>%s</object>' % inbox_vc,
        key="IBUISelectedViewController")
    label = ib3_object("IBUILabel", "42", '<string key="NSFrame">{{20, 40}, {280, 21}}</string><string key="IBUIText">%s</string>'
                       '<int key="IBUITextAlignment">1</int>' % greeting)
    button = ib3_object("IBUIButton", "43", '<string key="NSFrame">{{20, 80}, {280, 37}}</string><string key="IBUINormalTitle">Go</string>')
    image = ib3_object("IBUIImageView", "44", '<string key="NSFrame">{{20, 130}, {64, 64}}</string>' + res("IBUIImage", "logo.png"))
    view = ib3_object("IBUIView", "41", '<string key="NSFrameSize">{320, 411}</string>'
        '<object class="NSMutableArray" key="NSSubviews"><bool key="EncodedWithXMLCoder">YES</bool>%s%s%s</object>' % (label, button, image),
        key="IBUIView")
    welcome = ib3_object("IBUIViewController", "40",
        ib3_object("IBUITabBarItem", "45", '<string key="IBUITitle">Welcome</string><int key="IBUISystemItemIdentifier">0</int>', key="IBUITabBarItem")
        + view)
    tabs = ib3_object("IBUITabBarController", "20",
        nav + '<object class="NSMutableArray" key="IBUIViewControllers"><bool key="EncodedWithXMLCoder">YES</bool>'
        '<reference ref="21"/>%s</object>' % welcome)
    return ib3_archive([owner, window, tabs], [("-1", "11"), ("2", "12"), ("3", "20"), ("4", "31"), ("5", "40")],
                       [("-1", "UIApplication"), ("4", "InboxController"), ("5", "WelcomeController")])

def archive_app():
    root = "ArchiveApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/Archive-Info.plist", {"NSMainNibFile": "MainWindow", "CFBundleDevelopmentRegion": "English"})
    # Localized per .lproj, no Base: English is the development region.
    write(root + "/English.lproj/MainWindow.xib", archive_main("Welcome aboard", "Inbox"))
    write(root + "/de.lproj/MainWindow.xib", archive_main("Willkommen an Bord", "Eingang"))
    owner = ib3_object("IBProxyObject", "51", '<string key="IBProxiedObjectIdentifier">IBFilesOwner</string>')
    table = ib3_object("IBUITableView", "62", '<string key="NSFrame">{{0, 44}, {320, 367}}</string><int key="IBUIStyle">1</int>')
    title = ib3_object("IBUILabel", "63", '<string key="NSFrame">{{10, 10}, {300, 24}}</string><string type="base64-UTF8" key="IBUIText">TWVzc2FnZXM</string>')
    view = ib3_object("IBUIView", "61", '<string key="NSFrame">{{0, 20}, {320, 460}}</string>'
        '<object class="NSMutableArray" key="NSSubviews"><bool key="EncodedWithXMLCoder">YES</bool>%s%s</object>' % (title, table))
    write(root + "/Inbox.xib", ib3_archive([owner, view], [("-1", "51"), ("7", "61")], [("-1", "InboxController")],
                                           connections=outlet("view", "51", "61")))

def lproj_app():
    # Storyboards localized per .lproj with no Base copy, as before Base internationalization.
    root = "LprojApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/Info.plist", {"UIMainStoryboardFile": "Main", "CFBundleDevelopmentRegion": "en"})
    for lang, text, title in [("en", "Hello", "Home"), ("fr", "Bonjour", "Accueil")]:
        write(root + "/%s.lproj/Main.storyboard" % lang, storyboard([("h", label_vc("home", text, nav=title))], initial="home"))

def png(width, height, rgb):
    """A solid-colour PNG, written without any imaging library."""
    import struct, zlib
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))

def visual_app():
    # One screen laid out by constraints: a titled button over a background image, a label
    # shorter than its font, a centred label, and a stack of two small image views.
    root = "VisualApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/Visual/Info.plist", {"UIMainStoryboardFile": "Main", "CFBundleDevelopmentRegion": "en"})
    for name, colour in [("band", (20, 60, 200)), ("dot", (200, 30, 30))]:
        write(root + "/Visual/Assets.xcassets/%s.imageset/%s.png" % (name, name), png(8, 8, colour))
        write(root + "/Visual/Assets.xcassets/%s.imageset/Contents.json" % name,
              '{"images":[{"idiom":"universal","filename":"%s.png","scale":"1x"}],"info":{"version":1,"author":"xcode"}}\n' % name)
    def pin(id, item, attr, other, other_attr, constant=0):
        second = ' secondItem="%s" secondAttribute="%s"' % (other, other_attr) if other else ""
        return '<constraint firstItem="%s" firstAttribute="%s"%s constant="%s" id="%s"/>' % (item, attr, second, constant, id)
    def size(id, attr, constant):
        return '<constraint firstAttribute="%s" constant="%s" id="%s"/>' % (attr, constant, id)
    def image(id, x):
        return ('<imageView contentMode="scaleAspectFit" image="dot" translatesAutoresizingMaskIntoConstraints="NO" id="%s">'
                '<rect key="frame" x="%s" y="0" width="20" height="20"/></imageView>' % (id, x))
    views = (
        '<label text="Welcome to Visual" textAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="title">'
        '<rect key="frame" x="16" y="40" width="343" height="25"/><constraints>%s</constraints>'
        '<fontDescription key="fontDescription" type="system" pointSize="30"/></label>' % size("c-th", "height", 25)
        + '<button buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="go">'
        '<rect key="frame" x="16" y="120" width="343" height="48"/><constraints>%s</constraints>'
        '<state key="normal" title="Get started" backgroundImage="band"/></button>' % size("c-bh", "height", 48)
        + '<stackView axis="horizontal" distribution="equalSpacing" translatesAutoresizingMaskIntoConstraints="NO" id="icons">'
        '<rect key="frame" x="16" y="200" width="100" height="20"/><subviews>%s%s</subviews>'
        '<constraints>%s%s</constraints></stackView>' % (image("i1", 0), image("i2", 80), size("c-sw", "width", 100), size("c-sh", "height", 20)))
    constraints = "".join([
        pin("c1", "title", "leading", "root", "leading", 16), pin("c2", "root", "trailing", "title", "trailing", 16),
        pin("c3", "title", "top", "root", "top", 40),
        pin("c4", "go", "leading", "root", "leading", 16), pin("c5", "root", "trailing", "go", "trailing", 16),
        pin("c6", "go", "top", "root", "top", 120),
        pin("c7", "icons", "leading", "root", "leading", 16), pin("c8", "icons", "top", "root", "top", 200)])
    home = ('<viewController id="home" sceneMemberID="viewController"><view key="view" id="root">'
            '<rect key="frame" x="0" y="0" width="375" height="667"/><subviews>%s</subviews>'
            '<constraints>%s</constraints></view></viewController>' % (views, constraints))
    write(root + "/Visual/Base.lproj/Main.storyboard", storyboard([("h", home)], initial="home"))

def bar_art_app():
    # A navigation bar whose standard appearance has a background image of the app's art over
    # a blue background, and a toolbar whose appearance names an image the app does not have.
    root = "BarArtApp"
    shutil.rmtree(os.path.join(HERE, root), ignore_errors=True)
    plist(root + "/BarArt/Info.plist", {"UIMainStoryboardFile": "Main", "CFBundleDevelopmentRegion": "en"})
    write(root + "/BarArt/Assets.xcassets/stripe.imageset/stripe.png", png(8, 8, (230, 120, 20)))
    write(root + "/BarArt/Assets.xcassets/stripe.imageset/Contents.json",
          '{"images":[{"idiom":"universal","filename":"stripe.png","scale":"1x"}],"info":{"version":1,"author":"xcode"}}\n')
    blue = '<color key="backgroundColor" red="0" green="0" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>'
    nc = ('<navigationController id="nc" toolbarHidden="NO" sceneMemberID="viewController">'
          '<navigationBar key="navigationBar" id="nb"><navigationBarAppearance key="standardAppearance" '
          'configureWithOpaqueBackground="YES" backgroundImage="stripe">%s</navigationBarAppearance></navigationBar>'
          '<toolbar key="toolbar" id="tb"><toolbarAppearance key="standardAppearance" configureWithOpaqueBackground="YES" '
          'backgroundImage="no-such-art">%s</toolbarAppearance></toolbar>'
          '<connections><segue destination="home" kind="relationship" relationship="rootViewController" id="r-nc"/></connections>'
          '</navigationController>' % (blue, blue))
    home = ('<viewController id="home" sceneMemberID="viewController"><view key="view" id="v-home">'
            '<rect key="frame" x="0" y="0" width="375" height="667"/></view>'
            '<navigationItem key="navigationItem" title="Striped" id="nav-home"/>'
            '<toolbarItems><barButtonItem title="Share" id="share"/></toolbarItems></viewController>')
    write(root + "/BarArt/Base.lproj/Main.storyboard", storyboard([("n", nc), ("h", home)], initial="nc"))

if __name__ == "__main__":
    localized_app(); pad_app(); scene_app(); code_root_app(); nib_doc_app(); archive_app(); lproj_app(); visual_app()
    bar_art_app()
