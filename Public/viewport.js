// Loaded blocking in <head>, before anything is drawn. It remembers the window's size in the
// cookie `segue-viewport`, so a new session starts laid out for it (a pad layout on a pad from
// the first page), and it keeps a page drawn for another size hidden until segue.js has
// reported the real one: a person sees one layout, not a phone page then a pad page.
(function () {
  "use strict";
  var html = document.documentElement;
  var width = Math.round(window.innerWidth || 0), height = Math.round(window.innerHeight || 0);
  if (!width || !height) return;
  // While the developer panel frames the screen, its trait buttons choose the size.
  try {
    if ((sessionStorage.getItem("segue.devPanel") === "open" || window.location.hash === "#developer") && width >= 1000) return;
  } catch (e) {}
  document.cookie = "segue-viewport=" + width + "x" + height + "; path=/; SameSite=Lax; max-age=31536000";
  var rendered = html.getAttribute("data-viewport");
  if (rendered && rendered !== width + "x" + height) html.classList.add("is-settling");
})();
