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
VENDOR_DIR := _vendor
VENDOR_NPM := @jupyter-widgets/html-manager@$(HTML_MANAGER_VERSION) requirejs@$(REQUIREJS_VERSION) mathjax@$(MATHJAX_VERSION) axe-core@$(AXE_CORE_VERSION) pyodide@$(PYODIDE_VERSION)
VENDOR_SPEC := $(VENDOR_NPM) $(LIVE_WHEELS)
VENDOR_STAMP := $(VENDOR_DIR)/.stamp

BUILD_DIR := _build
BOOK_INDEX := $(BUILD_DIR)/html/index.html
BOOK_SOURCES = _config.yml _toc.yml $(shell find book -type f -not -path 'book/play/*' -not -path '*/.ipynb_checkpoints/*' -not -name '*.pyc' 2>/dev/null)

# Run as root (CI, the dev machines) or through sudo otherwise.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# comet, widgets and bookkit are installed into .venv (editable, `make venv`): the book
# build, nbval and Voila's kernels import them from there (no search path is set here).
export PYDEVD_DISABLE_FILE_VALIDATION := 1
export JUPYTER_PLATFORM_DIRS := 1

.PHONY: help venv deps-system vendor book serve test nbval bench clean puzzles

help:
	@echo "make serve        install into .venv, build the book, serve it with the playable pages"
	@echo "make test         install into .venv and run every test"
	@echo "make venv         create .venv from requirements.txt"
	@echo "make deps-system  install Debian's chromium (for the browser tests) if missing"
	@echo "make vendor       fetch the pinned offline JavaScript into $(VENDOR_DIR)/"
	@echo "make book         clean build of the book into $(BUILD_DIR)/html (-W -n)"
	@echo "make bench        run the benchmarks in bench/ (if any)"
	@echo "make puzzles      find and prove the puzzles again (comet_learn/data/puzzles.json; ~20 min of CPU, resumable)"
	@echo "make clean        remove $(BUILD_DIR) and $(VENDOR_DIR) (keeps .venv)"

# --- Python ------------------------------------------------------------------
venv: $(VENV_STAMP)

# The pinned lock first, then the project itself (editable, no dependencies: the lock has them).
$(VENV_STAMP): requirements.txt pyproject.toml
	@if [ ! -x $(VPY) ] || ! $(VPY) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then \
	  rm -rf $(VENV); $(PYTHON) -m venv $(VENV); fi
	$(VPY) -m pip install --disable-pip-version-check --no-input -q -r requirements.txt
	$(VPY) -m pip install --disable-pip-version-check --no-input -q --no-deps -e .
	touch $@

# --- System packages ---------------------------------------------------------
deps-system:
	@if [ -x /usr/bin/chromium ]; then echo "chromium: $$(/usr/bin/chromium --version 2>/dev/null)"; else \
	  echo "Installing Debian's chromium with apt"; \
	  $(SUDO) apt-get update -q; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; fi

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
vendor: venv $(VENDOR_STAMP)

$(VENDOR_STAMP): Makefile requirements.txt
	@if [ -f $@ ] && [ "$$(cat $@)" = "$(VENDOR_SPEC)" ]; then touch $@; exit 0; fi; \
	set -x; \
	rm -rf $(VENDOR_DIR); mkdir -p $(VENDOR_DIR)/tgz $(VENDOR_DIR)/src $(VENDOR_DIR)/book/offline $(VENDOR_DIR)/axe; \
	(cd $(VENDOR_DIR)/tgz && npm pack --silent --no-fund --no-audit $(VENDOR_NPM) >/dev/null); \
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
	rm -rf $(VENDOR_DIR)/src; \
	echo "$(VENDOR_SPEC)" > $@

# --- Book --------------------------------------------------------------------
# Always a clean build: -W only sees warnings of the pages Sphinx re-reads.
book: venv vendor
	rm -rf $(BUILD_DIR)
	$(VENV)/bin/jupyter-book build . -W -n --keep-going

$(BOOK_INDEX): $(BOOK_SOURCES) $(VENV_STAMP) $(VENDOR_STAMP)
	$(MAKE) --no-print-directory book

