"""What may stay Latin in Russian output, and a finder of the English that should not.

Russian output keeps option names and their values (``--lead me``), file names, TOML keys, JSON
and CSV, the card letters of the other notations, and the command lines of the examples.
Everything else a person reads is Russian: :func:`english_words` lists the Latin words left
over, so that a test can say ``assert not english_words(output)``.
"""

from __future__ import annotations

import re

from advisor.contract import Ten
from advisor.convention import TABLE_KEYS, BothFail, Preset, WhistModel
from advisor.table import CONVENTION

_OPTION = re.compile(r"(?<!\S)--?[A-Za-z][\w-]*(?:[ =]\S+)?")
_COMMAND_LINE = re.compile(r"^\s*(?:\$ )?(?:\w+=\S+\s+)*advisor\b.*$", re.MULTILINE)
_PATH_LIKE = re.compile(r"\S*[/\\.]\S*\.\w+|\S+\.(?:txt|toml|jsonl?|csv|py|md)\b")
_CODE = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|«[^»]*»|\[[^\]]*\]")
_WORD = re.compile(r"(?<![\w-])[A-Za-z][\w]*")

ALWAYS_LATIN = frozenset(
    {
        # the program, its commands and the values of its options
        "advisor",
        "check",
        "declare",
        "bid",
        "discard",
        "batch",
        "solve",
        "table",
        "allpass",
        "lead",
        "whist",
        "show",
        "init",
        "set",
        "unset",
        "diff",
        "compare",
        "calibrate",
        "path",
        "me",
        "them",
        "left",
        "right",
        "first",
        "second",
        "third",
        "suit",
        "hand",
        "dealer",
        "sum",
        "independent",
        "max",
        "exact",
        "founding",
        "solver",
        "jsonl",
        "json",
        "csv",
        "text",
        "en",
        "ru",
        # environment variables, formats and names that are not words of English prose
        "ADVISOR_LANG",
        "ADVISOR_TABLE",
        "NO_COLOR",
        "LC_ALL",
        "LANG",
        "TOML",
        "JSON",
        "CSV",
        "HAND",
        "HANDS",
        "FILE",
        "CARDS",
        "LAYOUT",
        "PATH",
        "KEY",
        "VALUE",
        "TABLE",
        "SIGTERM",
        "SIGHUP",
        "Ctrl",
        "head",
        "gcc",
        "pip",
    }
)


def english_words(output: str, allowed: frozenset[str] | set[str] = frozenset()) -> set[str]:
    """The Latin words of ``output`` that are not options, values, names, code or quotes."""
    text = _COMMAND_LINE.sub(" ", output)
    text = _CODE.sub(" ", text)
    text = _OPTION.sub(" ", text)
    text = _PATH_LIKE.sub(" ", text)
    found = {word for word in _WORD.findall(text) if word.isalpha() and len(word) > 1}
    return {word for word in found if word not in ALWAYS_LATIN and word not in allowed}


def convention_words() -> set[str]:
    """The ``[convention]`` section's words as the table file writes them (``table show``
    keeps them): its name, its keys and their parts, and the words its values take."""
    keys = {CONVENTION, *TABLE_KEYS}
    values = {word.value for kind in (Preset, Ten, BothFail, WhistModel) for word in kind}
    return keys | {part for key in keys for part in key.split("_")} | values
