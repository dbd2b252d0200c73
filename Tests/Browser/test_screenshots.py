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
