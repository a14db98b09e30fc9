"""Which language to speak: ``--lang``, else ``$ADVISOR_LANG``, else the locale.

Apart from :mod:`advisor.i18n` because a language it does not speak is an error
(:class:`~advisor.errors.LanguageError`), and errors are made of phrases: here both are below.
"""

from __future__ import annotations

from collections.abc import Mapping

from advisor.errors import LanguageError
from advisor.i18n import ENVIRONMENT, LANGUAGES, LOCALE_VARIABLES, Phrase
from advisor.text import cut_short


def choose(option: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: ``option`` (``--lang``), else ``$ADVISOR_LANG``, else the locale
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first one set; Russian when it starts with
    ``ru``), else English. An option or variable naming another language is an error."""
    for given, where in ((option, "--lang"), (environ.get(ENVIRONMENT), ENVIRONMENT)):
        if given:
            code = given.strip().lower()
            if code not in LANGUAGES:
                raise LanguageError(
                    Phrase(
                        "{where} {given!r} is not a language the advisor speaks: en or ru",
                        where=where,
                        given=cut_short(given),
                    )
                )
            return code
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"
