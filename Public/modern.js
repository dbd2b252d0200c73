// Modern-era pages (body.era-modern), and swipe to delete in either era. Everything works
// without it; with it:
// 1. a sheet follows a downward drag that starts on its grabber or its navigation bar: released
//    past a third of its height (at most 160 px) or flicked, it is dismissed as the grabber's
//    form post does (`dismissSheet`); short of that it springs back. A pointer tap on the
//    grabber does nothing (as on iOS); the keyboard still activates it.
// 2. a large title that scrolls under the bar collapses it: the bar's small title shows;
// 3. a sideways drag on a row with swipe actions slides it aside to uncover them: released past
//    half their width it stays open, else it closes; a tap elsewhere closes it. In the iOS 7 era
//    only this one runs (a row's Delete).
(function () {
  "use strict";
  var body = document.body;
  if (!body) return;
  var modern = body.classList.contains("era-modern");

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

  // MARK: Scroll edges

  // A bar with a scroll-edge appearance takes its standard one once content passes under it:
  // a navigation bar when its pane's content has moved up (or, with a large title, once the
  // title has collapsed), a tab bar or toolbar while content lies below it.
  function followScrollEdges() {
    var bars = document.querySelectorAll(".navbar.has-edge-look, .tabbar.has-edge-look, .toolbar.has-edge-look");
    function update() {
      for (var i = 0; i < bars.length; i++) {
        var bar = bars[i];
        var body = bar.parentNode && bar.parentNode.querySelector(":scope > .pane-body");
        if (!body) continue;
        var b = bar.getBoundingClientRect(), c = body.getBoundingClientRect();
        var scrolled = !bar.classList.contains("navbar") ? c.bottom > b.top + 1
          : bar.classList.contains("has-large-title") ? bar.classList.contains("is-collapsed")
          : c.top < b.bottom - 1;
        bar.classList.toggle("is-scrolled", scrolled);
      }
    }
    if (!bars.length) return;
    document.addEventListener("scroll", update, { capture: true, passive: true });
    window.addEventListener("resize", update, { passive: true });
    update();
  }

  // MARK: Swipe actions

  function followRowSwipes() {
    var open = null;
    function close(row) {
      var cell = row && row.querySelector(":scope > .cell, :scope > .cell-with-accessory");
      if (cell) cell.style.transform = "";
      if (row) row.classList.remove("is-open");
      if (open === row) open = null;
    }
    var rows = document.querySelectorAll(".layer:last-of-type .cell-swipe");
    for (var i = 0; i < rows.length; i++) swipe(rows[i]);
    function swipe(row) {
      var cell = row.querySelector(":scope > .cell, :scope > .cell-with-accessory");
      var trailing = row.querySelector(":scope > .swipe-trailing");
      var leading = row.querySelector(":scope > .swipe-leading");
      if (!cell) return;
      var start = null, justDragged = false;
      cell.addEventListener("pointerdown", function (e) {
        if (e.button !== 0 && e.pointerType === "mouse") return;
        justDragged = false;
        if (open && open !== row) close(open);
        start = { x: e.clientX, y: e.clientY, id: e.pointerId, base: row.classList.contains("is-open") ? (parseFloat(cell.dataset.offset) || 0) : 0, dx: 0, sideways: false };
      });
      cell.addEventListener("pointermove", function (e) {
        if (!start || e.pointerId !== start.id) return;
        var dx = e.clientX - start.x;
        if (!start.sideways) {
          if (Math.abs(dx) < 8 || Math.abs(dx) < Math.abs(e.clientY - start.y)) return;
          start.sideways = true;
          try { cell.setPointerCapture(e.pointerId); } catch (err) {}
          row.classList.add("is-dragging");
        }
        var x = start.base + dx;
        var max = leading ? leading.offsetWidth : 0, min = trailing ? -trailing.offsetWidth : 0;
        x = Math.max(min - 40, Math.min(max + 40, x));
        start.dx = x;
        cell.style.transform = "translateX(" + x + "px)";
      });
      function end(e) {
        if (!start || e.pointerId !== start.id) return;
        var sideways = start.sideways, x = start.dx;
        start = null;
        row.classList.remove("is-dragging");
        if (!sideways) return;
        justDragged = true;
        var width = x < 0 ? (trailing ? trailing.offsetWidth : 0) : (leading ? leading.offsetWidth : 0);
        if (width && Math.abs(x) > width / 2) {
          var to = x < 0 ? -width : width;
          cell.style.transform = "translateX(" + to + "px)";
          cell.dataset.offset = String(to);
          row.classList.add("is-open");
          open = row;
        } else close(row);
      }
      cell.addEventListener("pointerup", end);
      cell.addEventListener("pointercancel", end);
      // A drag is not a tap on the row.
      cell.addEventListener("click", function (e) {
        if (justDragged) { e.preventDefault(); e.stopPropagation(); justDragged = false; return; }
        if (row.classList.contains("is-open")) { e.preventDefault(); e.stopPropagation(); close(row); }
      }, true);
    }
  }

  if (modern) {
    var sheet = frontSheet();
    if (sheet) followSheetDrag(sheet);
    followLargeTitles();
    followScrollEdges();
  }
  followRowSwipes();
})();
