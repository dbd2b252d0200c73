"""Screenshots of the shared real apps' first screens (phone and pad, light and dark), drawn with
their own images, colours and fonts, saved as SEGUE_SCREENSHOTS/apps/<app>/<view>.png for a person
to look through. The apps are third-party: read in place, never copied; skipped when absent.
Every image of the app's the page shows must load (no broken image)."""
from pathlib import Path

import pytest

from conftest import PAD, PHONE, ROOT, Server, make_driver, screenshot, wait_for

APPS_DIR = (ROOT / ".." / "shared" / "apps").resolve()
APPS = sorted(p for p in APPS_DIR.iterdir() if p.is_dir() and (any(p.rglob("*.storyboard")) or any(p.rglob("*.xib")))) if APPS_DIR.is_dir() else []
VIEWS = {
    "phone": dict(size=PHONE),
    "pad": dict(size=PAD),
    "phone-dark": dict(size=PHONE, dark=True),
    "pad-dark": dict(size=PAD, dark=True),
}


@pytest.fixture(scope="module")
def app_servers():
    servers = {}

    def start(app: Path):
        if app not in servers:
            try:
                servers[app] = Server(str(app))
            except RuntimeError:
                servers[app] = None
        return servers[app]

    yield start
    for server in servers.values():
        if server:
            server.stop()


@pytest.mark.skipif(not APPS, reason="shared apps absent")
@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("app", APPS, ids=[p.name for p in APPS])
def test_app_first_screen(app_servers, app: Path, view: str):
    server = app_servers(app)
    if server is None:
        pytest.skip(f"{app.name} does not serve as a folder of storyboards")
    driver = make_driver(**VIEWS[view])
    try:
        driver.get(server.url("/"))
        size = VIEWS[view]["size"]
        wait_for(driver, f"document.body.getAttribute('data-viewport') === '{size[0]}x{size[1]}'"
                         " && document.readyState === 'complete'")
        wait_for(driver, "[...document.images].every(i => i.complete)")
        path = screenshot(driver, f"apps/{app.name}", view)
        assert path.stat().st_size > 3_000
        broken = driver.execute_script(
            "return [...document.querySelectorAll('img.art')].filter(i => i.offsetParent && i.naturalWidth === 0).map(i => i.src)")
        assert broken == []
    finally:
        driver.quit()
