// Modern-era pages (body.era-modern). Everything works without it; with it:
// 1. a sheet follows a downward drag that starts on its grabber or its navigation bar: released
//    past a third of its height (at most 160 px) or flicked, it is dismissed as the grabber's
//    form post does (`dismissSheet`); short of that it springs back. A pointer tap on the
//    grabber does nothing (as on iOS); the keyboard still activates it.
// 2. a large title that scrolls under the bar collapses it: the bar's small title shows.
(function () {
  "use strict";
  var body = document.body;
  if (!body || !body.classList.contains("era-modern")) return;

  // MARK: Dragging a sheet down

  function frontSheet() {
    var sheets = document.querySelectorAll(".layer > .sheet");
    return sheets.length ? sheets[sheets.length - 1] : null;
  }

  function followSheetDrag(sheet) {
    var grabber = sheet.querySelector(":scope > .sheet-grabber[data-element]");
    if (!grabber || grabber.disabled) return;
    var start = null, suppressClick = false;
    function begins(target) {
      if (target.closest(".sheet-grabber")) return true;
      var bar = target.closest(".navbar");
      return !!bar && !target.closest("button, a, input, textarea, select") && bar.closest(".sheet") === sheet;
    }
    sheet.addEventListener("pointerdown", function (e) {
      if ((e.button !== 0 && e.pointerType === "mouse") || !begins(e.target)) return;
      start = { y: e.clientY, t: e.timeStamp, id: e.pointerId, dy: 0, lastY: e.clientY, lastT: e.timeStamp, v: 0 };
      try { sheet.setPointerCapture(e.pointerId); } catch (err) {}
      sheet.classList.remove("is-springing");
      sheet.classList.add("is-dragging");
      e.preventDefault();
    });
    sheet.addEventListener("pointermove", function (e) {
      if (!start || e.pointerId !== start.id) return;
      var dt = Math.max(1, e.timeStamp - start.lastT);
      start.v = (e.clientY - start.lastY) / dt;
      start.lastY = e.clientY;
      start.lastT = e.timeStamp;
      start.dy = Math.max(0, e.clientY - start.y);
      sheet.style.transform = "translateY(" + start.dy + "px)";
    });
    function end(e, cancelled) {
      if (!start || e.pointerId !== start.id) return;
      var dy = start.dy, flick = start.v > 0.8 && dy > 20;
      start = null;
      sheet.classList.remove("is-dragging");
      suppressClick = true;
      var far = dy > Math.min(sheet.getBoundingClientRect().height / 3, 160);
      if (!cancelled && (far || flick)) {
        grabber.setAttribute("data-dragged", "true");
        suppressClick = false;
        grabber.click();
        return;
      }
      sheet.classList.add("is-springing");
      sheet.style.transform = "";
    }
    sheet.addEventListener("pointerup", function (e) { end(e, false); });
    sheet.addEventListener("pointercancel", function (e) { end(e, true); });
    // A pointer's tap on the grabber is no drag: only the keyboard (detail 0) activates it.
    grabber.addEventListener("click", function (e) {
      if (suppressClick && e.detail > 0) e.preventDefault();
      suppressClick = false;
    });
  }

  // MARK: Large titles

  function followLargeTitles() {
    var bars = document.querySelectorAll(".navbar.has-large-title");
    function update() {
      for (var i = 0; i < bars.length; i++) {
        var bar = bars[i];
        var title = bar.parentNode && bar.parentNode.querySelector(":scope > .pane-body > .large-title-area .large-title");
        if (!title) continue;
        // Under the bar, or out of the window where the page itself scrolls.
        var collapsed = title.getBoundingClientRect().bottom <= Math.max(bar.getBoundingClientRect().bottom, 0) + 1;
        bar.classList.toggle("is-collapsed", collapsed);
      }
    }
    if (!bars.length) return;
    document.addEventListener("scroll", update, { capture: true, passive: true });
    window.addEventListener("resize", update, { passive: true });
    update();
  }

  var sheet = frontSheet();
  if (sheet) followSheetDrag(sheet);
  followLargeTitles();
})();
