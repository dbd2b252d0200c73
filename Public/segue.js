// Segue's page script. Everything works without it; with it:
// 1. the viewport (CSS px) is reported to POST /traits on load and after a resize settles, so
//    idiom, size class and orientation follow the browser window (docs/Semantics.md, Traits,
//    rotation and memory); when the server says the traits changed, the page reloads its (new)
//    canonical URL, keeping what was typed into text fields and not yet sent, the focused field
//    (with its caret) and every pane's scroll position;
// 2. popovers are placed next to the element they point at (anchored bubble with an arrow);
// 3. a drag from the left edge of a navigation controller's screen is UIKit's interactive pop
//    (touch, pen, or a mouse or trackpad drag): the screen below shows under the finger, and the
//    session hears the swipe begin, then finish or cancel; a sideways drag turns a page view's page;
// 4. Esc dismisses what a hardware keyboard dismisses on iPad: an alert or action sheet through
//    its cancel action, a popover as a tap outside would, a sheet through its Cancel button;
// 5. a long back button title shrinks to "Back", then to the chevron alone, so it never runs
//    into the centred title (UIKit's rule);
// 6. the row chosen in a split view's primary column stays highlighted while its detail shows.
(function () {
  "use strict";
  var html = document.documentElement;
  var body = document.body;
  var form = document.querySelector("form.screen");
  var tokenInput = form && form.querySelector("input[name=csrf]");
  function settle() { html.classList.remove("is-settling"); }
  if (!body || !tokenInput) { settle(); return; }
  var session = body.getAttribute("data-session") || "";

  // MARK: Viewport

  // The viewport the server rendered this page for: no report needed while it matches.
  var sent = body.getAttribute("data-viewport"), pending = false, timer = 0;

  function viewport() {
    return {
      width: Math.max(1, Math.round(window.innerWidth || document.documentElement.clientWidth || 0)),
      height: Math.max(1, Math.round(window.innerHeight || document.documentElement.clientHeight || 0))
    };
  }

  function storageGet(key) { try { return sessionStorage.getItem(key); } catch (e) { return null; } }
  function storageSet(key, value) { try { if (value === null) sessionStorage.removeItem(key); else sessionStorage.setItem(key, value); } catch (e) {} }

  // Text typed but not sent survives the reload a rotation or resize causes.
  var FIELDS = "segue.typed." + session;
  function keepTypedText() {
    var typed = {}, any = false;
    var fields = form.querySelectorAll("input[name^='field.'], textarea[name^='field.']");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.type === "checkbox" || f.type === "radio" || f.value === f.defaultValue) continue;
      typed[f.name] = f.value;
      any = true;
    }
    storageSet(FIELDS, any ? JSON.stringify(typed) : null);
  }
  function restoreTypedText() {
    var saved = storageGet(FIELDS);
    if (!saved) return;
    storageSet(FIELDS, null);
    var typed;
    try { typed = JSON.parse(saved); } catch (e) { return; }
    for (var name in typed) {
      if (!Object.prototype.hasOwnProperty.call(typed, name)) continue;
      var f = form.querySelector("[name='" + name.replace(/['\\]/g, "\\$&") + "']");
      if (f && !f.disabled && typeof typed[name] === "string") f.value = typed[name];
    }
  }

  // Where the person was survives it too: the scroll position of every scrolling pane (by the
  // controller it belongs to) and the field that had focus, with its caret.
  var PLACE = "segue.place." + session;
  var SCROLLERS = ".pane-body, .pane-content, .popover-body, .layer";
  function placeKey(scroller) {
    var owner = scroller.closest("[data-controller]");
    return (owner ? owner.getAttribute("data-controller") : "") + " " + scroller.className.split(" ")[0];
  }
  function keepPlace() {
    var place = { scroll: {}, focus: null, selection: null };
    var scrollers = document.querySelectorAll(SCROLLERS);
    for (var i = 0; i < scrollers.length; i++) {
      if (scrollers[i].scrollTop > 0) place.scroll[placeKey(scrollers[i])] = scrollers[i].scrollTop;
    }
    var active = document.activeElement;
    if (active && active !== body && form.contains(active)) {
      place.focus = active.getAttribute("name") || active.getAttribute("data-element");
      try { if (typeof active.selectionStart === "number") place.selection = [active.selectionStart, active.selectionEnd]; } catch (e) {}
    }
    storageSet(PLACE, JSON.stringify(place));
  }
  function restorePlace() {
    var saved = storageGet(PLACE);
    if (!saved) return;
    storageSet(PLACE, null);
    var place;
    try { place = JSON.parse(saved); } catch (e) { return; }
    var scrollers = document.querySelectorAll(SCROLLERS);
    for (var i = 0; i < scrollers.length; i++) {
      var top = place.scroll && place.scroll[placeKey(scrollers[i])];
      if (typeof top === "number") scrollers[i].scrollTop = top;
    }
    if (typeof place.focus !== "string") return;
    var wanted = place.focus.replace(/['\\]/g, "\\$&");
    var target = form.querySelector("[name='" + wanted + "']:not([type=hidden]), [data-element='" + wanted + "']");
    if (!target || target.disabled) return;
    target.focus({ preventScroll: true });
    try { if (place.selection && target.setSelectionRange) target.setSelectionRange(place.selection[0], place.selection[1]); } catch (e) {}
  }

  function report() {
    // While the developer panel frames the screen, its trait buttons choose the viewport.
    if (body.classList.contains("dev-open")) { settle(); return; }
    var panel = storageGet("segue.devPanel") === "open" || window.location.hash === "#developer";
    if (panel && window.innerWidth >= 1000) { settle(); return; }
    var v = viewport();
    var key = v.width + "x" + v.height;
    if (pending || key === sent) { if (!pending) settle(); return; }
    pending = true;
    var data = "csrf=" + encodeURIComponent(tokenInput.value) + "&width=" + v.width + "&height=" + v.height;
    fetch("/traits", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: data
    }).then(function (r) { return r.ok ? r.json() : null; }).then(function (answer) {
      pending = false;
      sent = key;
      if (answer && answer.changed && typeof answer.url === "string" && answer.url.indexOf("/ui/") === 0) {
        keepTypedText();
        keepPlace();
        window.location.replace(answer.url);
      } else {
        settle();
      }
    }).catch(function () { pending = false; settle(); });
  }

  // MARK: Popovers

  // Without the script a popover sits near the bar its anchor is in (CSS classes anchor-*);
  // with it, the bubble points at the anchor itself.
  function placePopovers() {
    var bubbles = document.querySelectorAll(".popover[data-anchor]");
    for (var i = 0; i < bubbles.length; i++) {
      var bubble = bubbles[i];
      var name = bubble.getAttribute("data-anchor");
      // The anchor is inert under the popover: found by its element id (data-item on bar items).
      var anchor = null, candidates = document.querySelectorAll("[data-element], [data-item]");
      for (var j = 0; j < candidates.length; j++) {
        var c = candidates[j];
        if (c.getAttribute("data-element") === name || c.getAttribute("data-item") === name) { anchor = c; break; }
      }
      if (!anchor) continue;
      var a = anchor.getBoundingClientRect();
      var w = bubble.offsetWidth, h = bubble.offsetHeight;
      var below = a.bottom + 12 + h <= window.innerHeight || a.top < h + 12;
      var left = Math.min(Math.max(8, a.left + a.width / 2 - w / 2), Math.max(8, window.innerWidth - w - 8));
      bubble.style.position = "fixed";
      bubble.style.left = left + "px";
      bubble.style.top = (below ? a.bottom + 12 : Math.max(8, a.top - 12 - h)) + "px";
      bubble.style.right = "auto";
      bubble.style.bottom = "auto";
      bubble.style.setProperty("--arrow-x", Math.round(a.left + a.width / 2 - left) + "px");
      bubble.classList.toggle("arrow-up", below);
      bubble.classList.toggle("arrow-down", !below);
      bubble.classList.add("is-placed");
    }
  }

  // MARK: Back titles

  // UIKit's rule: the back button shows the previous title while it fits beside the centred
  // title, else "Back", else the chevron alone; the title itself truncates.
  function fitBackTitles() {
    var rows = document.querySelectorAll(".navbar-row");
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      var back = row.querySelector(".bar-back");
      var label = back && back.querySelector(".bar-title");
      var title = row.querySelector(".navbar-title");
      if (!label || !title) continue;
      if (!label.hasAttribute("data-title")) label.setAttribute("data-title", label.textContent);
      var full = label.getAttribute("data-title");
      var leading = row.querySelector(".navbar-leading");
      back.classList.remove("is-chevron-only");
      var choices = full === "Back" ? [full, ""] : [full, "Back", ""];
      for (var k = 0; k < choices.length; k++) {
        label.textContent = choices[k];
        back.classList.toggle("is-chevron-only", choices[k] === "");
        if (choices[k] === "") back.setAttribute("aria-label", "Back"); else back.removeAttribute("aria-label");
        // Room on the leading side: up to the title's left edge when the title is centred.
        var rowBox = row.getBoundingClientRect();
        var titleWidth = Math.min(title.scrollWidth, title.getBoundingClientRect().width || title.scrollWidth);
        var room = (rowBox.width - titleWidth) / 2 - 8;
        if (leading.scrollWidth <= room) break;
      }
    }
  }

  // MARK: Text that shrinks to fit

  // UIKit's adjustsFontSizeToFitWidth: a one-line label too wide for its box takes a smaller
  // font, down to its minimum scale (data-fit), instead of being clipped.
  function fitLabels() {
    var labels = document.querySelectorAll("[data-fit]");
    for (var i = 0; i < labels.length; i++) {
      var label = labels[i];
      label.style.fontSize = "";
      var width = label.clientWidth;
      if (!width || label.scrollWidth <= width) continue;
      var smallest = parseFloat(label.getAttribute("data-fit")) || 0.25;
      var size = parseFloat(window.getComputedStyle(label).fontSize);
      label.style.fontSize = (size * Math.max(smallest, width / label.scrollWidth)).toFixed(2) + "px";
    }
  }

  // MARK: Swipes

  function frontLayer() {
    var layers = document.querySelectorAll("section.layer:not(.is-hidden)");
    return layers.length ? layers[layers.length - 1] : null;
  }

  function ownBackButton(pane) {
    var bar = null;
    for (var i = 0; i < pane.children.length; i++) if (pane.children[i].classList.contains("navbar")) bar = pane.children[i];
    var back = bar && bar.querySelector("button.bar-back[data-element]:not(:disabled)");
    return back;
  }

  // An invisible strip along the left edge of every navigation controller that can go back.
  function addEdgeStrips() {
    var layer = frontLayer();
    if (!layer) return;
    var panes = layer.querySelectorAll(".pane-navigation");
    for (var i = 0; i < panes.length; i++) {
      var pane = panes[i];
      var back = ownBackButton(pane);
      var content = pane.querySelector(":scope > .pane-body");
      if (!back || !content || pane.querySelector(":scope > .edge-swipe")) continue;
      var strip = document.createElement("div");
      strip.className = "edge-swipe";
      strip.setAttribute("aria-hidden", "true");
      pane.appendChild(strip);
      backSwipe(pane, strip, back);
    }
  }

  // The posts of UIKit's interactive pop (POST /interactive): `begin` when the drag starts,
  // `finish` or `cancel` when it ends, each answered with the session's URL and version.
  function postGesture(phase, nav) {
    var data = "csrf=" + encodeURIComponent(tokenInput.value) + "&phase=" + phase + (nav ? "&navigationController=" + encodeURIComponent(nav) : "");
    return fetch("/interactive", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: data
    }).then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; });
  }

  // The page now stands at the session's version (the developer panel compares it).
  function keepVersion(answer) {
    if (!answer || answer.version === undefined) return;
    body.setAttribute("data-version", String(answer.version));
    var input = form.querySelector("input[name=version]");
    if (input) input.value = String(answer.version);
  }

  var reducedMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // The swipe back: the screen follows the finger over the screen below (drawn into the page,
  // `.nav-under`), the bar's titles and items cross over as UIKit's do (`--swipe`, 0 to 1, read
  // by 05-motion.css). The drag begins the interactive pop on the server; let go past a third of
  // the width (or 120 px, or flung) it slides away and finishes; short of it, it springs back
  // and is cancelled. A tap on the strip (no drag) goes to what is under it.
  // A gesture's posts (begin, then finish or cancel) go out after those of the gesture before it
  // are answered: a drag that starts while the last one is still settling or being cancelled
  // would otherwise begin on the server while the last one is still in progress there.
  var gesturesAnswered = Promise.resolve();

  function backSwipe(pane, handle, button) {
    var under = pane.querySelector(":scope > .nav-under");
    var nav = pane.getAttribute("data-controller");
    var drag = null;
    function setProgress(p) { pane.style.setProperty("--swipe", String(Math.max(0, Math.min(1, p)))); }
    function settle(p, then) {
      pane.classList.add("is-swipe-settling");
      setProgress(p);
      var done = false;
      function finish() { if (done) return; done = true; pane.classList.remove("is-swipe-settling"); then(); }
      if (reducedMotion) { finish(); return; }
      pane.addEventListener("transitionend", function once(e) {
        if (e.target.parentNode !== pane && e.target !== pane) return;
        pane.removeEventListener("transitionend", once);
        finish();
      });
      setTimeout(finish, 400);
    }
    // How far the back button's title travels to become the title of the screen below.
    function measureBackShift() {
      var label = pane.querySelector(":scope > .navbar .bar-back .bar-title");
      var title = under && under.querySelector(":scope > .navbar .navbar-title");
      if (!label || !title) return;
      var shift = title.getBoundingClientRect().left - label.getBoundingClientRect().left;
      pane.style.setProperty("--back-shift", Math.max(0, Math.round(shift)) + "px");
    }
    function begin() {
      html.setAttribute("data-gesture", "back-swipe");
      if (under) under.hidden = false;
      pane.classList.add("is-swiping-back");
      measureBackShift();
      return gesturesAnswered.then(function () { return postGesture("begin", nav); });
    }
    function end(began, finished) {
      gesturesAnswered = new Promise(function (answered) {
        settle(finished ? 1 : 0, function () {
          began.then(function (answer) {
            if (!answer) { answered(); if (finished) button.click(); else reset(); return; }
            return postGesture(finished ? "finish" : "cancel").then(function (result) {
              answered();
              keepVersion(result);
              if (finished && result && typeof result.url === "string" && result.url.indexOf("/ui/") === 0) window.location.assign(result.url);
              else if (finished) button.click();
              else reset();
            });
          });
        });
      });
    }
    function reset() {
      pane.classList.remove("is-swiping-back");
      pane.style.removeProperty("--swipe");
      pane.style.removeProperty("--back-shift");
      if (under) under.hidden = true;
      html.removeAttribute("data-gesture");
    }
    handle.addEventListener("pointerdown", function (e) {
      if (e.button !== 0 && e.pointerType === "mouse") return;
      drag = { x: e.clientX, y: e.clientY, id: e.pointerId, began: null, width: pane.getBoundingClientRect().width, last: e.clientX, t: e.timeStamp, v: 0 };
      try { handle.setPointerCapture(e.pointerId); } catch (err) {}
      e.preventDefault();
    });
    handle.addEventListener("pointermove", function (e) {
      if (!drag || e.pointerId !== drag.id) return;
      var dx = Math.max(0, e.clientX - drag.x);
      if (!drag.began && dx > 4) drag.began = begin();
      if (!drag.began) return;
      var dt = e.timeStamp - drag.t;
      if (dt > 0) drag.v = (e.clientX - drag.last) / dt;
      drag.last = e.clientX; drag.t = e.timeStamp;
      setProgress(dx / drag.width);
    });
    function release(e, cancelled) {
      if (!drag || e.pointerId !== drag.id) return;
      var d = drag;
      drag = null;
      var dx = e.clientX - d.x;
      // A fling: still moving fast to the right when let go (a finger held still has stopped).
      var flung = d.v > 0.5 && dx > 20 && e.timeStamp - d.t < 100;
      if (d.began) {
        end(d.began, !cancelled && (dx > Math.min(d.width / 3, 120) || flung));
        return;
      }
      if (cancelled) return;
      handle.style.display = "none";
      var target = document.elementFromPoint(e.clientX, e.clientY);
      handle.style.display = "";
      if (target && target.click) target.click();
    }
    handle.addEventListener("pointerup", function (e) { release(e, false); });
    handle.addEventListener("pointercancel", function (e) { release(e, true); });
  }

  // A page view turns with a sideways drag: right to left for the next page.
  function addPageSwipes() {
    var layer = frontLayer();
    if (!layer) return;
    var panes = layer.querySelectorAll(".pane-pages");
    for (var i = 0; i < panes.length; i++) pageSwipe(panes[i]);
  }

  function pageSwipe(pane) {
    var viewport = pane.querySelector(":scope > .pages-viewport");
    var next = pane.querySelector(":scope > .page-controls .page-next[data-element]:not(:disabled)");
    var previous = pane.querySelector(":scope > .page-controls .page-previous[data-element]:not(:disabled)");
    if (!viewport || (!next && !previous)) return;
    var vertical = pane.classList.contains("pages-vertical");
    var start = null;
    viewport.addEventListener("pointerdown", function (e) {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false };
    });
    viewport.addEventListener("pointermove", function (e) {
      if (!start || e.pointerId !== start.id) return;
      var d = vertical ? e.clientY - start.y : e.clientX - start.x;
      var across = vertical ? e.clientX - start.x : e.clientY - start.y;
      if (!start.dragging && Math.abs(d) > 10 && Math.abs(d) > Math.abs(across)) {
        start.dragging = true;
        try { viewport.setPointerCapture(e.pointerId); } catch (err) {}
      }
      if (!start.dragging) return;
      if ((d < 0 && !next) || (d > 0 && !previous)) d = d / 3;  // resistance at either end
      viewport.classList.add("is-swiping");
      viewport.style.transform = vertical ? "translateY(" + d + "px)" : "translateX(" + d + "px)";
    });
    function end(e, cancelled) {
      if (!start || e.pointerId !== start.id) return;
      var dragging = start.dragging;
      var d = vertical ? e.clientY - start.y : e.clientX - start.x;
      start = null;
      if (!dragging) return;
      var size = vertical ? viewport.getBoundingClientRect().height : viewport.getBoundingClientRect().width;
      var target = !cancelled && Math.abs(d) > Math.min(size / 4, 80) ? (d < 0 ? next : previous) : null;
      if (target) { target.click(); return; }
      viewport.style.transform = "";
      viewport.classList.remove("is-swiping");
    }
    viewport.addEventListener("pointerup", function (e) { end(e, false); });
    viewport.addEventListener("pointercancel", function (e) { end(e, true); });
    // A drag that turned the page is not also a tap on what it started on.
    viewport.addEventListener("click", function (e) {
      if (viewport.classList.contains("is-swiping")) { e.preventDefault(); e.stopPropagation(); }
    }, true);
  }

  // MARK: Keyboard

  // What Esc taps in the front layer, as UIKit answers a hardware keyboard's Escape: an alert's
  // or action sheet's cancel action, the outside of a popover, a sheet's Cancel bar button.
  function escapeTarget() {
    var layer = frontLayer();
    if (!layer || layer.getAttribute("data-layer") === "0") return null;
    if (layer.classList.contains("layer-alert")) {
      return layer.querySelector("button.alert-action.action-cancel[data-element]:not(:disabled)");
    }
    if (layer.classList.contains("layer-popover")) {
      return layer.querySelector(":scope > button.popover-outside[data-element]:not(:disabled)");
    }
    return layer.querySelector(".navbar-leading button.bar-button.is-cancel[data-element]:not(:disabled)");
  }

  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    var target = escapeTarget();
    if (!target) return;
    e.preventDefault();
    target.click();
  });

  // MARK: Split view selection

  // UIKit keeps the row of a split view's primary column selected while the secondary shows
  // what it chose (the columns side by side); a collapsed split clears it, as a pop would.
  var SELECTION = "segue.selection." + session;
  function markSelection() {
    var saved = storageGet(SELECTION);
    if (!saved) return;
    var selection;
    try { selection = JSON.parse(saved); } catch (e) { return; }
    var split = document.querySelector(".pane-split[data-controller='" + String(selection.split).replace(/['\\]/g, "") + "']");
    if (!split || split.classList.contains("is-collapsed")) return;
    var rows = split.querySelectorAll(".split-primary .cell[data-element]");
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].getAttribute("data-element") === selection.element) {
        rows[i].classList.add("is-selected-row");
        rows[i].setAttribute("aria-current", "true");
      }
    }
  }
  form.addEventListener("click", function (e) {
    var row = e.target.closest && e.target.closest(".split-primary .cell[data-element]");
    var split = row && row.closest(".pane-split");
    if (!row || !split || split.classList.contains("is-collapsed")) return;
    storageSet(SELECTION, JSON.stringify({ split: split.getAttribute("data-controller"), element: row.getAttribute("data-element") }));
  });

  // MARK: Start

  window.addEventListener("resize", function () {
    clearTimeout(timer);
    timer = setTimeout(report, 250);
    placePopovers();
    fitBackTitles();
    fitLabels();
  });
  restoreTypedText();
  restorePlace();
  placePopovers();
  fitBackTitles();
  fitLabels();
  addEdgeStrips();
  addPageSwipes();
  markSelection();
  report();
})();
