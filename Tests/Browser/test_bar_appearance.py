"""Bar appearances in the browser: a navigation bar with a scroll-edge appearance opens in it
(transparent, no blur, no hairline) and takes its standard look (a blurred thin material with its
hairline) once the content scrolls under it; back at the top it shows the scroll-edge look again.
A phone in landscape draws the compact appearance (opaque purple) in a 32 px bar."""
import pytest

from conftest import LANDSCAPE, PHONE, make_driver, open_flow, wait_for

STORYBOARD = "Tests/Fixtures/bar-appearances.storyboard"


@pytest.fixture(scope="module")
def phone():
    driver = make_driver(size=PHONE)
    yield driver
    driver.quit()


LOOK = """const bar = document.querySelector('.navbar.has-edge-look');
  const s = getComputedStyle(bar);
  return [bar.classList.contains('is-scrolled'), s.backgroundColor, s.backdropFilter, s.borderBottomColor];"""

SCROLL = """const body = document.querySelector('.navbar.has-edge-look').parentNode.querySelector(':scope > .pane-body');
  body.style.minHeight = '3000px';
  let scroller = body;
  while (scroller && !(scroller.scrollHeight > scroller.clientHeight && getComputedStyle(scroller).overflowY !== 'visible')) scroller = scroller.parentElement;
  (scroller || document.scrollingElement).scrollTop = arguments[0];
  (scroller || document).dispatchEvent(new Event('scroll'));"""


def test_a_bar_opens_in_its_scroll_edge_look_and_takes_the_standard_one_on_scroll(serve, phone):
    open_flow(phone, serve(STORYBOARD))
    scrolled, background, blur, hairline = phone.execute_script(LOOK)
    assert not scrolled
    assert background == "rgba(0, 0, 0, 0)" and blur == "none" and hairline == "rgba(0, 0, 0, 0)"
    phone.execute_script(SCROLL, 400)
    wait_for(phone, "document.querySelector('.navbar.has-edge-look').classList.contains('is-scrolled')")
    scrolled, background, blur, hairline = phone.execute_script(LOOK)
    assert "blur(15px)" in blur and hairline == "rgb(255, 0, 0)"
    assert background.startswith("rgba(") and background.endswith(", 0.6)")
    phone.execute_script(SCROLL, 0)
    wait_for(phone, "!document.querySelector('.navbar.has-edge-look').classList.contains('is-scrolled')")


def test_a_phone_in_landscape_draws_the_compact_appearance(serve, browser):
    driver = browser(size=LANDSCAPE)
    open_flow(driver, serve(STORYBOARD))
    wait_for(driver, "document.body.classList.contains('height-compact')")
    phone_bar_height = driver.execute_script("return document.querySelector('.navbar-row').getBoundingClientRect().height")
    assert phone_bar_height == 32
    driver.execute_script(SCROLL, 400)
    wait_for(driver, "document.querySelector('.navbar.has-edge-look').classList.contains('is-scrolled')")
    scrolled, background, blur, hairline = driver.execute_script(LOOK)
    assert background == "rgb(128, 0, 128)" and blur == "none"


TOOLBAR = """const bar = document.querySelector('.toolbar.has-edge-look');
  const s = getComputedStyle(bar);
  return [bar.classList.contains('is-scrolled'), s.backgroundColor, s.backdropFilter, s.borderTopColor];"""


def test_the_toolbar_draws_its_appearances(serve, phone):
    open_flow(phone, serve(STORYBOARD))
    scrolled, background, blur, _ = phone.execute_script(TOOLBAR)
    # Content at rest against the toolbar: the scroll-edge look (ultra-thin dark material).
    assert not scrolled and "blur(10px)" in blur and background.endswith(", 0.35)")
    # Content running on below it: the standard look, opaque yellow with a blue hairline.
    phone.execute_script(SCROLL, 0)
    wait_for(phone, "document.querySelector('.toolbar.has-edge-look').classList.contains('is-scrolled')")
    scrolled, background, blur, hairline = phone.execute_script(TOOLBAR)
    assert background == "rgb(255, 255, 0)" and blur == "none" and hairline == "rgb(0, 0, 255)"


ART = """const bar = document.querySelector('.navbar'), art = bar.querySelector(':scope > img.bar-art');
  if (!art || !art.complete) return null;
  const a = art.getBoundingClientRect(), b = bar.getBoundingClientRect(), s = getComputedStyle(art);
  const title = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return [a.left - b.left, a.top - b.top, a.width - b.width, a.height - b.height, s.objectFit, art.naturalWidth,
          title.closest('.navbar-title') !== null, document.querySelectorAll('.toolbar .bar-art, .toolbar .art-missing').length];"""


def test_a_bar_background_image_fills_the_bar_behind_its_items(serve, phone):
    open_flow(phone, serve("Tests/Fixtures/Apps/BarArtApp"))
    dx, dy, dw, dh, fit, natural, title_on_top, toolbar_art = wait_for(phone, "(() => {" + ART + "})()")
    # The whole bar but its hairline (a border below the image), stretched from 8 px.
    assert (dx, dy, dw) == (0, 0, 0) and -1 <= dh <= 0 and fit == "fill" and natural == 8
    assert title_on_top and toolbar_art == 0
