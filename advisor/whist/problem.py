"""A defender facing a declared game: his cards, the talon, the contract, the seats, and what
each of his calls leads to.

The defender sees his ten cards and the talon (shown to the table). The seats are mapped onto
the game solver's: the declarer is **M**; the defender on the declarer's left is **L** (he
speaks first), the one on his right **R**. So a declarer on the defender's left (``--declarer
left``) puts the defender in R, and one on his right puts him in L. The first trick is led by
the first hand (:class:`Leader`: the defender himself, his partner or the declarer).

What the defender may say (:meth:`WhistProblem.choices`): whist or pass; half-whist only in R,
on a six or a seven, after his partner (L) passed; a checked ten has no choice (both play).
His call and his partner's give the defence's outcome (:class:`advisor.points.Whist`) by the
folk rule's order (:func:`advisor.defence.defence_outcome`); the partner's call is given, or
in each layout the convention's whist model decides it, as ``advisor declare`` and ``solve
--contract`` have it decide both defenders' (:attr:`WhistProblem.partner_model`): ``folk``, his
folk call (:func:`advisor.defence.folk_call`); ``both``, he whists.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.cards import DECK_MASK, HAND_SIZE, TALON_SIZE, CardSet
from advisor.contract import Contract
from advisor.convention import Convention, WhistModel
from advisor.defence import Call, defence_outcome, folk_call
from advisor.errors import LayoutError, WhistError
from advisor.i18n import Phrase, as_cards
from advisor.points import Whist
from advisor.seats import Seat
from advisor.words import Word

NO_CARDS = CardSet(0)
SOCHI = Convention()


class Side(Word):
    """Where the declarer sits, seen from the defender."""

    LEFT = "left"
    RIGHT = "right"


class Leader(Word):
    """Who leads the first trick (the first hand), seen from the defender."""

    ME = "me"
    PARTNER = "partner"
    DECLARER = "declarer"


class Choice(Word):
    """What the defender may say."""

    PASS = "pass"
    WHIST = "whist"
    HALF = "half"


_CALL_OF = {Choice.PASS: Call.PASS, Choice.WHIST: Call.WHIST, Choice.HALF: Call.HALF}


@dataclass(frozen=True)
class Known:
    """Cards the defender takes as known besides his own and the talon: some of the declarer's
    dealt ten and of the partner's (none in a real deal; the tests' small cases fix most)."""

    declarer: CardSet = NO_CARDS
    partner: CardSet = NO_CARDS


@dataclass(frozen=True)
class WhistProblem:
    """The game a defender faces (checked when built: :class:`LayoutError` for cards that
    cannot be, :class:`WhistError` for calls that cannot be said)."""

    hand: CardSet
    talon: CardSet
    contract: Contract
    declarer: Side
    leader: Leader = Leader.PARTNER
    partner: Call | None = None
    """The partner's call, or None: the convention's whist model decides it in each layout."""
    convention: Convention = SOCHI
    known: Known = Known()

    def __post_init__(self) -> None:
        _check_cards(self.hand, self.talon, self.known)
        if self.partner is Call.HALF and self.partner_seat is Seat.L:
            raise WhistError(
                Phrase("the partner speaks first (on the declarer's left): he cannot half-whist")
            )
        if self.checked and self.partner not in (None, Call.WHIST):
            raise WhistError(
                Phrase("{contract} is a checked ten, played by both defenders: the partner "
                       "cannot pass or half-whist it", contract=self.contract.label)
            )  # fmt: skip
        if self.partner is Call.HALF and self.contract.level > 7:
            raise WhistError(
                Phrase("a half-whist is said on a six or a seven, not on {contract}",
                       contract=self.contract.label)
            )  # fmt: skip

    @property
    def defender(self) -> Seat:
        """The defender's seat: R when the declarer is on his left, else L."""
        return Seat.R if self.declarer is Side.LEFT else Seat.L

    @property
    def partner_seat(self) -> Seat:
        return Seat.L if self.defender is Seat.R else Seat.R

    @property
    def lead_seat(self) -> Seat:
        """The seat (M, L, R) that leads the first trick."""
        return {Leader.ME: self.defender, Leader.PARTNER: self.partner_seat,
                Leader.DECLARER: Seat.M}[self.leader]  # fmt: skip

    @property
    def checked(self) -> bool:
        """A checked ten: no quota, both defenders play it, nothing to decide."""
        return self.contract.quota(self.convention.ten) is None

    @property
    def partner_model(self) -> WhistModel | None:
        """What decides the partner's call in each layout: the convention's whist model; None
        when the call is given, or on a checked ten (both defenders play it)."""
        return None if self.partner is not None or self.checked else self.convention.whist_model

    @property
    def unseen(self) -> CardSet:
        """The cards dealt to the declarer and the partner that the defender does not know."""
        known = self.known.declarer | self.known.partner
        return CardSet(DECK_MASK) - self.hand - self.talon - known

    def choices(self) -> tuple[Choice, ...]:
        """What the defender may say: a checked ten only "whist" (both play); half-whist in R
        on a six or seven when the partner's pass is given."""
        if self.checked:
            return (Choice.WHIST,)
        found = [Choice.PASS, Choice.WHIST]
        if self.defender is Seat.R and self.partner is Call.PASS and self.contract.level <= 7:
            found.append(Choice.HALF)
        return tuple(found)

    def partner_call(self, partner_hand: CardSet, choice: Choice) -> Call:
        """The partner's call in a layout where he holds ``partner_hand``: as given (a
        half-whist given for R stands after the defender's pass, else he passes), else the
        whist model's: ``both``, whist; ``folk``, his folk call (in R, after the defender's
        own call)."""
        if self.checked or self.partner_model is WhistModel.BOTH:
            return Call.WHIST
        if self.partner is Call.HALF and choice is not Choice.PASS:
            return Call.PASS  # a half-whist is said after a pass only: he would not whist
        if self.partner is not None:
            return self.partner
        first = _CALL_OF[choice] if self.partner_seat is Seat.R else None
        return folk_call(partner_hand, self.contract, self.convention.ten, first)

    def outcome(self, choice: Choice, partner_hand: CardSet) -> Whist:
        """What the defence said when the defender says ``choice``."""
        if self.checked:
            return Whist.BOTH
        mine, theirs = _CALL_OF[choice], self.partner_call(partner_hand, choice)
        if self.defender is Seat.L:
            return defence_outcome(mine, theirs)
        return defence_outcome(theirs, mine)


def _check_cards(hand: CardSet, talon: CardSet, known: Known) -> None:
    if len(hand) != HAND_SIZE:
        raise LayoutError(
            Phrase.counted("the defender's hand holds {count} card, not 10",
                           "the defender's hand holds {count} cards, not 10", len(hand))
        )  # fmt: skip
    if len(talon) != TALON_SIZE:
        raise LayoutError(
            Phrase.counted("the talon holds {count} card, not 2",
                           "the talon holds {count} cards, not 2", len(talon))
        )  # fmt: skip
    if hand & talon:
        shared = hand & talon
        raise LayoutError(
            Phrase.counted("the talon's {cards} is in the defender's hand",
                           "the talon's {cards} are in the defender's hand", len(shared),
                           cards=as_cards(shared))
        )  # fmt: skip
    others = hand | talon
    if known.declarer & known.partner or (known.declarer | known.partner) & others:
        raise LayoutError(Phrase("the cards taken as known overlap the defender's or the talon"))
    if len(known.declarer) > HAND_SIZE or len(known.partner) > HAND_SIZE:
        raise LayoutError(Phrase("more than ten cards taken as known in one hand"))
