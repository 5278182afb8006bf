"""The browser's byte code, compiled without docstrings (issue 48).

Run inside the site's Pyodide by ``compile.mjs`` (before ``stdlib.py``, which uses :func:`pyc` too):
every module the reader's browser imports, the standard library's and the site's, travels as an
"unchecked hash" ``.pyc`` (valid whatever the files' dates) compiled from its source with the
docstrings of the module, its classes and functions left out. Nothing in the browser reads them (no
``help()``, no ``pydoc``; a library that does, as ipywidgets' ``doc_subst``, handles their absence,
as under ``python -OO``), and they are a seventh of the byte code: a seventh less of what a first
visit downloads of it. Unlike ``-OO``, ``assert`` statements stay. Line numbers are the source's
(tracebacks stay right).
"""

from __future__ import annotations

import ast
import importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` with the docstring of the module and of every class and function removed (a body
    that held only its docstring keeps a ``pass``)."""
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def pyc(source: bytes, filename: str) -> bytes:
    """The unchecked-hash ``.pyc`` of ``source`` (shown as ``filename`` in tracebacks), docstrings left out."""
    code = compile(without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
