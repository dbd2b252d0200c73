"""Layout: the tab bar on the bottom edge, back titles that give way to the centred title, a pad
laid out as a pad from its first page, typed text that survives a rotation, and pad widths."""
from selenium.webdriver.common.by import By

from conftest import LANDSCAPE, PAD, PHONE, go, last_reveal, open_flow, wait_for

FLOW = "Tests/Browser/flows/motion.yaml"


def rect(driver, selector):
    return driver.execute_script(
        "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height};", selector)


def tap_tab(driver, index):
    driver.execute_script("window.__segueReveal = null")
    driver.find_elements(By.CSS_SELECTOR, ".tabbar .tab")[index].click()
    return last_reveal(driver)


def test_the_tab_bar_stays_on_the_bottom_edge_when_a_tab_holds_a_split_view(serve, browser):
    server = serve(FLOW)
    for size, idiom in ((PAD, "pad"), (PHONE, "phone")):
        driver = browser(size=size)
        open_flow(driver, server, idiom)
        tap_tab(driver, 1)
        assert driver.find_elements(By.CSS_SELECTOR, ".pane-split")
        bar = rect(driver, ".tabbar")
        height = driver.execute_script("return innerHeight")
        assert abs(bar["bottom"] - height) <= 1, (size, bar, height, driver.execute_script("return [location.pathname, document.body.className, scrollY]"))
        # The page does not grow with the list (26 rows, taller than the window): the list
        # scrolls inside its column, under a bar that stays put.
        assert driver.execute_script("return document.documentElement.scrollHeight - innerHeight") < 49


def test_a_long_back_title_becomes_back_then_the_chevron_alone(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    go(driver, "long")
    assert rect(driver, ".navbar-leading")["right"] <= rect(driver, ".navbar-title")["left"] + 1
    go(driver, "deeper")
    back = driver.find_element(By.CSS_SELECTOR, ".bar-back")
    label = driver.find_element(By.CSS_SELECTOR, ".bar-back .bar-title").text
    assert label in ("Back", "")
    if label == "":
        assert "is-chevron-only" in back.get_attribute("class") and back.get_attribute("aria-label") == "Back"
    # Never over the title.
    assert rect(driver, ".navbar-leading")["right"] <= rect(driver, ".navbar-title")["left"] + 1
    # A wider window has room for the whole title again.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PAD[1], "height": PAD[0], "deviceScaleFactor": 1, "mobile": False})
    wait_for(driver, "document.querySelector('.bar-back .bar-title') && document.querySelector('.bar-back .bar-title').textContent === 'The Screen Whose Title Goes On And On'")
    assert rect(driver, ".navbar-leading")["right"] <= rect(driver, ".navbar-title")["left"] + 1


def test_a_pad_shows_a_pad_layout_from_the_first_page(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PAD)
    open_flow(driver, server, "pad")
    reveals = driver.execute_script("return JSON.parse(sessionStorage.getItem('segue.test.reveals'))")
    # A page drawn for the phone before the window was known was never shown.
    assert all("idiom-pad" in r["body"] or r["settling"] for r in reveals), reveals
    # A new session in the same browser starts at the window's size: one page load, a pad one.
    driver.execute_script("sessionStorage.removeItem('segue.test.reveals')")
    cookie = driver.get_cookie("segue-viewport")
    assert cookie and cookie["value"] == f"{PAD[0]}x{PAD[1]}"
    for c in driver.get_cookies():
        if c["name"] != "segue-viewport":
            driver.delete_cookie(c["name"])
    driver.get(server.url("/"))
    wait_for(driver, "document.readyState === 'complete' && document.body.classList.contains('idiom-pad')")
    reveals = driver.execute_script("return JSON.parse(sessionStorage.getItem('segue.test.reveals'))")
    assert len(reveals) == 1 and "idiom-pad" in reveals[0]["body"] and not reveals[0]["settling"], reveals


def test_a_rotation_keeps_text_typed_but_not_sent(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    field = driver.find_element(By.CSS_SELECTOR, "input[name='field.note']")
    field.send_keys("Buy milk")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": LANDSCAPE[0], "height": LANDSCAPE[1], "deviceScaleFactor": 1, "mobile": False})
    wait_for(driver, f"document.body.getAttribute('data-viewport') === '{LANDSCAPE[0]}x{LANDSCAPE[1]}'")
    assert driver.find_element(By.CSS_SELECTOR, "input[name='field.note']").get_attribute("value") == "Buy milk"


def test_pad_tab_bar_items_and_tables_keep_uikit_widths(serve, browser):
    server = serve("Examples/music.yaml")
    driver = browser(size=PAD)
    open_flow(driver, server, "pad")
    tabs = driver.execute_script(
        "return [...document.querySelectorAll('.tabbar .tab')].map(t => { var r = t.getBoundingClientRect(); return [r.left, r.right]; })")
    assert all(right - left <= 200 for left, right in tabs)
    # Centred, within the window: as much room on either side.
    assert tabs[0][0] >= 0 and tabs[-1][1] <= PAD[0]
    assert abs(tabs[0][0] - (PAD[0] - tabs[-1][1])) <= 2
    settings = serve("Examples/settings.yaml")
    open_flow(driver, settings, "pad")
    text = rect(driver, ".cell .cell-text")
    assert text["left"] >= (PAD[0] - 704) / 2 - 1
