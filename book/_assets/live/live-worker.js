/* Python for the page, in a Web Worker (so a thinking bot never freezes the page).
 *
 * Loads the Pyodide core that the site serves itself (_static/live/pyodide/, from npm via
 * `make vendor`), unpacks the pure-Python wheels and the site's own Python (comet, widgets and a
 * small IPython stand-in: py-*.zip, made by book/_ext/comet_live.py), then runs the page's widget
 * cells with widgets.browser. Widget messages go to the page with postMessage; the page's answers
 * come back the same way. Nothing here knows the game: all of that is the Python code.
 *
 * A returning reader's Python starts from a memory snapshot. On the first visit, once the
 * interpreter has imported what the pages use (widgets.browser.preload) and before anything of
 * the page reaches Python, the worker takes a snapshot of its memory (Pyodide's
 * makeMemorySnapshot), and after the page's widgets are drawn keeps it, gzipped, in the
 * browser's Cache Storage under a key naming Pyodide's version and the site's archives (a new
 * build of the site gets a new snapshot, the old one is dropped). The next visit restores it
 * (_loadSnapshot) instead of starting Python and importing again; the query string and
 * the random generator's seed are set afresh after either start. Where Cache Storage or
 * (de)compression streams are missing, or a snapshot does not restore, Python starts as on a
 * first visit.
 */
/* A module worker: pyodide.mjs is imported (Pyodide no longer loads in classic workers). */

var py = null;
var ready = null;
var SITE = "/home/pyodide/site";
var times = {};
var start = 0;

function post(message, transfer) {
  self.postMessage(message, transfer || []);
}

function sendToPage(text, buffers) {
  var list = [];
  if (buffers && buffers.length) {
    var js = buffers.toJs();
    for (var i = 0; i < js.length; i++) { list.push(js[i]); }
  }
  if (buffers && buffers.destroy) { buffers.destroy(); }
  post({ type: "py", text: text, buffers: list });
}

/* What has come of the files this worker fetches (Pyodide's core), for the page's progress bar
 * (which adds what the page fetches itself: the site's zip): every fetch is counted as its body
 * arrives, on a copy of the response (r.clone()), so that the response itself goes on to Pyodide
 * untouched (the WebAssembly is compiled as it streams, and its compiled code cached by the
 * browser); the standard library is counted as it is handed on (``relayed``). */
var loaded = 0;
var lastReport = 0;
var realFetch = self.fetch.bind(self);

function report(force) {
  var now = performance.now();
  if (force || now - lastReport > 100) {
    lastReport = now;
    post({ type: "progress", loaded: loaded });
  }
}

/* The Pyodide core's two big files: once they are in, the worker says so ("core") and the page
 * fetches the site's zip (and its widget manager), so that on a slow network they do not share
 * their bandwidth with what Python needs first; Python then starts while the site's zip comes. The
 * page's own thread fetches it, because this one is busy starting Python meanwhile: a response
 * read here would wait for it (and its download with it), as the first visits' waterfalls showed
 * (bench/static.py --network). "core" is said before Pyodide can see the standard library's end
 * (its response is handed on through a stream of our own, closed after), so that the page's fetch
 * never waits for Python's start either. */
var CORE = ["pyodide.asm.wasm", "python_stdlib.zip"];
var coreIn = {};
var onArchives = null;
var archivesFetched = new Promise(function (resolve, reject) {
  onArchives = function (m) { if (m.error) { reject(new Error(m.error)); } else { resolve(m.buffers); } };
});
archivesFetched.catch(function () { /* reported by init, which waits on it */ });

function arrived(name) {
  if (!name || coreIn[name]) { return; }
  coreIn[name] = true;
  if (CORE.every(function (n) { return coreIn[n]; })) { post({ type: "core" }); }
}

async function count(body, core) {
  try {
    var reader = body.getReader();
    for (;;) {
      var chunk = await reader.read();
      if (chunk.done) { break; }
      loaded += chunk.value.byteLength;
      report(false);
    }
    report(true);
  } catch (e) { /* the download failed: Pyodide reports it */ }
  arrived(core);
}

/* A response whose body is read (and counted) here and handed on: it ends for its reader only
 * after ``arrived``. (Not for the WebAssembly: the browser caches its compiled code only for a
 * response of its own.) */
function relayed(r, name) {
  var reader = r.body.getReader();
  var body = new ReadableStream({
    pull: function (controller) {
      return reader.read().then(function (chunk) {
        if (chunk.done) {
          report(true);
          arrived(name);
          controller.close();
          return;
        }
        loaded += chunk.value.byteLength;
        report(false);
        controller.enqueue(chunk.value);
      }, function (e) { arrived(name); controller.error(e); });
    },
  });
  return new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers });
}

/* The Pyodide core's files, asked for as soon as the worker knows their folder (init) rather than
 * when Pyodide's scripts get to them, one after another (pyodide.mjs, then pyodide.asm.mjs, then
 * these): Pyodide's own fetch of one of them is handed the response under way. */
