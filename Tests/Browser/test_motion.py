"""Motion: every change plays UIKit's animation as a cross-document view transition, named by the
page (`<html data-change>`); tab switches and unanimated changes are instant; reduced motion and
browsers without JavaScript still navigate, without animation."""
import pytest
from selenium.webdriver.common.by import By

from conftest import PHONE, PAD, go, last_reveal, make_driver, open_flow, tap, wait_for

FLOW = "Tests/Browser/flows/motion.yaml"


def played(info, pseudo_part):
    """Names of the animations on pseudo-elements whose selector contains `pseudo_part`."""
    assert not info.get("skipped"), info
    names = {a["name"] for a in info["animations"] if pseudo_part in a["pseudo"]}
    assert names, info
    return names


def moving(info):
    """Animations that visibly run (anything of Segue's own, or the browser's default cross-fade)."""
    return [a for a in info["animations"] if a["duration"] > 0 and a["name"] not in ("", "none")]


@pytest.fixture(scope="module")
def phone():
    driver = make_driver(size=PHONE)
    yield driver
    driver.quit()


def start(driver, server):
    return open_flow(driver, server, "phone")


def test_push_slides_in_from_the_right_over_the_old_screen_moving_a_third(serve, phone):
    server = serve(FLOW)
    start(phone, server)
    nav = phone.find_element(By.CSS_SELECTOR, ".pane-navigation").get_attribute("data-controller")
    info = go(phone, "push")
    assert info["transition"] and info["change"] == "push"
    assert played(info, f"view-transition-new({nav}-body)") == {"segue-slide-in-right"}
    assert played(info, f"view-transition-old({nav}-body)") == {"segue-slide-under-left"}
    assert played(info, f"view-transition-new({nav}-title)") == {"segue-title-in-right"}
    assert played(info, f"view-transition-old({nav}-title)") == {"segue-title-out-left"}
    # The page as a whole does not cross-fade any more.
    assert not [a for a in info["animations"] if "(root)" in a["pseudo"] and a["duration"] > 0]
    # The keyframes really move a third of the way and dim.
    keyframes = phone.execute_script("""
        for (const sheet of document.styleSheets) for (const rule of sheet.cssRules)
          if (rule.name === 'segue-slide-under-left') return rule.cssText;""")
    assert "-30%" in keyframes and "brightness" in keyframes


def test_pop_slides_the_screen_out_to_the_right(serve, phone):
    server = serve(FLOW)
    start(phone, server)
    go(phone, "push")
    nav = phone.find_element(By.CSS_SELECTOR, ".pane-navigation").get_attribute("data-controller")
    info = go(phone, phone.find_element(By.CSS_SELECTOR, ".bar-back").get_attribute("data-element"))
    assert info["change"] == "pop"
    assert played(info, f"view-transition-old({nav}-body)") == {"segue-slide-out-right"}
    assert played(info, f"view-transition-new({nav}-body)") == {"segue-slide-from-under"}


def inner_moves(info, layer):
    """Animations that move a part named inside a layer on its own (a nav body fading in place)."""
    return [a for a in info["animations"] if a["duration"] > 0 and "group(" not in a["pseudo"] and "group-children(" not in a["pseudo"]
            and f"({layer})" not in a["pseudo"] and "(dimming-" not in a["pseudo"] and a["name"] not in ("segue-hold", "none", "")]


@pytest.mark.parametrize("element, style, arriving, leaving", [
    ("cover", "coverVertical", "segue-layer-cover-in", "segue-layer-cover-out"),
    ("flip", "flipHorizontal", "segue-layer-flip-in", "segue-layer-flip-back-out"),
    ("dissolve", "crossDissolve", "segue-layer-fade-in", "segue-layer-fade-out"),
])
def test_full_screen_presentations_move_the_whole_screen_and_dismiss_backwards(serve, phone, element, style, arriving, leaving):
    server = serve(FLOW)
    start(phone, server)
    info = go(phone, element)
    assert (info["change"], info["transitionStyle"]) == ("present", style)
    # The layer's group moves: it carries everything named inside it, bars and content as one.
    assert played(info, "view-transition-group(layer-1)") == {arriving}
    assert inner_moves(info, "layer-1") == []
    if style == "flipHorizontal":
        assert played(info, "view-transition-group(layer-0)") == {"segue-layer-flip-out"}
    info = go(phone, "close")
    assert (info["change"], info["transitionStyle"]) == ("dismiss", style)
    assert played(info, "view-transition-group(layer-1)") == {leaving}
    assert inner_moves(info, "layer-0") == []