# The book's play links must point at the Voila that serve starts: $COMET_PLAY_URL if set, else
# port $COMET_PLAY_PORT (default 8866) of 127.0.0.1. The build records its URL (book/_ext/comet_play.py:
# _build/html/.play-url); a book built for another address is rebuilt first.
serve: venv vendor $(BOOK_INDEX)
	@want="$${COMET_PLAY_URL:-http://127.0.0.1:$${COMET_PLAY_PORT:-8866}}"; want="$${want%/}"; \
	have="$$(cat $(BUILD_DIR)/html/.play-url 2>/dev/null || true)"; \
	if [ "$$have" != "$$want" ]; then \
	  echo "make serve: the book links to $${have:-an unknown address}, Voila will be on $$want: rebuilding the book"; \
	  COMET_PLAY_URL="$$want" $(MAKE) --no-print-directory book; fi
	$(VPY) tools/serve.py

# --- Tests -------------------------------------------------------------------
# The layers above the engine use untyped libraries (ipywidgets, traitlets, playwright...):
# strict, except that their imports are Any, a widget may subclass one, and an ignore needed
# for one library only is not an error.
MYPY_UNTYPED = --ignore-missing-imports --allow-subclassing-any --no-warn-unused-ignores
# mypy, the clean book build and pytest all run, so one log shows every failure; the
# target fails if any of them failed. (pytest needs _build/html for the browser tests.)
test: venv deps-system vendor
	@status=0; \
	if [ -f comet/__init__.py ]; then \
	  echo "$(VENV)/bin/mypy --strict comet comet_render comet_learn comet_openspiel bookkit"; $(VENV)/bin/mypy --strict comet comet_render comet_learn comet_openspiel bookkit || status=1; \
	  echo "$(VENV)/bin/mypy --strict $(MYPY_UNTYPED) widgets tools bench"; \
	  $(VENV)/bin/mypy --strict $(MYPY_UNTYPED) widgets tools bench || status=1; \
	else echo "mypy: skipped (no comet/__init__.py yet)"; fi; \
	$(MAKE) --no-print-directory book || status=1; \
	echo "$(VPY) -m pytest -m 'not browser'"; $(VPY) -m pytest -m "not browser" || status=1; \
	echo "$(VPY) -m pytest -m browser  (own process: Playwright's event loop stays out of the widget tests)"; \
	$(VPY) -m pytest -m browser || status=1; \
	$(MAKE) --no-print-directory nbval || status=1; \
	if [ $$status -ne 0 ]; then echo "make test: FAILED (see above: mypy, book build or pytest)"; fi; \
	exit $$status

# nbval over every notebook: the book's MyST notebooks (converted to .ipynb with jupytext
# into _build/nbval, as nbval collects only .ipynb) and the Voila pages in book/play.
nbval: venv
	rm -rf $(BUILD_DIR)/nbval
	$(VPY) tools/to_ipynb.py $(BUILD_DIR)/nbval
	$(VPY) -m pytest -p no:cacheprovider --nbval-lax --nbval-sanitize-with tests/nbval_sanitize.cfg \
	  $(BUILD_DIR)/nbval book/play

# Runs every bench/*.py except helpers named _*.py; the peers benchmark needs the
# optional packages of requirements-extra.txt (RLCard's UNO), installed here on demand.
bench: venv
	$(VPY) -m pip install --disable-pip-version-check --no-input -q -r requirements-extra.txt
	@shopt -s nullglob; files=(); for f in bench/*.py; do case $$(basename $$f) in _*) ;; *) files+=("$$f");; esac; done; \
	if [ $${#files[@]} -eq 0 ]; then echo "bench: no benchmark in bench/"; exit 0; fi; \
	for f in "$${files[@]}"; do m=bench.$$(basename $$f .py); echo "== $(VPY) -m $$m"; $(VPY) -m "$$m"; done

# The puzzles of the puzzle page, proven against the engine: seeded, so the same options give the same file;
# resumable (.cache/puzzles); PUZZLES_ARGS passes options (e.g. --family modern --workers 1).
puzzles: venv
	nice -n 10 $(VPY) tools/make_puzzles.py $(PUZZLES_ARGS)

clean:
	rm -rf $(BUILD_DIR) $(VENDOR_DIR) .pytest_cache .mypy_cache
