// Point the vendored @jupyter-widgets/html-manager (offline/html-manager/embed-amd.js) at its
// own folder, so that widget snapshots render with no CDN: its fonts are loaded from there
// (webpack's public path); the widget modules themselves are bundled in embed-amd.js.
// Loaded by myst-nb between require.js and embed-amd.js (see nb_ipywidgets_js in _config.yml).
(function () {
  "use strict";
  var me = document.currentScript;
  var offline = me.src.replace(/[^/]*$/, "");          // .../_static/offline/
  var manager = offline + "html-manager/";
  window.__jupyter_widgets_assets_path__ = manager;
  // embed-amd.js defines its modules by name; each one finds its fonts next to its own
  // `module.uri`, which require.js derives from these paths (nothing is fetched: the
  // modules are already defined). Without this the fonts 404 under the page's folder.
  if (window.requirejs) {
    var ids = ["base", "base7", "controls", "controls7", "html-manager"];
    var paths = {};
    ids.forEach(function (id) { paths["@jupyter-widgets/" + id] = manager + id; });
    paths["@jupyter-widgets/html-manager/dist/libembed-amd"] = manager + "libembed-amd";
    window.requirejs.config({ paths: paths });
  }
  // The widgets typeset their labels with MathJax 2's `MathJax.Hub.Queue`; the book loads
  // MathJax 3, where that throws "Cannot read properties of undefined (reading 'Queue')".
  // Give MathJax 3 a small Hub.Queue that typesets with its own API. MathJax 3 replaces
  // `window.MathJax` when it starts, so install the shim again until widgets render.
  function shimMathJaxHub() {
    var mj = window.MathJax;
    if (!mj || mj.Hub) { return; }
    mj.Hub = {
      Queue: function (command) {
        var element = command && command[2];
        var current = window.MathJax;
        if (!current || typeof current.typesetPromise !== "function") { return; }
        var ready = (current.startup && current.startup.promise) || Promise.resolve();
        ready.then(function () {
          return current.typesetPromise(element ? [element] : undefined);
        }).catch(function (error) { console.warn("MathJax typeset failed", error); });
      }
    };
  }
  shimMathJaxHub();
  document.addEventListener("DOMContentLoaded", shimMathJaxHub);
  window.addEventListener("load", shimMathJaxHub);

  // embed-amd.js falls back to `data-jupyter-widgets-cdn` (a public CDN by default) for any
  // widget module it does not bundle. Point that at a local folder that does not exist, so a
  // missing module shows up as a local 404 instead of a request to a third party.
  me.setAttribute("data-jupyter-widgets-cdn", offline + "no-cdn/");

  // The widgets draw their buttons' icons with the widget manager's own Font Awesome font, as
  // on Voila. The theme's Font Awesome script (deferred, so it reads this first) converts the
  // page's own icons once, but must not watch every change of the page: it then rewrote each
  // widget icon as an SVG while the demos were drawn (about a third of a second of script on a
  // chapter page, before a demo could step).
  window.FontAwesomeConfig = Object.assign({}, window.FontAwesomeConfig, { observeMutations: false });
})();
