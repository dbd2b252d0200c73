"""The search bar of a navigation item's search controller: typing filters the table's rows by
title (case and diacritics aside), Cancel shows while there is text or focus and clears it, and
"No Results" shows when nothing matches. Without JavaScript it is a form post (Enter, Cancel);
with it the rows change as the text is typed, with no page load."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PHONE, open_flow, wait_for

FLOW = "Tests/Browser/flows/modern.yaml"
ROWS = "return [...document.querySelectorAll('.search-results .cell-text')].map(e => e.textContent)"


def field(driver):
    return driver.find_element(By.CSS_SELECTOR, ".nav-search .search-field")


def cancel(driver):
    return driver.find_element(By.CSS_SELECTOR, ".nav-search .search-cancel")


def test_without_javascript_enter_filters_and_cancel_clears(serve, browser):
    driver = browser(size=PHONE, javascript=False)
    driver.get(serve(FLOW).url("/"))
    assert not cancel(driver).is_displayed()
    field(driver).send_keys("TRAV", Keys.ENTER)
    wait_for(driver, "document.readyState === 'complete' && document.querySelector('.nav-search.has-text')")
    assert driver.execute_script(ROWS) == ["Travel", "Travel plans"]
    assert field(driver).get_attribute("value") == "TRAV" and cancel(driver).is_displayed()
    assert "search=TRAV" in driver.current_url
    cancel(driver).click()
    wait_for(driver, "document.readyState === 'complete' && !document.querySelector('.nav-search.has-text')")
    assert len(driver.execute_script(ROWS)) == 25 and field(driver).get_attribute("value") == ""
    field(driver).send_keys("nothing like it", Keys.ENTER)
    wait_for(driver, "document.readyState === 'complete' && document.querySelector('.search-no-results')")
    assert driver.find_element(By.CSS_SELECTOR, ".search-no-results-title").text == "No Results"
    assert driver.execute_script(ROWS) == []


def test_with_javascript_rows_follow_the_text_without_a_page_load(serve, browser):
    driver = browser(size=PHONE)
    open_flow(driver, serve(FLOW))
    driver.execute_script("window.__samePage = true")
    field(driver).click()
    # Focus alone shows Cancel, as UIKit's search controller does while it is active.
    assert cancel(driver).is_displayed()
    field(driver).send_keys("gar")
    wait_for(driver, "(() => { const r = [...document.querySelectorAll('.search-results .cell-text')]; return r.length === 1 && r[0].textContent === 'Garden'; })()")
    assert driver.execute_script("return window.__samePage === true")
    assert driver.execute_script("return document.activeElement === document.querySelector('.nav-search .search-field')")
    wait_for(driver, "location.pathname.includes('search=gar')")
    cancel(driver).click()
    wait_for(driver, "document.querySelectorAll('.search-results .cell-text').length === 25")
    assert field(driver).get_attribute("value") == "" and driver.execute_script("return window.__samePage === true")
    wait_for(driver, "!location.pathname.includes('search=')")
    # The session kept what the page shows: a reload draws the same rows.
    driver.refresh()
    wait_for(driver, "document.readyState === 'complete' && document.querySelectorAll('.search-results .cell-text').length === 25")
