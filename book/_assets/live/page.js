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
 * 3. A lesson's instruction takes the focus when it changes after the reader acted (widgets.lesson:
 *    `.comet-lesson-instruction`, `tabindex="-1"`), so that a keyboard or screen-reader user is
 *    taken to the next thing to do; never on the page's first drawing.
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

  var acted = false;
  ["click", "keydown"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      if (event.target && event.target.closest && event.target.closest(".comet-lesson")) { acted = true; }
    }, true);
  });
  var said = "";
  new MutationObserver(function () {
    var say = document.querySelector(".comet-live-view .comet-lesson-instruction, .comet-lesson-instruction");
    if (!say || say.textContent === said) { return; }
    said = say.textContent;
    if (acted && document.activeElement !== say) { say.focus({ preventScroll: true }); }
  }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });

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
