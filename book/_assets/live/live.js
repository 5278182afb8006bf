/* Live widgets on a static page: Python runs in the reader's browser.
 *
 * A page with live cells (book pages: code cells tagged `live`; the play pages) carries
 *   <script type="application/json" id="comet-live">{"cells": [...], "slots": "...", ...}</script>
 * written by book/_ext/comet_live.py. Each slot (the cell's place in the page) first shows the
 * snapshot saved at build time: its controls are disabled with a "loading" note, except a
 * step-through's, which step through the frames saved in the snapshot at once (the book writes a
 * step-through's snapshot into the page as HTML: bookkit/snapshot.py). After the page
 * has painted, live-worker.js loads Python, runs the same cells the build ran and this script
 * draws their widgets with the vendored widget manager (@jupyter-widgets/html-manager), in place
 * of the snapshot. Widget messages cross between the two with postMessage (see
 * widgets/browser.py for the Python side). No game logic here.
 */
(function () {
  "use strict";
  var me = document.currentScript;
  var BASE = me.src.replace(/[^/]*$/, "");
  var config = JSON.parse(document.getElementById("comet-live").textContent);
  var slots = Array.prototype.slice.call(document.querySelectorAll(config.slots));
  // The notes in the reader's language (lang.js, from the catalogs), English where it is absent.
  function say(key, fallback) { return window.cometSay ? window.cometSay(key, fallback) : fallback; }
  var LOADING = say("loading", "Loading the engine: these controls work in a few seconds.");

  // ------------------------------------------------------------ the snapshot, before Python
  var CONTROLS = "button, select, input, textarea, .widget-slider, .widget-dropdown, .widget-checkbox";

  function snapshotOf(slot) {
    return slot.querySelector(".cell_output") || slot;
  }

  function setNote(slot, text, kind) {
    var note = slot.querySelector(".comet-live-note");
    if (!note) {
      note = document.createElement("div");
      note.className = "comet-live-note";
      note.setAttribute("role", "status");
      slot.insertBefore(note, slot.firstChild);
    }
    note.textContent = text;
    note.classList.toggle("comet-live-failed", kind === "failed");
    note.hidden = !text;
    if (kind === "loading" && config.download) {
      // How much of the engine has come (the worker counts what it fetches): a progress bar,
      // announced as such (role progressbar), and its figure in words beside it.
      var bar = document.createElement("progress");
      bar.className = "comet-live-progress";
      bar.max = 100;
      bar.setAttribute("aria-label", say("download", "Engine download"));
      var words = document.createElement("span");
      words.className = "comet-live-progress-text";
      note.appendChild(document.createTextNode(" "));
      note.appendChild(bar);
      note.appendChild(words);
      showProgress(note, progress);
    }
  }

  var progress = 0;

  function showProgress(note, fraction) {
    var bar = note.querySelector(".comet-live-progress");
    var words = note.querySelector(".comet-live-progress-text");
    if (!bar || !words) { return; }
    var percent = Math.min(100, Math.round(fraction * 100));
    bar.value = percent;
    // (A percentage only: config.download counts the files as unpacked, which the host sends
    // compressed, a third of that.)
    bar.setAttribute("aria-valuetext", say("downloaded", "{percent}% downloaded").replace("{percent}", String(percent)));
    words.textContent = " " + percent + "%";
  }

  var workerLoaded = 0;
  var pageLoaded = 0;

  function onProgress() {
    progress = config.download ? (workerLoaded + pageLoaded) / config.download : 0;
    slots.forEach(function (slot) {
      var note = slot.querySelector(".comet-live-note");
      if (note && slot.classList.contains("comet-live-pending")) { showProgress(note, progress); }
    });
  }

  function disableSnapshot(slot) {
    var out = snapshotOf(slot);
    out.querySelectorAll(CONTROLS).forEach(function (el) {
      if (el.closest(".comet-live-view") || el.closest(".comet-step-ctl")) { return; }
      if ("disabled" in el && el.tagName !== "DIV") { el.disabled = true; }
      el.setAttribute("aria-disabled", "true");
      el.classList.add("comet-live-off");
    });
  }

  // Step-throughs step through their saved frames (gzip, base64, JSON [[caption, table], ...]).
  // The book writes a step-through's snapshot as HTML (bookkit/snapshot.py), so this works as
  // soon as the page is shown, before the widget manager.
  var stepState = {};

  function inflate(b64) {
    var bytes = Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }

  function stepParts(root) {
    var parts = {
      frames: root.querySelector(".comet-step-frames script"),
      caption: root.querySelector(".comet-step-caption .widget-html-content"),
      table: root.querySelector(".comet-step-table .widget-html-content"),
      slider: root.querySelector(".comet-step-slider input[type=range]"),
      readout: root.querySelector(".comet-step-slider .widget-readout"),
    };
    var complete = parts.frames && parts.caption && parts.table && parts.slider && parts.readout;
    ["first", "prev", "next", "last"].forEach(function (k) {
      parts[k] = root.querySelector(".comet-step-" + k);
      complete = complete && parts[k];
    });
    return complete ? parts : null;
  }

  function wireSteps(slot, index) {
    var root = snapshotOf(slot).querySelector(".comet-snap .comet-step");
    var parts = root && !root.dataset.cometWired && stepParts(root);
    if (!parts) { return; }
    root.dataset.cometWired = "1";
    // Wired at once; a step asked for before the frames are unpacked is drawn when they are.
    var frames = inflate(parts.frames.textContent.trim());
    var last = parseInt(parts.slider.max, 10);
    var state = stepState[index] = { step: parseInt(parts.slider.value, 10) || 0 };
    function show(step) {
      step = Math.max(0, Math.min(last, step));
      state.step = step;
      parts.first.disabled = parts.prev.disabled = step === 0;
      parts.next.disabled = parts.last.disabled = step === last;
      parts.slider.value = String(step);
      parts.readout.textContent = String(step);
      frames.then(function (saved) {
        if (state.step !== step) { return; }
        parts.caption.innerHTML = saved[step][0];
        parts.table.innerHTML = saved[step][1];
      });
    }
    function on(button, delta) {
      button.addEventListener("click", function () {
        show(delta === "first" ? 0 : delta === "last" ? last : state.step + delta);
      });
    }
    on(parts.first, "first");
    on(parts.prev, -1);
    on(parts.next, 1);
    on(parts.last, "last");
    parts.slider.addEventListener("input", function () { show(parseInt(parts.slider.value, 10)); });
    show(state.step);
    root.classList.add("comet-step-ready");
  }

  function prepare() {
    slots.forEach(function (slot, i) {
      slot.classList.add("comet-live-pending");
      setNote(slot, LOADING, "loading");
      disableSnapshot(slot);
      wireSteps(slot, i);
    });
  }

  // Other widgets' snapshots are drawn by the embed manager after load: disable them as they
  // appear.
  var observer = new MutationObserver(function () {
    slots.forEach(function (slot) {
      if (slot.classList.contains("comet-live-pending")) { disableSnapshot(slot); }
    });
  });

  // ------------------------------------------------------------ Python and the live widgets
  var worker = null;
  var manager = null;
  var onPythonReady = null;
  var onArchivesFetched = function () {};
  var comms = {};
  var pending = {};
  var counter = 0;
  var queue = Promise.resolve();

  function newId() {
    counter += 1;
    return "page-" + counter + "-" + Math.random().toString(36).slice(2, 10);
  }

  function PageComm(id, target) {
    this.comm_id = id;
    this.target_name = target;
    this._onMsg = null;
    this._onClose = null;
    this._inbox = [];
  }
  PageComm.prototype.open = function () { return ""; };
  PageComm.prototype.send = function (data, callbacks, metadata, buffers) {
    var id = newId();
    pending[id] = callbacks;
    toPython({ type: "comm_msg", comm_id: this.comm_id, data: data, msg_id: id }, buffers);
    return id;
  };
  PageComm.prototype.close = function (data, callbacks) {
    var id = newId();
    pending[id] = callbacks;
    toPython({ type: "comm_close", comm_id: this.comm_id, data: data || {}, msg_id: id });
    return id;
  };
  PageComm.prototype.on_msg = function (cb) {
    this._onMsg = cb;
    var inbox = this._inbox;
    this._inbox = [];
    inbox.forEach(cb);
  };
  PageComm.prototype.on_close = function (cb) { this._onClose = cb; };
  PageComm.prototype.deliver = function (msg) {
    if (this._onMsg) { this._onMsg(msg); } else { this._inbox.push(msg); }
  };

  function toPython(message, buffers) {
    message.buffers = (buffers || []).map(function (b) {
      return b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    });
    worker.postMessage(message);
  }

  function jupyterMessage(type, msg, buffers) {
    return {
      header: { msg_id: newId(), msg_type: type },
      parent_header: { msg_id: msg.parent || "" },
      metadata: msg.metadata || {},
      content: { comm_id: msg.comm_id, target_name: msg.target_name, data: msg.data },
      buffers: (buffers || []).map(function (b) { return new DataView(b.buffer, b.byteOffset, b.byteLength); }),
    };
  }

  var views = [];

  function fromPython(msg, buffers) {
    if (msg.type === "comm_open") {
      var comm = comms[msg.comm_id] = new PageComm(msg.comm_id, msg.target_name);
      return manager.handle_comm_open(comm, jupyterMessage("comm_open", msg, buffers));
    }
    if (msg.type === "comm_msg" || msg.type === "comm_close") {
      var target = comms[msg.comm_id];
      if (!target) { return null; }
      var jm = jupyterMessage(msg.type, msg, buffers);
      if (msg.type === "comm_close") {
        delete comms[msg.comm_id];
        if (target._onClose) { target._onClose(jm); }
      } else {
        target.deliver(jm);
      }
      return null;
    }
    if (msg.type === "idle") {
      var callbacks = pending[msg.msg_id];
      delete pending[msg.msg_id];
      if (callbacks && callbacks.iopub && callbacks.iopub.status) {
        callbacks.iopub.status({ header: { msg_type: "status" }, parent_header: { msg_id: msg.msg_id },
          content: { execution_state: "idle" } });
      }
      return null;
    }
    if (msg.type === "store") {
      try { window.localStorage.setItem(msg.key, msg.value); } catch (e) { /* storage off: progress lasts the visit */ }
      return null;
    }
    if (msg.type === "display") {
      views.push(show(msg.cell, msg.model_id));
    }
    return null;
  }

  function show(cell, modelId) {
    var slot = slots[cell];
    if (!slot) { return Promise.resolve(); }
    var out = snapshotOf(slot);
    var holder = document.createElement("div");
    holder.className = "comet-live-view";
    holder.hidden = true;
    out.appendChild(holder);
    return manager.get_model(modelId).then(function (model) {
      return manager.create_view(model);
    }).then(function (view) {
      return manager.display_view(view, holder);
    }).then(function () {
      var restore = stepState[cell];
      if (restore) { worker.postMessage({ type: "restore", cell: cell, state: { step: restore.step } }); }
      // The snapshot goes: scripts that look for a table or a step-through find the live one.
      Array.prototype.slice.call(out.children).forEach(function (child) {
        if (child !== holder && !child.classList.contains("comet-live-note")) { child.remove(); }
      });
      holder.hidden = false;
      slot.classList.remove("comet-live-pending");
      slot.classList.add("comet-live-on");
      setNote(slot, "");
    });
  }

  function fail(text) {
    slots.forEach(function (slot) {
      if (slot.classList.contains("comet-live-on")) { return; }
      setNote(slot, text, "failed");
    });
  }

  // What the widgets keep in the reader's browser (local storage, keys "comet:..."), handed to
  // Python when it starts; Python writes changes back with "store" messages.
  function kept() {
    var out = {};
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (key && key.indexOf("comet:") === 0) { out[key] = window.localStorage.getItem(key); }
      }
    } catch (e) { /* storage off */ }
    return out;
  }

  // The widget manager (require.js, then its bundle): a book page whose snapshots are all written
  // as HTML does not load it itself (book/_ext/comet_live.py), so it is loaded here, in order,
  // while the worker starts Python.
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = function () { reject(new Error("could not load " + src)); };
      document.head.appendChild(script);
    });
  }

  function loadManager() {
    if (window.requirejs) { return Promise.resolve(); }
    return (config.manager || []).reduce(function (done, src) {
      return done.then(function () { return loadScript(src); });
    }, Promise.resolve());
  }

  // The site's Python (the archives), fetched here once the worker has Pyodide's core ("core"),
  // and handed to it: the worker's own thread is busy starting Python meanwhile (live-worker.js).
  function fetchArchive(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) { throw new Error("could not load " + url + " (HTTP " + r.status + ")"); }
      var reader = r.body.getReader();
      var parts = [];
      function next() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { return new Blob(parts).arrayBuffer(); }
          parts.push(chunk.value);
          pageLoaded += chunk.value.byteLength;
          onProgress();
          return next();
        });
      }
      return next();
    });
  }

  function fetchArchives() {
    Promise.all(config.archives.map(function (a) { return fetchArchive(BASE + a.name); })).then(function (buffers) {
      worker.postMessage({ type: "archives", buffers: buffers }, buffers);
      onArchivesFetched();
    }, function (e) {
      worker.postMessage({ type: "archives", error: String(e && e.message || e) });
    });
  }

  function start() {
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      fail(say("no_wasm", "This browser cannot run the engine (it lacks WebAssembly or web workers): the saved picture stays."));
      return;
    }
    worker = new Worker(BASE + "live-worker.js", { type: "module" });
    // A play page (config.early) loads the widget manager while Python starts (once the page has
    // the site's Python, which Python needs first), so that both are ready together; on a book page
    // it is loaded once Python is ready, so that its start (most of a second of the page's own
    // thread) never holds up a reader stepping through a demo meanwhile.
    var pythonReady = new Promise(function (resolve) { onPythonReady = resolve; });
    var archivesFetched = new Promise(function (resolve) { onArchivesFetched = resolve; });
    var managerReady = (window.requirejs ? Promise.resolve() : config.early ? Promise.race([archivesFetched, pythonReady])
      : pythonReady).then(loadManager).then(function () {
      return new Promise(function (resolve, reject) {
        window.require(["@jupyter-widgets/html-manager"], function (hm) {
          manager = new hm.HTMLManager();
          resolve();
        }, reject);
      });
    });
    managerReady.catch(function (e) {
      console.warn("comet live widgets: the widget manager did not load:", e && e.message || e);
      fail(say("no_manager", "The page's scripts could not be loaded: the saved picture stays."));
    });
    worker.onerror = function (e) {
      e.preventDefault();
      fail(say("failed", "The engine could not be loaded in this browser: the saved picture stays."));
    };
    worker.onmessage = function (event) {
      var m = event.data;
      if (m.type === "py") {
        var msg = JSON.parse(m.text);
        // In order: a model's messages wait for its creation.
        queue = queue.then(function () { return managerReady; }).then(function () {
          return fromPython(msg, m.buffers);
        }).catch(function (e) { console.error("comet live widgets:", e); });
      } else if (m.type === "core") {
        fetchArchives();
      } else if (m.type === "progress") {
        workerLoaded = m.loaded;
        onProgress();
      } else if (m.type === "ready") {
        onPythonReady();
        worker.postMessage({ type: "run", cells: config.cells });
      } else if (m.type === "cell" && !m.ok) {
        console.error("comet live widgets: cell " + m.cell + " failed: " + m.error);
        var slot = slots[m.cell];
        if (slot) { setNote(slot, say("cell_failed", "This demo could not start in the browser: the saved picture stays."), "failed"); }
      } else if (m.type === "cells-done") {
        window.cometLiveTimes = m.times;
        queue.then(function () { return Promise.all(views); }).then(function () {
          document.documentElement.classList.add("comet-live-ready");
          // The table is drawn and plays: what may be wanted later comes now (live-worker.js, fetchMore).
          worker.postMessage({ type: "drawn" });
        });
      } else if (m.type === "failed") {
        console.warn("comet live widgets: the engine did not load:", m.error);  // (the details, for developers)
        fail(say("failed", "The engine could not be loaded in this browser: the saved picture stays."));
      } else if (m.type === "stderr") {
        console.error("Python: " + m.line);
      } else if (m.type === "warning") {
        console.warn("comet live widgets: " + m.line);
      } else if (m.type === "error") {
        console.error("comet live widgets: " + m.error);
      }
    };
    // Another tab of this site changed a kept value (a practice page's progress): Python merges it.
    window.addEventListener("storage", function (e) {
      if (e.key && e.key.indexOf("comet:") === 0) {
        worker.postMessage({ type: "storage", key: e.key, value: e.newValue });
      }
    });
    worker.postMessage({
      type: "init",
      indexURL: BASE + (config.pyodide || "pyodide/"),
      more: config.more ? BASE + (config.pyodide || "pyodide/") + config.more : "",
      archives: config.archives.map(function (a) { return { url: BASE + a.name, format: a.format }; }),
      // A play page's settings are its address's; a book page's, its edition's language ("lang=fr").
      query: config.query === true ? location.search.replace(/^\?/, "") : (config.query || ""),
      // A play page (play/*.html) offers rooms: the room server its site names, beside it.
      rooms: config.query === true ? new URL("rooms.json", location.href).href : "",
      storage: JSON.stringify(kept()),
    });
  }

  function begin() {
    prepare();
    observer.observe(document.body, { childList: true, subtree: true });
    // Python is fetched once the page has painted.
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", begin);
  } else {
    begin();
  }
})();
