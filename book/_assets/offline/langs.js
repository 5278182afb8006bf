/* The site's one language switch (issue 47; the book's pages, the static play pages, the lessons).
 *
 * The switcher itself is HTML written by Python (widgets.languages.language_menu): a <nav> with one
 * link per language (a.comet-lang-link, hreflang). This script:
 *   - writes the reader's choice, localStorage "comet:lang", whenever a switcher's link is followed;
 *   - on a page that reads its language from the address (a play page: <html data-comet-lang-query>),
 *     a link keeps the address's other settings (lesson and step, variant, seed...) at the click,
 *     and a page opened with no `lang` takes the stored choice (else the browser's language if it is
 *     one of the four, else English) into its address before the page's other scripts read it;
 *   - in the book, a link keeps the place in the page (its #anchor: the editions share their ids);
 *   - marks the stored choice in the switcher (class comet-lang-stored): the book's root does not
 *     redirect by itself;
 *   - keeps the switcher out of the search page's summaries (Sphinx's searchtools quotes the pages'
 *     main text: "EnglishFrançaisРусскийEspañol" before every result otherwise).
 * An explicit choice (the address's `lang`, or an edition's folder) wins over the stored one.
 */
(function () {
  "use strict";
  var KEY = "comet:lang";
  var LANGS = ["en", "fr", "ru", "es"];

  function stored() {
    try {
      var lang = window.localStorage.getItem(KEY);
      return LANGS.indexOf(lang) >= 0 ? lang : null;
    } catch (e) { return null; }
  }
  function remember(lang) {
    try { window.localStorage.setItem(KEY, lang); } catch (e) { /* storage off: the choice lasts the page */ }
  }
  function browserLang() {
    var asked = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < asked.length; i++) {
      var code = String(asked[i] || "").slice(0, 2).toLowerCase();
      if (LANGS.indexOf(code) >= 0) { return code; }
    }
    return "en";
  }
  window.cometLang = { key: KEY, stored: stored, remember: remember };

  // A page that reads its language from the address, opened with none: the reader's choice.
  var root = document.documentElement;
  if (root.hasAttribute("data-comet-lang-query")) {
    var query = new URLSearchParams(location.search);
    if (!query.has("lang")) {
      var want = stored() || browserLang();
      if (want !== "en") {
        query.set("lang", want);
        history.replaceState(history.state, "", location.pathname + "?" + query.toString() + location.hash);
      }
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest ? event.target.closest("a.comet-lang-link") : null;
    if (!link) { return; }
    var lang = link.getAttribute("hreflang");
    if (LANGS.indexOf(lang) < 0) { return; }
    remember(lang);
    if (link.hasAttribute("data-comet-keep-query")) {
      var q = new URLSearchParams(location.search);
      if (lang === "en") { q.delete("lang"); } else { q.set("lang", lang); }
      var search = q.toString();
      link.setAttribute("href", location.pathname.split("/").pop() + (search ? "?" + search : "") + location.hash);
    } else if (location.hash && !link.hash) {
      link.hash = location.hash;
    }
  }, true);

  function mark() {
    var choice = stored();
    document.querySelectorAll("a.comet-lang-link").forEach(function (a) {
      a.classList.toggle("comet-lang-stored", a.getAttribute("hreflang") === choice);
    });
  }
  function quietSearch() {
    /* global Search */
    if (typeof Search === "undefined" || !Search.htmlToText || Search.htmlToText.comet) { return; }
    var original = Search.htmlToText;
    Search.htmlToText = function (html, anchor) {
      return original(String(html).replace(/<nav class="comet-langs-nav[\s\S]*?<\/nav>/g, ""), anchor);
    };
    Search.htmlToText.comet = true;
  }
  function ready() {
    quietSearch();  // (before searchtools' own DOMContentLoaded handler: this script comes first)
    mark();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
  // The play pages draw their switcher with Python, after load: mark it when it comes.
  window.addEventListener("load", function () {
    new MutationObserver(function (changes) {
      for (var i = 0; i < changes.length; i++) {
        if (changes[i].addedNodes.length) { mark(); return; }
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
})();
