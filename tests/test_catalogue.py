"""The message catalogues: current with the code, complete, and faithful to each template."""

from __future__ import annotations

import importlib.util
import string
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "advisor" / "locale" / "ru" / "LC_MESSAGES" / "advisor.po"


def _tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "tools"))  # where it finds its table extractor
    spec = importlib.util.spec_from_file_location("messages", ROOT / "tools" / "messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _russian() -> list[Message]:
    with PO.open("rb") as file:
        return [message for message in read_po(file, locale="ru") if message.id]


def _forms(message: Message) -> Sequence[str]:
    """A plural message's translated forms (babel types ``string`` as any of its shapes)."""
    assert isinstance(message.string, (tuple, list))
    return message.string


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_catalogues_are_current_and_complete() -> None:
    """The check a contributor runs: no message of the code missing from the catalogue, none
    left untranslated, and the compiled catalogue is its source's."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "messages.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_the_check_notices_a_message_the_catalogue_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool(monkeypatch)
    fresh = tool.template()
    assert tool.check(fresh) == []
    fresh.add("a message nobody translated", locations=[("advisor/new.py", 1)])
    assert tool.check(fresh) == ["advisor/locale/ru/LC_MESSAGES/advisor.po"]


def test_every_translation_keeps_the_fields_of_its_template() -> None:
    """A field lost or misspelt in a translation would show English or raise when shown. A
    plural form has no field the English lacks (click's alternate between a singular and a
    plural field, both filled); the advisor's own plurals have all the fields in every form
    (Russian says "21 дыра" with the form of 1, so no form may write the number out)."""
    wrong: list[tuple[object, str]] = []
    for message in _russian():
        ours = any(name.startswith("advisor/") for name, _ in message.locations)
        if isinstance(message.id, tuple):
            every = _fields(message.id[0] + message.id[1])
            for form in _forms(message):
                fields = _fields(form)
                if fields - every or (ours and fields != every):
                    wrong.append((message.id, form))
        else:
            assert isinstance(message.id, str) and isinstance(message.string, str)
            if _fields(message.string) != _fields(message.id):
                wrong.append((message.id, message.string))
    assert wrong == []


@pytest.mark.parametrize(
    "english", ["Usage:", "Options", "Show this message and exit.", "Commands", "Error: {message}"]
)
def test_clicks_own_words_are_translated(english: str) -> None:
    translated = {message.id: message.string for message in _russian()}
    assert translated[english] and translated[english] != english


def test_russian_plurals_have_three_forms() -> None:
    plurals = [message for message in _russian() if isinstance(message.id, tuple)]
    assert plurals
    assert all(len(_forms(message)) == 3 and all(_forms(message)) for message in plurals)
