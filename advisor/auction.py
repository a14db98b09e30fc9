"""The auction so far, as a player at the table has heard it, and what he may say now.

The calls are written in the order they were made, from first hand on, each player who has
not passed speaking in turn (first, second, third hand, round again); a player who passed
speaks no more, and neither does one who bid misère (its bidder bids no more,
``shared/game-rules.md``). The auction must end where it is M's turn to speak: the bids open to
him then are those :func:`advisor.contract.lowest_answer` allows over the standing bid, the
same game held when he is senior to its bidder with two bidders left, misère only as his first
call.

>>> state = read_auction("6S 6C pass", Position.FIRST)
>>> str(state.standing), state.may_hold, state.first_call, str(state.open_bids[0])
('6♣', True, False, '6♣')
>>> [str(bid) for bid in read_auction("8NT", Position.SECOND).open_bids[:2]]
['misère', '9♠']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from advisor.contract import LADDER, PASS, Bid, check_bid, lowest_answer
from advisor.errors import BidError
from advisor.i18n import Phrase
from advisor.seats import SEAT_COUNT, Position


@dataclass(frozen=True)
class AuctionState:
    """Where the auction stands when it is M's turn to speak."""

    seat: Position
    calls: tuple[Bid, ...]
    standing: Bid
    """The highest bid so far (pass: nobody has bid)."""
    holder: Position | None
    """Who made the standing bid (None: nobody has bid)."""
    may_hold: bool
    """Whether M may say the standing game again (senior to its bidder, two bidders left)."""
    first_call: bool
    """Whether M has made no bid yet (misère is then still open to him)."""

    @property
    def lowest(self) -> Bid | None:
        """The lowest bid M may make now; None when nothing is left above the standing bid."""
        return lowest_answer(self.standing, senior=self.may_hold, first_call=self.first_call)

    @property
    def open_bids(self) -> tuple[Bid, ...]:
        """Every bid M may make now, up the ladder (misère among them only when open)."""
        lowest = self.lowest
        if lowest is None:
            return ()
        return tuple(
            bid for bid in LADDER
            if bid >= lowest and (self.first_call or not bid.is_misere)
        )  # fmt: skip

    @property
    def misere_open(self) -> bool:
        return any(bid.is_misere for bid in self.open_bids)

    def ascii(self) -> str:
        """The calls as read back by :func:`read_auction` (empty: M speaks first)."""
        return " ".join(call.ascii() for call in self.calls)


_SEPARATORS = re.compile(r"[,;]|\s+")


def split_calls(text: str) -> list[str]:
    """The calls of an auction written with spaces or commas; a level alone is read with the
    strain after it (``7 пик``, ``6 бк``).

    >>> split_calls("6S, 7 пик pass 6 б/к")
    ['6S', '7 пик', 'pass', '6 б/к']
    """
    words = [word for word in _SEPARATORS.split(text) if word]
    calls: list[str] = []
    for word in words:
        if calls and calls[-1].isdigit():
            calls[-1] += " " + word
        else:
            calls.append(word)
    return calls


def read_auction(text: str, seat: Position) -> AuctionState:
    """The auction ``text`` (calls from first hand on) heard by M in ``seat``; a
    :class:`~advisor.errors.BidError` for a call the auction does not allow, or an auction that
    does not end at M's turn; a :class:`~advisor.errors.ContractError` for a word that is no
    call."""
    calls = tuple(Bid.parse(word) for word in split_calls(text))
    passed: set[Position] = set()
    said: set[Position] = set()
    misere: Position | None = None
    standing, holder = PASS, None
    speaker = Position.FIRST
    for number, call in enumerate(calls):
        if _over(passed, misere, holder):
            raise BidError(
                Phrase("the auction is over after {calls}: {call} comes after its end",
                       calls=calls_label(calls[:number]), call=call.label)
            )  # fmt: skip
        senior = _may_hold(speaker, holder, passed, misere)
        check_bid(call, standing, senior=senior, first_call=speaker not in said)
        if call.is_pass:
            passed.add(speaker)
        else:
            standing, holder = call, speaker
            said.add(speaker)
            if call.is_misere:
                misere = speaker
        speaker = _next_speaker(speaker, passed, misere)
    if _over(passed, misere, holder):
        if holder is None:  # over with no bid: everyone passed
            raise BidError(Phrase("the auction is over: everyone passed (an all-pass)"))
        raise BidError(
            Phrase("the auction is over: {holder} won it with {bid}, nobody is left to outbid",
                   holder=holder.label, bid=standing.label)
        )  # fmt: skip
    if seat in passed:
        raise BidError(Phrase("{seat} has passed: no more bids", seat=seat.label))
    if seat == misere:
        raise BidError(Phrase("{seat} bid misère: no more bids", seat=seat.label))
    if speaker != seat:
        raise BidError(
            Phrase("the auction ends at {speaker}'s turn, not {seat}'s",
                   speaker=speaker.label, seat=seat.label)
        )  # fmt: skip
    return AuctionState(
        seat, calls, standing, holder, _may_hold(seat, holder, passed, misere), seat not in said
    )


def calls_label(calls: tuple[Bid, ...]) -> Phrase:
    """The calls as a message shows them, each in the language spoken (``6♠ пас пас``)."""
    values = {f"call{k}": call.label for k, call in enumerate(calls)}
    template = " ".join("{" + name + "}" for name in values)  # no words to translate
    return Phrase(template, **values)


def _over(passed: set[Position], misere: Position | None, holder: Position | None) -> bool:
    """Whether the auction has ended: nobody is left to speak but the standing bid's bidder
    (every other player passed or bid misère), or everyone passed."""
    return not {*Position} - passed - {misere, holder}


def _may_hold(
    speaker: Position, holder: Position | None, passed: set[Position], misere: Position | None
) -> bool:
    """Whether ``speaker`` may hold the standing game: senior to its bidder, two bidders left
    (a player who bid misère bids no more: he is out of the auction as a passer is, and his
    misère is no game to hold)."""
    if holder is None or holder == misere:
        return False
    out = passed | ({misere} if misere is not None else set())
    return speaker < holder and len(out) == SEAT_COUNT - 2


def _next_speaker(speaker: Position, passed: set[Position], misere: Position | None) -> Position:
    """The next player to speak: the next round the table who has neither passed nor bid
    misère (whoever it is, when nobody is left to speak: the auction is then over)."""
    for steps in range(1, SEAT_COUNT + 1):
        seat = speaker.after(steps)
        if seat not in passed and seat != misere:
            return seat
    return speaker