var EARLY = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
var early = {};

function fetchEarly(indexURL) {
  EARLY.forEach(function (name) {
    var url = indexURL + name;
    var response = self.fetch(url, { credentials: "same-origin" });
    // (Handled here too: when Pyodide itself cannot load, it never asks for these, and their
    // failure must not surface as an uncaught rejection; when it asks, it sees the failure.)
    response.catch(function () {});
    early[url] = response;
  });
}

self.fetch = function (input, init) {
  var url = String(input && input.url || input);
  if (early[url]) {
    var response = early[url];
    delete early[url];
    return response;
  }
  var core = CORE.filter(function (name) { return url.split("?")[0].endsWith("/" + name); })[0] || "";
  return realFetch(input, init).then(function (r) {
    if (!(r.ok && r.body && r.status !== 304)) {
      arrived(core);
      return r;
    }
    if (core && core !== CORE[0]) { return relayed(r, core); }
    count(r.clone().body, core);
    return r;
  });
};

var SNAPSHOTS = "comet-python";
/* The Cache Storage that keeps the interpreter's snapshot. */
var pendingSnapshot = null;
var snapshotKey = "";

function canSnapshot() {
  return typeof self.caches === "object" && typeof CompressionStream === "function" &&
    typeof DecompressionStream === "function";
}

async function cachedSnapshot(key) {
  try {
    var hit = await (await caches.open(SNAPSHOTS)).match(key);
    if (!hit) { return null; }
    var stream = hit.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    return null;
  }
}

async function keepSnapshot(key, bytes) {
  try {
    var cache = await caches.open(SNAPSHOTS);
    var old = await cache.keys();
    for (var i = 0; i < old.length; i++) {
      if (old[i].url !== key) { await cache.delete(old[i]); }
    }
    var body = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    await cache.put(key, new Response(await new Response(body).blob()));
  } catch (e) { /* storage full or refused: the next visit starts Python afresh */ }
}

async function forgetSnapshot(key) {
  try { await (await caches.open(SNAPSHOTS)).delete(key); } catch (e) { /* nothing kept */ }
}

/* A play page's play/rooms.json (the room server it offers), asked for as the worker starts: the page's
 * Python reads this copy as its table is drawn (widgets/room_link.py, COMET_ROOMS_JSON) rather than
 * making a request of its own then. "" if it cannot be had (offline, not found); null: not a play page. */
function roomsJson(url) {
  if (!url) { return Promise.resolve(null); }
  return realFetch(url, { credentials: "same-origin" })
    .then(function (r) { return r.ok ? r.text() : ""; })
    .catch(function () { return ""; });
}

async function init(m) {
  var t0 = performance.now();
  fetchEarly(m.indexURL);
  var rooms = roomsJson(m.rooms);
  // (the same module pyodide.mjs imports next: fetched and compiled meanwhile)
  var asm = import(m.indexURL + "pyodide.asm.mjs").catch(function () { /* Pyodide reports it */ });
  var pyodide = await import(m.indexURL + "pyodide.mjs");
  await asm;
  var snapshots = canSnapshot();
  snapshotKey = new URL("python-snapshot/" + pyodide.version + "/" +
    m.archives.map(function (a) { return a.url.split("/").pop(); }).join("+"), m.indexURL).href;
  var options = {
    indexURL: m.indexURL,
    stdout: function () {},
    stderr: function (line) { post({ type: "stderr", line: line }); },
    env: { HOME: "/home/pyodide" },
  };
  var snapshot = snapshots ? await cachedSnapshot(snapshotKey) : null;
  var restored = false;
  if (snapshot) {
    try {
      py = await pyodide.loadPyodide(Object.assign({ _loadSnapshot: snapshot }, options));
      restored = true;
    } catch (e) {
      await forgetSnapshot(snapshotKey);
    }
  }
  if (!restored) {
    py = await pyodide.loadPyodide(Object.assign({ _makeSnapshot: snapshots }, options));
  }
  var t1 = performance.now();
  var buffers = await archivesFetched;
  var t2 = performance.now();
  py.FS.mkdirTree(SITE);
  m.archives.forEach(function (a, i) {
    py.unpackArchive(buffers[i], a.format, { extractDir: SITE });
  });
  var t3 = performance.now();
  // The standard library's second zip (what the pages may import later) is fetched once the page
  // is drawn (fetchMore), or there and then by the finder installed here if a module of it is
  // imported before (tools/pyodide/comet_stdlib_more.py).
  var more = m.more ? "import json, comet_stdlib_more\n" +
    "comet_stdlib_more.install(json.load(open(" + JSON.stringify(SITE + "/comet_stdlib_more.json") + ")), " +
    "comet_stdlib_more.fetch_in_worker(" + JSON.stringify(m.more) + "))\n" : "";
  moreURL = m.more || "";
  if (!restored) {
    py.runPython(
      "import sys\n" +
      "sys.path.insert(0, " + JSON.stringify(SITE) + ")\n" + more +
      "import widgets.browser\n" +
      "widgets.browser.preload()\n"
    );
    times.preloaded = Math.round(performance.now() - t0);
    if (snapshots) { pendingSnapshot = py.makeMemorySnapshot(); }
  } else if (more) {
    py.runPython(more);
  }
  var t4 = performance.now();
  py.registerJsModule("comet_page", { send: sendToPage });
  var roomsText = await rooms;
  py.runPython(
    "import os, random\n" +
    "os.environ['QUERY_STRING'] = " + JSON.stringify(m.query || "") + "\n" +
    (roomsText === null ? "" : "os.environ['COMET_ROOMS_JSON'] = " + JSON.stringify(roomsText) + "\n") +
    "random.seed()\n" +
    "from comet_page import send\n" +
    "import widgets.browser\n" +
    "widgets.browser.install(send)\n"
  );
  py.pyimport("widgets.browser").load_storage(m.storage || "{}");
  times = Object.assign(times, { origin: performance.timeOrigin + t0, snapshot: restored ? "restored" : snapshots ? "made" : "none",
    python: Math.round(t1 - t0), fetched: Math.round(t2 - t0), unpacked: Math.round(t3 - t0),
    imported: Math.round(t4 - t0), ready: Math.round(performance.now() - t0) });
  start = t0;
  post({ type: "ready", times: times });
}

