/* Appended to the service worker that workbox-build generates (book/_ext/comet_app_sw.mjs), after
 * `const COMET_BUILD = "<the build's id>";`.
 *
 * - A page asks which build the worker serves (a message {type: "COMET_BUILD"} with a port); the
 *   answer is the id the build wrote into every page (<meta name="comet-build">).
 * - When this worker takes over, the caches of the book's pages and files that other builds kept
 *   (comet-pages-<build>, comet-assets-<build>) are deleted: Workbox's precache drops what this build
 *   no longer lists by itself. Python's memory snapshot (comet-python: live-worker.js) and the
 *   reader's own storage (progress, marks, records: local storage) are not touched.
 */
self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "COMET_BUILD" && event.ports && event.ports[0]) {
    event.ports[0].postMessage(COMET_BUILD);
  }
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return /^comet-(pages|assets)-/.test(name) && name !== "comet-pages-" + COMET_BUILD &&
        name !== "comet-assets-" + COMET_BUILD;
    }).map(function (name) { return caches.delete(name); }));
  }));
});
