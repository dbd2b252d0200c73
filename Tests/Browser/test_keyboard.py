"""Keyboard and selection: Esc dismisses what a hardware keyboard dismisses on iPad, and nothing
else; a split view keeps the chosen row highlighted; a refused tap shows nothing on the screen."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PAD, PHONE, go, last_reveal, open_flow

PAD_LANDSCAPE = (PAD[1], PAD[0])

FLOW = "Tests/Browser/flows/motion.yaml"


def layers(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "section.layer"))


def escape(driver):
    """Presses Esc. `submitted(driver)` tells whether it tapped anything; `last_reveal` waits
    for the page it led to."""
    driver.execute_script(
        "document.querySelector('form.screen').addEventListener('submit', function () { window.__submitted = true; });"
        "window.__segueReveal = null")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)


def submitted(driver):
    # A tap submits the page's form from inside the key's own event: by now it would have.
    return driver.execute_script("return window.__submitted === true")


def test_esc_taps_an_alerts_cancel_action(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PAD)
    open_flow(driver, server, "pad")
    go(driver, "ask")
    assert driver.find_elements(By.CSS_SELECTOR, ".layer-alert")
    escape(driver)
    assert last_reveal(driver)["change"] == "dismiss"
    assert not driver.find_elements(By.CSS_SELECTOR, ".layer-alert")


def test_esc_leaves_an_alert_without_a_cancel_action(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    go(driver, "askNoCancel")
    escape(driver)
    assert not submitted(driver)
    assert driver.find_elements(By.CSS_SELECTOR, ".layer-alert")


def test_esc_closes_a_sheet_through_its_cancel_button_and_a_popover_as_a_tap_outside(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PAD_LANDSCAPE)
    open_flow(driver, server, "pad")
    go(driver, "sheet")
    assert driver.find_elements(By.CSS_SELECTOR, ".layer-formSheet")
    escape(driver)
    assert last_reveal(driver)["change"] == "dismiss"
    assert not driver.find_elements(By.CSS_SELECTOR, ".layer-formSheet")

    open_flow(driver, serve("Examples/ipad-mail.yaml"), "pad")
    go(driver, "filters")
    assert driver.find_elements(By.CSS_SELECTOR, ".layer-popover")
    escape(driver)
    assert last_reveal(driver)["change"] == "dismiss"
    assert not driver.find_elements(By.CSS_SELECTOR, ".layer-popover")


def test_esc_on_a_plain_screen_does_nothing(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    go(driver, "push")
    escape(driver)
    assert not submitted(driver)
    assert driver.find_element(By.CSS_SELECTOR, ".navbar-title").text == "Detail"


def test_a_split_view_keeps_the_chosen_row_highlighted(serve, browser):
    server = serve("Examples/ipad-mail.yaml")
    driver = browser(size=PAD_LANDSCAPE)
    open_flow(driver, server, "pad")
    go(driver, "msgDaniel")
    row = driver.find_element(By.CSS_SELECTOR, ".split-primary .cell.is-selected-row")
    assert row.get_attribute("data-element") == "msgDaniel"
    colours = driver.execute_script(
        "return [getComputedStyle(arguments[0]).backgroundColor,"
        " getComputedStyle(document.querySelector('.split-primary [data-element=msgAnna]')).backgroundColor]", row)
    assert colours[0] != colours[1]


def test_a_refused_tab_selection_shows_nothing_on_the_screen(serve, browser):
    server = serve(FLOW)
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    before = driver.find_element(By.CSS_SELECTOR, ".screen").text
    driver.execute_script("window.__segueReveal = null")
    driver.find_elements(By.CSS_SELECTOR, ".tabbar .tab")[3].click()
    # The tap is posted and the page comes back (a new document, same screen, nothing moving).
    assert last_reveal(driver)["change"] is None
    assert not driver.find_elements(By.CSS_SELECTOR, ".warnings, .warning, [role=status]")
    assert driver.find_element(By.CSS_SELECTOR, ".screen").text == before
    assert driver.find_elements(By.CSS_SELECTOR, ".tabbar .tab")[0].get_attribute("aria-current") == "page"
