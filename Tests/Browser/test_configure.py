"""More → Edit: UIKit's Configure sheet, an icon grid whose icons are dragged onto the tab bar;
without JavaScript, Move Up / Move Down buttons do the same."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import PHONE, screenshot
from pages import element, open_page, wait

MUSIC = "Examples/music.yaml"


def open_configure(driver, server):
    open_page(driver, server.url("/"))
    element(driver, ".tabbar .tab:last-child").click()          # More
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-element$='.more.edit']"))
    element(driver, "[data-element$='.more.edit']").click()     # Edit
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".configure-grid"))


def bar_titles(driver):
    return [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".tabbar .tab .tab-title")]


def test_configure_is_an_icon_grid(serve, browser):
    driver = browser(size=PHONE)
    open_configure(driver, serve(MUSIC))
    tiles = driver.find_elements(By.CSS_SELECTOR, ".configure-tile")
    assert len(tiles) == 9
    # Four to a row, an icon over each title.
    assert len({t.rect["y"] for t in tiles[:4]}) == 1 and tiles[4].rect["y"] > tiles[0].rect["y"]
    icon, title = tiles[1].find_element(By.CSS_SELECTOR, ".configure-icon"), tiles[1].find_element(By.CSS_SELECTOR, ".configure-title")
    assert icon.rect["y"] + icon.rect["height"] <= title.rect["y"] + 1
    # Playlists is not customizable: dimmed, not draggable.
    assert "is-fixed" in tiles[0].get_attribute("class")
    # With the script the Move buttons are kept for the keyboard only.
    assert all(m.size["width"] <= 1 for m in driver.find_elements(By.CSS_SELECTOR, ".configure-moves"))
    assert element(driver, "h1.navbar-title").text == "Configure"
    screenshot(driver, "music", "phone-configure")


def test_dragging_an_icon_onto_the_tab_bar_exchanges_the_tabs(serve, browser):
    driver = browser(size=PHONE)
    open_configure(driver, serve(MUSIC))
    before = bar_titles(driver)
    source = element(driver, ".configure-tile[data-tab-index='6']")       # in More
    dragged = source.find_element(By.CSS_SELECTOR, ".configure-title").text
    target = driver.find_elements(By.CSS_SELECTOR, ".tabbar .tab")[1]      # the bar's second tab
    replaced = before[1]
    ActionChains(driver).click_and_hold(source).move_to_element(target).pause(0.05).release().perform()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".configure-grid") and bar_titles(d)[1] == dragged)
    after = bar_titles(driver)
    assert after[0] == before[0] and after[2:] == before[2:]
    assert element(driver, ".configure-tile[data-tab-index='6'] .configure-title").text == replaced


def test_move_buttons_rearrange_without_javascript(serve, browser):
    driver = browser(size=PHONE, javascript=False)
    server = serve(MUSIC)
    open_configure(driver, server)
    move = element(driver, ".configure-tile[data-tab-index='2'] .configure-move[data-element$='.more.up.2']")
    assert move.is_displayed() and move.get_attribute("aria-label").startswith("Move Up: ")
    second = element(driver, ".configure-tile[data-tab-index='2'] .configure-title").text
    move.click()
    wait(driver, lambda d: element(d, ".configure-tile[data-tab-index='1'] .configure-title").text == second)
    assert bar_titles(driver)[1] == second
