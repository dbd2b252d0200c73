// Controls that feel like UIKit's. Every control works without this script (form posts); with it:
// 1. switches, sliders, segmented controls and steppers that only keep a value
//    (data-control="value") change in place and send the value to the session in the background
//    (the same form post, answered with the new page whose URL the form then carries), so no page
//    loads and text typed elsewhere on the page stays;
// 2. a search bar's Cancel clears and leaves the field; the navigation item's search bar sends
//    its text as it is typed and replaces the rows it filters with the new page's;
// 3. on the More list's Configure sheet an icon is dragged (pointer events: mouse, touch, pen)
//    onto a tab bar item or another icon to exchange the two tabs (the moveTab action).
(function () {
  "use strict";
  var root = document.documentElement;
  var body = document.body;
  var form = document.querySelector("form.screen");
  if (!body || !form || !window.fetch || !window.URLSearchParams) return;
  root.classList.add("has-controls-script");

  var queue = Promise.resolve();

  // The form's fields as a normal submit would send them, plus the control's own name=value.
  function formBody(name, value) {
    var data = new URLSearchParams();
    var fields = form.querySelectorAll("input[name], textarea[name], select[name]");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.disabled || f.type === "submit" || f.type === "button") continue;
      if ((f.type === "checkbox" || f.type === "radio") && !f.checked) continue;
      data.append(f.name, f.value);
    }
    if (name) { data.delete(name); data.append(name, value); }
    return data;
  }

  // Posts in order; the answer is the new page: the forms take its URL and version (and
  // `onPage`, when given, the page itself). A refusal (an error page) falls back to the plain
  // form post, so the person sees what the server says.
  function send(name, value, fallback, onPage) {
    var data = formBody(name, value);
    queue = queue.then(function () {
      return fetch(form.getAttribute("action") || "/tap", {
        method: "POST", credentials: "same-origin", body: data,
        headers: { "Content-Type": "application/x-www-form-urlencoded" }
      }).then(function (response) {
        if (!response.ok) throw new Error("refused");
        return response.text().then(function (html) {
          var path = new URL(response.url).pathname;
          if (path.indexOf("/ui/") !== 0) throw new Error("moved");
          var version = /data-version="(\d+)"/.exec(html);
          var url = path + new URL(response.url).search;
          var inputs = document.querySelectorAll("input[name=url]");
          for (var i = 0; i < inputs.length; i++) inputs[i].value = url;
          if (version) {
            inputs = document.querySelectorAll("input[name=version]");
            for (var j = 0; j < inputs.length; j++) inputs[j].value = version[1];
            body.setAttribute("data-version", version[1]);
          }
          history.replaceState(history.state, "", url);
          if (onPage) onPage(html);
        });
      }).catch(function () { fallback(); });
    });
  }

  function submitWith(button) {
    return function () {
      if (form.requestSubmit) form.requestSubmit(button); else button.click();
    };
  }

  // Slider: the filled part of the track follows the thumb.
  function paintSlider(slider) {
    var min = Number(slider.min) || 0, max = Number(slider.max) || 1;
    var share = max > min ? (Number(slider.value) - min) / (max - min) : 0;
    slider.style.setProperty("--fill-pct", Math.round(Math.max(0, Math.min(1, share)) * 1000) / 10 + "%");
  }
  var sliders = form.querySelectorAll("input.slider");
  for (var s = 0; s < sliders.length; s++) paintSlider(sliders[s]);

  form.addEventListener("input", function (event) {
    if (event.target.classList && event.target.classList.contains("slider")) paintSlider(event.target);
  });
  form.addEventListener("change", function (event) {
    var slider = event.target;
    if (!slider.matches || !slider.matches("input.slider[data-control=value]")) return;
    send(slider.name, slider.value, function () { form.submit(); });
  });

  form.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    if (!button || button.disabled) return;

    if (button.classList.contains("search-cancel")) {
      var field = button.parentNode.querySelector(".search-field");
      var search = button.closest(".nav-search");
      if (search && field && field.name) {
        // Clear here and tell the session: the Cancel element, or the text emptied.
        event.preventDefault();
        var had = search.classList.contains("has-text") || field.value !== "";
        field.value = "";
        var post = function () { if (button.form) button.form.requestSubmit(button); };
        if (button.value) send("element", button.value, post, searchAnswer(field));
        else if (had) send(field.name, "", post, searchAnswer(field));
      } else if (field) {
        field.value = "";
      }
      if (field) field.blur();
      button.blur();
      return;
    }

    // A switch that only keeps its value: flip it here, tell the session.
    if (button.matches("button.switch[data-control=value]")) {
      event.preventDefault();
      var on = !button.classList.contains("is-on");
      button.classList.toggle("is-on", on);
      button.setAttribute("aria-checked", on ? "true" : "false");
      send("element", button.value, submitWith(button));
      return;
    }

    var group = button.closest("[data-control=value]");
    if (!group) return;
    if (group.classList.contains("segmented")) {
      event.preventDefault();
      var segments = group.querySelectorAll(".segment");
      for (var i = 0; i < segments.length; i++) {
        var chosen = segments[i] === button;
        segments[i].classList.toggle("is-selected", chosen);
        segments[i].setAttribute("aria-pressed", chosen ? "true" : "false");
      }
      send(button.name, button.value, submitWith(button));
    } else if (group.classList.contains("stepper")) {
      event.preventDefault();
      var value = Number(button.value);
      var output = group.querySelector(".stepper-value");
      if (output) output.textContent = String(value);
      var minus = group.querySelector(".stepper-minus"), plus = group.querySelector(".stepper-plus");
      if (minus) { minus.value = String(value - 1); minus.disabled = value - 1 < 0; }
      if (plus) plus.value = String(value + 1);
      send(button.name, String(value), submitWith(button));
    }
  });

  // The navigation item's search bar: the text goes to the session as it is typed (a moment
  // after the last key), and the rows it filters are replaced by those of the page answered.
  function searchAnswer(field) {
    return function (html) {
      var id = field.getAttribute("data-element");
      var page = new DOMParser().parseFromString(html, "text/html");
      var selector = ".search-results[data-search=\"" + id + "\"]";
      var fresh = page.querySelector(selector), current = document.querySelector(selector);
      if (fresh && current) current.replaceWith(document.importNode(fresh, true));
      var freshBar = page.querySelector(".nav-search"), bar = field.closest(".nav-search");
      var freshCancel = freshBar && freshBar.querySelector(".search-cancel"), cancel = bar && bar.querySelector(".search-cancel");
      if (freshBar && bar) bar.classList.toggle("has-text", freshBar.classList.contains("has-text"));
      if (freshCancel && cancel) {
        cancel.value = freshCancel.value;
        if (freshCancel.hasAttribute("data-element")) cancel.setAttribute("data-element", freshCancel.getAttribute("data-element"));
        else cancel.removeAttribute("data-element");
      }
    };
  }
  var typing = null;
  form.addEventListener("input", function (event) {
    var field = event.target;
    if (!field.matches || !field.matches(".nav-search .search-field[name]")) return;
    clearTimeout(typing);
    typing = setTimeout(function () {
      send(field.name, field.value, function () { if (field.form) field.form.submit(); }, searchAnswer(field));
    }, 150);
  });

  // Configure: drag an icon onto a tab bar item (or another icon) to exchange the two tabs.
  var configure = form.querySelector(".configure");
  if (configure) {
    var session = body.getAttribute("data-session");
    var tabsID = configure.getAttribute("data-tabs");
    var barCount = Number(configure.getAttribute("data-bar-count")) || 0;
    var pane = configure.closest(".pane-tabs");
    var tabbar = pane && pane.querySelector(".tabbar");
    var drag = null;

    var tile = function (index) { return configure.querySelector(".configure-tile[data-tab-index=\"" + index + "\"]"); };

    // The tab a point is over: a bar item (its position in the bar) or an icon of the grid.
    var dropIndex = function (x, y) {
      var hit = document.elementFromPoint(x, y);
      if (!hit) return null;
      var tab = tabbar && hit.closest(".tab");
      if (tab && tabbar.contains(tab)) {
        var index = Array.prototype.indexOf.call(tabbar.querySelectorAll(".tab"), tab);
        return index >= 0 && index < barCount ? index : null;
      }
      var over = hit.closest(".configure-tile");
      return over ? Number(over.getAttribute("data-tab-index")) : null;
    };

    var mark = function (index) {
      var marked = form.querySelectorAll(".is-drop-target");
      for (var i = 0; i < marked.length; i++) marked[i].classList.remove("is-drop-target");
      if (index === null || index === drag.from) return;
      var target = tile(index);
      if (!target || !target.hasAttribute("data-customizable")) return;
      target.classList.add("is-drop-target");
      if (tabbar && index < barCount) {
        var tabs = tabbar.querySelectorAll(".tab");
        if (tabs[index]) tabs[index].classList.add("is-drop-target");
      }
    };

    var finish = function (event, drop) {
      if (!drag) return;
      var from = drag.from, to = drop ? dropIndex(event.clientX, event.clientY) : null;
      drag.ghost.remove();
      drag.source.classList.remove("is-dragging");
      mark(null);
      drag = null;
      var target = to === null ? null : tile(to);
      if (to === null || to === from || !target || !target.hasAttribute("data-customizable")) return;
      fetch("/api/v1/sessions/" + encodeURIComponent(session) + "/actions", {
        method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "moveTab", from: from, to: to, controller: tabsID })
      }).then(function (r) { return r.ok ? r.json() : null; }).then(function (answer) {
        var url = answer && answer.state && answer.state.url;
        window.location.replace(typeof url === "string" && url.indexOf("/ui/") === 0 ? url : window.location.href);
      }).catch(function () { window.location.reload(); });
    };

    configure.addEventListener("pointerdown", function (event) {
      var source = event.target.closest(".configure-tile[data-customizable]");
      if (!source || event.target.closest("button") || (event.pointerType === "mouse" && event.button !== 0)) return;
      event.preventDefault();
      var ghost = source.cloneNode(true);
      ghost.classList.add("configure-ghost");
      ghost.removeAttribute("data-tab-index");
      var moves = ghost.querySelector(".configure-moves");
      if (moves) moves.remove();
      ghost.setAttribute("aria-hidden", "true");
      ghost.style.width = source.offsetWidth + "px";
      ghost.style.left = event.clientX + "px";
      ghost.style.top = event.clientY + "px";
      body.appendChild(ghost);
      source.classList.add("is-dragging");
      drag = { from: Number(source.getAttribute("data-tab-index")), source: source, ghost: ghost };
      try { source.setPointerCapture(event.pointerId); } catch (e) {}
    });
    configure.addEventListener("pointermove", function (event) {
      if (!drag) return;
      drag.ghost.style.left = event.clientX + "px";
      drag.ghost.style.top = event.clientY + "px";
      mark(dropIndex(event.clientX, event.clientY));
    });
    configure.addEventListener("pointerup", function (event) { finish(event, true); });
    configure.addEventListener("pointercancel", function (event) { finish(event, false); });
  }
})();
