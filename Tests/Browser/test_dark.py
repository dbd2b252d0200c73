"""Dark mode: what UIKit raises above the window sits on its elevated surfaces (#1C1C1E under
#2C2C2E), never black on black; grouped tables at the window's level keep #1C1C1E cells on black."""
from selenium.webdriver.common.by import By

from conftest import PAD, PHONE, screenshot
from pages import CONTROLS, element, open_page, rgb, style, wait

RAISED = (28, 28, 30)         # #1C1C1E
RAISED_CARD = (44, 44, 46)    # #2C2C2E


def colour(driver, el, prop="background-color"):
    return rgb(style(driver, el, prop))[:3]


def test_form_sheet_and_its_grouped_table_are_raised(serve, browser):
    driver = browser(size=PAD, dark=True)
    open_page(driver, serve(CONTROLS).url("/"))
    element(driver, "[data-element=openSheet]").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".sheet .cell"))
    sheet = element(driver, ".sheet")
    assert colour(driver, sheet) == RAISED
    assert colour(driver, element(driver, ".sheet .pane-content")) == RAISED
    assert colour(driver, element(driver, ".sheet .table-insetGrouped")) == RAISED
    assert colour(driver, element(driver, ".sheet .cell")) == RAISED_CARD
    # The window under the sheet stays black.
    assert colour(driver, element(driver, ".layer[data-layer='0'] .pane-content")) == (0, 0, 0)
    screenshot(driver, "controls", "pad-dark-sheet")


def test_action_sheet_cards_are_raised(serve, browser):
    driver = browser(size=PHONE, dark=True)
    open_page(driver, serve(CONTROLS).url("/"))
    element(driver, "[data-element=openActions]").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".alert-cancel-group"))
    cancel = element(driver, ".alert-cancel-group")
    assert colour(driver, cancel) == RAISED_CARD
    # At the bottom of the window, even over a page taller than it.
    assert 0 < PHONE[1] - (cancel.rect["y"] + cancel.rect["height"]) <= 40
    card = rgb(style(driver, element(driver, ".alert-style-actionSheet .alert"), "background-color"))
    assert card[:3] == RAISED_CARD and card[3] > .8
    screenshot(driver, "controls", "phone-dark-action-sheet")


def test_popover_is_raised(serve, browser):
    driver = browser(size=(1180, 820), dark=True)
    open_page(driver, serve("Examples/ipad-mail.yaml").url("/"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body.width-regular [data-element=filters]"))
    element(driver, "[data-element=filters]").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".popover .switch"))
    assert colour(driver, element(driver, ".popover")) == RAISED
    assert colour(driver, element(driver, ".popover .pane-content")) == RAISED
    arrow = driver.execute_script("return getComputedStyle(document.querySelector('.popover-arrow'), '::before').backgroundColor")
    assert rgb(arrow)[:3] == RAISED  # the arrow is part of the bubble
    screenshot(driver, "ipad-mail", "landscape-dark-popover")


def test_grouped_table_at_window_level_has_dark_cells_on_black(serve, browser):
    driver = browser(size=PHONE, dark=True)
    open_page(driver, serve("Examples/settings.yaml").url("/"))
    assert colour(driver, element(driver, ".table-insetGrouped")) == (0, 0, 0)
    assert colour(driver, element(driver, ".table-insetGrouped .cell")) == RAISED
    screenshot(driver, "settings", "phone-dark")
