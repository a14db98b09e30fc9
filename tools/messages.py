"""The message catalogues: extract, update, compile, check (Babel, a development dependency).

    python tools/messages.py           # after adding or changing a message: update and compile
    python tools/messages.py --check   # exit 1 if a catalogue is stale or a message untranslated

Messages are taken from the advisor's code (``_``, ``N_``, ``ngettext``, ``Phrase``,
``Phrase.counted``), from the built-in table's sources (:mod:`tools.babel_table`) and from
click, whose own messages ("Usage:", "Missing argument ...") the advisor shows too. They go to
``advisor/locale/advisor.pot``; each language's ``.po`` is updated from it (``pybabel
update``) and compiled to the ``.mo`` the package reads (``pybabel compile``).
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys
from collections.abc import Iterator
from pathlib import Path

import click
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "advisor" / "locale"
TEMPLATE = LOCALE / "advisor.pot"
LANGUAGES = ("ru",)
KEYWORDS = {
    "_": None,
    "N_": None,
    "Phrase": None,
    "ngettext": (1, 2),
    "counted": (1, 2),
}
ADVISOR_MAP = [("data/default_table.toml", "babel_table:extract"), ("**.py", "python")]
FIXED_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)  # no churn per run
CLICK_MAP = [("**.py", "python")]
CLICK_RUNTIME = ["required"]  # click translates these but spells them at run time: not extracted


Extracted = tuple[str, int, str | tuple[str, ...], list[str], str | None]
"""A message where it is used: file, line, the message (singular and plural: a tuple),
translators' comments, context; as Babel's ``extract_from_dir`` yields it."""


def _extracted(root: Path, prefix: str, method_map: list[tuple[str, str]]) -> Iterator[Extracted]:
    for name, line, message, comments, context in extract_from_dir(
        str(root), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        yield f"{prefix}/{name}", line, message, comments, context


def template() -> Catalog:
    """Every message of the advisor and of click, where each one is used."""
    tools = str(Path(__file__).resolve().parent)
    if tools not in sys.path:  # babel imports ADVISOR_MAP's babel_table from beside this file,
        sys.path.insert(0, tools)  # even when the script's folder is not on the path
    catalog = Catalog(
        project="misere-advisor", fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE
    )
    sources = [
        *_extracted(ROOT / "advisor", "advisor", ADVISOR_MAP),
        *_extracted(Path(click.__file__).parent, "click", CLICK_MAP),
    ]
    for name, line, message, comments, context in sources:
        catalog.add(message, None, [(name, line)], auto_comments=comments, context=context)
    for message in CLICK_RUNTIME:
        catalog.add(message, None, [("click/core.py", 1)])
    return catalog


def _po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_by_file=True, omit_header=False, ignore_obsolete=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "advisor.po"


def updated(language: str, fresh: Catalog) -> Catalog:
    """The language's catalogue brought up to ``fresh`` (new messages empty, gone ones out)."""
    path = _po_path(language)
    if path.exists():
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
    else:
        catalog = Catalog(
            locale=language,
            project="misere-advisor",
            fuzzy=False,
            creation_date=FIXED_DATE,
            revision_date=FIXED_DATE,
        )
    catalog.update(fresh, no_fuzzy_matching=True)
    return catalog


def problems(language: str, catalog: Catalog) -> list[str]:
    """Messages with no translation, or fuzzy ones."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            where = ", ".join(f"{name}:{line}" for name, line in message.locations)
            found.append(f"{language}: {message.id!r} ({where})")
    return found


def _advisor_messages(catalog: Catalog) -> set[object]:
    """The advisor's own messages of ``catalog`` (click's left out). Where each is used is not
    compared: a line moved by an edit changes no message, so it must not fail the check."""
    return {
        message.id
        for message in catalog
        if message.id and any(name.startswith("advisor/") for name, _ in message.locations)
    }


def check(fresh: Catalog) -> list[str]:
    """What is out of date: a catalogue whose advisor messages are not the code's, or a
    compiled catalogue that is not its source. Click's messages are not compared: they are the
    click version's of whoever last updated, and another version must not fail the check."""
    stale = []
    wanted = _advisor_messages(fresh)
    for language in LANGUAGES:
        path = _po_path(language)
        if not path.exists():
            stale.append(str(path.relative_to(ROOT)))
            continue
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
        if _advisor_messages(catalog) != wanted:
            stale.append(str(path.relative_to(ROOT)))
        compiled = path.with_suffix(".mo")
        if not compiled.exists() or compiled.read_bytes() != _mo_bytes(catalog):
            stale.append(str(compiled.relative_to(ROOT)))
    return stale


def update(fresh: Catalog) -> None:
    """Write the template, bring every language's catalogue up to it and compile them."""
    outputs = {TEMPLATE: _po_text(fresh)}
    for language in LANGUAGES:
        catalog = updated(language, fresh)
        outputs[_po_path(language)] = _po_text(catalog)
        outputs[_po_path(language).with_suffix(".mo")] = _mo_bytes(catalog)
    for path, content in outputs.items():
        if not path.exists() or path.read_bytes() != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)


def untranslated() -> list[str]:
    """Every message of every catalogue that has no translation (or a fuzzy one)."""
    found = []
    for language in LANGUAGES:
        with _po_path(language).open("rb") as file:
            found += problems(language, read_po(file, locale=language))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    fresh = template()
    if parser.parse_args().check:
        stale = check(fresh)
        if stale:
            print(f"stale: {', '.join(stale)} (run python tools/messages.py)", file=sys.stderr)
    else:
        stale = []
        update(fresh)
    missing = untranslated()
    for line in missing:
        print(f"untranslated: {line}", file=sys.stderr)
    return 1 if stale or missing else 0


if __name__ == "__main__":
    sys.exit(main())
