// Loaded blocking in <head>, before anything is drawn. It remembers the window's size in the
// cookie `segue-viewport`, so a new session starts laid out for it (a pad layout on a pad from
// the first page) in browsers that send no client hints. The page is never hidden: a page drawn
// for another size shows until segue.js has reported the real one (headless screenshots and
// first paints show the screen, not a blank page).
(function () {
  "use strict";
  var width = Math.round(window.innerWidth || 0), height = Math.round(window.innerHeight || 0);
  if (!width || !height) return;
  // While the developer panel frames the screen, its trait buttons choose the size.
  try {
    if ((sessionStorage.getItem("segue.devPanel") === "open" || window.location.hash === "#developer") && width >= 1000) return;
  } catch (e) {}
  document.cookie = "segue-viewport=" + width + "x" + height + "; path=/; SameSite=Lax; max-age=31536000";
})();
