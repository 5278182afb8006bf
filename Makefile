# Comet: build, serve and test.  See README.md.
#
#   make serve   # install into .venv, build the book, serve it with the playable pages
#   make test    # install into .venv and run every test
#
# Every target is idempotent: stamp files make a second run quick.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3.11
VENV := .venv
VPY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.requirements.stamp
# Runs a step, timed (wall and CPU), optionally saying every N s that it still runs (tools/stage.py).
STAGE = $(PYTHON) $(CURDIR)/tools/stage.py

# Offline JavaScript for the static book, fetched from npm with `npm pack`.
# Bump a version here and the next `make vendor` re-fetches everything.
HTML_MANAGER_VERSION := 1.0.15
REQUIREJS_VERSION := 2.3.8
MATHJAX_VERSION := 3.2.2
AXE_CORE_VERSION := 4.14.1
# Python in the reader's browser: the Pyodide core, and the pure-Python wheels of ipywidgets at
# the versions requirements.txt pins (the same ipywidgets as the notebooks and Voila).
PYODIDE_VERSION := 314.0.7
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
LIVE_WHEELS := $(foreach p,ipywidgets traitlets comm fsrs typing_extensions,$(shell grep -iE '^$(p)==' requirements.txt | cut -d' ' -f1))
# The site's service worker is generated at build time by Workbox (book/_ext/comet_app.py): its Node
# build tool, installed with its dependencies into _vendor/node (nothing of it reaches the site but
# the worker it writes).
WORKBOX_VERSION := 7.4.1
VENDOR_DIR := _vendor
VENDOR_NPM := @jupyter-widgets/html-manager@$(HTML_MANAGER_VERSION) requirejs@$(REQUIREJS_VERSION) mathjax@$(MATHJAX_VERSION) axe-core@$(AXE_CORE_VERSION) pyodide@$(PYODIDE_VERSION)
VENDOR_NODE := workbox-build@$(WORKBOX_VERSION)
VENDOR_SPEC := $(VENDOR_NPM) $(LIVE_WHEELS) $(VENDOR_NODE)
VENDOR_STAMP := $(VENDOR_DIR)/.stamp

BUILD_DIR := _build
BOOK_INDEX := $(BUILD_DIR)/html/index.html
# What the built site is made from: the book, the play pages, our Sphinx extensions and assets,
# and the Python the pages run (executed at build time, and zipped for the reader's browser).
# (not the compiled catalogs, *.mo: the book build writes the editions' own, book/locales/**/*.mo, from their .po)
BOOK_SOURCES = _config.yml _toc.yml $(shell find book comet comet_render comet_learn widgets website bookkit tools/pyodide -type f \
  -not -path '*/.ipynb_checkpoints/*' -not -path '*/__pycache__/*' -not -name '*.pyc' -not -name '*.mo' 2>/dev/null)

# Run as root (CI, the dev machines) or through sudo otherwise.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# comet, widgets and bookkit are installed into .venv (editable, `make venv`): the book
# build, nbval and Voila's kernels import them from there (no search path is set here).
export PYDEVD_DISABLE_FILE_VALIDATION := 1
export JUPYTER_PLATFORM_DIRS := 1

.PHONY: help venv deps-system vendor catalogs book book-po book-check serve test mypy test-unit test-built test-browser nbval fuzz bench clean puzzles

help:
	@echo "make serve        install into .venv, build the book, serve it with the playable pages"
	@echo "make test         install into .venv and run every test"
	@echo "make venv         create .venv from requirements.txt"
	@echo "make deps-system  install Debian's chromium (for the browser tests) and redis-server (rooms' tests) if missing"
	@echo "make vendor       fetch the pinned offline JavaScript into $(VENDOR_DIR)/"
	@echo "make book         clean build of the book into $(BUILD_DIR)/html (-W -n): English at the root, fr/ ru/ es/ beside it"
	@echo "make book-po      the editions' catalogs (book/locales/<lang>/LC_MESSAGES/<page>.po) made or updated from the English pages"
	@echo "make book-check   the editions' catalogs up to date with the English pages and complete (exit 1 if not)"
	@echo "make catalogs     compile the interface's message catalogs (.po -> .mo, Babel)"
	@echo "make fuzz         every property test with $(FUZZ_SCALE)x make test's examples, a random search (.hypothesis/)"
	@echo "make bench        run the benchmarks in bench/ (if any)"
	@echo "make puzzles      find and prove the puzzles again (comet_learn/data/puzzles.json; ~20 min of CPU, resumable)"
	@echo "make clean        remove $(BUILD_DIR) and $(VENDOR_DIR) (keeps .venv)"

