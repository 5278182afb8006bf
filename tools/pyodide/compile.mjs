// Byte-compile the Python the site's pages run, with the Pyodide the site serves (so the .pyc
// match the browser's Python exactly), into one zip: the wheels of ipywidgets and its pure-Python
// dependencies, and the site's own Python. Importing from .pyc is about three times faster than
// compiling the sources in the reader's browser. Run by book/_ext/comet_live.py at every build:
//
//   node tools/pyodide/compile.mjs PYODIDE_DIR OUT.zip [--stdlib STDLIB_OUT.zip STDLIB_MORE.zip] (WHEEL.whl | SOURCES.zip)...
//
// The .pyc are "unchecked hash" pycs (valid whatever the files' dates), compiled without docstrings
// (tools/pyodide/pyc.py), written where the sources were (X.py -> X.pyc, no __pycache__): the sources a .pyc replaces are left out, so the reader
// does not download them too. tests/ folders are left out; entries are stored (the host sends the
// zip compressed: its brotli copy) and have fixed dates, so the same inputs give the same bytes.
//
// With --stdlib, Pyodide's standard library is repacked too (tools/pyodide/stdlib.py): what the
// site's Python imports byte-compiled, what it may import later in a second zip (fetched once a
// page is drawn), what nothing can import left out. What is imported is
// found by importing the site's Python here first, as the reader's browser does
// (widgets.browser.preload()).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
let stdlibOut = null;
let stdlibMore = null;
const at = args.indexOf("--stdlib");
if (at >= 0) { [stdlibOut, stdlibMore] = args.slice(at + 1, at + 3); args.splice(at, 3); }
const [pyodideDir, out, ...inputs] = args;
if (!pyodideDir || !out || inputs.length === 0) {
  console.error("usage: node compile.mjs PYODIDE_DIR OUT.zip [--stdlib STDLIB_OUT.zip STDLIB_MORE.zip] INPUT...");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: () => {}, stderr: () => {} });
py.runPython(fs.readFileSync(path.join(here, "pyc.py"), "utf8"));  // pyc(): docstrings left out (issue 48)
for (const file of inputs) {
  const format = file.endsWith(".whl") ? "wheel" : "zip";
  py.unpackArchive(new Uint8Array(fs.readFileSync(file)), format, { extractDir: "/site" });
}
if (stdlibOut) {
  // What a reader's Python imports before a table is drawn (the worker's start, then preload()).
  py.runPython(`
import sys
sys.path.insert(0, "/site")
sys.dont_write_bytecode = True
import widgets.browser
widgets.browser.preload()
TRACED = sorted(sys.modules)
sys.path.remove("/site")
`);
  py.FS.writeFile("/stdlib-in.zip", new Uint8Array(fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip"))));
  py.globals.set("STDLIB_IN", "/stdlib-in.zip");
  py.globals.set("STDLIB_OUT", "/stdlib-out.zip");
  py.globals.set("STDLIB_MORE", "/stdlib-more.zip");
  py.globals.set("SITE", "/site");
  py.runPython(fs.readFileSync(path.join(here, "stdlib.py"), "utf8"));
  fs.writeFileSync(stdlibOut, py.FS.readFile("/stdlib-out.zip"));
  fs.writeFileSync(stdlibMore, py.FS.readFile("/stdlib-more.zip"));
  console.log(py.globals.get("STDLIB_REPORT"));
}
py.runPython(`
import os, shutil, zipfile
for root, dirs, files in os.walk("/site"):
    for d in [d for d in dirs if d in ("tests", "__pycache__")]:
        shutil.rmtree(os.path.join(root, d))
        dirs.remove(d)
    for f in files:
        if f.endswith(".py"):
            source = os.path.join(root, f)
            with open(source, "rb") as src, open(source + "c", "wb") as out:
                out.write(pyc(src.read(), source))
names = []
for root, dirs, files in os.walk("/site"):
    dirs.sort()
    names += [os.path.join(root, f) for f in sorted(files)
              if not (f.endswith(".py") and f + "c" in files)]
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_STORED) as z:
    for name in names:
        info = zipfile.ZipInfo(os.path.relpath(name, "/site"), date_time=(2020, 1, 1, 0, 0, 0))
        with open(name, "rb") as f:
            z.writestr(info, f.read())
`);
fs.writeFileSync(out, py.FS.readFile("/out.zip"));
