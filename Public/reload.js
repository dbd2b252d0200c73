// Live reload (segue serve --watch): polls GET /api/v1/flow once a second. After a good edit of
// the flow (a new generation) the page reloads through / (the session's URL on the new flow);
// while the last edit has problems they are shown over the page, as web dev servers do.
(function () {
  "use strict";
  var box = document.querySelector(".flow-problems[data-flow-generation]");
  if (!box || !window.fetch) return;
  var generation = box.getAttribute("data-flow-generation");
  var pre = box.querySelector("pre");
  function check() {
    fetch("/api/v1/flow", { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (flow) {
        if (!flow) return;
        if (String(flow.generation) !== generation) { window.location.replace("/"); return; }
        var problems = flow.problems || [];
        box.hidden = problems.length === 0;
        if (pre) pre.textContent = problems.join("\n");
      })
      .catch(function () {});
  }
  setInterval(check, 1000);
})();
