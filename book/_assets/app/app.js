/* The site as an app (issue 48): every page of the built site loads this script (book pages of every
 * edition, play pages, the landing page: book/_ext/comet_app.py inserts it with the page's link to
 * the web app manifest). It
 *   - links the manifest of the page's language (a play page's language comes from its address and
 *     may change: <html lang>, set by lang.js);
 *   - registers the site's service worker (service-worker.js at the site's root, made at build time
 *     by workbox-build), once the page is ready to use: on a first visit its install (which fetches
 *     what it keeps for offline use) never competes with what the page itself is loading;
 *   - when a new build of the site is waiting to take over, shows "A new version is ready —
 *     reload" in the page's language; a click lets it take over and reloads the page, rather than
 *     mixing the pages of one build with the files of another. Nothing else is touched: the
 *     reader's progress, marks and records (local storage, "comet:*") stay as they are.
 * The build writes the words (the catalogs', comet_render/app_words.py) and whether to register
 * (the build setting COMET_SERVICE_WORKER=0 turns it off: then any worker of an earlier build is
 * unregistered).
 */
(function () {
  "use strict";
  var WORDS = /*comet-app-words*/{"en": {"update": "A new version is ready \u2014 reload"}}/*end*/;
  var me = document.currentScript;
  var root = me.getAttribute("data-root") || "";
  var worker = me.getAttribute("data-worker") === "1";

  function lang() {
    var code = (document.documentElement.lang || "en").slice(0, 2);
    return WORDS[code] ? code : "en";
  }

  function syncManifest() {
    var link = document.querySelector("link[rel='manifest']");
    var href = root + "manifest-" + lang() + ".webmanifest";
    if (link && link.getAttribute("href") !== href) { link.setAttribute("href", href); }
  }
  syncManifest();
  new MutationObserver(syncManifest).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });

  var container = navigator.serviceWorker;
  if (!container) { return; }
  if (!worker) {
    container.getRegistrations().then(function (found) {
      found.forEach(function (registration) { registration.unregister(); });
    }, function () {});
    return;
  }

  // The reader's click: the waiting worker is asked to take over, and the page reloads once it has
  // (controllerchange). Chromium lets a worker that skips waiting take over only when the old one has no
  // request in progress, and a page still starting Python keeps it busy: the takeover was seen deferred for
  // minutes (asking again does not help). Leaving the page ends its requests and makes Chromium try again:
  // so the page also reloads after a few seconds, and a page that still comes of the old build (its id kept
  // for the tab, session storage) goes on asking, a few times at most.
  var KEY = "comet-app-update";
  var build = (document.querySelector("meta[name='comet-build']") || {}).content || "";
  var asked = false;
  var tries = 0;
  try {
    var kept = (window.sessionStorage.getItem(KEY) || "").split(" ");
    if (build && kept[0] === build) { asked = true; tries = parseInt(kept[1], 10) || 0; }
    else { window.sessionStorage.removeItem(KEY); }
  } catch (e) { /* storage off */ }
  var notice = null;

  function ask(registration) {
    asked = true;
    if (registration.waiting) { registration.waiting.postMessage({ type: "SKIP_WAITING" }); }
    if (tries >= 3) { return; }
    tries += 1;
    try { window.sessionStorage.setItem(KEY, build + " " + tries); } catch (e) { /* storage off */ }
    // (asked stays set: the navigation lets the new worker take over, and controllerchange then reloads again,
    // since a navigation begun under the old worker is lost when it is stopped)
    setTimeout(function () { if (asked) { location.reload(); } }, 3000);
  }

  function show(registration) {
    if (notice) { return; }
    notice = document.createElement("div");
    notice.className = "comet-app-update";
    notice.setAttribute("role", "status");
    // (at the top: a play page's hand and actions are along the bottom, fixed there on a phone)
    notice.style.cssText = "position:fixed;left:50%;top:0.5rem;transform:translateX(-50%);z-index:10000;" +
      "max-width:calc(100% - 2rem)";
    var button = document.createElement("button");
    button.type = "button";
    button.style.cssText = "font:inherit;font-size:1rem;padding:0.6rem 1.2rem;border:2px solid #fffdf7;" +
      "border-radius:0.5rem;background:#1f3f73;color:#fffdf7;box-shadow:0 2px 8px rgba(0,0,0,0.35);cursor:pointer";
    button.textContent = (WORDS[lang()] || WORDS.en).update;
    button.addEventListener("click", function () {
      button.disabled = true;
      ask(registration);
    });
    notice.appendChild(button);
    document.body.appendChild(notice);
  }

  function watch(registration) {
    if (!registration) { return; }  // (a browser that blocks service workers: the tests' does)
    if (asked) { ask(registration); }  // (a page of the old build after the reader's click: still to finish)
    else if (registration.waiting && container.controller) { show(registration); }
    registration.addEventListener("updatefound", function () {
      var installing = registration.installing;
      if (!installing) { return; }
      installing.addEventListener("statechange", function () {
        if (installing.state === "installed" && container.controller) { show(registration); }
      });
    });
  }

  container.addEventListener("controllerchange", function () {
    if (asked) { asked = false; location.reload(); }
  });

  function register() {
    container.register(root + "service-worker.js", { scope: root || "./" }).then(function (registration) {
      watch(registration);
      // An app left open (installed, a class's tablet) looks for a new build when it is shown again.
      document.addEventListener("visibilitychange", function () {
        if (registration && document.visibilityState === "visible") { registration.update().catch(function () {}); }
      });
    }, function (e) {
      console.warn("comet: the service worker was not registered:", e && e.message || e);
    });
  }

  // On a first visit, registered once the page is ready: a page with live widgets when they are
  // live (or have failed), any other once loaded; at the latest a minute after it loaded. A page
  // the worker already controls looks for a new build at once.
  function whenReady() {
    var html = document.documentElement;
    var live = document.getElementById("comet-live");
    var done = false;
    function go() {
      if (!done) { done = true; register(); }
    }
    if (!live) { go(); return; }
    var seen = new MutationObserver(function () {
      if (html.classList.contains("comet-live-ready") || document.querySelector(".comet-live-failed")) {
        seen.disconnect();
        go();
      }
    });
    seen.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["class"] });
    setTimeout(go, 60000);
  }

  if (container.controller) {
    register();
  } else if (document.readyState === "complete") {
    whenReady();
  } else {
    window.addEventListener("load", whenReady);
  }
})();
