"""The modern era in the browser: a page sheet is a card over its presenter, which is scaled back
and dimmed (a second sheet stacks); a sheet follows a drag down and is dismissed past the
threshold, springs back short of it, and stays when it is modal in presentation; large titles
collapse into the bar on scroll. The same flow served with `--ios 7` keeps iOS 7's pages."""
import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import PHONE, PAD, go, make_driver, open_flow, screenshot, wait_for

FLOW = "Tests/Browser/flows/modern.yaml"


@pytest.fixture(scope="module")
def phone():
    driver = make_driver(size=PHONE)
    yield driver
    driver.quit()


def events_since(driver, seq=0):
    """The session's events after `seq`, read from the JSON API by the page itself."""
    session = driver.execute_script("return document.body.dataset.session")
    script = """const done = arguments[arguments.length - 1];
      fetch('/api/v1/sessions/' + arguments[0] + '/events?after=' + arguments[1]).then(r => r.text()).then(done);"""
    return [(e.get("scene"), e["event"]) for e in json.loads(driver.execute_async_script(script, session, seq))["events"]]


def last_seq(driver):
    session = driver.execute_script("return document.body.dataset.session")
    script = """const done = arguments[arguments.length - 1];
      fetch('/api/v1/sessions/' + arguments[0] + '/events').then(r => r.json()).then(j => done(j.events.length ? j.events[j.events.length - 1].seq : 0));"""
    return driver.execute_async_script(script, session)


def scale_of(driver, selector):
    """The horizontal scale of an element's computed transform (1 without one)."""
    return driver.execute_script("""
        const t = getComputedStyle(document.querySelector(arguments[0])).transform;
        if (!t || t === 'none') return 1;
        return new DOMMatrix(t).a;""", selector)


