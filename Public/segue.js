// Segue's one small script. Everything works without it; with it:
// 1. the viewport (CSS px) is reported to POST /traits on load and after a resize settles, so
//    idiom, size class and orientation follow the browser window (SEMANTICS §9); when the
//    server says the traits changed, the page reloads its (new) canonical URL;
// 2. popovers are placed next to the element they point at (anchored bubble with an arrow).
(function () {
  "use strict";
  var body = document.body;
  var form = document.querySelector("form.screen");
  var tokenInput = form && form.querySelector("input[name=csrf]");
  if (!body || !tokenInput) return;

  var sent = null, pending = false, timer = 0;

  function viewport() {
    return {
      width: Math.max(1, Math.round(window.innerWidth || document.documentElement.clientWidth || 0)),
      height: Math.max(1, Math.round(window.innerHeight || document.documentElement.clientHeight || 0))
    };
  }

  function report() {
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

  function placePopovers() {
    var layers = document.querySelectorAll("[data-anchor]");
    for (var i = 0; i < layers.length; i++) {
      var layer = layers[i];
      var bubble = layer.querySelector(".popover-bubble");
      var anchor = document.querySelector("[data-element=\"" + CSS.escape(layer.getAttribute("data-anchor")) + "\"]");
      if (!bubble || !anchor) continue;
      var a = anchor.getBoundingClientRect();
      var w = bubble.offsetWidth, h = bubble.offsetHeight;
      var below = a.bottom + 12 + h <= window.innerHeight || a.top < h + 12;
      var left = Math.min(Math.max(8, a.left + a.width / 2 - w / 2), window.innerWidth - w - 8);
      bubble.style.position = "fixed";
      bubble.style.left = left + "px";
      bubble.style.top = (below ? a.bottom + 12 : a.top - 12 - h) + "px";
      bubble.style.setProperty("--arrow-x", (a.left + a.width / 2 - left) + "px");
      bubble.classList.toggle("arrow-up", below);
      bubble.classList.toggle("arrow-down", !below);
      layer.classList.add("placed");
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
