"""Accessibility: a main landmark, headings, a name for every control, a visible focus ring, and an
axe-core audit of every example with no violations but the documented iOS palette contrasts
(docs/Pages.md, Accessibility)."""
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PHONE, make_driver
from pages import CONTROLS, element, open_page, rgb, style, wait

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "Examples").glob("*.yaml")) + [CONTROLS]

# iOS system colours whose contrast is below WCAG AA where iOS itself uses them (docs/Pages.md):
# the tint, secondary and tertiary labels, placeholder text, the unselected tab grey, the red of
# destructive actions and badges, and white on the tint or the red. RGBA, as the stylesheet has them.
PALETTE = [
    (0, 122, 255, 1), (10, 132, 255, 1),                 # tint, light and dark
    (60, 60, 67, .6), (60, 60, 67, .3),                  # secondary / tertiary label, placeholder
    (235, 235, 245, .6), (235, 235, 245, .3),            # the same in dark mode
    (142, 142, 147, 1),                                  # unselected tab bar items
    (255, 59, 48, 1), (255, 69, 58, 1),                  # destructive, badges
    (52, 199, 89, 1),                                    # green
]
ON_COLOUR = [(0, 122, 255), (10, 132, 255), (255, 59, 48), (255, 69, 58)]   # white on the tint or the red

CONTROL_ROLES = {"button", "textbox", "searchbox", "slider", "switch", "checkbox", "link", "spinbutton",
                 "combobox", "tab", "menuitem", "radio"}


def hex_rgb(value):
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def documented_contrast(node):
    """Whether axe's colour-contrast finding is one of the documented iOS palette choices."""
    for check in node.get("any", []):
        data = check.get("data") or {}
        if not data.get("fgColor") or not data.get("bgColor"):
            continue
        fg, bg = hex_rgb(data["fgColor"]), hex_rgb(data["bgColor"])
        if fg == (255, 255, 255) and any(max(abs(a - b) for a, b in zip(bg, c)) <= 3 for c in ON_COLOUR):
            return True
        for r, g, b, a in PALETTE:
            blended = tuple(round(c * a + d * (1 - a)) for c, d in zip((r, g, b), bg))
            if max(abs(x - y) for x, y in zip(blended, fg)) <= 3:
                return True
    return False


def audit(driver):
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options='{"resultTypes": ["violations"]}')
    problems = []
    for violation in results["violations"]:
        nodes = violation["nodes"]
        if violation["id"] == "color-contrast":
            nodes = [n for n in nodes if not documented_contrast(n)]
        for n in nodes:
            problems.append(f'{violation["id"]}: {n["target"]} {n.get("failureSummary", "")[:160]}')
    return problems


def unnamed_controls(driver):
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    missing = []
    for n in tree:
        role = (n.get("role") or {}).get("value")
        if n.get("ignored") or role not in CONTROL_ROLES:
            continue
        if not ((n.get("name") or {}).get("value") or "").strip():
            missing.append(role)
    return missing, tree


@pytest.fixture(scope="module")
def reader():
    """One browser for the audits (starting Chromium costs more than a page): every test starts
    new sessions (no cookies) and says which colour scheme it wants."""
    driver = make_driver(size=PHONE)
    yield driver
    driver.quit()


def scheme(driver, dark):
    driver.delete_all_cookies()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
        {"name": "prefers-reduced-motion", "value": "reduce"}]})


@pytest.mark.parametrize("flow", EXAMPLES)
def test_every_example_passes_the_audit(serve, reader, flow):
    for dark in (False, True):
        scheme(reader, dark)
        open_page(reader, serve(flow).url("/"))
        problems = audit(reader)
        assert problems == [], f"{flow} ({'dark' if dark else 'light'}): " + "\n".join(problems)
        missing, tree = unnamed_controls(reader)
        assert missing == [], f"{flow}: controls without a name: {missing}"
        roles = {(n.get("role") or {}).get("value") for n in tree if not n.get("ignored")}
        assert "main" in roles, flow


def test_presented_screens_pass_the_audit(serve, reader):
    scheme(reader, dark=False)
    open_page(reader, serve(CONTROLS).url("/"))
    element(reader, "[data-element=openActions]").click()
    wait(reader, lambda d: d.find_elements(By.CSS_SELECTOR, ".alert-cancel-group"))
    assert audit(reader) == []
    assert unnamed_controls(reader)[0] == []
    open_page(reader, serve("Examples/music.yaml").url("/"))
    element(reader, ".tabbar .tab:last-child").click()
    wait(reader, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-element$='.more.edit']"))
    element(reader, "[data-element$='.more.edit']").click()
    wait(reader, lambda d: d.find_elements(By.CSS_SELECTOR, ".configure-grid"))
    assert audit(reader) == []
    assert unnamed_controls(reader)[0] == []


def test_the_screen_is_the_main_landmark_with_a_heading(serve, reader):
    driver = reader
    scheme(driver, dark=False)
    open_page(driver, serve("Examples/mail.yaml").url("/"))
    main = element(driver, "main")
    assert main.find_elements(By.CSS_SELECTOR, ".layer")
    _, tree = unnamed_controls(driver)
    headings = [n for n in tree if (n.get("role") or {}).get("value") == "heading" and not n.get("ignored")]
    assert any(((n.get("name") or {}).get("value") or "") == "Mailboxes" for n in headings)


def test_keyboard_focus_is_visible(serve, reader):
    driver = reader
    scheme(driver, dark=False)
    open_page(driver, serve(CONTROLS).url("/"))
    seen = 0
    for _ in range(6):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        active = driver.switch_to.active_element
        if active.tag_name in ("button", "input", "textarea", "a"):
            assert driver.execute_script("return arguments[0].matches(':focus-visible')", active)
            assert style(driver, active, "outline-style") != "none"
            assert float(style(driver, active, "outline-width").rstrip("px")) >= 2
            assert rgb(style(driver, active, "outline-color"))[:3] == (0, 122, 255)
            seen += 1
    assert seen >= 3
