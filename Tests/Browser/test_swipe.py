"""The swipe back as UIKit's interactive pop: the screen below shows under the finger (drawn into
the page), the bar's titles cross over, and the session hears the swipe begin, then finish or
cancel, with the events the JSON API logs for the same actions."""
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import PHONE, PAD, go, last_reveal, open_flow, screenshot, wait_for
from pages import rgb

FLOW = "Tests/Browser/flows/motion.yaml"


def press(driver, x, y):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1})


def move(driver, x, y):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1})


def release(driver, x, y):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0, "clickCount": 1})


def edge(driver):
    box = driver.execute_script("var r = document.querySelector('.edge-swipe').getBoundingClientRect(); return [r.left, r.top, r.height];")
    return box[0] + 4, box[1] + box[2] / 2


def drag_to(driver, distance):
    """Presses on the left edge and drags `distance` px to the right, finger still down."""
    x, y = edge(driver)
    press(driver, x, y)
    for i in range(1, 7):
        move(driver, x + distance * i / 6, y)
    return x + distance, y


def events(driver, after=0):
    """The session's events (JSON API), as "scene.event" without layout events."""
    logged = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        fetch('/api/v1/sessions/' + document.body.getAttribute('data-session') + '/events?after=' + arguments[0])
          .then(function (r) { return r.json(); }).then(function (a) { done(a.events); });""", after)
    return [f"{e.get('scene')}.{e['event']}" for e in logged if "LayoutSubviews" not in e["event"]]


def last_seq(driver):
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        fetch('/api/v1/sessions/' + document.body.getAttribute('data-session') + '/events?after=0')
          .then(function (r) { return r.json(); }).then(function (a) { done(a.events.length ? a.events[a.events.length - 1].seq : 0); });""")


BEGIN = ["detail.willMoveToParentViewController", "detail.viewWillDisappear", "home.viewWillAppear", "nav.navigationControllerWillShow"]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("size, idiom", [(PHONE, "phone"), (PAD, "pad")], ids=["phone", "pad"])
def test_the_screen_below_shows_under_the_finger_and_a_short_drag_cancels(serve, browser, size, idiom, dark):
    server = serve(FLOW)
    driver = browser(size=size, dark=dark)
    open_flow(driver, server, idiom)
    pushed = go(driver, "push")
    seq = last_seq(driver)
    width = driver.execute_script("return document.querySelector('.pane-navigation').getBoundingClientRect().width")
    end = drag_to(driver, 60)
    # The drag began the interactive pop: the will-events of both sides, nothing more yet.
    wait_for(driver, "document.querySelector('.nav-under') && !document.querySelector('.nav-under').hidden")
    time.sleep(0.3)
    assert events(driver, seq) == BEGIN
    # The screen below is there, as it is: its title, its content, a third of the way left.
    under = driver.find_element(By.CSS_SELECTOR, ".nav-under")
    assert under.find_element(By.CSS_SELECTOR, ".navbar-title").text == "Home"
    assert under.find_element(By.CSS_SELECTOR, "[data-controller] button, .pane-content").is_displayed()
    boxes = driver.execute_script("""
        var top = document.querySelector('.pane-navigation > .pane-body').getBoundingClientRect();
        var below = document.querySelector('.nav-under > .pane-body').getBoundingClientRect();
        return [top.left, below.left];""")
    nav_left = driver.execute_script("return document.querySelector('.pane-navigation').getBoundingClientRect().left")
    assert boxes[0] - nav_left == pytest.approx(60, abs=6)
    assert boxes[1] - nav_left == pytest.approx(-0.3 * width * (1 - 60 / width), abs=6)
    # Drawn in the screen's own colours, light or dark: never a blank white page.
    background = driver.execute_script("return getComputedStyle(document.querySelector('.nav-under .pane-content')).backgroundColor")
    assert rgb(background)[:3] == ((0, 0, 0) if dark else (255, 255, 255))
    screenshot(driver, "motion", f"swipe-{idiom}-{'dark' if dark else 'light'}")
    # The top title slides right and fades; the title below comes in.
    opacity = driver.execute_script("return +getComputedStyle(document.querySelector('.pane-navigation > .navbar .navbar-title')).opacity")
    assert 0 < opacity < 1
    release(driver, *end)
    wait_for(driver, "document.querySelector('.nav-under').hidden && !document.documentElement.hasAttribute('data-gesture')")
    assert driver.execute_script("return location.pathname") == pushed["path"]
    assert events(driver, seq)[len(BEGIN):] == ["home.viewWillDisappear", "home.viewDidDisappear", "detail.viewWillAppear",
                                                "detail.viewDidAppear", "detail.didMoveToParentViewController"]
    assert driver.find_element(By.CSS_SELECTOR, ".pane-navigation > .navbar .navbar-title").text == "Detail"


def test_a_far_drag_finishes_as_a_pop_without_sliding_again(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    go(driver, "push")
    seq = last_seq(driver)
    driver.execute_script("window.__segueReveal = null")
    end = drag_to(driver, 200)
    release(driver, *end)
    info = last_reveal(driver)
    assert driver.find_element(By.CSS_SELECTOR, ".navbar-title").text == "Home"
    assert events(driver, seq) == BEGIN + ["detail.viewDidDisappear", "home.viewDidAppear", "detail.didMoveToParentViewController",
                                           "nav.navigationControllerDidShow"]
    # The finger already moved the screens: the new page does not play the pop over again.
    assert info["change"] is None
    assert not [a for a in info["animations"] if a["duration"] > 0 and a["name"].startswith("segue-")]


def test_the_screen_below_is_inert_and_hidden_without_a_drag(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    go(driver, "push")
    under = driver.find_element(By.CSS_SELECTOR, ".nav-under")
    assert not under.is_displayed()
    # Nothing in it is a live element or a second heading.
    assert driver.execute_script("return document.querySelectorAll('.nav-under [data-element], .nav-under h1, .nav-under [name^=\"field.\"]').length") == 0
    assert driver.execute_script("return document.querySelectorAll('.nav-under [data-vt]').length") == 0


def test_the_developer_panel_shows_the_swipe_live(serve, browser):
    server = serve(FLOW)
    driver = browser(size=(1400, 1000))
    driver.delete_all_cookies()
    driver.get(server.url("/") + "#developer")
    wait_for(driver, "document.body && document.body.classList.contains('dev-open') && document.querySelector('.dev-events')")
    go(driver, "push")
    wait_for(driver, "document.querySelector('.dev-events') && document.querySelector('.edge-swipe')")
    time.sleep(1.5)  # the event stream is connected
    end = drag_to(driver, 40)
    # While the finger is down the panel lists the swipe's beginning and says it is in progress.
    wait_for(driver, "[...document.querySelectorAll('.dev-events li')].some(li => /detail\\.willMoveToParentViewController/.test(li.textContent))")
    wait_for(driver, "document.querySelector('.dev-gesture') && /pop/.test(document.querySelector('.dev-gesture').textContent)")
    release(driver, *end)
    wait_for(driver, "[...document.querySelectorAll('.dev-events li')].some(li => /detail\\.didMoveToParentViewController/.test(li.textContent))")
    wait_for(driver, "!document.querySelector('.dev-gesture')")
    assert driver.find_element(By.CSS_SELECTOR, ".pane-navigation > .navbar .navbar-title").text == "Detail"
