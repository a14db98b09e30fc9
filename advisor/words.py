"""Closed sets of words: the base of the enums whose members are the words that JSON, CSV and
the command line write (``str()`` of a member is its word)."""

from __future__ import annotations

from enum import Enum


class Word(str, Enum):
    """An enum of words: a member equals its word and prints as it (``str(Lead.ME) == "me"``).

    >>> from advisor.seats import Lead
    >>> str(Lead.ME), Lead.ME == "me", f"{Lead.THEM}"
    ('me', True, 'them')
    """

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
