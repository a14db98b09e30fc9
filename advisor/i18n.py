"""The language people read: English or Russian, chosen once, applied where text is shown.

The library writes every message meant for a person as a :class:`Phrase`: an English template
(the gettext ``msgid``) and the values that fill it. ``str(phrase)`` is always English, so that
JSON, CSV and every other record are the same bytes in every language; the command line shows
:meth:`Phrase.text`, in the language of :func:`speaking`. Text the command line writes itself
goes through :func:`_` and :func:`ngettext`, which translate and fill in one step.

In Russian, numbers are written the Russian way (``1 000``, ``0,85``) and cards with the rank
letters players write (В Д К Т for J Q K A): values marked with :func:`as_cards` are card text.
The Russian catalogue (``advisor/locale/ru/LC_MESSAGES/advisor.mo``) is read only when Russian
is chosen; English needs none.

The catalogue also holds click's own messages ("Usage:", "Missing argument ..."): click asks
the standard :mod:`gettext` functions, so :func:`speaking` points their domain at it.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import os
import string
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

DOMAIN = "advisor"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "ru")
ENVIRONMENT = "ADVISOR_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_RUSSIAN_RANKS = str.maketrans("JQKA", "ВДКТ")
_NO_BREAK_SPACE = "\u00a0"


class CardText(str):
    """Card text in the advisor's own spelling (``♠7 8 J``, ``K♠``, ``"7 8|9 Q"``): shown with
    the rank letters of the language."""


def as_cards(text: object) -> CardText:
    """Mark a card, a hand or a holding as card text: in Russian J Q K A become В Д К Т."""
    return CardText(str(text))


class Language:
    """A language: its translations (loaded on first use), its numbers and its card letters."""

    def __init__(self, code: str) -> None:
        self.code = code
        self._translations: _gettext.NullTranslations | None = None

    @property
    def translations(self) -> _gettext.NullTranslations:
        if self._translations is None:
            self._translations = (
                _gettext.NullTranslations()
                if self.code == "en"
                else _gettext.translation(DOMAIN, LOCALE_DIR, languages=[self.code])
            )
        return self._translations

    def gettext(self, message: str) -> str:
        return message if self.code == "en" else self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations.ngettext(singular, plural, count)

    def card_text(self, text: str) -> str:
        return text if self.code == "en" else text.translate(_RUSSIAN_RANKS)

    def number(self, value: float, spec: str = "") -> str:
        """``value`` formatted by ``spec``, with the language's separators: ``1 000``, ``0,85``;
        a value that rounds to zero has no minus sign (``+0.00``, not ``-0.00``)."""
        text = format(value, spec)
        if text.startswith("-") and _rounds_to_zero(text):
            text = format(abs(value), spec)
        if self.code == "en":
            return text
        return text.replace(",", _NO_BREAK_SPACE).replace(".", ",")

    def fill(self, template: str, values: Mapping[str, Any]) -> str:
        """``template`` with ``values`` put in, numbers and cards written this language's way."""
        return _Formatter(self).vformat(template, (), values) if values else template


def _rounds_to_zero(text: str) -> bool:
    """Whether a formatted number shows zero (digits, all of them 0, before any exponent)."""
    digits = [c for c in text.partition("e")[0] if c.isdigit()]
    return bool(digits) and not any(c != "0" for c in digits)


class _Formatter(string.Formatter):
    def __init__(self, language: Language) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Phrase):
            return format(value.text(self.language), format_spec)
        if isinstance(value, CardText):
            return format(self.language.card_text(value), format_spec)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return self.language.number(value, format_spec)
        return format(value, format_spec)


ENGLISH = Language("en")
_KNOWN = {"en": ENGLISH}
_spoken: Language = ENGLISH


def language() -> Language:
    """The language being spoken (English unless :func:`speaking` chose another)."""
    return _spoken


def use(code: str) -> Language:
    """Speak ``code`` from now on, click's own messages included (they follow gettext's domain
    and ``$LANGUAGE``, both set here)."""
    global _spoken
    _spoken = _KNOWN.setdefault(code, Language(code))
    _gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    _gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = code  # English has no catalogue: click's own English
    return _spoken


@contextlib.contextmanager
def speaking(code: str) -> Iterator[Language]:
    """Speak ``code`` inside the block (:func:`use` may change it there); afterwards, what was
    spoken before, with gettext's domain and ``$LANGUAGE`` as they were."""
    global _spoken
    previous = _spoken, _gettext.textdomain(), os.environ.get("LANGUAGE")
    try:
        yield use(code)
    finally:
        _spoken, domain, variable = previous
        _gettext.textdomain(domain)
        if variable is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = variable


def _(message: str, /, **values: Any) -> str:
    """``message`` in the language spoken, with ``values`` put in."""
    return _spoken.fill(_spoken.gettext(message), values)


def ngettext(singular: str, plural: str, count: int, /, **values: Any) -> str:
    """The form of ``singular``/``plural`` that ``count`` takes in the language spoken (Russian
    has three: 1 дыра, 2 дыры, 5 дыр), with ``count`` and ``values`` put in."""
    return _spoken.fill(_spoken.ngettext(singular, plural, count), {"count": count, **values})


def number(value: float, spec: str = "") -> str:
    """``value`` formatted by ``spec`` the way the language spoken writes numbers."""
    return _spoken.number(value, spec)


def shown_cards(value: object) -> str:
    """A card, hand or holding with the rank letters of the language spoken."""
    return _spoken.card_text(str(value))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue; it is translated later, where it is shown."""
    return message


class Phrase:
    """A message for a person, waiting for its language: an English template and its values.

    ``str()`` gives the English, for records; :meth:`text` the language spoken.
    """

    __slots__ = ("count", "plural", "template", "values")

    def __init__(self, template: str, /, **values: Any) -> None:
        self.template = template
        self.plural: str | None = None
        self.count = 0
        self.values = values

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, /, **values: Any) -> Phrase:
        """A phrase whose words follow ``count`` (put in as ``{count}``)."""
        phrase = cls(singular, count=count, **values)
        phrase.plural, phrase.count = plural, count
        return phrase

    def text(self, speaker: Language | None = None) -> str:
        speaker = speaker or _spoken
        if self.plural is None:
            template = speaker.gettext(self.template)
        else:
            template = speaker.ngettext(self.template, self.plural, self.count)
        return speaker.fill(template, self.values)

    def __str__(self) -> str:
        return self.text(ENGLISH)

    def __repr__(self) -> str:
        return f"Phrase({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Phrase):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __reduce__(self) -> tuple[Any, ...]:  # batch workers send phrases back whole
        return (_rebuild, (self.template, self.plural, self.count, self.values))


def _rebuild(template: str, plural: str | None, count: int, values: dict[str, Any]) -> Phrase:
    phrase = Phrase(template, **values)
    phrase.plural, phrase.count = plural, count
    return phrase


def text(message: object) -> str:
    """What to show of ``message``: a phrase in the language spoken, anything else as it is."""
    return message.text() if isinstance(message, Phrase) else str(message)
