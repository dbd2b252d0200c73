"""Controls as iOS draws them, and value controls that keep their value in the session.

Text fields are form rows with hairlines, text views have no grip, the search bar has its
magnifier and Cancel, pickers are wheels, the image with no file is a neutral tile; switches,
sliders, segmented controls and steppers that nothing is wired to move, with the script without a
page load and without it by a form post, and the session keeps what they were set to.
"""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

import pytest

from conftest import PHONE, make_driver, screenshot
from pages import CONTROLS, element, mark_document, open_page, rgb, same_document, style, wait


@pytest.fixture(scope="module")
def phone():
    """One phone-sized browser for the tests that only look (starting Chromium costs more than a
    page); each test opens a new session."""
    driver = make_driver(size=PHONE)
    yield driver
    driver.quit()


def test_text_fields_are_form_rows_with_hairlines(serve, phone):
    driver = phone
    driver.delete_all_cookies()
    open_page(driver, serve(CONTROLS).url("/"))
    subject = element(driver, "input.text-field[name='field.subject']")
    assert style(driver, subject, "border-bottom-style") == "solid"
    assert 0 < float(style(driver, subject, "border-bottom-width").rstrip("px")) <= 1
    assert style(driver, subject, "border-top-style") == "none"
    assert rgb(style(driver, subject, "background-color"))[-1] == 0  # transparent
    row = element(driver, "label.text-field-row")
    caption = row.find_element(By.CSS_SELECTOR, ".text-field-caption")
    field = row.find_element(By.CSS_SELECTOR, "input.text-field")
    assert caption.text == "To:"
    assert caption.rect["x"] + caption.rect["width"] <= field.rect["x"]  # the caption leads the field
    assert style(driver, element(driver, "textarea.text-view"), "resize") == "none"
    screenshot(driver, "controls", "phone-light")


def test_search_bar_has_a_magnifier_and_cancel(serve, phone):
    driver = phone
    driver.delete_all_cookies()
    open_page(driver, serve(CONTROLS).url("/"))
    icon = element(driver, ".search-bar .search-icon")
    field = element(driver, ".search-bar .search-field")
    assert icon.size["width"] >= 12 and "url(" in style(driver, icon, "mask-image")
    # The magnifier sits inside the field, before its text.
    assert field.rect["x"] <= icon.rect["x"] < field.rect["x"] + 24
    cancel = element(driver, ".search-bar .search-cancel")
    assert not cancel.is_displayed()
    field.click()
    field.send_keys("jazz")
    wait(driver, lambda d: cancel.is_displayed())
    assert cancel.text == "Cancel"
    cancel.click()
    wait(driver, lambda d: field.get_attribute("value") == "" and not cancel.is_displayed())


def test_pickers_are_wheels_with_the_chosen_row_in_the_band(serve, phone):
    driver = phone
    driver.delete_all_cookies()
    open_page(driver, serve(CONTROLS).url("/"))
    picker, date = driver.find_elements(By.CSS_SELECTOR, ".picker-wheels")
    # The form is taller than the window: it scrolls inside the screen.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
    band = picker.find_element(By.CSS_SELECTOR, ".picker-band")
    chosen = picker.find_element(By.CSS_SELECTOR, ".picker-row.is-chosen")
    assert chosen.text == "Cherry"
    middle = chosen.rect["y"] + chosen.rect["height"] / 2
    assert band.rect["y"] < middle < band.rect["y"] + band.rect["height"]
    # Rows away from the band turn away on the cylinder.
    first = picker.find_element(By.CSS_SELECTOR, ".picker-row:first-child")
    assert style(driver, first, "transform") != "none"
    assert len(date.find_elements(By.CSS_SELECTOR, ".picker-column")) == 4
    assert picker.get_attribute("aria-label") == "Fruit"