function runCells(cells) {
  var run = py.globals.get("__comet_run__");
  if (!run) {
    py.runPython(
      "def __comet_run__(code, cell):\n" +
      "    import widgets.browser\n" +
      "    widgets.browser.run_cell(code, cell, __comet_ns__)\n" +
      "__comet_ns__ = {'__name__': '__main__'}\n"
    );
    run = py.globals.get("__comet_run__");
  }
  for (var i = 0; i < cells.length; i++) {
    try {
      run(cells[i], i);
      post({ type: "cell", cell: i, ok: true });
    } catch (e) {
      post({ type: "cell", cell: i, ok: false, error: String(e && e.message || e) });
    }
  }
  times.cells = Math.round(performance.now() - start);
  post({ type: "cells-done", times: times });
  if (pendingSnapshot) {  // kept once the page is drawn, off the reader's way
    var bytes = pendingSnapshot;
    pendingSnapshot = null;
    keepSnapshot(snapshotKey, bytes);
  }
  if (moreURL) {
    var first = py.pyimport("comet_stdlib_more").wanted_first();
    if (first) {  // (a module a page imports as it starts belongs in the first zip: tools/pyodide/stdlib.py)
      post({ type: "warning", line: "the standard library's second zip was fetched as the page started, for " + first });
    }
  }
}

var moreURL = "";

function fetchMore() {
  if (!moreURL) { return; }
  var url = moreURL;
  moreURL = "";
  realFetch(url).then(function (r) {
    if (!r.ok) { throw new Error("HTTP " + r.status); }
    return r.arrayBuffer();
  }).then(function (buffer) {
    py.pyimport("comet_stdlib_more").fetched(py.toPy(new Uint8Array(buffer)));
  }).catch(function (e) {  // (a module of it, if wanted, is fetched then)
    post({ type: "stderr", line: "the standard library's second zip did not load: " + String(e && e.message || e) });
  });
}

var receive = null;

self.onmessage = function (event) {
  var m = event.data;
  if (m.type === "archives") {  // (the site's Python, fetched by the page: see CORE)
    onArchives(m);
    return;
  }
  if (m.type === "init") {
    // A failure is reported to the page (which says so in words) and handled here: the promise
    // stays rejected for the messages that wait on it, with a handler, so nothing is uncaught.
    ready = init(m);
    ready.catch(function (e) { post({ type: "failed", error: String(e && e.message || e) }); });
    return;
  }
  ready.then(function () {
    if (m.type === "run") {
      runCells(m.cells);
    } else if (m.type === "comm_msg" || m.type === "comm_close") {
      if (!receive) { receive = py.pyimport("widgets.browser").receive; }
      var buffers = (m.buffers || []).map(function (b) { return new Uint8Array(b.buffer || b); });
      try {
        receive(JSON.stringify({ type: m.type, comm_id: m.comm_id, data: m.data, msg_id: m.msg_id }),
          py.toPy(buffers));
      } catch (e) {
        post({ type: "error", error: String(e && e.message || e) });
      }
    } else if (m.type === "drawn") {  // (the page's widgets are live: the rest no longer competes with them)
      fetchMore();
    } else if (m.type === "restore") {
      py.pyimport("widgets.browser").restore(m.cell, JSON.stringify(m.state));
    } else if (m.type === "storage") {
      py.pyimport("widgets.browser").storage_changed(m.key, m.value === null ? null : String(m.value));
    }
  }, function () { /* reported as "failed" */ });
};
