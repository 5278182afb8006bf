"""The interface's message catalogs, with Babel: extract, update, compile, check.

    python tools/catalogs.py extract    # the code's messages -> comet_render/locale/comet.pot, and
                                        # each language's .po updated from it (new messages empty)
    python tools/catalogs.py compile    # every .po -> its .mo (``make catalogs``; the .mo are not committed)
    python tools/catalogs.py check      # exit 1 if a message of the code lacks a translation

Two domains. ``comet`` is the interface: every message must be translated (``check``). ``book`` is what the
book's pages compute (``bookkit``'s words, the sources' ambiguities), in ``<lang>/LC_MESSAGES/book.po``
beside it, for the book's editions (issue 47): a message the interface has is not repeated there;
``tools/editions.py check`` says what is left to translate, with the pages' own catalogs.

The messages are those of ``_()``, ``N_()``, ``ngettext`` and ``pgettext`` in ``comet_render``, ``rooms``,
``widgets`` and ``comet_learn``, plus the games' names (``comet.VARIANTS``), the stops' words
(``comet.events.STOP_WORDS``) and the payments' reasons (``comet.ledger.WHY_WORDS``, ``TERM_WORDS``),
which the engine keeps in English and the pages translate. Babel runs here, at build time; the
browser's Python reads the ``.mo`` files with the standard library's ``gettext`` alone.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "comet_render" / "locale"
POT = LOCALE / "comet.pot"
LANGS = ("fr", "ru", "es")
SOURCES = ("comet_render", "widgets", "website", "comet_learn", "rooms")
PLURALS = {
    "fr": (2, "(n > 1)"),
    "es": (2, "(n != 1)"),
    "ru": (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
}
"""The plural forms of gettext's usual headers (CLDR's newer French and Spanish rules add a form for
millions, which a card table never counts)."""
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def extract_ast(fileobj, keywords, comment_tags, options):  # type: ignore[no-untyped-def]
    """A Babel extraction method for Python that reads the syntax tree, so that calls inside
    f-strings (``f"<b>{_('Dealer')}</b>"``) are found too (Babel's own Python method skips them)."""
    import ast

    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id in ("words", "book_words"):
            name = "_"  # words(lang)("..."), book_words(lang)("...")
        if name not in keywords:
            continue
        args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args)
        if any(a is not None for a in args):
            yield node.lineno, name, args if len(args) > 1 else args[0], []


BOOK_POT = LOCALE / "book.pot"
BOOK_SOURCES = ("bookkit",)