# --- Python ------------------------------------------------------------------
venv: $(VENV_STAMP)

# The pinned lock first, then the project itself (editable, no dependencies: the lock has them).
# The lock is installed by uv (pinned here, itself installed by pip into .venv): it downloads and
# unpacks in parallel and byte-compiles on both cores, 16 s where pip takes 44 s on this machine.
# If uv cannot (no wheel for the platform, a registry it cannot reach), pip installs the same lock.
UV_VERSION := 0.13.9
PIP_Q := --disable-pip-version-check --no-input -q
$(VENV_STAMP): requirements.txt pyproject.toml
	@if [ ! -x $(VPY) ] || ! $(VPY) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then \
	  rm -rf $(VENV); $(PYTHON) -m venv $(VENV); fi
	@if $(VPY) -m pip install $(PIP_Q) uv==$(UV_VERSION) && \
	  $(STAGE) "make venv: uv pip install" --every 10 -- $(VENV)/bin/uv pip install --python $(VPY) -q --compile-bytecode -r requirements.txt; \
	then :; else echo "make venv: uv failed; pip installs the lock instead"; \
	  $(STAGE) "make venv: pip install" --every 10 -- $(VPY) -m pip install $(PIP_Q) -r requirements.txt; fi
	$(VPY) -m pip install --disable-pip-version-check --no-input -q --no-deps -e .
	touch $@

# --- System packages ---------------------------------------------------------
deps-system:
	@if [ -x /usr/bin/chromium ]; then echo "chromium: $$(/usr/bin/chromium --version 2>/dev/null)"; else \
	  echo "Installing Debian's chromium with apt"; \
	  $(SUDO) apt-get update -q; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; fi
	@# redis-server: the tests of two room processes sharing rooms start one on a free loopback port (never as a service)
	@if [ -x /usr/bin/redis-server ]; then echo "redis-server: $$(/usr/bin/redis-server --version 2>/dev/null | cut -d' ' -f3)"; else \
	  echo "Installing Debian's redis-server with apt"; \
	  $(SUDO) apt-get update -q; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends redis-server; fi

# --- Offline JavaScript --------------------------------------------------------
# Layout (all gitignored):
#   _vendor/tgz/                      the npm tarballs
#   _vendor/book/offline/require.js   -> _build/html/_static/offline/ (html_static_path)
#   _vendor/book/offline/html-manager/embed-amd.js + fonts
#   _vendor/book/offline/mathjax/     MathJax's es5 folder
#   _vendor/axe/axe.min.js            for accessibility tests
#   _vendor/book/live/pyodide/        the Pyodide core (-> _static/live/pyodide/)
#   _vendor/wheels/*.whl              ipywidgets, traitlets, comm (pure Python, from PyPI), byte-compiled
#                                     with the site's Python into _static/live/site-*.zip at each build
#   _vendor/node/node_modules/        workbox-build and its dependencies (the build's service worker)
vendor: venv $(VENDOR_STAMP)

