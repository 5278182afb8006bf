/* The page in the reader's language (the static play pages and Voila's: the same file).
 *
 * The words are the message catalogs' (comet_render/locale), written into the page at build time
 * as <script type="application/json" id="comet-words"> (book/_ext/comet_play_static.py); the
 * table itself is drawn in the address's language by its Python. This script:
 *   - sets <html lang> from the address's `lang` (en, fr, ru, es), and again when the table's
 *     language changes in its settings (the table's root carries `comet-lang-xx`), keeping `lang`
 *     in the address (history.replaceState) and in the header's links;
 *   - puts the page's header words and the loading notes in that language (window.cometSay, which
 *     live.js asks for its notes);
 *   - names the tab after the page's heading;
 *   - points the link to the book (a[data-comet-book]) at the book's edition in that language
 *     (the site's root for English, fr/, ru/, es/ beside it: the same folder as the play pages').
 * Nothing of the game is here.
 */
(function () {
  "use strict";
  var LANGS = ["en", "fr", "ru", "es"];
  var node = document.getElementById("comet-words");
  var words = {};
  try { words = node ? JSON.parse(node.textContent) : {}; } catch (e) { words = {}; }

  function asked() {
    var lang = new URLSearchParams(location.search).get("lang") || "en";
    return LANGS.indexOf(lang) >= 0 ? lang : "en";
  }
  var lang = asked();

  window.cometSay = function (key, fallback) {
    var table = words[lang] || {};
    return table[key] || (words.en || {})[key] || fallback;
  };

  function withLang(href) {
    try {
      var url = new URL(href, location.href);
      if (url.origin !== location.origin) { return href; }
      if (lang === "en") { url.searchParams.delete("lang"); } else { url.searchParams.set("lang", lang); }
      return url.pathname.split("/").pop() + url.search + url.hash;
    } catch (e) { return href; }
  }

  // Every write only when it changes something: the observer below sees the page's changes.
  function apply() {
    if (document.documentElement.lang !== lang) { document.documentElement.lang = lang; }
    document.querySelectorAll("[data-comet-word]").forEach(function (el) {
      var text = window.cometSay(el.getAttribute("data-comet-word"), el.textContent);
      if (el.textContent !== text) { el.textContent = text; }
    });
    document.querySelectorAll("[data-comet-label]").forEach(function (el) {
      var label = window.cometSay(el.getAttribute("data-comet-label"), el.getAttribute("aria-label"));
      if (el.getAttribute("aria-label") !== label) { el.setAttribute("aria-label", label); }
    });
    document.querySelectorAll("a[data-comet-book]").forEach(function (a) {
      var book = "../" + (lang === "en" ? "" : lang + "/") + "index.html";
      if (a.getAttribute("href") !== book) { a.setAttribute("href", book); }
    });
    document.querySelectorAll("a[data-comet-keep-lang]").forEach(function (a) {
      var href = withLang(a.getAttribute("href"));
      if (a.getAttribute("href") !== href) { a.setAttribute("href", href); }
    });
    var title = document.querySelector(".comet-page-title");
    var name = title && title.textContent ? title.textContent + " \u2014 Comet" : "";
    if (name && document.title !== name) { document.title = name; }
  }

  // The table's language, changed in its settings: follow it (the root's class comet-lang-xx).
  function follow() {
    // The live table only: on the static site, the saved picture (drawn in English at build time)
    // does not count; on Voila the table is live from the start.
    var root = document.querySelector(".comet-live-view [class*='comet-lang-']") ||
      (document.querySelector(".comet-live-slot") ? null :
        document.querySelector(".comet-play[class*='comet-lang-'], .comet-step[class*='comet-lang-']"));
    if (root) {
      var m = /(?:^|\s)comet-lang-([a-z]{2})(?:\s|$)/.exec(root.className);
      if (m && m[1] !== lang && LANGS.indexOf(m[1]) >= 0) {
        lang = m[1];
        var url = new URL(location.href);
        if (lang === "en") { url.searchParams.delete("lang"); } else { url.searchParams.set("lang", lang); }
        history.replaceState(history.state, "", url.href);
      }
    }
    apply();
  }

  function begin() {
    apply();
    new MutationObserver(follow).observe(document.body, { subtree: true, childList: true, attributes: true,
      attributeFilter: ["class"] });
  }
  document.documentElement.lang = lang;
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", begin);
  } else {
    begin();
  }
})();
