/* Accessibility fixes for the theme's and the widget manager's markup (checked by axe-core in
 * tests/browser/test_accessibility.py). Runs on load and again when widget snapshots render. */
(function () {
  "use strict";
  // The few words this script writes, in the page's language (<html lang>: the book's edition).
  var WORDS = {
    en: { sections: "Sections of {name}", chapter: "this chapter", slider: "slider" },
    fr: { sections: "Sections de {name}", chapter: "ce chapitre", slider: "curseur" },
    ru: { sections: "Разделы: {name}", chapter: "эта глава", slider: "ползунок" },
    es: { sections: "Secciones de {name}", chapter: "este capítulo", slider: "control deslizante" }
  };
  var say = WORDS[(document.documentElement.lang || "en").slice(0, 2)] || WORDS.en;
  function fix(root) {
    // Search buttons that show "Search Ctrl+K": let the visible text be the accessible name.
    root.querySelectorAll(".search-button-field[aria-label]").forEach(function (b) {
      b.removeAttribute("aria-label");
    });
    // Colour-mode button: its icons are decorative; the button's label names it.
    root.querySelectorAll(".theme-switch-button i[title]").forEach(function (i) {
      i.removeAttribute("title");
      i.setAttribute("aria-hidden", "true");
    });
    // ... and when Font Awesome turned an icon into an SVG before this ran (a busy machine), the
    // title it moved into the SVG goes too.
    root.querySelectorAll(".theme-switch-button svg title").forEach(function (t) {
      var svg = t.closest("svg");
      t.remove();
      if (svg) { svg.removeAttribute("aria-labelledby"); svg.setAttribute("aria-hidden", "true"); }
    });
    // Sidebar toggles: an icon-only <summary> gets a name from the chapter it opens.
    root.querySelectorAll("summary").forEach(function (s) {
      if (!s.textContent.trim() && !s.getAttribute("aria-label")) {
        var link = s.parentElement && s.parentElement.parentElement &&
          s.parentElement.parentElement.querySelector("a");
        s.setAttribute("aria-label", say.sections.replace("{name}", link ? link.textContent.trim() : say.chapter));
      }
    });
    // Bibliography: entries are doc-biblioentry, which a role=list may not hold; drop the list role.
    root.querySelectorAll('[role="list"].citation-list').forEach(function (l) {
      l.removeAttribute("role");
    });
    // Widget sliders: name the handle after the slider's label.
    root.querySelectorAll(".widget-slider").forEach(function (w) {
      var label = w.querySelector(".widget-label");
      var name = label && label.textContent.trim();
      w.querySelectorAll('[role="slider"]').forEach(function (h) {
        if (!h.getAttribute("aria-label")) { h.setAttribute("aria-label", name || say.slider); }
      });
    });
  }
  function start() {
    fix(document);
    var pending = false;
    new MutationObserver(function () {
      if (pending) { return; }
      pending = true;
      window.requestAnimationFrame(function () { pending = false; fix(document); });
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
