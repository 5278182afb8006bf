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
 * 3. A lesson's instruction takes the focus when it changes after the reader acted (widgets.lessons.table:
 *    `.comet-lesson-instruction`, `tabindex="-1"`), so that a keyboard or screen-reader user is
 *    taken to the next thing to do; never on the page's first drawing.
 * 4. What a screen reader says: a card of the hand is named by its letters and its tooltip
 *    ("5, Five of hearts", in the page's language: comet_render.card_names), not by its letters and
 *    suits alone; a toggle that opens a panel (`comet-panel-toggle`) says whether it is open (aria-expanded,
 *    from the widget's `mod-active`); "Skip to your hand" (`a.comet-skip-hand`) moves the focus to
 *    the hand's first card.
 * 5. The address follows the lesson shown (`.comet-address[data-query]`: its lesson and step), so
 *    that a reload, a shared link or another language opens the same step.
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

  // On a phone the hand is docked at the bottom of the screen: the felt is scrolled clear of it.
  function fit(say) {
    var table = say.closest(".comet-playtable");
    var felt = table && table.querySelector(".comet-felt");
    var dock = table && table.querySelector(".comet-dock");
    if (!felt || !dock || window.getComputedStyle(dock).position !== "fixed") { return; }
    var f = felt.getBoundingClientRect(), d = dock.getBoundingClientRect();
    var move = f.height <= d.top ? f.bottom - d.top + 4 : f.top;
    if (move > 0 || f.top < 0) { window.scrollBy(0, f.top < 0 ? f.top : move); }
  }

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
    if (acted) { window.requestAnimationFrame(function () { fit(say); }); }
  }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });

  function live(selector) {
    // On the static site only the live table counts (not the picture saved at build time).
    var scope = document.querySelector(".comet-live-slot") ? ".comet-live-view " : "";
    return document.querySelectorAll(scope + selector);
  }
  // On a phone the docked hand covers the bottom of the screen: the page ends with as much room as the dock
  // takes, so that the felt can always be scrolled clear of it (a long instruction, a reading's note opened).
  var sized = typeof WeakSet === "function" ? new WeakSet() : null;
  var resize = typeof ResizeObserver === "function" ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { room(entry.target); });
  }) : null;
  function room(dock) {
    var table = dock.closest(".comet-playtable");
    var spacer = table && table.querySelector(".comet-dock-spacer");
    if (!spacer) { return; }
    var fixed = window.getComputedStyle(dock).position === "fixed";
    var want = fixed ? Math.ceil(dock.getBoundingClientRect().height) + "px" : "";
    if (spacer.style.minHeight !== want) { spacer.style.minHeight = want; }
  }
  var query = "";
  function tidy() {
    live(".comet-dock").forEach(function (dock) {
      if (resize && sized && !sized.has(dock)) { sized.add(dock); resize.observe(dock); }
      room(dock);
    });
    live(".comet-card-slot .widget-button[title]").forEach(function (b) {
      // Its letters first ("2, Two of hearts"), so that the name holds what the eye reads (WCAG 2.5.3).
      var title = b.getAttribute("title"), seen = (b.textContent || "").split("\n")[0].trim();
      var name = title && seen ? seen + ", " + title : title;
      if (name && b.getAttribute("aria-label") !== name) { b.setAttribute("aria-label", name); }
    });
    live(".comet-panel-toggle").forEach(function (t) {
      var open = t.classList.contains("mod-active") ? "true" : "false";
      if (t.getAttribute("aria-expanded") !== open) { t.setAttribute("aria-expanded", open); }
    });
    var address = live(".comet-address[data-query]")[0];
    var wanted = address ? address.getAttribute("data-query") : "";
    if (wanted && wanted !== query) {
      query = wanted;
      var url = new URL(location.href), given = new URLSearchParams(wanted);
      ["lesson", "step"].forEach(function (key) {
        if (given.has(key)) { url.searchParams.set(key, given.get(key)); } else { url.searchParams.delete(key); }
      });
      if (url.href !== location.href) { history.replaceState(history.state, "", url.href); }
    }
  }
  var pending = false;
  new MutationObserver(function () {
    if (pending) { return; }
    pending = true;
    window.requestAnimationFrame(function () { pending = false; tidy(); });
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true,
    attributeFilter: ["class", "title", "data-query"] });

  document.addEventListener("click", function (event) {
    var skip = event.target && event.target.closest && event.target.closest("a.comet-skip-hand");
    if (!skip) { return; }
    event.preventDefault();
    var table = skip.closest(".comet-playtable") || document;
    var card = table.querySelector(".comet-card-legal .widget-button") ||
      table.querySelector(".comet-hand-row .widget-button, .comet-dock .widget-button");
    if (card) { card.focus(); }
  });

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
