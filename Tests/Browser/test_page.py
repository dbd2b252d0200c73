"""The page around the device screen: the screen is the window and nothing outside it moves it
(no page scroll, tools outside it or out of sight), dark mode for plain tables and progress
views, grouped switch rows, no placeholder box on any example's first screen, and a pad's first
page laid out for the pad in one load."""
import io
from pathlib import Path

from PIL import Image

import pytest
from selenium.webdriver.common.by import By

from conftest import PAD, PHONE, ROOT, go, open_flow, wait_for
from pages import rgb

EXAMPLES = sorted(p for p in (ROOT / "Examples").iterdir() if p.suffix in (".yaml", ".yml", ".json"))
SIZES = {"phone": PHONE, "pad": PAD}


@pytest.mark.parametrize("idiom", list(SIZES))
@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_page_never_scrolls_and_shows_no_placeholder_box(serve, browser, example: Path, idiom):
    server = serve(str(example.relative_to(ROOT)))
    driver = browser(size=SIZES[idiom])
    open_flow(driver, server, idiom)
    # The screen is the window: the page has nothing to scroll, and a wheel over it moves nothing.
    assert driver.execute_script("return document.scrollingElement.scrollHeight - innerHeight") <= 0
    driver.execute_script("window.scrollTo(0, 200); document.scrollingElement.scrollTop = 200")
    assert driver.execute_script("return document.scrollingElement.scrollTop") == 0
    # The bars are whole; what lies outside the screen is not on it.
    for bar in driver.find_elements(By.CSS_SELECTOR, ".layer:not(.is-hidden) .navbar"):
        if bar.is_displayed():
            assert bar.rect["y"] >= 0
    link = driver.find_elements(By.CSS_SELECTOR, ".recorded-test")
    if link:
        box = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", link[0])
        assert box[0] <= 1 and box[1] <= 1
    # A dashed box stands for content code makes; no bundled example opens on one.
    assert [b for b in driver.find_elements(By.CSS_SELECTOR, ".placeholder-box") if b.is_displayed()] == []


def test_a_long_list_scrolls_inside_the_screen_under_a_bar_that_stays(serve, browser):
    server = serve("Tests/Browser/flows/controls.yaml")
    driver = browser(size=(390, 500))
    open_flow(driver, server, "phone")
    body = driver.find_element(By.CSS_SELECTOR, ".pane-navigation > .pane-body")
    assert driver.execute_script("return arguments[0].scrollHeight > arguments[0].clientHeight", body)
    driver.execute_script("arguments[0].scrollTop = 300", body)
    assert driver.execute_script("return arguments[0].scrollTop", body) > 0
    assert driver.execute_script("return document.scrollingElement.scrollTop") == 0
    assert driver.find_element(By.CSS_SELECTOR, ".navbar").rect["y"] == 0


def test_no_developer_tab_floats_over_a_pad_page(serve, browser):
    server = serve("Examples/ipad-mail.yaml")
    driver = browser(size=(1180, 820))
    open_flow(driver, server, "pad")
    tab = driver.find_element(By.CSS_SELECTOR, ".dev-link")
    assert driver.execute_script("return +getComputedStyle(arguments[0]).opacity", tab) == 0
    # A keyboard still reaches it.
    driver.execute_script("arguments[0].focus()", tab)
    wait_for(driver, "+getComputedStyle(document.querySelector('.dev-link')).opacity > 0")


def test_plain_tables_and_progress_views_are_dark_in_dark_mode(serve, browser):
    server = serve("Examples/music.yaml")
    driver = browser(size=PHONE, dark=True)
    open_flow(driver, server, "phone")
    cell = driver.find_element(By.CSS_SELECTOR, ".table-plain .cell")
    assert rgb(driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor", cell))[:3] == (0, 0, 0)
    controls = serve("Tests/Browser/flows/controls.yaml")
    open_flow(driver, controls, "phone")
    bar = driver.find_element(By.CSS_SELECTOR, "progress.progress")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", bar)
    picture = Image.open(io.BytesIO(bar.screenshot_as_png)).convert("RGB")
    done = picture.getpixel((int(picture.width * 0.2), picture.height // 2))
    left = picture.getpixel((int(picture.width * 0.8), picture.height // 2))
    # The part done in the tint; the rest a dim grey on black, never the browser's light track.
    assert done[2] > 200 and done[0] < 60
    assert max(left) < 100


def test_the_settings_switch_rows_are_grouped_cells(serve, browser):
    server = serve("Examples/settings.yaml")
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    go(driver, "privacyRow")
    rows = driver.find_elements(By.CSS_SELECTOR, ".pane-content > .switch-row")
    assert len(rows) == 2
    screen = driver.find_element(By.CSS_SELECTOR, ".pane-navigation > .pane-body").rect
    first, second = rows[0].rect, rows[1].rect
    # Inset from the screen's edges, one card: rounded top and bottom, no gap between.
    assert first["x"] - screen["x"] == pytest.approx(16, abs=1)
    assert second["y"] == pytest.approx(first["y"] + first["height"], abs=1)
    radius = driver.execute_script("var s = getComputedStyle(arguments[0]); return [s.borderTopLeftRadius, s.borderBottomLeftRadius]", rows[0])
    assert radius == ["10px", "0px"]
    background = driver.execute_script("return getComputedStyle(document.querySelector('.pane-content')).backgroundColor")
    assert rgb(background)[:3] == (242, 242, 247)


def test_a_pads_first_page_takes_one_load(serve, browser):
    server = serve("Examples/ipad-mail.yaml")
    # A Chromium that never loaded a page: one kept from an earlier test may know the server's
    # Accept-CH already and send the hints unasked.
    driver = browser(size=PAD, fresh=True)
    driver.delete_all_cookies()
    driver.get(server.url("/"))
    wait_for(driver, "document.readyState === 'complete' && !document.documentElement.classList.contains('is-settling')")
    reveals = driver.execute_script("return JSON.parse(sessionStorage.getItem('segue.test.reveals') || '[]')")
    assert len(reveals) == 1 and "idiom-pad" in reveals[0]["body"] and not reveals[0]["settling"]


@pytest.mark.parametrize("size", [(844, 390), (430, 932)], ids=["rotation", "resize"])
def test_rotation_and_resize_keep_focus_and_scroll_position(serve, browser, size):
    server = serve("Tests/Browser/flows/controls.yaml")
    driver = browser(size=PHONE)
    open_flow(driver, server, "phone")
    body = driver.find_element(By.CSS_SELECTOR, ".pane-navigation > .pane-body")
    field = driver.find_element(By.CSS_SELECTOR, "[name='field.subject']")
    field.send_keys("Lunch")
    driver.execute_script("arguments[0].setSelectionRange(2, 2)", field)
    driver.execute_script("arguments[0].scrollTop = 120", body)
    before = driver.execute_script("return arguments[0].scrollTop", body)
    assert before > 0
    driver.execute_script("document.documentElement.dataset.old = '1'")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
    driver.set_window_size(size[0], size[1])
    # The traits changed: a new page, laid out for the new window.
    wait_for(driver, f"!document.documentElement.dataset.old && document.body && document.body.getAttribute('data-viewport') === '{size[0]}x{size[1]}'"
                     " && document.readyState === 'complete'")
    wait_for(driver, "document.activeElement && document.activeElement.name === 'field.subject'")
    assert driver.execute_script("return [document.activeElement.value, document.activeElement.selectionStart]") == ["Lunch", 2]
    body = driver.find_element(By.CSS_SELECTOR, ".pane-navigation > .pane-body")
    assert driver.execute_script("return arguments[0].scrollTop", body) == before
