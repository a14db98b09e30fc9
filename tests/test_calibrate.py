"""``advisor.calibrate``: the representative hands of a holding, the exact figures the solver
gives over them, and the table file written from them."""

from __future__ import annotations

import math

import pytest
from solver_build import require_solver

from advisor.calibrate import (
    COMMON_LENGTH,
    LEADS,
    OTHER_SUITS,
    Calibration,
    CatchFigure,
    Figure,
    HoldingCalibration,
    _pieces,
    _solve,
    calibrate,
    calibration_holdings,
    representative_hands,
)
from advisor.calibrate_file import _priced_entries, calibrated_table_text
from advisor.cards import CardSet, Suit
from advisor.errors import CalibrationError, LimitError
from advisor.holdings import Holding
from advisor.seats import Lead, Seat
from advisor.solver import catch_odds
from advisor.table import Table, default_table, merge_table

require_solver()


def holding(text: str) -> Holding:
    return Holding.parse(text)


@pytest.mark.parametrize("text", ["9", "7 Q", "8 9", "7 8 10 A", "7 8 9 10 J Q K", "A"])
def test_representative_hands(text: str) -> None:
    """The holding in spades; each other suit its lowest cards; the discards the highest
    cards above them; the weights count every deal of the other cards and every talon."""
    found = holding(text)
    k = len(found)
    hands = representative_hands(found)
    assert sum(h.weight for h in hands) == math.comb(24, 10 - k) * math.comb(14 + k, 2)
    shapes = set()
    for hand in hands:
        assert len(hand.hand) == 10 and len(hand.discards) == 2 and len(hand.pool) == 20
        assert hand.hand.suit_mask(Suit.SPADES) == found.mask and not hand.discards & hand.hand
        assert hand.discards.suit_mask(Suit.SPADES) == 0
        for suit, (held, thrown) in zip(OTHER_SUITS, hand.shape, strict=True):
            mine = hand.hand.suit_mask(suit)
            assert mine == (1 << held) - 1 and Holding(mine).is_clean
            assert hand.discards.suit_mask(suit) == ((1 << thrown) - 1) << (8 - thrown)
        assert sorted(hand.shape, reverse=True) == list(hand.shape)  # suits alike: one order
        shapes.add(hand.shape)
    assert len(shapes) == len(hands)
    assert [h.weight for h in hands] == sorted((h.weight for h in hands), reverse=True)


def test_the_weight_of_a_shape_by_hand() -> None:
    """♠9 beside 3-3-3 with one discard from each of two suits: C(8,3)^3 deals of the other
    nine cards, 5 x 5 talons."""
    hands = {h.shape: h.weight for h in representative_hands(holding("9"))}
    assert hands[((3, 1), (3, 1), (3, 0))] == 3 * math.comb(8, 3) ** 3 * 5 * 5
    assert hands[((8, 0), (1, 2), (0, 0))] == 6 * 1 * 8 * math.comb(7, 2)


def test_a_void_is_not_calibrated() -> None:
    with pytest.raises(CalibrationError, match="a void is never caught"):
        representative_hands(Holding(0))


def test_which_holdings() -> None:
    table = default_table()
    found = calibration_holdings(table)
    listed = [(h, key) for h, key in found if key is not None]
    assert [key for _, key in listed][:8] == ["7 10", "7 9", "7 J", "7 Q", "8", "8 9", "9",
                                              "7 8|9 Q"]  # fmt: skip
    assert len(listed) == sum(len(e.pattern.holdings()) for e in table.entries.values())
    lacking = [h for h, key in found if key is None]
    expected = {
        mask for mask in range(1, 256)
        if mask.bit_count() <= COMMON_LENGTH and not Holding(mask).is_clean
        and mask not in table.lookup
    }  # fmt: skip
    assert {h.mask for h in lacking} == expected
    assert [str(h) for h in lacking[:4]] == ["10", "J", "Q", "K"]
    assert len({h for h, _ in found}) == len(found)


def test_every_split_of_a_hand_is_what_catch_odds_counts() -> None:
    """The exact pieces enumerate the splits themselves; the solver's own enumeration (in C,
    in colex order) must find as many caught."""
    for text in ("7 10", "9"):
        pieces = _pieces(holding(text), None, 0)
        for piece in pieces[:2]:
            counted = _solve(piece, [Seat.M, Seat.L], CatchFigure.HAND)
            for seat in (Seat.M, Seat.L):
                odds = catch_odds(piece.hand.hand, piece.hand.discards, seat)
                assert counted[seat] == odds.caught


def test_sampling_is_seeded_and_does_not_depend_on_jobs() -> None:
    chosen = [holding("7 10"), holding("8 9")]
    one = calibrate(default_table(), samples=600, seed=4, holdings=chosen)
    two = calibrate(default_table(), samples=600, seed=4, holdings=chosen, jobs=2)
    other = calibrate(default_table(), samples=600, seed=5, holdings=chosen)
    assert one.to_dict() == two.to_dict() != other.to_dict()
    assert sum(p.splits or 0 for p in _pieces(holding("7 10"), 600, 4)) == 600


def test_the_exact_figure_is_the_weighted_mean_over_the_hands() -> None:
    """``7 8 A`` is caught in nearly every deal, so it is cheap to solve exactly; a deal counts
    when M is caught through the holding's suit (spades)."""
    found = calibrate(default_table(), samples=None, holdings=[holding("7 8 A")])
    (row,) = found.holdings
    total = weighted = 0.0
    for hand in representative_hands(holding("7 8 A")):
        odds = catch_odds(hand.hand, hand.discards, Seat.M, per_suit=True)
        assert odds.through is not None
        total += hand.weight
        weighted += hand.weight * odds.through.caught(Suit.SPADES) / odds.layouts
    own = row.exact[Lead.ME]
    assert own.percent == pytest.approx(100 * weighted / total, abs=1e-9)
    assert own.low == own.high == own.percent and found.exact