def test_partial_curl_lifts_the_presenters_page(serve, phone):
    server = serve(FLOW)
    start(phone, server)
    info = go(phone, "curl")
    assert info["transitionStyle"] == "partialCurl"
    # The presenter's picture and everything named in it curl up together.
    assert played(info, "view-transition-old(layer-0)") == {"segue-layer-curl-up"}
    assert played(info, "view-transition-group-children(layer-0)") == {"segue-layer-curl-up"}
    # The curl of the presenter's page is what dismisses it.
    info = go(phone, phone.find_element(By.CSS_SELECTOR, ".page-curl-button").get_attribute("data-element"))
    assert info["change"] == "dismiss"
    assert played(info, "view-transition-new(layer-0)") == {"segue-layer-curl-down"}


def test_alerts_fade_in_with_the_box_settling(serve, phone):
    server = serve(FLOW)
    start(phone, server)
    info = go(phone, "ask")
    assert played(info, "view-transition-group(layer-1)") == {"segue-layer-fade-in"}
    assert "segue-alert-in" in {a["name"] for a in info["animations"] if "-alert)" in a["pseudo"]}
    info = go(phone, "keep")
    assert played(info, "view-transition-group(layer-1)") == {"segue-layer-fade-out"}


def test_tab_switches_and_value_changes_are_instant(serve, phone):
    server = serve(FLOW)
    start(phone, server)
    phone.execute_script("window.__segueReveal = null")
    phone.find_elements(By.CSS_SELECTOR, ".tabbar .tab")[2].click()
    info = last_reveal(phone)
    assert info["change"] == "selectTab"
    assert moving(info) == []


def test_a_sheet_on_pad_rises_with_its_bars_over_a_presenter_that_dims(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PAD)
    open_flow(driver, server, "pad")
    info = go(driver, "sheet")
    assert info["change"] == "present"
    # The card and its content as one: the layer's group rises; its bars do not fade in place.
    assert played(info, "view-transition-group(layer-1)") == {"segue-layer-cover-in"}
    assert inner_moves(info, "layer-1") == []
    assert played(info, "view-transition-new(dimming-0)") == {"segue-fade-in"}
    # The presenter stays where it is under the sheet.
    assert not [a for a in info["animations"] if "(layer-0)" in a["pseudo"] and a["name"].startswith("segue-layer")]
    info = go(driver, "cancelSheet")
    assert played(info, "view-transition-group(layer-1)") == {"segue-layer-cover-out"}
    assert inner_moves(info, "layer-0") == []


@pytest.mark.parametrize("element", ["cover", "flip", "dissolve", "curl"])
def test_with_view_transitions_off_nothing_moves_at_all(serve, browser, element):
    server = serve(FLOW)
    driver = browser(size=PHONE, reduced_motion=True)
    open_flow(driver, server, "phone")
    info = go(driver, element)
    assert not info["transition"]
    assert driver.execute_script("return document.getAnimations().filter(a => a.playState === 'running').length") == 0


def test_reduced_motion_navigates_without_a_transition(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE, reduced_motion=True)
    open_flow(driver, server, "phone")
    info = go(driver, "push")
    assert info["change"] == "push" and not info["transition"]


def test_without_javascript_the_pages_still_push_and_pop(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE, javascript=False)
    driver.get(server.url("/"))
    assert driver.execute_script("return document.querySelector('.edge-swipe')") is None
    tap(driver, "push")
    wait_for(driver, "document.querySelector('.navbar-title').textContent === 'Detail'")
    driver.find_element(By.CSS_SELECTOR, ".bar-back").click()
    wait_for(driver, "document.querySelector('.navbar-title').textContent === 'Home'")


