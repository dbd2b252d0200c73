"""The harness itself: a page loads in Chromium at phone size with the navigation bar on screen."""
from selenium.webdriver.common.by import By

from conftest import PHONE


def test_mail_opens_with_a_navigation_bar(serve, browser):
    server = serve("Examples/mail.yaml")
    driver = browser(size=PHONE)
    driver.get(server.url("/"))
    assert driver.find_elements(By.CSS_SELECTOR, "nav, header, [class*=navbar], [class*=nav-bar]")
    assert driver.execute_script("return window.innerWidth") == PHONE[0]