def drag(driver, element, dy):
    ActionChains(driver).move_to_element(element).click_and_hold().move_by_offset(0, dy // 2).pause(0.05) \
        .move_by_offset(0, dy - dy // 2).pause(0.1).release().perform()


def open_card(driver, server):
    open_flow(driver, server, "phone")
    go(driver, "compose")
    wait_for(driver, "document.querySelector('.layer-card .sheet-card')")


def test_a_page_sheet_is_a_card_over_its_scaled_back_dimmed_presenter(serve, phone):
    open_card(phone, serve(FLOW))
    assert phone.execute_script("return document.body.dataset.era") == "modern"
    root = ".screen-main > .layer:first-child"
    assert "is-recessed" in phone.find_element(By.CSS_SELECTOR, root).get_attribute("class")
    assert scale_of(phone, root) == pytest.approx(0.92, abs=0.01)
    assert phone.find_elements(By.CSS_SELECTOR, root + " > .dimming")
    card_top = phone.execute_script("return document.querySelector('.sheet-card').getBoundingClientRect().top")
    presenter_top = phone.execute_script(f"return document.querySelector('{root}').getBoundingClientRect().top")
    assert 0 < presenter_top < card_top < 60
    # Behind the scaled-back presenter: black, as on the device.
    assert phone.execute_script("return getComputedStyle(document.querySelector('.screen')).backgroundColor") == "rgb(0, 0, 0)"
    assert phone.find_element(By.CSS_SELECTOR, ".sheet-card > .sheet-grabber[data-element]")
    screenshot(phone, "modern", "card-phone-light")


def test_the_card_uses_the_raised_dark_surface(serve, browser):
    driver = browser(size=PHONE, dark=True)
    open_card(driver, serve(FLOW))
    background = driver.execute_script("return getComputedStyle(document.querySelector('.sheet-card')).backgroundColor")
    assert background == "rgb(28, 28, 30)"
    screenshot(driver, "modern", "card-phone-dark")


def test_a_second_sheet_stacks_scaling_the_first_card_back(serve, phone):
    open_card(phone, serve(FLOW))
    go(phone, "options")
    wait_for(phone, "document.querySelectorAll('.layer-card').length === 2")
    first = ".layer-card.is-recessed > .sheet-card"
    assert phone.find_elements(By.CSS_SELECTOR, first)
    assert scale_of(phone, first) == pytest.approx(0.92, abs=0.01)
    # The root stays scaled back once, under both.
    assert phone.execute_script("return document.querySelector('.screen-main > .layer:first-child').dataset.recess") == "2"
    screenshot(phone, "modern", "stacked-cards-phone")


def test_dragging_a_card_down_past_the_threshold_dismisses_it_with_the_delegate_events(serve, phone):
    open_card(phone, serve(FLOW))
    seq = last_seq(phone)
    phone.execute_script("window.__segueReveal = null")
    drag(phone, phone.find_element(By.CSS_SELECTOR, ".sheet-card .navbar-title"), 320)
    wait_for(phone, "!document.querySelector('.layer-card') && document.readyState === 'complete'")
    events = events_since(phone, seq)
    names = [e for _, e in events if "Layout" not in e]
    assert names[:2] == ["presentationControllerShouldDismiss", "presentationControllerWillDismiss"]
    assert names[-1] == "presentationControllerDidDismiss"
    # The presenter never left the window: no appearance events for it.
    assert not [e for e in events if e[0] == "list"]


def test_a_short_drag_springs_back(serve, phone):
    open_card(phone, serve(FLOW))
    path = phone.execute_script("return location.pathname")
    drag(phone, phone.find_element(By.CSS_SELECTOR, ".sheet-card .sheet-grabber"), 40)
    wait_for(phone, "getComputedStyle(document.querySelector('.sheet-card')).transform === 'none'")
    assert phone.execute_script("return location.pathname") == path
    assert phone.find_elements(By.CSS_SELECTOR, ".layer-card")


def test_a_sheet_modal_in_presentation_stays_and_says_so(serve, phone):
    open_card(phone, serve(FLOW))
    go(phone, "locked")
    wait_for(phone, "document.querySelector('.layer-card[aria-label=Unsaved]')")
    seq = last_seq(phone)
    drag(phone, phone.find_element(By.CSS_SELECTOR, ".layer-card[aria-label=Unsaved] .navbar-title"), 320)
    wait_for(phone, f"document.readyState === 'complete' && document.body.dataset.version !== undefined")
    wait_for(phone, "document.querySelector('.layer-card[aria-label=Unsaved]')")
    assert [e for _, e in events_since(phone, seq)] == ["presentationControllerDidAttemptToDismiss"]


def test_large_titles_collapse_into_the_bar_on_scroll(serve, phone):
    open_flow(phone, serve(FLOW), "phone")
    title = phone.find_element(By.CSS_SELECTOR, ".large-title")
    assert title.text == "Notes"
    assert phone.execute_script("return getComputedStyle(arguments[0]).fontSize", title) == "34px"
    assert phone.find_element(By.CSS_SELECTOR, ".search-field").get_attribute("placeholder") == "Search Notes"
    bar_title = ".navbar.has-large-title .navbar-title"
    assert phone.execute_script(f"return getComputedStyle(document.querySelector('{bar_title}')).opacity") == "0"
    screenshot(phone, "modern", "large-title-phone-light")
    phone.execute_script("""
        const title = document.querySelector('.large-title');
        let node = title.parentElement;
        while (node && node.scrollHeight <= node.clientHeight) node = node.parentElement;
        (node || document.scrollingElement).scrollBy(0, 200);""")
    wait_for(phone, "document.querySelector('.navbar.has-large-title').classList.contains('is-collapsed')")
    wait_for(phone, f"getComputedStyle(document.querySelector('{bar_title}')).opacity === '1'")
    # A pushed item that never shows its title large.
    go(phone, "n1")
    assert not phone.find_elements(By.CSS_SELECTOR, ".large-title")


def test_without_javascript_the_grabber_dismisses_the_sheet(serve, browser):
    driver = browser(size=PHONE, javascript=False)
    server = serve(FLOW)
    driver.get(server.url("/"))
    driver.find_element(By.CSS_SELECTOR, '[data-element="compose"]').click()
    wait_for(driver, "document.querySelector('.layer-card')")
    driver.find_element(By.CSS_SELECTOR, ".sheet-grabber").click()
    wait_for(driver, "document.readyState === 'complete' && !document.querySelector('.layer-card')")


def test_on_a_pad_a_modern_page_sheet_is_a_sheet_over_a_dimmed_presenter(serve, browser):
    driver = browser(size=PAD)
    open_flow(driver, serve(FLOW), "pad")
    go(driver, "compose")
    wait_for(driver, "document.querySelector('.layer-pageSheet .sheet-page .sheet-grabber')")
    assert not driver.find_elements(By.CSS_SELECTOR, ".layer.is-recessed")


def test_the_same_flow_with_ios_7_keeps_full_screen_modals_and_small_titles(serve, phone):
    open_flow(phone, serve(FLOW, "--ios", "7"), "phone")
    assert phone.execute_script("return document.body.dataset.era") == "ios7"
    assert not phone.find_elements(By.CSS_SELECTOR, ".large-title")
    go(phone, "compose")
    assert phone.find_elements(By.CSS_SELECTOR, ".layer-fullScreen[data-presentation=fullScreen]")
    assert not phone.find_elements(By.CSS_SELECTOR, ".sheet-grabber, .layer-card")


def test_a_sideways_drag_uncovers_a_rows_swipe_actions(serve, phone):
    open_flow(phone, serve(FLOW), "phone")
    cell = phone.find_element(By.CSS_SELECTOR, '.cell-swipe [data-element="n1"]')
    actions = phone.find_element(By.CSS_SELECTOR, ".cell-swipe > .swipe-trailing")
    # Trailing actions from the edge inwards: Delete at the right edge.
    assert [b.text for b in actions.find_elements(By.CSS_SELECTOR, ".swipe-action")] == ["Flag", "Delete"]
    width = phone.execute_script("return arguments[0].offsetWidth", actions)
    ActionChains(phone).move_to_element(cell).click_and_hold().move_by_offset(-40, 0).pause(0.05) \
        .move_by_offset(-width, 0).pause(0.1).release().perform()
    wait_for(phone, "document.querySelector('.cell-swipe').classList.contains('is-open')")
    # The row rests slid aside by exactly the actions' width once its spring has settled.
    wait_for(phone, f"Math.abs(new DOMMatrix(getComputedStyle(arguments[0] || document.querySelector("
                    f"'.cell-swipe [data-element=n1]')).transform).e + {width}) < 1")
    screenshot(phone, "modern", "swipe-actions-phone")
    # The drag did not open the row; the uncovered action works.
    assert phone.find_elements(By.CSS_SELECTOR, ".large-title")
    go(phone, "remove")
    assert phone.find_element(By.CSS_SELECTOR, ".navbar-title").text == "Note"
