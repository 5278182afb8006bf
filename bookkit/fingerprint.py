"""What a claim's test is, as a short hash: its design's words, its deals and seeds, and the code that
reads its verdict (issue 46, item 2).

:func:`bookkit.judging.fingerprint` hashes a design's words, numbers of deals and seeds
(:meth:`bookkit.claim_design.Design.parts`) together with :func:`code_text` of the claim's verdict
functions (:data:`bookkit.judging.VERDICT_CODE`), so that a change to any of them, after results
have been seen, needs a new entry in :mod:`bookkit.history` (``tests/test_history.py``).

The code is read as its tokens without comments, docstrings or layout: re-wrapping a line or
rewording a docstring changes nothing, while a changed threshold, comparison or headline does.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import io
import textwrap
import tokenize
from typing import Any, Callable, Iterable

__all__ = ["code_text", "source_text", "digest"]

_SKIP = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING,
         tokenize.ENDMARKER}
_STRING_STARTS = {getattr(tokenize, name) for name in ("FSTRING_START", "TSTRING_START") if hasattr(tokenize, name)}
_STRING_ENDS = {getattr(tokenize, name) for name in ("FSTRING_END", "TSTRING_END") if hasattr(tokenize, name)}


def _without_docstring(source: str) -> str:
    """``source`` (one function) with its docstring's lines blanked."""
    node = ast.parse(source).body[0]
    body = getattr(node, "body", [])
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        lines = source.splitlines()
        for i in range(body[0].lineno - 1, body[0].end_lineno or body[0].lineno):
            lines[i] = ""
        return "\n".join(lines) + "\n"
    return source


def code_text(function: Callable[..., Any]) -> str:
    """A function's code as its tokens joined by single spaces, without comments, docstring or layout.
    An f-string is kept whole, as written (Python 3.12 and later split it into several tokens)."""
    return source_text(_without_docstring(textwrap.dedent(inspect.getsource(function))))


def source_text(source: str) -> str:
    """Python ``source`` (whole statements, dedented) as its tokens joined by single spaces, without
    comments or layout (:func:`code_text` of a function without its docstring)."""
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(pos: tuple[int, int]) -> int:
        return starts[pos[0] - 1] + pos[1]

    out: list[str] = []
    depth, begin = 0, 0
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in _STRING_STARTS:
            if depth == 0:
                begin = offset(tok.start)
            depth += 1
        elif tok.type in _STRING_ENDS:
            depth -= 1
            if depth == 0:
                out.append(source[begin:offset(tok.end)])
        elif depth == 0 and tok.type not in _SKIP:
            out.append(tok.string)
    return " ".join(out)


def digest(parts: Iterable[str]) -> str:
    """The first 16 hex digits of the SHA-256 of ``parts`` joined by newlines."""
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:16]
