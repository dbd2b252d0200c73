"""Shared fixtures for the browser tests: a Segue server per example and headless Chromium.

The tests drive the real `segue` binary (SEGUE_BIN, default .build/debug/segue) with Selenium and
Debian's chromium + chromium-driver. Screenshots go to SEGUE_SCREENSHOTS (default
artifacts/screenshots), one folder per example, named by viewport and colour scheme.
"""
import os
import re
import subprocess
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
SEGUE_BIN = os.environ.get("SEGUE_BIN", str(ROOT / ".build" / "debug" / "segue"))
SCREENSHOTS = Path(os.environ.get("SEGUE_SCREENSHOTS", str(ROOT / "artifacts" / "screenshots")))

# Viewports as CSS pixels: an iPhone 15 in portrait and landscape, an 11-inch iPad.
PHONE = (390, 844)
LANDSCAPE = (844, 390)
PAD = (820, 1180)


class Server:
    """One `segue serve` process on a free port; `url(path)` builds addresses on it."""

    def __init__(self, flow: str, *extra: str):
        self.process = subprocess.Popen(
            [SEGUE_BIN, "serve", str(ROOT / flow), "--port", "0", "--store", "memory",
             "--log-level", "warning", "--public-dir", str(ROOT / "Public"), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
        for line in self.process.stdout:
            match = re.search(r"(http://[0-9.]+:[0-9]+)/", line)
            if match:
                self.base = match.group(1)
                return
        raise RuntimeError(f"segue serve {flow} did not start: {self.process.wait()}")

    def url(self, path: str = "/") -> str:
        return self.base + path

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def serve():
    """`serve("Examples/mail.yaml")` starts (once per test run) a server for that flow."""
    servers: dict[tuple, Server] = {}

    def start(flow: str, *extra: str) -> Server:
        key = (flow, *extra)
        if key not in servers:
            servers[key] = Server(flow, *extra)
        return servers[key]

    yield start
    for server in servers.values():
        server.stop()


def make_driver(size=PHONE, dark=False, javascript=True, reduced_motion=False, touch=False, fresh=False):
    """A headless Chromium showing a new, empty tab set up for these options. Starting Chromium
    takes about a second, so a driver given back with `quit()` is kept and handed out again, in
    a fresh tab, to the next caller asking for the same options (see `DriverPool`); `fresh=True`
    starts a new Chromium all the same, for a test that needs one that never loaded a page."""
    options = dict(size=size, dark=dark, javascript=javascript, reduced_motion=reduced_motion, touch=touch)
    return POOL.take(options, fresh)


def start_chromium(size, javascript):
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-device-scale-factor=1",
                     f"--window-size={size[0]},{size[1]}"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def set_up_tab(driver, options):
    """Emulation for the options and the reveal recorder, in the driver's current tab (both
    belong to a tab: a new tab starts without them)."""
    size, touch, dark = options["size"], options["touch"], options["dark"]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": touch})
    features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
                {"name": "prefers-reduced-motion", "value": "reduce" if options["reduced_motion"] else "no-preference"}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    if touch:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    record_reveals(driver)


class DriverPool:
    """Chromium processes kept for the whole run, one set per combination of options. A driver
    handed out is the caller's alone until its `quit()`, which gives it back; the next caller
    gets it in a new tab (the old one closed), with the browser's cookies and cache cleared and
    the window at its size again, so no page, storage, emulation or listener of an earlier test
    is left. Anything that fails while a driver is made fresh this way (a dialog left open, a
    crashed tab) ends that Chromium and starts another."""

    def __init__(self):
        self.idle: dict[tuple, list] = {}
        self.all = []

    def take(self, options, fresh=False):
        key = tuple(sorted(options.items()))
        while not fresh and self.idle.get(key):
            driver = self.idle[key].pop()
            try:
                return self.reset(driver, options)
            except Exception:
                self.end(driver)
        driver = start_chromium(options["size"], options["javascript"])
        self.all.append(driver)
        end = driver.quit
        driver.quit = end if fresh else (lambda: self.give_back(key, driver))
        driver.end_chromium = end
        set_up_tab(driver, options)
        return driver

    def give_back(self, key, driver):
        idle = self.idle.setdefault(key, [])
        if driver not in idle:
            idle.append(driver)

    @staticmethod
    def reset(driver, options):
        old = driver.current_window_handle
        driver.switch_to.new_window("tab")
        new = driver.current_window_handle
        driver.switch_to.window(old)
        driver.close()
        driver.switch_to.window(new)
        # The new tab takes the focus a new window's first tab has (a page without it shows
        # no focus ring and gets no focus events).
        driver.execute_cdp_cmd("Page.bringToFront", {})
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.set_window_size(*options["size"])
        set_up_tab(driver, options)
        return driver

    @staticmethod
    def end(driver):
        try:
            driver.end_chromium()
        except Exception:
            pass

    def close(self):
        for driver in self.all:
            self.end(driver)
        self.all, self.idle = [], {}


POOL = DriverPool()


def pytest_sessionfinish(session, exitstatus):
    POOL.close()


@pytest.fixture
def browser():
    """`browser(size=PAD, dark=True)` opens a headless Chromium; every one opened is closed after the test."""
    drivers = []

    def open_browser(**options):
        driver = make_driver(**options)
        drivers.append(driver)
        return driver

    yield open_browser
    for driver in drivers:
        driver.quit()


def screenshot(driver, example: str, name: str) -> Path:
    """Saves the viewport as SCREENSHOTS/example/name.png and returns the path."""
    folder = SCREENSHOTS / example
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


# What each page load showed, recorded from the browser's side: whether a view transition ran,
# which change the page named, the animations it played (name, pseudo-element, duration), and the
# layout it was first drawn in. Installed before any page of the driver loads.
REVEAL_SCRIPT = """
addEventListener('pagereveal', function (e) {
  var html = document.documentElement;
  var info = {transition: !!e.viewTransition, change: html.getAttribute('data-change'),
              transitionStyle: html.getAttribute('data-change-transition'),
              settling: html.classList.contains('is-settling'),
              body: document.body ? document.body.className : null,
              path: location.pathname, animations: null};
  window.__segueReveal = info;
  var log = [];
  try { log = JSON.parse(sessionStorage.getItem('segue.test.reveals') || '[]'); } catch (x) {}
  log.push({path: info.path, body: info.body, settling: info.settling});
  try { sessionStorage.setItem('segue.test.reveals', JSON.stringify(log)); } catch (x) {}
  function list() {
    info.animations = document.getAnimations().map(function (a) {
      return {name: a.animationName || '', pseudo: (a.effect && a.effect.pseudoElement) || '',
              duration: a.effect ? Number(a.effect.getTiming().duration) || 0 : 0};
    });
  }
  info.finished = !e.viewTransition;
  if (e.viewTransition) {
    e.viewTransition.ready.then(list, function (error) { info.animations = []; info.skipped = String(error); });
    e.viewTransition.finished.then(function () { info.finished = true; }, function () { info.finished = true; });
  } else info.animations = [];
});
"""


def record_reveals(driver):
    """Makes every later page load of `driver` record what it showed (see `last_reveal`)."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": REVEAL_SCRIPT})
    return driver


def last_reveal(driver, previous_path=None, timeout=10):
    """Waits for a page (other than `previous_path`) to be shown, its animations listed and
    finished (while a transition runs, the page under it takes no input)."""
    from selenium.webdriver.support.ui import WebDriverWait

    def shown(d):
        info = d.execute_script("return window.__segueReveal || null")
        if not info or info.get("animations") is None or not info.get("finished"):
            return False
        if previous_path is not None and info["path"] == previous_path:
            return False
        return info

    return WebDriverWait(driver, timeout).until(shown)


def tap(driver, element_id):
    """Clicks the live control of an element, as a person would, and returns the page's path before."""
    from selenium.webdriver.common.by import By

    before = driver.execute_script("return location.pathname")
    driver.find_element(By.CSS_SELECTOR, f'[data-element="{element_id}"]').click()
    return before


def go(driver, element_id):
    """Taps an element and waits for the next page to be shown and its motion over."""
    driver.execute_script("window.__segueReveal = null")
    tap(driver, element_id)
    return last_reveal(driver)


def open_flow(driver, server, idiom=None):
    """A new session on the flow's first screen, laid out for the window and shown."""
    driver.delete_all_cookies()
    driver.get(server.url("/"))
    condition = "!document.documentElement.classList.contains('is-settling') && document.readyState === 'complete'"
    if idiom:
        condition += f" && document.body.classList.contains('idiom-{idiom}')"
    wait_for(driver, condition)
    return last_reveal(driver)


def wait_for(driver, script, timeout=10):
    """Waits until `script` (a JavaScript expression) is truthy and returns its value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: d.execute_script("return " + script))