def po_path(lang: str, domain: str = "comet") -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def _extract_from(pot: Catalog, packages: tuple[str, ...]) -> None:
    for package in packages:
        methods: list[Any] = [("**.py", extract_ast)]  # (Babel's types name methods by string only)
        found = extract_from_dir(str(ROOT / package), method_map=methods, keywords=KEYWORDS,
                                 comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            if message in ("", ("", "")):
                continue
            pot.add(message, None, [(f"{package}/{filename}", lineno)], auto_comments=comments, context=context)


CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(?P<code>.*?)^```$", re.MULTILINE | re.DOTALL)


def _extract_cells(pot: Catalog, page: Path) -> None:
    """The messages of a book page's code cells (``book_words(lang)("...")``)."""
    import io

    text = page.read_text(encoding="utf-8")
    for cell in CODE_CELL.finditer(text):
        code = "\n".join(line for line in cell["code"].splitlines() if not line.startswith(":"))
        first = text.count("\n", 0, cell.start()) + 2
        where = page.relative_to(ROOT).as_posix()
        found = extract_ast(io.BytesIO(code.encode("utf-8")), KEYWORDS, (), {})  # type: ignore[no-untyped-call]
        for lineno, name, message, comments in found:
            context = None
            if name == "ngettext":
                message = message[:2]  # the singular and the plural, not the count
            elif name == "pgettext":
                context, message = message[0], message[1]
            if message:
                pot.add(message, None, [(where, first + lineno)], auto_comments=comments, context=context)


def extract_book(interface: Catalog) -> Catalog:
    """The book's computed words (``bookkit``) and the sources' ambiguities, less what ``interface`` has."""
    from comet.ambiguities import AMBIGUITIES
    from comet_learn.glossary import GLOSSARY

    pot = Catalog(project="comet-book", version="1", charset="utf-8")
    _extract_from(pot, BOOK_SOURCES)
    for page in sorted((ROOT / "book").rglob("*.md")):
        _extract_cells(pot, page)
    for a in AMBIGUITIES:
        pot.add(a.question, None, [("comet/ambiguities.py", 0)], auto_comments=[f"{a.id}: the question."])
        pot.add(a.reading, None, [("comet/ambiguities.py", 0)], auto_comments=[f"{a.id}: the reading the engine plays."])
    for term in GLOSSARY:
        if term.note:
            pot.add(term.note, None, [("comet_learn/glossary.py", 0)],
                    auto_comments=[f"The glossary's note on {term.form('en')!r}."])
    for message in list(pot):
        if message.id and interface.get(message.id, context=message.context) is not None:
            pot.delete(message.id, context=message.context)
    return pot


def extract() -> Catalog:
    """Every message of the code (and the games' names), as a template catalog."""
    import comet
    from comet.events import STOP_WORDS
    from comet.ledger import HOLDING, NO_CARDS, TERM_WORDS, WHY_WORDS

    pot = Catalog(project="comet", version="1", charset="utf-8")
    _extract_from(pot, SOURCES)
    for vid, v in comet.VARIANTS.items():
        pot.add(v.name, None, [("comet/variants.py", 0)], auto_comments=[f"The name of the game {vid}."])
    for stop, (label, rule) in STOP_WORDS.items():
        pot.add(label, None, [("comet/events.py", 0)], auto_comments=[f"The {stop} stop in a few words."])
        pot.add(rule, None, [("comet/events.py", 0)], auto_comments=[f"The {stop} stop's rule, with its sources."])
    notes = {"{cards}": "the payment's cards", "{amount}": "an amount with its unit", "{n}": "a count",
             "{refunded}": "another payment's reason"}
    for key, message in [*WHY_WORDS.items(), *TERM_WORDS.items(), ("no cards", NO_CARDS), ("holding", HOLDING)]:
        if re.sub(r"\{\w+\}", "", message if isinstance(message, str) else message[0]).strip():  # ({terms}: nothing to say)
            said = [f"{k}: {v}" for k, v in notes.items() if k in str(message)]
            pot.add(message, None, [("comet/ledger.py", 0)], auto_comments=[f"A payment's reason or part: {key}."] + said)
    return pot


def update() -> None:
    pot = extract()
    _update(pot, POT, "comet")
    _update(extract_book(pot), BOOK_POT, "book")


def _update(pot: Catalog, pot_path: Path, domain: str) -> None:
    LOCALE.mkdir(parents=True, exist_ok=True)
    with pot_path.open("wb") as f:
        write_po(f, pot, width=110, omit_header=False, sort_output=False)
    for lang in LANGS:
        path = po_path(lang, domain)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, project=pot.project, version="1", charset="utf-8")
        catalog._num_plurals, catalog._plural_expr = PLURALS[lang]  # type: ignore[assignment]  # (no public setter)
        catalog.update(pot, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=110, ignore_obsolete=True)


def compile_all() -> None:
    for lang in LANGS:
        for domain in ("comet", "book"):
            if not po_path(lang, domain).is_file():
                continue
            with po_path(lang, domain).open("rb") as f:
                catalog = read_po(f, locale=lang)
            out = po_path(lang, domain).with_suffix(".mo")
            with out.open("wb") as f:
                write_mo(f, catalog, use_fuzzy=False)


def missing() -> dict[str, list[str]]:
    """For each language, the code's messages without a (non-fuzzy) translation in its .po."""
    pot = extract()
    out: dict[str, list[str]] = {}
    for lang in LANGS:
        with po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang)
        lacking = []
        for message in pot:
            if not message.id:
                continue
            found = catalog.get(message.id, context=message.context)
            strings = found.string if found is not None else None
            done = found is not None and not found.fuzzy and (
                all(strings) if isinstance(strings, (tuple, list)) else bool(strings))
            if not done:
                lacking.append(message.id if isinstance(message.id, str) else message.id[0])
        out[lang] = lacking
    return out


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "compile"
    if command == "extract":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        lacking = missing()
        for lang, ids in lacking.items():
            for i in ids:
                print(f"{lang}: no translation of {i!r}")
        return 1 if any(lacking.values()) else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
