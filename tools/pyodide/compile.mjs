// Byte-compile the Python the site's pages run, with the Pyodide the site serves (so the .pyc
// match the browser's Python exactly), into one zip: the wheels of ipywidgets and its pure-Python
// dependencies, and the site's own Python. Importing from .pyc is about three times faster than
// compiling the sources in the reader's browser. Run by book/_ext/comet_live.py at every build:
//
//   node tools/pyodide/compile.mjs PYODIDE_DIR OUT.zip (WHEEL.whl | SOURCES.zip)...
//
// The .pyc are "unchecked hash" pycs (valid whatever the files' dates); tests/ folders are left
// out; entries have fixed dates, so the same inputs give the same bytes.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, out, ...inputs] = process.argv.slice(2);
if (!pyodideDir || !out || inputs.length === 0) {
  console.error("usage: node compile.mjs PYODIDE_DIR OUT.zip INPUT...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: () => {}, stderr: () => {} });
for (const file of inputs) {
  const format = file.endsWith(".whl") ? "wheel" : "zip";
  py.unpackArchive(new Uint8Array(fs.readFileSync(file)), format, { extractDir: "/site" });
}
py.runPython(`
import compileall, os, py_compile, shutil, zipfile
for root, dirs, files in os.walk("/site"):
    for d in [d for d in dirs if d in ("tests", "__pycache__")]:
        shutil.rmtree(os.path.join(root, d))
        dirs.remove(d)
assert compileall.compile_dir("/site", quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
names = []
for root, dirs, files in os.walk("/site"):
    dirs.sort()
    names += [os.path.join(root, f) for f in sorted(files)]
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for name in names:
        info = zipfile.ZipInfo(os.path.relpath(name, "/site"), date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(name, "rb") as f:
            z.writestr(info, f.read())
`);
fs.writeFileSync(out, py.FS.readFile("/out.zip"));