$(VENDOR_STAMP): Makefile requirements.txt
	@if [ -f $@ ] && [ "$$(cat $@)" = "$(VENDOR_SPEC)" ]; then touch $@; exit 0; fi; \
	set -x; \
	rm -rf $(VENDOR_DIR); mkdir -p $(VENDOR_DIR)/tgz $(VENDOR_DIR)/src $(VENDOR_DIR)/book/offline $(VENDOR_DIR)/axe; \
	(cd $(VENDOR_DIR)/tgz && $(STAGE) "make vendor: npm pack" --every 10 -- npm pack --silent --no-fund --no-audit $(VENDOR_NPM) >/dev/null); \
	for t in $(VENDOR_DIR)/tgz/*.tgz; do n=$$(basename $$t .tgz); mkdir -p $(VENDOR_DIR)/src/$$n; tar xzf $$t -C $(VENDOR_DIR)/src/$$n; done; \
	hm=$(VENDOR_DIR)/src/jupyter-widgets-html-manager-$(HTML_MANAGER_VERSION)/package/dist; \
	mkdir -p $(VENDOR_DIR)/book/offline/html-manager; \
	cp $$hm/embed-amd.js $(VENDOR_DIR)/book/offline/html-manager/; \
	cp $$hm/*.woff $$hm/*.woff2 $$hm/*.ttf $$hm/*.eot $$hm/*.svg $(VENDOR_DIR)/book/offline/html-manager/; \
	cp $(VENDOR_DIR)/src/requirejs-$(REQUIREJS_VERSION)/package/require.js $(VENDOR_DIR)/book/offline/; \
	cp -r $(VENDOR_DIR)/src/mathjax-$(MATHJAX_VERSION)/package/es5 $(VENDOR_DIR)/book/offline/mathjax; \
	cp $(VENDOR_DIR)/src/axe-core-$(AXE_CORE_VERSION)/package/axe.min.js $(VENDOR_DIR)/axe/; \
	mkdir -p $(VENDOR_DIR)/book/live/pyodide; \
	for f in $(PYODIDE_FILES); do cp $(VENDOR_DIR)/src/pyodide-$(PYODIDE_VERSION)/package/$$f $(VENDOR_DIR)/book/live/pyodide/; done; \
	$(VPY) -m pip download --disable-pip-version-check --no-input -q --no-deps --only-binary=:all: \
	  --python-version 3.14 --platform any --implementation py --abi none -d $(VENDOR_DIR)/wheels $(LIVE_WHEELS); \
	$(STAGE) "make vendor: npm install" --every 10 -- npm install --prefix $(VENDOR_DIR)/node --no-save --no-fund \
	  --no-audit --silent --prefer-offline $(VENDOR_NODE); \
	rm -rf $(VENDOR_DIR)/src; \
	echo "$(VENDOR_SPEC)" > $@

# --- Message catalogs ----------------------------------------------------------
# The interface in four languages: comet_render/locale/<lang>/LC_MESSAGES/comet.po (committed) are
# compiled to .mo (not committed) with Babel; `tools/catalogs.py extract` refreshes the .po from the
# code when its messages change. The browser's Python reads the .mo with the standard gettext.
CATALOGS_PO := $(wildcard comet_render/locale/*/LC_MESSAGES/*.po)
CATALOGS_MO := $(CATALOGS_PO:.po=.mo)
catalogs: $(CATALOGS_MO)

$(CATALOGS_MO) &: $(CATALOGS_PO) tools/catalogs.py $(VENV_STAMP)
	$(VPY) tools/catalogs.py compile

# --- Book --------------------------------------------------------------------
# Always a clean build: -W only sees warnings of the pages Sphinx re-reads. The English edition (the
# source; its notebooks run here, into _build/.jupyter_cache) at the root, then the French, Russian and
# Spanish editions beside it (fr/, ru/, es/: tools/editions.py, side by side, from that cache). Beside the
# English build, the English pages' messages (_build/gettext, no notebook run: for the catalogs' checks).
# The site as an app (manifests, service worker: book/_ext/comet_app.py) is made over the whole site once the
# editions are in place (then the precompressed copies again).
EDITIONS_LOG := $(BUILD_DIR)/gettext.log
book: venv vendor catalogs
	rm -rf $(BUILD_DIR); mkdir -p $(BUILD_DIR)
	@$(VPY) tools/editions.py pot >$(EDITIONS_LOG) 2>&1 & pot=$$!; \
	status=0; $(STAGE) "book: the English edition" -- $(VENV)/bin/jupyter-book build . -W -n --keep-going || status=$$?; \
	if ! wait $$pot; then echo "make book: the English pages' messages (tools/editions.py pot) failed:"; cat $(EDITIONS_LOG); status=1; fi; \
	if [ $$status -ne 0 ]; then exit $$status; fi
	$(STAGE) "book: the fr, ru and es editions" -- $(VPY) tools/editions.py build
	$(STAGE) "book: the site as an app, over every edition" -- $(VPY) book/_ext/comet_app.py $(BUILD_DIR)/html

# The editions' catalogs, one per page and language (book/locales/<lang>/LC_MESSAGES/<page>.po), made or
# updated from the English pages (sphinx-build -b gettext, then sphinx-intl update): new or changed
# English arrives untranslated; translate it, then `make book`.
book-po: venv
	$(VPY) tools/editions.py po

book-check: venv
	$(VPY) tools/editions.py pot && $(VPY) tools/editions.py check

$(BOOK_INDEX): $(BOOK_SOURCES) $(VENV_STAMP) $(VENDOR_STAMP) $(CATALOGS_PO)
	$(MAKE) --no-print-directory book

# One build serves any ports: the book's only link to the Voila server (`{{ play_url }}`) is
# rewritten to the port serve starts it on as the page is served (tools/serve.py); the {play}
# links go to the static play pages. A book older than its sources is rebuilt first.
serve: venv vendor catalogs $(BOOK_INDEX)
	COMET_BOOK_DIR=$(BUILD_DIR)/html $(VPY) tools/serve.py

# --- Tests -------------------------------------------------------------------
# The layers above the engine use untyped libraries (ipywidgets, traitlets, playwright...):
# strict, except that their imports are Any, a widget may subclass one, and an ignore needed
# for one library only is not an error.
MYPY_UNTYPED = --ignore-missing-imports --allow-subclassing-any --no-warn-unused-ignores
# Parallel test processes (pytest-xdist). The browser tests wait on pages, kernels and the bots'
# pauses as much as they compute: three processes keep two cores busy. Tests sharing the Voila
# server run in one process (--dist loadgroup; tests/browser/conftest.py groups them).
UNIT_WORKERS ?= 2
BROWSER_WORKERS ?= 3
# Each stage is timed (wall and CPU, tools/stage.py) into this file; `make test` ends with the table.
STAGES_LOG := bench/results/test-stages.tsv

# Every stage runs, so one log shows every failure; the target fails if any of them failed.
# mypy and the unit tests need no book: they run beside the book build (which keeps about one core
# busy executing notebooks), their output held in $(BESIDE_LOG) and shown once the book is built.
# Then the tests that read the built site (`-m built`), the browser tests, nbval.
BESIDE_LOG := bench/results/beside-book.log
test:
	@mkdir -p $(dir $(STAGES_LOG)); rm -f $(STAGES_LOG); status=0; start=$$(date +%s.%N); \
	$(STAGE) install --log $(STAGES_LOG) -- $(MAKE) --no-print-directory venv deps-system vendor catalogs || exit 1; \
	echo "make test: mypy and the unit tests run beside the book build (their output follows it)"; \
	( s=0; $(STAGE) "mypy (beside book)" --log $(STAGES_LOG) -- $(MAKE) --no-print-directory mypy || s=1; \
	  $(STAGE) "unit (beside book)" --log $(STAGES_LOG) -- $(MAKE) --no-print-directory test-unit || s=1; \
	  exit $$s ) >$(BESIDE_LOG) 2>&1 & beside=$$!; \
	COMET_QUICK_COMPRESSION=1 $(STAGE) book --log $(STAGES_LOG) -- $(MAKE) --no-print-directory book || status=1; \
	wait $$beside || status=1; \
	echo "make test: mypy and the unit tests (run beside the book build):"; cat $(BESIDE_LOG); \
	$(STAGE) built --log $(STAGES_LOG) -- $(MAKE) --no-print-directory test-built || status=1; \
	$(STAGE) browser --log $(STAGES_LOG) -- $(MAKE) --no-print-directory test-browser || status=1; \
	$(STAGE) nbval --log $(STAGES_LOG) -- $(MAKE) --no-print-directory nbval || status=1; \
	echo "make test: the time of each stage (load average $$(cut -d' ' -f1-3 /proc/loadavg), $$(nproc) cores)"; \
	$(STAGE) --summary $(STAGES_LOG) --since $$start; \
	if [ $$status -ne 0 ]; then echo "make test: FAILED (see above: mypy, book build, pytest or nbval)"; fi; \
	exit $$status

mypy: venv
	@if [ -f comet/__init__.py ]; then \
	  echo "$(VENV)/bin/mypy --strict comet comet_render comet_learn comet_openspiel bookkit"; $(VENV)/bin/mypy --strict comet comet_render comet_learn comet_openspiel bookkit; \
	  echo "$(VENV)/bin/mypy --strict $(MYPY_UNTYPED) widgets website rooms tools bench"; \
	  $(VENV)/bin/mypy --strict $(MYPY_UNTYPED) widgets website rooms tools bench; \
	else echo "mypy: skipped (no comet/__init__.py yet)"; fi

# The tests that need no browser and no built book; the tests that read the built site
# (`-m built`: _build/html, _build/jupyter_execute); then the browser tests in processes of their
# own (Playwright's event loop stays out of the widget tests).
test-unit: venv catalogs
	$(VPY) -m pytest -m "not browser and not built" -n $(UNIT_WORKERS)

test-built: venv catalogs
	$(VPY) -m pytest -m "built and not browser"

test-browser: venv deps-system vendor catalogs
	$(VPY) -m pytest -m "browser and not load" -n $(BROWSER_WORKERS) --dist loadgroup

# The notebooks. The book's MyST pages are executed once, by the book build (-W: a cell that
# fails stops it); tests/test_executed_notebooks.py checks what that run left in
# _build/jupyter_execute (every code cell of every page ran, no error; `make test-built`). nbval runs the Voila
# pages of book/play (real .ipynb run in a kernel), and any MyST page that asks nbval to compare
# an output (`# NBVAL_CHECK_OUTPUT`), converted to .ipynb by tools/to_ipynb.py.
nbval: venv catalogs
	rm -rf $(BUILD_DIR)/nbval
	$(VPY) tools/to_ipynb.py --only-nbval-checked $(BUILD_DIR)/nbval
	$(VPY) -m pytest -p no:cacheprovider --nbval-lax --nbval-sanitize-with tests/nbval_sanitize.cfg \
	  $(BUILD_DIR)/nbval book/play

# Exploration, apart from `make test` (whose property tests are derandomized: the same examples on
# every machine). Every Hypothesis test (`-m property`, marked by tests/conftest.py) with FUZZ_SCALE
# times its budget, a random search whose example database stays in .hypothesis/ (what it finds is
# tried first next time); each test may run an hour; a line at least every 10 s. An example it finds
# failing goes into the test as an explicit @example.
FUZZ_SCALE ?= 25
fuzz: venv catalogs
	HYPOTHESIS_PROFILE=fuzz COMET_FUZZ_SCALE=$(FUZZ_SCALE) $(STAGE) "make fuzz" --every 10 -- \
	  $(VPY) -m pytest -m property -n $(UNIT_WORKERS) -v -o timeout=3600 -p no:cacheprovider

# Runs every bench/*.py except helpers named _*.py; the peers benchmark needs the
# optional packages of requirements-extra.txt (RLCard's UNO), installed here on demand.
bench: venv
	$(VPY) -m pip install --disable-pip-version-check --no-input -q -r requirements-extra.txt
	@shopt -s nullglob; files=(); for f in bench/*.py; do case $$(basename $$f) in _*) ;; *) files+=("$$f");; esac; done; \
	if [ $${#files[@]} -eq 0 ]; then echo "bench: no benchmark in bench/"; exit 0; fi; \
	for f in "$${files[@]}"; do m=bench.$$(basename $$f .py); echo "== $(VPY) -m $$m"; $(VPY) -m "$$m"; done
	$(VPY) -m pytest -m load -p no:cacheprovider tests/browser

# The puzzles of the puzzle page, proven against the engine: seeded, so the same options give the same file;
# resumable (.cache/puzzles); PUZZLES_ARGS passes options (e.g. --family modern --workers 1).
puzzles: venv
	nice -n 10 $(VPY) tools/make_puzzles.py $(PUZZLES_ARGS)

clean:
	rm -rf $(BUILD_DIR) $(VENDOR_DIR) .pytest_cache .mypy_cache
