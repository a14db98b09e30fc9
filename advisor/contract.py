"""Game contracts and the auction's ladder: the notation players write, and which bid beats which.

A game contract is a level (six to ten tricks) and a strain: a trump suit or no-trump. At one
level the strains rank ♠ < ♣ < ♦ < ♥ < no-trump, and the auction's ladder runs::

    6♠ < 6♣ < 6♦ < 6♥ < 6NT < 7♠ < … < 8NT < misère < 9♠ < … < 10NT

with pass below every bid (``shared/game-rules.md``). Each notation has a parse and a format
that round-trip; the parser reads what players write (case and spaces free)::

    7S  7s  7♠  7 пик  7п  7 spades          six to ten, then the strain
    6NT  6nt  6БК  6 бк  6 б/к  6 без козыря  no-trump
    misere  misère  мизер;  pass  пас         the other calls of the auction

Russian strains: п (пики) ♠, т (трефы) ♣, б (бубны) ♦, ч (червы) ♥, бк (без козыря).
"""

from __future__ import annotations

import re
from enum import IntEnum

from advisor.cards import Suit
from advisor.errors import BidError, ContractError
from advisor.i18n import N_, Phrase
from advisor.text import cut_short, shown
from advisor.words import Word

LEVELS = range(6, 11)
"""The levels of a game contract: six to ten tricks."""


class Strain(IntEnum):
    """The trump suit of a contract, or no-trump; ranked ♠ < ♣ < ♦ < ♥ < no-trump."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMP = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit; None for no-trump."""
        return None if self is Strain.NO_TRUMP else Suit(self.value)

    @classmethod
    def of(cls, suit: Suit | None) -> Strain:
        """The strain whose trumps are ``suit`` (None: no-trump)."""
        return cls.NO_TRUMP if suit is None else cls(int(suit))

    @property
    def glyph(self) -> str:
        """``♠ ♣ ♦ ♥`` or ``NT``: how a contract is written (``7♠``, ``6NT``)."""
        return "NT" if self is Strain.NO_TRUMP else Suit(self.value).glyph

    @property
    def letter(self) -> str:
        """``S C D H`` or ``NT``: the ASCII spelling (``7S``, ``6NT``)."""
        return "NT" if self is Strain.NO_TRUMP else Suit(self.value).letter

    @property
    def label(self) -> Phrase | str:
        """The strain as a message shows it: a suit glyph, or no-trump's letters (NT, БК)."""
        return Phrase(N_("NT")) if self is Strain.NO_TRUMP else self.glyph


class Ten(Word):
    """How a ten is defended: checked (played out with no quota: Sochi) or whisted (a quota of
    one trick, as on a nine)."""

    CHECKED = "checked"
    WHISTED = "whisted"


_QUOTAS = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}  # a whisted ten's quota is the nine's


class Contract:
    """A game contract: ``level`` tricks (6..10) in ``strain``. Immutable, hashable, ordered as
    the auction ranks contracts."""

    __slots__ = ("level", "order", "strain")
    level: int
    strain: Strain
    order: int
    """The contract's place among the 25 contracts, 6♠ = 0 … 10NT = 24 (kept: every hash and
    comparison reads it)."""

    def __init__(self, level: int, strain: Strain) -> None:
        if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
            raise ContractError(
                Phrase("a contract is six to ten tricks, not {level}", level=str(level))
            )
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "strain", Strain(strain))
        object.__setattr__(self, "order", (level - LEVELS.start) * len(Strain) + self.strain)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Contract cannot be changed")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.order == other.order

    def __hash__(self) -> int:
        return hash((Contract, self.order))

    def __lt__(self, other: Contract) -> bool:
        return self.order < other.order

    def __le__(self, other: Contract) -> bool:
        return self.order <= other.order

    def __gt__(self, other: Contract) -> bool:
        return self.order > other.order

    def __ge__(self, other: Contract) -> bool:
        return self.order >= other.order

    def __reduce__(self) -> tuple[type[Contract], tuple[int, Strain]]:
        return Contract, (self.level, self.strain)

    @property
    def price(self) -> int:
        """The contract's price c: 2, 4, 6, 8, 10 for six … ten."""
        return 2 * (self.level - 5)

    @property
    def trump(self) -> Suit | None:
        """The trump suit; None for no-trump."""
        return self.strain.suit

    def quota(self, ten: Ten = Ten.CHECKED) -> int | None:
        """The tricks the defence must take together: 4 / 2 / 1 / 1 against 6 / 7 / 8 / 9; a
        ten has none when it is checked (None), one when it is whisted."""
        if self.level == 10 and ten is Ten.CHECKED:
            return None
        return _QUOTAS[self.level]

    def __str__(self) -> str:
        return f"{self.level}{self.strain.glyph}"

    def ascii(self) -> str:
        """``7S``, ``10NT``: plain ASCII, read back by :meth:`parse`."""
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    @property
    def label(self) -> Phrase:
        """The contract as a message shows it: ``7♠``, ``6NT`` (in Russian ``6БК``)."""
        return Phrase("{level}{strain}", level=str(self.level), strain=self.strain.label)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a game contract (``7S``, ``7♠``, ``7 пик``, ``10NT``, ``6 бк``). Misère or pass
        is a :class:`~advisor.errors.ContractError`: a game contract is needed here.

        >>> Contract.parse("7 пик") == Contract.parse("7s"), str(Contract.parse("10nt"))
        (True, '10NT')
        """
        bid = Bid.parse(text)
        if bid.contract is None:
            raise ContractError(
                Phrase(
                    "'{text}' is {call}: a game contract (6♠ … 10NT) is needed here",
                    text=_quoted(text),
                    call=bid.label,
                )
            )
        return bid.contract


CONTRACTS = tuple(Contract(level, strain) for level in LEVELS for strain in Strain)
"""The 25 game contracts, 6♠ … 10NT, in the auction's order."""


