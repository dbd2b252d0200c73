// Segue's page script. Everything works without it; with it:
// 1. the viewport (CSS px) is reported to POST /traits on load and after a resize settles, so
//    idiom, size class and orientation follow the browser window (docs/Semantics.md, Traits,
//    rotation and memory); when the server says the traits changed, the page reloads its (new)
//    canonical URL, keeping what was typed into text fields and not yet sent;
// 2. popovers are placed next to the element they point at (anchored bubble with an arrow);
// 3. a drag from the left edge of a navigation controller's screen pops it, as the back button
//    does (touch, pen, or a mouse or trackpad drag), and a sideways drag turns a page view's page;
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
      followDrag(strip, content, function (dx, width) { return dx > Math.min(width / 3, 120); }, back);
    }
  }

  // Moves `content` with a horizontal drag that starts on `handle`; a far enough drag taps
  // `button` (the screen goes on sliding from where the finger left it), a short one springs back.
  function followDrag(handle, content, isFarEnough, button) {
    var start = null;
    handle.addEventListener("pointerdown", function (e) {
      if (e.button !== 0 && e.pointerType === "mouse") return;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId, moved: false };
      try { handle.setPointerCapture(e.pointerId); } catch (err) {}
      e.preventDefault();
    });
    handle.addEventListener("pointermove", function (e) {
      if (!start || e.pointerId !== start.id) return;
      var dx = Math.max(0, e.clientX - start.x);
      if (dx > 4) start.moved = true;
      content.classList.add("is-swiping");
      content.style.transform = "translateX(" + dx + "px)";
    });
    function end(e, cancelled) {
      if (!start || e.pointerId !== start.id) return;
      var dx = e.clientX - start.x, moved = start.moved;
      start = null;
      if (!cancelled && isFarEnough(dx, content.getBoundingClientRect().width)) {
        button.click();
        return;
      }
      content.style.transform = "";
      content.classList.remove("is-swiping");
      // A tap on the strip (no drag) goes to what is under it.
      if (!cancelled && !moved) {
        handle.style.display = "none";
        var under = document.elementFromPoint(e.clientX, e.clientY);
        handle.style.display = "";
        if (under && under.click) under.click();
      }
    }
    handle.addEventListener("pointerup", function (e) { end(e, false); });
    handle.addEventListener("pointercancel", function (e) { end(e, true); });
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
  placePopovers();
  fitBackTitles();
  fitLabels();
  addEdgeStrips();
  addPageSwipes();
  markSelection();
  report();
})();