@pytest.mark.parametrize(
    ("text", "lead", "low", "high"),
    [
        ("7 Q", Lead.ME, 78, 84),  # folk: about 81-83 % in a clean hand
        ("7 Q", Lead.THEM, 79, 85),
        ("9", Lead.THEM, 55, 62),  # folk: about 60 % on the catchers' lead
        ("8 9", Lead.THEM, 41, 50),  # folk: about 47 %
        ("7 8 A", Lead.THEM, 98, 100),  # notes: almost 100 %
        ("7 9", Lead.THEM, 0, 0.5),  # clean
    ],
)
def test_the_figures_agree_with_the_folk_ones(
    text: str, lead: Lead, low: float, high: float
) -> None:
    found = calibrate(default_table(), leads=[lead], holdings=[holding(text)])
    figure = found.holdings[0].exact[lead]
    assert low <= figure.percent <= high
    assert figure.low is not None and figure.high is not None
    assert figure.low <= figure.percent <= figure.high


def test_each_lead_alone_gives_the_figure_of_both() -> None:
    chosen = [holding("7 J")]
    both = calibrate(default_table(), samples=400, holdings=chosen).holdings[0]
    own = calibrate(default_table(), samples=400, holdings=chosen, leads=[Lead.ME]).holdings[0]
    assert own.exact == {Lead.ME: both.exact[Lead.ME]} and own.table.keys() == {Lead.ME}
    assert both.table[Lead.ME].percent == 80 and both.entry == "7 J"


def test_bad_options() -> None:
    table = default_table()
    for options, error, message in (
        ({"samples": 0}, LimitError, "the number of samples must be at least 1, not 0"),
        ({"jobs": 0}, LimitError, "jobs must be at least 1, not 0"),
        ({"leads": []}, CalibrationError, "there is no lead to calibrate"),
        ({"leads": [Lead.LEFT]}, CalibrationError, "on the lead me or them only"),
        ({"holdings": [Holding(0)]}, CalibrationError, "a void is never caught"),
    ):
        with pytest.raises(error, match=message):
            calibrate(table, **options)


def test_the_table_file_is_complete_and_keeps_equal_alternatives_together() -> None:
    base = merge_table(
        default_table(),
        'threshold = 70\n[holes]\n"7 8|9 A" = 99\n"8|9 10|J Q|K A" = 100\n',
        "my.toml",
    )
    chosen = [holding(t) for t in ("7 8 A", "7 9 A", "10 Q A", "8 J K A", "7 J")]
    found = calibrate(base, samples=300, holdings=chosen)
    text = calibrated_table_text(found, base, "advisor table calibrate --samples 300")
    loaded = merge_table(Table(entries={}), text, origin="t.toml")
    assert "inherit = false" in text and loaded.threshold == 70 and loaded.rule("no_seven")
    keys = set(loaded.entries)
    for row in found.holdings:
        entry = loaded.lookup[row.holding.mask]
        assert (entry.own, entry.their) == tuple(row.exact[lead].rounded for lead in LEADS)
        assert entry.source.startswith("exact play in clean low hands, two of their cards ")
        assert "300 deals (seed 0); 95%: own " in entry.source
    assert "7 J" in keys and not loaded.entries.keys() & {"7 8|9 A"}  # the two differ
    assert "advisor table calibrate --samples 300" in text
    with pytest.raises(CalibrationError, match="both leads"):
        calibrated_table_text(calibrate(base, samples=10, holdings=chosen[:1], leads=[Lead.ME]),
                              base, "")  # fmt: skip


def test_alternatives_with_the_same_figures_stay_one_key() -> None:
    def row(text: str, entry: str | None, own: float) -> HoldingCalibration:
        figures = {Lead.ME: Figure(own, own, own), Lead.THEM: Figure(50, 49, 51)}
        return HoldingCalibration(holding(text), entry, {}, figures)

    rows = [
        row("7 8 Q", "7 8|9 Q", 30.01),
        row("7 9 Q", "7 8|9 Q", 29.98),
        row("7 8 K", "7 8|9 K", 30),
        row("7 9 K", "7 8|9 K", 31),
        row("8 A", "8|9 A", 50),
        row("10", None, 80),
    ]
    holes = '"7 8|9 Q" = 1\n"7 8|9 K" = 2\n"8|9 A" = 50\n"7 J" = 3\n'
    table = merge_table(Table(entries={}), f"[holes]\n{holes}", "t.toml")
    found = Calibration(tuple(rows), LEADS, 100, 0)
    entries, every = _priced_entries(found, table)
    # 8 A, calibrated, and 9 A, as the table has it, differ even where their figures agree
    keys = ["7 8|9 Q", "7 8 K", "7 9 K", "8 A", "9 A", "7 J", "10"]
    assert [key for key, _ in entries] == keys and not every
    assert [(priced.own, priced.calibrated) for _, priced in entries[3:6]] == [
        (50, True),
        (50, False),
        (3, False),
    ]
    everything = Calibration(tuple(row for row in rows if row.entry != "8|9 A"), LEADS, 100, 0)
    table = merge_table(Table(entries={}), '[holes]\n"7 8|9 Q" = 1\n', "t.toml")
    assert _priced_entries(everything, table)[1]


def test_a_card_set_of_the_exact_pieces() -> None:
    piece = _pieces(holding("7 Q"), None, 0)[0]
    assert piece.hand.hand == CardSet.parse("♠7 Q ♣7 8 9 ♦7 8 9 ♥7 8")
    assert piece.hand.discards == CardSet.parse("♣A ♥A")
