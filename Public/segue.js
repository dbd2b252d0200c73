// Segue's one small script. Everything works without it; with it:
// 1. the viewport (CSS px) is reported to POST /traits on load and after a resize settles, so
//    idiom, size class and orientation follow the browser window (docs/Semantics.md, Traits, rotation and memory); when the
//    server says the traits changed, the page reloads its (new) canonical URL;
// 2. popovers are placed next to the element they point at (anchored bubble with an arrow).
(function () {
  "use strict";
  var body = document.body;
  var form = document.querySelector("form.screen");
  var tokenInput = form && form.querySelector("input[name=csrf]");
  if (!body || !tokenInput) return;

  // The viewport the server rendered this page for: no report needed while it matches.
  var sent = body.getAttribute("data-viewport"), pending = false, timer = 0;

  function viewport() {
    return {
      width: Math.max(1, Math.round(window.innerWidth || document.documentElement.clientWidth || 0)),
      height: Math.max(1, Math.round(window.innerHeight || document.documentElement.clientHeight || 0))
    };
  }

  function report() {
    // While the developer panel frames the screen, its trait buttons choose the viewport.
    if (body.classList.contains("dev-open")) return;
    try {
      var panel = sessionStorage.getItem("segue.devPanel") === "open" || window.location.hash === "#developer";
      if (panel && window.innerWidth >= 1000) return;
    } catch (e) {}
    var v = viewport();
    var key = v.width + "x" + v.height;
    if (pending || key === sent) return;
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
        window.location.replace(answer.url);
      }
    }).catch(function () { pending = false; });
  }

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

  window.addEventListener("resize", function () {
    clearTimeout(timer);
    timer = setTimeout(report, 250);
    placePopovers();
  });
  placePopovers();
  report();
})();
