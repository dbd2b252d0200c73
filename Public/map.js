// The map's pan and zoom (GET /map). Without it the drawing scrolls; with it: drag to pan, the
// wheel (or + and -) to zoom about the pointer, Fit to see the whole flow.
(function () {
  "use strict";
  var svg = document.querySelector("svg.flow-map");
  if (!svg) return;
  var full = svg.getAttribute("viewBox").split(" ").map(Number);
  var view = full.slice();
  var viewport = document.querySelector(".map-viewport");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  viewport.classList.add("is-interactive");
  function apply() { svg.setAttribute("viewBox", view.join(" ")); }
  function zoom(factor, cx, cy) {
    var w = view[2] * factor, h = view[3] * factor;
    if (w < 200 || w > full[2] * 4 + 2000) return;
    view = [cx - (cx - view[0]) * factor, cy - (cy - view[1]) * factor, w, h];
    apply();
  }
  function toMap(clientX, clientY) {
    var r = svg.getBoundingClientRect();
    var s = Math.max(view[2] / r.width, view[3] / r.height);
    return [view[0] + (clientX - r.left) * s, view[1] + (clientY - r.top) * s, s];
  }
  svg.addEventListener("wheel", function (e) {
    e.preventDefault();
    var p = toMap(e.clientX, e.clientY);
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p[0], p[1]);
  }, { passive: false });
  var drag = null, moved = false;
  svg.addEventListener("pointerdown", function (e) {
    drag = { x: e.clientX, y: e.clientY, view: view.slice(), scale: toMap(e.clientX, e.clientY)[2] };
    moved = false;
  });
  window.addEventListener("pointermove", function (e) {
    if (!drag) return;
    var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) moved = true;
    view = [drag.view[0] - dx * drag.scale, drag.view[1] - dy * drag.scale, view[2], view[3]];
    apply();
  });
  window.addEventListener("pointerup", function () { drag = null; });
  // A drag that ends on a card does not open it.
  svg.addEventListener("click", function (e) { if (moved) { e.preventDefault(); moved = false; } }, true);
  var buttons = document.querySelector(".map-zoom");
  if (buttons) {
    buttons.hidden = false;
    buttons.addEventListener("click", function (e) {
      var which = e.target.getAttribute("data-zoom");
      var cx = view[0] + view[2] / 2, cy = view[1] + view[3] / 2;
      if (which === "in") zoom(1 / 1.25, cx, cy);
      else if (which === "out") zoom(1.25, cx, cy);
      else if (which === "fit") { view = full.slice(); apply(); }
    });
  }
  apply();
})();
