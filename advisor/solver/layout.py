"""The layout notation: ``"M: <10 cards> L: <10 cards> R: <10 cards>"``.

Each hand is in any notation :func:`advisor.cards.parse_cards` reads; the three labels may come
in any order (``m:`` works too). The Russian output's labels ``М: Л: П:`` are read as well,
when the layout starts with one of them: the first label sets the alphabet of all three, since
``п:`` opens spades in a Russian hand (and in a layout with Latin labels, ``П:`` stays spades).
``format_layout`` writes it back, and the two round-trip.
"""

from __future__ import annotations

import itertools
import re

from advisor.cards import HAND_SIZE, CardSet, character, is_suit_letter, parse_cards
from advisor.errors import AdvisorError, LayoutError
from advisor.i18n import N_, Phrase, as_cards
from advisor.text import cut_short

Layout = tuple[CardSet, CardSet, CardSet]
"""M's, L's and R's hands."""

_LABEL = re.compile(r"(?:^|(?<=\s))([MLRmlr])\s*:")
_RUSSIAN_LABEL = re.compile(r"(?:^|(?<=\s))([МЛП])\s*:")
_RUSSIAN_SEATS = {"М": "M", "Л": "L", "П": "R"}
"""The Russian output's labels: М (the player), Л (left), П (right)."""
_LOOKS_LIKE_A_LABEL = re.compile(r"(?:^|(?<=\s))([^\W\d_])\s*:")
"""One letter and a colon: a label, or a suit letter opening its ranks (``S:``, ``п:``)."""
_SEATS = "MLR"
_MISSING = (
    N_("the layout has no {first} hand"),
    N_("the layout has no {first} and no {second} hand"),
    N_("the layout has no {first} and no {second} and no {third} hand"),
)


def parse_layout(text: str) -> Layout:
    """Read ``"M: ... L: ... R: ..."``: three hands of 10 cards that do not overlap.

    Raises :class:`LayoutError` for a missing or repeated label, overlapping hands, and any
    notation error of a hand with the hand's label in front of its message.
    """
    text = text.strip()
    russian = _RUSSIAN_LABEL.match(text) is not None
    pieces = (_RUSSIAN_LABEL if russian else _LABEL).split(text)
    foreign = _LOOKS_LIKE_A_LABEL.search(pieces[0])
    if foreign and not foreign.group(1).isascii():  # a Cyrillic М: looks like the label M:
        raise LayoutError(
            Phrase(
                "{char} is not a label: write M:, L: and R: in Latin letters (or М:, Л: and "
                "П: from the start)",
                char=character(foreign.group(1)),
            )
        )
    if pieces[0].strip():
        raise LayoutError(
            Phrase(
                "'{text}' comes before a label: write M: ... L: ... R: ...",
                text=cut_short(pieces[0].strip()),
            )
        )
    hands: dict[str, CardSet] = {}
    given = pieces[1::2]
    for k, label in enumerate(given):
        if label.upper() in (other.upper() for other in given[:k]):
            raise LayoutError(Phrase("the layout gives {seat}: twice", seat=label.upper()))
    for label, cards in zip(given, pieces[2::2], strict=True):
        seat = _RUSSIAN_SEATS[label] if russian else label.upper()
        _check_labels(cards, label)
        try:
            hands[seat] = parse_cards(cards, count=HAND_SIZE)
        except AdvisorError as error:
            raise type(error)(Phrase("{seat}: {error}", seat=label, error=error.phrase)) from None
    written = {seat: label for label, seat in _RUSSIAN_SEATS.items()} if russian else {}
    missing = [written.get(seat, seat) + ":" for seat in _SEATS if seat not in hands]
    if missing:
        labels = dict(zip(("first", "second", "third"), missing, strict=False))
        raise LayoutError(Phrase(_MISSING[len(missing) - 1], **labels))
    layout = (hands["M"], hands["L"], hands["R"])
    check_layout(*layout)
    return layout


def _check_labels(cards: str, label: str) -> None:
    """A :class:`LayoutError` for a letter and a colon in a hand's cards that is neither a
    label of the layout's alphabet nor a suit opening its ranks (``X:``)."""
    for found in _LOOKS_LIKE_A_LABEL.finditer(cards):
        letter = found.group(1)
        if not is_suit_letter(letter):
            raise LayoutError(
                Phrase(
                    "{seat}: '{text}' is not a label: the labels are M:, L: and R: (or "
                    "М:, Л: and П:, all three in one alphabet)",
                    seat=label,
                    text=cut_short(letter + ":"),
                )
            )


def check_layout(m_hand: CardSet, l_hand: CardSet, r_hand: CardSet) -> None:
    """Raise :class:`LayoutError` unless the hands are disjoint and of one size, at most 10."""
    named = tuple(zip(_SEATS, (m_hand, l_hand, r_hand), strict=True))
    for (a, x), (b, y) in itertools.combinations(named, 2):
        if x & y:
            raise LayoutError(
                Phrase("{a} and {b} both hold {cards}", a=a, b=b, cards=as_cards(x & y))
            )
    sizes = [len(hand) for hand in (m_hand, l_hand, r_hand)]
    if len(set(sizes)) != 1 or sizes[0] > HAND_SIZE:
        counts = ", ".join(f"{seat} {n}" for seat, n in zip(_SEATS, sizes, strict=True))
        raise LayoutError(
            Phrase(
                "the hands must hold the same number of cards, at most 10: {counts}", counts=counts
            )
        )


def format_layout(layout: Layout) -> str:
    """``"M: ♠7 10 ... L: ... R: ..."``, accepted back by :func:`parse_layout`."""
    return " ".join(f"{seat}: {hand}" for seat, hand in zip(_SEATS, layout, strict=True))
