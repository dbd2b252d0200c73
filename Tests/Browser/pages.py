"""Small helpers the control, dark mode, accessibility and Configure tests share: waiting for a
page, reading computed styles and colours, and telling whether a change loaded a page."""
import re

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

CONTROLS = "Tests/Browser/flows/controls.yaml"


def wait(driver, condition, timeout=30):
    """Polls `condition` until it holds; an element replaced by a page load meanwhile is retried."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
        lambda d: condition(d))


def open_page(driver, url):
    """Loads `url` and waits until the page is drawn for the window's size: with the script on,
    the first page of a session may be drawn for a phone and reloaded once the viewport is known."""
    driver.get(url)

    def settled(d):
        return d.execute_script(
            "if (document.readyState !== 'complete' || !document.body) return false;"
            "var v = document.body.getAttribute('data-viewport');"
            "var scripted = !!document.querySelector('html.has-controls-script');"
            "return !scripted || v === Math.round(innerWidth) + 'x' + Math.round(innerHeight);")
    wait(driver, settled)


def style(driver, element, prop, pseudo=None):
    return driver.execute_script(
        "return getComputedStyle(arguments[0], arguments[2]).getPropertyValue(arguments[1])", element, prop, pseudo)


def rgb(value):
    """`rgb(28, 28, 30)` / `rgba(44, 44, 46, 0.92)` as a tuple of numbers."""
    return tuple(float(x) for x in re.findall(r"[\d.]+", value))


def mark_document(driver):
    """Tags the loaded document, so `same_document` tells whether a later action loaded a page."""
    driver.execute_script("window.__segueMark = 'kept'")


def same_document(driver):
    return driver.execute_script("return window.__segueMark === 'kept'")


def element(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css)
