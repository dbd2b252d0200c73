"""Screenshots of every example's first screen at phone, pad, landscape and dark, saved as
SEGUE_SCREENSHOTS/<example>/<view>.png (default artifacts/screenshots) for a person to look
through. Each must be a real page: laid out for its window, not blank, the screen filling it."""
from pathlib import Path

import pytest

from conftest import LANDSCAPE, PAD, PHONE, ROOT, make_driver, screenshot, wait_for

EXAMPLES = sorted(p for p in (ROOT / "Examples").iterdir() if p.suffix in (".yaml", ".yml", ".json"))
VIEWS = {
    "phone": dict(size=PHONE),
    "pad": dict(size=PAD),
    "landscape": dict(size=LANDSCAPE),
    "phone-dark": dict(size=PHONE, dark=True),
    "pad-dark": dict(size=PAD, dark=True),
}


@pytest.fixture(scope="module", params=list(VIEWS), ids=list(VIEWS))
def view(request):
    driver = make_driver(**VIEWS[request.param])
    yield request.param, driver
    driver.quit()


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_at_every_size(serve, view, example: Path):
    name, driver = view
    server = serve(str(example.relative_to(ROOT)))
    driver.delete_all_cookies()
    driver.get(server.url("/"))
    size = VIEWS[name]["size"]
    # Laid out for this window (the script reported it) and shown.
    wait_for(driver, f"document.body.getAttribute('data-viewport') === '{size[0]}x{size[1]}'"
                     " && !document.documentElement.classList.contains('is-settling')"
                     " && document.readyState === 'complete'")
    wait_for(driver, "[...document.images].every(i => i.complete)")
    path = screenshot(driver, example.stem, name)
    assert path.stat().st_size > 5_000
    dark = driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark == name.endswith("-dark")
    screen = driver.execute_script("var r = document.querySelector('.screen').getBoundingClientRect(); return [r.width, r.height]")
    assert screen[1] >= size[1] - 1


MODERN_VIEWS = {"phone": dict(size=PHONE), "phone-dark": dict(size=PHONE, dark=True), "pad": dict(size=PAD)}


@pytest.mark.parametrize("view_name", list(MODERN_VIEWS))
@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_in_the_modern_era(serve, browser, example: Path, view_name: str):
    """The same examples served with `--ios 17`, saved as <example>/modern-<view>.png; a screen
    that presents from its navigation bar (Mail's compose) is saved with its sheet up too."""
    options = MODERN_VIEWS[view_name]
    driver = browser(**options)
    server = serve(str(example.relative_to(ROOT)), "--ios", "17")
    driver.get(server.url("/"))
    size = options["size"]
    wait_for(driver, f"document.body.getAttribute('data-viewport') === '{size[0]}x{size[1]}'"
                     " && !document.documentElement.classList.contains('is-settling')"
                     " && document.readyState === 'complete'")
    assert driver.execute_script("return document.body.dataset.era") == "modern"
    assert screenshot(driver, example.stem, f"modern-{view_name}").stat().st_size > 5_000
    compose = driver.find_elements("css selector", '[data-element="compose"]')
    if compose:
        compose[0].click()
        wait_for(driver, "document.querySelector('.layer + .layer') && document.readyState === 'complete'")
        assert screenshot(driver, example.stem, f"modern-{view_name}-sheet").stat().st_size > 5_000