def drag(driver, points, touch=False):
    """A finger (touch) or a held mouse button moved through `points` (CSS px in the viewport)."""
    if touch:
        kinds = ["touchStart"] + ["touchMove"] * (len(points) - 1)
        for kind, (x, y) in zip(kinds, points):
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        return
    x0, y0 = points[0]
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x0, "y": y0})
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x0, "y": y0, "button": "left", "buttons": 1, "clickCount": 1})
    for x, y in points[1:]:
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1})
    x1, y1 = points[-1]
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x1, "y": y1, "button": "left", "buttons": 0, "clickCount": 1})


def edge_swipe_points(driver, distance):
    box = driver.execute_script("var r = document.querySelector('.edge-swipe').getBoundingClientRect(); return [r.left, r.top, r.height];")
    x, y = box[0] + 4, box[1] + box[2] / 2
    return [(x + distance * i / 6, y + i) for i in range(7)]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_swipe_from_the_left_edge_pops_like_the_back_button(serve, browser, touch):
    server = serve(FLOW)
    driver = browser(size=PHONE, touch=touch)
    open_flow(driver, server, "phone")
    # The root screen cannot go back: no edge to swipe.
    assert driver.find_elements(By.CSS_SELECTOR, ".edge-swipe") == []
    pushed = go(driver, "push")
    wait_for(driver, "document.querySelector('.edge-swipe')")
    # A short drag springs back and changes nothing.
    drag(driver, edge_swipe_points(driver, 40), touch=touch)
    assert driver.execute_script("return location.pathname") == pushed["path"]
    assert driver.execute_script("return document.querySelector('.pane-navigation > .pane-body').style.transform") == ""
    # A long one, right after: it begins once the short one's cancel is answered, and finishes
    # as the interactive pop (the finger already moved the screens: no slide plays again), not
    # as a begin refused for the one still in progress followed by a tap on the back button.
    driver.execute_script("window.__segueReveal = null")
    drag(driver, edge_swipe_points(driver, 220), touch=touch)
    info = last_reveal(driver)
    assert driver.find_element(By.CSS_SELECTOR, ".navbar-title").text == "Home"
    assert info["change"] is None
    assert not [a for a in info["animations"] if a["duration"] > 0 and a["name"].startswith("segue-")]


def test_a_sideways_drag_turns_a_page_views_page(serve, browser):
    server = serve("Examples/photo-book.yaml")
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    go(driver, "albumRow")
    index = int(driver.find_element(By.CSS_SELECTOR, ".pane-pages").get_attribute("data-page-index"))
    box = driver.execute_script("var r = document.querySelector('.pages-viewport').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
    y = box[1] + box[3] / 2
    driver.execute_script("window.__segueReveal = null")
    drag(driver, [(box[0] + box[2] * 0.8 - i * box[2] * 0.1, y) for i in range(7)])
    info = last_reveal(driver)
    assert info["change"] == "pageForward"
    assert int(driver.find_element(By.CSS_SELECTOR, ".pane-pages").get_attribute("data-page-index")) == index + 1
    pages = driver.find_element(By.CSS_SELECTOR, ".pane-pages").get_attribute("data-controller")
    assert played(info, f"view-transition-new({pages}-pages)") == {"segue-slide-in-right"}
    assert played(info, f"view-transition-old({pages}-pages)") == {"segue-pages-forward-out"}


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_popover_fades_in_settling_from_smaller_and_fades_out(serve, browser, dark):
    server = serve("Examples/ipad-mail.yaml")
    driver = browser(size=(1180, 820), dark=dark)
    open_flow(driver, server, "pad")
    info = go(driver, "filters")
    assert info["change"] == "present"
    assert played(info, "view-transition-group(layer-1)") == {"segue-layer-pop-in"}
    assert inner_moves(info, "layer-1") == []
    keyframes = driver.execute_script("""
        for (const sheet of document.styleSheets) for (const rule of sheet.cssRules)
          if (rule.name === 'segue-layer-pop-in') return rule.cssText;""")
    assert "opacity: 0" in keyframes and "scale" in keyframes
    info = go(driver, driver.find_element(By.CSS_SELECTOR, ".popover-outside").get_attribute("data-element"))
    assert info["change"] == "dismiss"
    assert played(info, "view-transition-group(layer-1)") == {"segue-layer-fade-out"}
