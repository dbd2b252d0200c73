"""Swipe to delete read from an app's code, in the iOS 7 era: a sideways drag on a row uncovers
its red Delete, and choosing it deletes the row."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import PHONE, go, make_driver, open_flow, screenshot, wait_for

APP = "Tests/Fixtures/SwipeDeleteApp"


@pytest.fixture(scope="module")
def phone():
    driver = make_driver(size=PHONE)
    yield driver
    driver.quit()


def rows(driver):
    return [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, ".cell-swipe > .cell, .cell-swipe > .cell-with-accessory")]


def test_a_swiped_row_uncovers_delete_and_delete_removes_it(serve, phone):
    open_flow(phone, serve(APP), "phone")
    assert phone.execute_script("return document.body.dataset.era") == "ios7"
    assert rows(phone) == ["Milk", "Bread"]
    actions = phone.find_element(By.CSS_SELECTOR, ".cell-swipe > .swipe-trailing")
    assert [b.text for b in actions.find_elements(By.CSS_SELECTOR, ".swipe-action.is-destructive")] == ["Delete"]
    cell = phone.find_element(By.CSS_SELECTOR, ".cell-swipe > .cell")
    width = phone.execute_script("return arguments[0].offsetWidth", actions)
    ActionChains(phone).move_to_element(cell).click_and_hold().move_by_offset(-40, 0).pause(0.05) \
        .move_by_offset(-width, 0).pause(0.1).release().perform()
    wait_for(phone, "document.querySelector('.cell-swipe').classList.contains('is-open')")
    screenshot(phone, "swipe-delete", "ios7-open")
    go(phone, "milk.trailing.0")
    assert rows(phone) == ["Bread"]