_PASS_STEP = -1
_MISERE_STEP = CONTRACTS.index(Contract(9, Strain.SPADES))  # misère sits between 8NT and 9♠


class Bid:
    """One call of the auction: a game contract, misère or pass. Ordered along the ladder
    (``6♠ < … < 8NT < misère < 9♠ < … < 10NT``), pass below every bid."""

    __slots__ = ("step",)
    step: int

    def __init__(self, step: int) -> None:
        if not _PASS_STEP <= step <= len(CONTRACTS):
            raise ValueError(f"bid step {step} is outside the ladder")
        object.__setattr__(self, "step", step)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Bid cannot be changed")

    @classmethod
    def game(cls, contract: Contract) -> Bid:
        """The bid of a game contract."""
        order = contract.order
        return cls(order if order < _MISERE_STEP else order + 1)

    @property
    def contract(self) -> Contract | None:
        """The game contract bid; None for misère and pass."""
        if self.step in (_PASS_STEP, _MISERE_STEP):
            return None
        return CONTRACTS[self.step if self.step < _MISERE_STEP else self.step - 1]

    @property
    def is_misere(self) -> bool:
        return self.step == _MISERE_STEP

    @property
    def is_pass(self) -> bool:
        return self.step == _PASS_STEP

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.step == other.step

    def __hash__(self) -> int:
        return hash((Bid, self.step))

    def __lt__(self, other: Bid) -> bool:
        return self.step < other.step

    def __le__(self, other: Bid) -> bool:
        return self.step <= other.step

    def __gt__(self, other: Bid) -> bool:
        return self.step > other.step

    def __ge__(self, other: Bid) -> bool:
        return self.step >= other.step

    def __reduce__(self) -> tuple[type[Bid], tuple[int]]:
        return Bid, (self.step,)

    def next(self) -> Bid | None:
        """The next bid up the ladder (after pass, 6♠; after 8NT, misère); None after 10NT."""
        return None if self.step == len(CONTRACTS) else Bid(self.step + 1)

    def at_least(self, other: Bid) -> bool:
        """Whether this bid is ``other`` or above it on the ladder."""
        return self.step >= other.step

    def __str__(self) -> str:
        if self.contract is not None:
            return str(self.contract)
        return "misère" if self.is_misere else "pass"

    def ascii(self) -> str:
        """``7S``, ``misere``, ``pass``: plain ASCII, read back by :meth:`parse`."""
        if self.contract is not None:
            return self.contract.ascii()
        return "misere" if self.is_misere else "pass"

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"

    @property
    def label(self) -> Phrase:
        """The bid as a message shows it: ``7♠``, ``misère`` (``мизер``), ``pass`` (``пас``)."""
        if self.contract is not None:
            return self.contract.label
        return Phrase(N_("misère")) if self.is_misere else Phrase(N_("pass"))

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read a call: a game contract (see :meth:`Contract.parse`), misère or pass.

        >>> Bid.parse("мизер") > Bid.parse("8NT"), Bid.parse("пас").is_pass
        (True, True)
        """
        spaced = " ".join(text.replace(_VARIATION_SELECTOR, "").split())
        if spaced.casefold() in _MISERE_WORDS:
            return MISERE
        if spaced.casefold() in _PASS_WORDS:
            return PASS
        found = _CONTRACT.fullmatch(spaced)
        if found is None:
            raise ContractError(
                Phrase(
                    "'{text}' is not a bid: write a level 6..10 and a strain (7S, 7♠, 6NT, "
                    "7 пик, 6 бк), misère or pass",
                    text=_quoted(text),
                )
            )
        digits, strain = found.group(1), found.group(2).strip()
        level = _level(digits)
        if level is None:
            raise ContractError(
                Phrase(
                    "'{text}': a contract is six to ten tricks, not {level}",
                    text=_quoted(text),
                    level=cut_short(digits),
                )
            )
        if strain.casefold() not in _STRAINS:
            raise ContractError(
                Phrase(
                    "'{text}': '{strain}' is not a strain (S C D H NT, ♠ ♣ ♦ ♥, п т б ч бк)",
                    text=_quoted(text),
                    strain=_quoted(strain),
                )
            )
        return cls.game(Contract(level, _STRAINS[strain.casefold()]))


def _level(digits: str) -> int | None:
    """The level ``digits`` write (``7``, ``07``), or None when it is no level of a game (the
    digits are not turned into a number first: ``int`` refuses 4,301 of them)."""
    value = digits.lstrip("0")
    return int(value) if len(value) <= 2 and int(value or "0") in LEVELS else None


PASS = Bid(_PASS_STEP)
MISERE = Bid(_MISERE_STEP)
LADDER = tuple(Bid(step) for step in range(len(CONTRACTS) + 1))
"""Every bid of the auction, 6♠ … 8NT, misère, 9♠ … 10NT (pass is no step of it)."""


def lowest_answer(standing: Bid, *, senior: bool = False, first_call: bool = True) -> Bid | None:
    """The lowest bid a player may make over ``standing`` (pass: nobody has bid yet): the same
    game for the senior hand, who may hold it ("здесь"), else the next one up; misère only as
    a player's first call, and never held. None when nothing is left above (after 10NT).

    >>> str(lowest_answer(Bid.parse("7S"), senior=True)), str(lowest_answer(Bid.parse("8NT")))
    ('7♠', 'misère')
    >>> str(lowest_answer(Bid.parse("8NT"), first_call=False))
    '9♠'
    """
    if senior and standing.contract is not None:
        return standing
    found = standing.next()
    if found is not None and found.is_misere and not first_call:
        found = found.next()
    return found


def check_bid(bid: Bid, standing: Bid, *, senior: bool = False, first_call: bool = True) -> None:
    """Raise :class:`~advisor.errors.BidError` unless a player may say ``bid`` over
    ``standing`` (see :func:`lowest_answer`); pass is always allowed."""
    if bid.is_pass:
        return
    if bid.is_misere and not first_call:
        raise BidError(Phrase("misère can only be a player's first bid"))
    lowest = lowest_answer(standing, senior=senior, first_call=first_call)
    if lowest is None or bid < lowest:
        raise BidError(
            Phrase(
                "{bid} is not above the standing bid {standing}",
                bid=bid.label,
                standing=standing.label,
            )
        )


def check_named(contract: Contract, bid: Bid) -> None:
    """Raise :class:`~advisor.errors.BidError` unless the declarer who won the auction with
    ``bid`` may name ``contract`` after the talon: no lower than his bid (a misère bid plays
    misère, and pass wins nothing)."""
    if bid.contract is None:
        raise BidError(Phrase("{bid} was bid: no game contract can be named", bid=bid.label))
    if contract < bid.contract:
        raise BidError(
            Phrase(
                "{contract} is below the bid {bid}: the contract named after the talon is no "
                "lower than the bid",
                contract=contract.label,
                bid=bid.label,
            )
        )


_VARIATION_SELECTOR = "\ufe0f"
_CONTRACT = re.compile(r"([0-9]+) ?([^0-9].*)")
"""A level (every digit written, so that ``666S`` is the level 666) and a strain."""
_MISERE_WORDS = frozenset({"misere", "misère", "мизер"})
_PASS_WORDS = frozenset({"pass", "пас"})
_STRAINS = {
    spelling: strain
    for strain, spellings in (
        (Strain.SPADES, ("s", "♠", "♤", "spades", "п", "пик", "пики")),
        (Strain.CLUBS, ("c", "♣", "♧", "clubs", "т", "треф", "трефы", "трефа")),
        (Strain.DIAMONDS, ("d", "♦", "♢", "diamonds", "б", "бубен", "бубны", "буби", "бубна")),
        (Strain.HEARTS, ("h", "♥", "♡", "hearts", "ч", "черв", "червы", "черви", "червей")),
        (Strain.NO_TRUMP, ("nt", "no trump", "no-trump", "notrump", "бк", "б/к", "без козыря",
                           "без козырей")),
    )
    for spelling in spellings
}  # fmt: skip
"""Every spelling of a strain the parser reads, in lower case, spaces made single."""


def _quoted(text: str) -> str:
    """User text as a message quotes it: one line, control characters escaped, cut short."""
    return cut_short(shown(" ".join(text.split())))