def test_an_image_without_a_file_is_a_neutral_tile(serve, phone):
    driver = phone
    driver.delete_all_cookies()
    open_page(driver, serve(CONTROLS).url("/"))
    tile = element(driver, ".image-placeholder")
    assert style(driver, tile, "background-image") == "none"  # no diagonal stripes
    assert rgb(style(driver, tile, "background-color"))[-1] > 0
    assert "url(" in style(driver, tile, "mask-image", "::before")  # the photo glyph


def test_system_font_stack_avoids_the_wide_fallback(serve, phone):
    driver = phone
    driver.delete_all_cookies()
    open_page(driver, serve(CONTROLS).url("/"))
    driver.execute_cdp_cmd("DOM.enable", {})
    driver.execute_cdp_cmd("CSS.enable", {})
    document = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
    node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": ".navbar-title"})
    fonts = driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
    families = [f["familyName"] for f in fonts]
    assert families and not any("DejaVu" in f for f in families), families


def test_value_controls_move_in_place_and_the_session_keeps_them(serve, browser):
    driver = browser(size=PHONE)
    open_page(driver, serve(CONTROLS).url("/"))
    element(driver, "input[name='field.subject']").send_keys("Typed, not sent")
    mark_document(driver)

    def version():
        return int(driver.execute_script("return document.body.getAttribute('data-version')"))

    def answered(after):
        # The session's answer to the background post carries the next version.
        wait(driver, lambda d: version() > after)

    switch = element(driver, "button.switch[data-element=airplane]")
    assert switch.get_attribute("aria-checked") == "false"
    v = version()
    switch.click()
    assert switch.get_attribute("aria-checked") == "true"
    answered(v)

    v = version()
    element(driver, ".segmented[data-element=period] .segment:nth-child(2)").click()
    assert element(driver, ".segmented .is-selected").text == "Week"
    answered(v)

    v = version()
    element(driver, ".stepper[data-element=copies] .stepper-plus").click()
    assert element(driver, ".stepper-value").text == "2"
    answered(v)

    slider = element(driver, "input.slider[data-element=volume]")
    before = float(slider.get_attribute("value"))
    v = version()
    ActionChains(driver).click_and_hold(slider).move_by_offset(int(slider.size["width"] * 0.3), 0).release().perform()
    answered(v)
    moved = float(slider.get_attribute("value"))
    assert moved > before
    fill = float(driver.execute_script("return arguments[0].style.getPropertyValue('--fill-pct')", slider).rstrip("%"))
    assert abs(fill - moved * 100) < 1

    # No page was loaded, so the text typed but not sent is still there.
    assert same_document(driver)
    assert element(driver, "input[name='field.subject']").get_attribute("value") == "Typed, not sent"

    # The session kept every value: a fresh load of the page shows them.
    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
    assert element(driver, "button.switch[data-element=airplane]").get_attribute("aria-checked") == "true"
    assert element(driver, ".segmented .is-selected").text == "Week"
    assert element(driver, ".stepper-value").text == "2"
    assert abs(float(element(driver, "input.slider").get_attribute("value")) - moved) < 1e-3


def test_value_controls_post_the_form_without_javascript(serve, browser):
    driver = browser(size=PHONE, javascript=False)
    driver.get(serve(CONTROLS).url("/"))
    element(driver, "button.switch[data-element=airplane]").click()
    wait(driver, lambda d: element(d, "button.switch[data-element=airplane]").get_attribute("aria-checked") == "true")
    element(driver, ".segmented .segment:nth-child(3)").click()
    wait(driver, lambda d: element(d, ".segmented .is-selected").text == "Month")
    element(driver, ".stepper .stepper-minus").click()
    wait(driver, lambda d: element(d, ".stepper-value").text == "0")
    # At UIKit's default minimum, minus is disabled.
    assert not element(driver, ".stepper .stepper-minus").is_enabled()
    # Cancel needs the script to clear the field: without it, it is not offered.
    element(driver, ".search-field").click()
    assert not element(driver, ".search-cancel").is_displayed()
