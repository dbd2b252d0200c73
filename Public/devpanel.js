// The developer panel beside the device screen (wide windows only). Without this script the
// page's "Developer" link opens the developer page; with it the link toggles a panel that shows
// the same content (GET /dev/ID?fragment=1), and the device screen sits in a frame of the
// session's viewport while the panel is open (the viewport is not reported meanwhile: the
// panel's trait buttons choose it). The event log follows the session over Server-Sent Events
// (GET /api/v1/sessions/ID/events/stream; polling .../events?after=N without EventSource); a
// change made elsewhere (another tab, a reload of the flow) reloads the page at its new URL.
(function () {
  "use strict";
  var body = document.body;
  var link = document.querySelector("a.dev-link");
  var session = body && body.getAttribute("data-session");
  var version = body && body.getAttribute("data-version");
  if (!link || !session || !window.fetch) return;
  var KEY = "segue.devPanel";
  var WIDE = window.matchMedia("(min-width: 1000px)");
  var panel = null, lastSeq = 0, timer = 0;

  function isOpen() { try { return sessionStorage.getItem(KEY) === "open"; } catch (e) { return false; } }
  function remember(open) { try { sessionStorage.setItem(KEY, open ? "open" : "closed"); } catch (e) {} }

  function frame() {
    var v = (body.getAttribute("data-viewport") || "390x844").split("x");
    body.style.setProperty("--device-width", v[0] + "px");
    body.style.setProperty("--device-height", v[1] + "px");
  }

  function load() {
    return fetch("/dev/" + encodeURIComponent(session) + "?fragment=1", { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || !panel) return;
        panel.innerHTML = html;
        var content = panel.querySelector(".dev-panel-content");
        lastSeq = Number(content && content.getAttribute("data-last-seq")) || 0;
      });
  }

  function addEvent(e) {
    lastSeq = Math.max(lastSeq, e.seq);
    var list = panel && panel.querySelector(".dev-events");
    if (!list) return;
    var li = document.createElement("li");
    li.setAttribute("data-seq", e.seq);
    li.textContent = e.seq + " " + (e.scene || "-") + "." + e.event + " (" + e.controller + ")" + (e.segue ? " segue=" + e.segue : "") + (e.child ? " child=" + e.child : "");
    list.insertBefore(li, list.firstChild);
  }

  // A gesture driving a transition (the edge swipe, begun and not yet ended), as STATE says.
  function showGesture(state) {
    var content = panel && panel.querySelector(".dev-panel-content");
    if (!content || !state) return;
    var line = content.querySelector(".dev-gesture");
    var t = state.interactiveTransition;
    if (!t) { if (line) line.remove(); return; }
    if (!line) {
      line = document.createElement("p");
      line.className = "dev-gesture";
      line.setAttribute("role", "status");
      content.insertBefore(line, content.firstChild);
    }
    line.textContent = "Interactive " + t.kind + " of " + t.controller + " in progress: finish or cancel";
  }

  // A change made elsewhere (another tab, the JSON API, a reload of the flow): the page follows.
  function follow(state) {
    showGesture(state);
    // A swipe in progress moves the session itself; the page follows its own answers.
    if (document.documentElement.hasAttribute("data-gesture")) return;
    version = body.getAttribute("data-version") || version;
    if (state && String(state.version) !== version && typeof state.url === "string" && state.url.indexOf("/ui/") === 0) {
      window.location.replace(state.url);
    }
  }

  // The live log: Server-Sent Events (each response carries what is new and ends; EventSource
  // reconnects a second later with the last event id). Without EventSource: polling.
  var source = null;
  function listen() {
    var base = "/api/v1/sessions/" + encodeURIComponent(session);
    if (window.EventSource) {
      source = new EventSource(base + "/events/stream?after=" + lastSeq);
      source.addEventListener("event", function (m) { try { var e = JSON.parse(m.data); if (e.seq > lastSeq) addEvent(e); } catch (x) {} });
      source.addEventListener("state", function (m) { try { follow(JSON.parse(m.data)); } catch (x) {} });
      return;
    }
    timer = setInterval(function () {
      fetch(base + "/events?after=" + lastSeq, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (answer) {
          if (!answer || !panel) return;
          (answer.events || []).forEach(addEvent);
          return fetch(base, { credentials: "same-origin" });
        })
        .then(function (r) { return r && r.ok ? r.json() : null; })
        .then(follow)
        .catch(function () {});
    }, 1000);
  }

  function open() {
    if (panel) return;
    frame();
    body.classList.add("dev-open");
    panel = document.createElement("aside");
    panel.className = "dev-panel";
    panel.setAttribute("aria-label", "Developer");
    body.appendChild(panel);
    link.setAttribute("aria-expanded", "true");
    load().then(listen);
  }

  function close() {
    if (!panel) return;
    clearInterval(timer);
    if (source) { source.close(); source = null; }
    panel.remove();
    panel = null;
    body.classList.remove("dev-open");
    link.setAttribute("aria-expanded", "false");
  }

  // Light or dark, chosen in the panel, over the system's (kept for this browser tab).
  function scheme(value) {
    var root = document.documentElement;
    root.classList.remove("scheme-light", "scheme-dark");
    if (value === "light" || value === "dark") root.classList.add("scheme-" + value);
    try { sessionStorage.setItem("segue.scheme", value); } catch (e) {}
  }
  try { scheme(sessionStorage.getItem("segue.scheme") || "system"); } catch (e) {}
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-scheme]");
    if (b) scheme(b.getAttribute("data-scheme"));
  });

  link.setAttribute("role", "button");
  link.setAttribute("aria-expanded", "false");
  link.addEventListener("click", function (e) {
    if (!WIDE.matches) return;  // narrow windows: the developer page
    e.preventDefault();
    if (panel) { close(); remember(false); } else { open(); remember(true); }
  });
  // Open at load when it was open in this tab, or when the URL asks for it (#developer).
  if ((isOpen() || window.location.hash === "#developer") && WIDE.matches) { open(); remember(true); }
  WIDE.addEventListener && WIDE.addEventListener("change", function () { if (!WIDE.matches) close(); else if (isOpen()) open(); });
})();
