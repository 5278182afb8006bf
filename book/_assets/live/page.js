/* What every page with the game's widgets does in the browser, the same on the book's pages, the
 * static play pages and Voila (whose template includes this file):
 *
 * 1. "Copy link to this position / step" (widgets.links): a click copies the link's full address
 *    to the clipboard and says so; where the clipboard cannot be used (a page not served over
 *    https or from localhost), the link opens as any link does.
 * 2. A double click acts once. In a widget that changes its buttons with each move (the tables,
 *    the puzzles and drills: class `comet-once`; not the step-throughs, whose Next may be clicked
 *    quickly on purpose), the second click of a double (or triple) click never reaches the widget. Without this, the second click could land on the
 *    button that the first click's new state drew in the same place, and play it. (The kernel
 *    also ignores a click on a button of an older state, widgets.common.Offers: that covers a
 *    second click sent before the new state arrived; this covers one sent after.) Keyboard
 *    presses (detail 0) and separate single clicks are untouched.
 */
(function () {
  "use strict";
  window.addEventListener("click", function (event) {
    if (event.detail < 2 || !event.target || !event.target.closest) { return; }
    if (event.target.closest(".comet-once button, .comet-once .widget-button")) {
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  }, true);

  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest && event.target.closest("a.comet-copy-link");
    if (!link || !navigator.clipboard || !window.isSecureContext) { return; }
    event.preventDefault();
    var address = new URL(link.getAttribute("href"), window.location.href).href;
    navigator.clipboard.writeText(address).then(function () {
      var label = link.dataset.cometLabel || link.textContent;
      link.dataset.cometLabel = label;
      link.textContent = link.dataset.copied || "Link copied";  // (in the page's language: widgets.links)
      link.setAttribute("data-comet-copied", address);
      setTimeout(function () { link.textContent = label; }, 2000);
    }, function () { window.location.href = address; });
  });
})();
