"""How an app's views laid out by their constraints look in a browser (the fixture app
Tests/Fixtures/Apps/VisualApp): the root view fills the window's width, a titled button's
background image fills the button under its title, a label's text is centred as its
alignment says and not cut when the label is shorter than its font, and image views in a
stack view keep their own size."""
import pytest

from conftest import PAD, PHONE, make_driver, wait_for

APP = "Tests/Fixtures/Apps/VisualApp"

MEASURE = """
function box(e) { var r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }
var layout = document.querySelector('.pane-content > .ib-layout');
var button = document.querySelector('.button:has(> .button-background)');
var title = [...document.querySelectorAll('p.label')].find(p => p.textContent === 'Welcome to Visual');
var range = document.createRange(); range.selectNodeContents(title);
return {
  viewport: innerWidth, layout: box(layout),
  button: box(button), background: box(button.querySelector('.button-background')),
  caption: box(button.querySelector('.button-title')),
  labelBox: box(title.parentElement), text: box(range),
  overflow: getComputedStyle(title).overflowY,
  icons: [...document.querySelectorAll('.ib-arranged img.art')].map(box),
};
"""


@pytest.mark.parametrize("size", [PHONE, PAD], ids=["phone", "pad"])
def test_constrained_views_keep_their_text_and_images_in_place(serve, size):
    driver = make_driver(size=size)
    try:
        driver.get(serve(APP).url("/"))
        wait_for(driver, "document.readyState === 'complete' && [...document.images].every(i => i.complete)")
        m = driver.execute_script(MEASURE)
        # The root view spans the window: nothing scales it (or its text) down.
        assert abs(m["layout"]["w"] - m["viewport"]) <= 1
        # The background image fills the button; the title lies over it, in its middle.
        b, bg, cap = m["button"], m["background"], m["caption"]
        assert all(abs(b[k] - bg[k]) <= 1 for k in "xywh")
        assert b["x"] < cap["x"] and cap["x"] + cap["w"] < b["x"] + b["w"]
        assert abs((cap["x"] + cap["w"] / 2) - (b["x"] + b["w"] / 2)) <= 2
        assert abs((cap["y"] + cap["h"] / 2) - (b["y"] + b["h"] / 2)) <= 2
        # A 30-point line in a 25-point label: taller than its box, centred on it, not cut.
        label, text = m["labelBox"], m["text"]
        assert text["h"] > label["h"] and m["overflow"] == "visible"
        assert abs((text["y"] + text["h"] / 2) - (label["y"] + label["h"] / 2)) <= 2
        assert abs((text["x"] + text["w"] / 2) - (label["x"] + label["w"] / 2)) <= 2
        # Two 20-point images of a 100-point stack, 80 points apart (the layout is solved in
        # points at the window's width: a point is a CSS pixel), not a default icon size.
        # Positions are half-percent steps of the parent's box: within one step of the root's.
        step = max(1.5, m["layout"]["h"] / 200)
        assert len(m["icons"]) == 2
        for icon in m["icons"]:
            assert abs(icon["w"] - 20) <= step and abs(icon["h"] - 20) <= step
        assert abs((m["icons"][1]["x"] - m["icons"][0]["x"]) - 80) <= step
    finally:
        driver.quit()
