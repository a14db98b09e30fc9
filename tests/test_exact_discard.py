"""The discard exact play makes: the choice against scoring all 66 in full, the bounds it prunes
on, and the facts of play they stand on (a catch is monotone in the cards kept, the trick count
is not; touching cards are one card)."""

from __future__ import annotations

import itertools
import random
from array import array
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_build import require_solver
from test_solver_oracle import brute_force

import advisor.exact.misere
import advisor.exact.scores
from advisor.cards import CardSet, parse_cards
from advisor.exact.deepening import choose_discard, steps_below
from advisor.exact.dominance import Catches, Discards
from advisor.exact.misere import MISERE_PLAY
from advisor.exact.scores import score_discards
from advisor.scoring import MISERE, Scoring
from advisor.seats import Lead, Seat
from advisor.solver import GAVE_UP, solve_layout, solve_many
from advisor.table import Table, default_table
from advisor.talon import talon_discard_order

require_solver()

TABLE = default_table()
SEED = 20261201


def low_twelve(rng: random.Random) -> CardSet:
    """Twelve cards leaning to low ranks: a misère hand and its talon."""
    deck = sorted(range(32), key=lambda index: (index & 7) + rng.random() * 5)
    return CardSet(sum(1 << index for index in deck[:12]))


def random_layouts(rng: random.Random, pool: CardSet, count: int) -> array[int]:
    cards = [card.index for card in pool]
    return array("I", (sum(1 << c for c in rng.sample(cards, 10)) for _ in range(count)))


def table_order(twelve: CardSet, seat: Seat) -> list[CardSet]:
    return list(talon_discard_order(twelve, Lead.ME if seat is Seat.M else Lead.THEM, TABLE))


def cases(count: int) -> list[tuple[CardSet, Seat, array[int]]]:
    rng = random.Random(SEED)
    found = []
    for _ in range(count):
        twelve = low_twelve(rng)
        layouts = random_layouts(rng, twelve.complement(), rng.choice([1, 3, 8, 13]))
        found.append((twelve, Seat(rng.randrange(3)), layouts))
    return found


def truth(twelve: CardSet, seat: Seat, layouts: array[int]) -> tuple[list[CardSet], list[int]]:
    """The table's order of discards and each one's total, every layout solved in full."""
    pool = twelve.complement()
    order = table_order(twelve, seat)
    return order, [MISERE.total(solve_many(twelve - d, pool, seat, layouts)) for d in order]


def hard_cases(count: int) -> list[tuple[CardSet, Seat, array[int]]]:
    """Cases where the choice is not the table's first, or the best total is shared by
    discards that are not the same to the play (so the table's order must break the tie)."""
    rng = random.Random(SEED + 1)
    found: list[tuple[CardSet, Seat, array[int]]] = []
    while len(found) < count:
        twelve = low_twelve(rng)
        layouts = random_layouts(rng, twelve.complement(), rng.choice([1, 2, 3, 6]))
        seat = Seat(rng.randrange(3))
        order, totals = truth(twelve, seat, layouts)
        keys = Discards(twelve, MISERE_PLAY)
        best = max(totals)
        top = {
            keys.key[keys.number[d.mask]] for d, t in zip(order, totals, strict=True) if t == best
        }
        if totals[0] != best or len(top) > 1:
            found.append((twelve, seat, layouts))
    return found


# --- the bounds ---------------------------------------------------------------------------------


@given(st.integers(-50, 400), st.sampled_from([10, 20]))
def test_steps_below_is_the_fewest_that_fall_below(room: int, step: int) -> None:
    steps = steps_below(room, step)
    assert steps * step > room and steps >= 1
    assert steps == 1 or (steps - 1) * step <= room


@given(st.integers(1, 40), st.data())
def test_the_catch_bound_holds_any_tricks(layouts: int, data: st.DataObject) -> None:
    tricks = bytes(data.draw(st.lists(st.integers(0, 10), min_size=layouts, max_size=layouts)))
    caught = sum(1 for t in tricks if t)
    assert MISERE.total(tricks) <= MISERE.catch_bound(layouts, caught)
    assert MISERE.histogram_total([tricks.count(t) for t in range(11)]) == MISERE.total(tricks)


# --- the choice against all 66 in full ---------------------------------------------------------


@pytest.mark.parametrize(("twelve", "seat", "layouts"), cases(12) + hard_cases(24))
def test_the_choice_is_the_best_of_all_66(twelve: CardSet, seat: Seat, layouts: array[int]) -> None:
    order, totals = truth(twelve, seat, layouts)
    best = max(range(len(order)), key=lambda i: (totals[i], -i))  # ties: the table's order
    pool = twelve.complement()
    assert (
        choose_discard(twelve, pool, seat, layouts, iter(order), objective=MISERE_PLAY)
        == order[best]
    )


@pytest.mark.parametrize(("twelve", "seat", "layouts"), cases(4) + hard_cases(8))
def test_scoring_all_66_keeps_true_figures_and_true_bounds(
    twelve: CardSet, seat: Seat, layouts: array[int]
) -> None:
    pool = twelve.complement()
    order = table_order(twelve, seat)
    seats = (Seat.L, Seat.R) if seat is not Seat.M else (Seat.M,)
    tricks = {d: [solve_many(twelve - d, pool, s, layouts) for s in seats] for d in order}
    totals = {d: sum(map(MISERE.total, found)) for d, found in tricks.items()}
    scored = score_discards(
        twelve, pool, seats, layouts, order, settle_best=3, objective=MISERE_PLAY
    )
    assert sorted(found.discards.mask for found in scored) == sorted(d.mask for d in order)
    best = max(order, key=lambda d: (totals[d], -order.index(d)))
    assert scored[0].discards == best and scored[0].same_as is None
    assert sum(1 for found in scored if all(s.settled for s in found.seats)) >= 3
    for found in scored:
        for seat_found, truth in zip(found.seats, tricks[found.discards], strict=True):
            assert seat_found.caught == sum(1 for t in truth if t)
            if seat_found.histogram is not None:
                assert seat_found.histogram == tuple(truth.count(t) for t in range(11))
                assert MISERE.histogram_total(seat_found.histogram) == seat_found.bound
            assert seat_found.bound >= MISERE.total(truth)


def test_a_clean_first_choice_is_taken_at_once() -> None:
    twelve = parse_cards("♠7 8 9 ♣7 8 9 ♦7 8 9 ♥7 8 A")
    pool = twelve.complement()
    layouts = random_layouts(random.Random(SEED), pool, 8)
    order = table_order(twelve, Seat.L)
    assert solve_many(twelve - order[0], pool, Seat.L, layouts) == bytes(8)  # clean on all
    lazy = iter(order)
    assert choose_discard(twelve, pool, Seat.L, layouts, lazy, objective=MISERE_PLAY) == order[0]
    assert next(lazy) == order[1]  # only the first was taken from the lazy order


def test_what_one_discard_tells_of_another_is_right() -> None:
    # Screened from the discards that keep the lowest cards up (so that most answers are told
    # by others), every discard's catches are still those of its own search.
    rng = random.Random(SEED)
    for _ in range(6):
        twelve = low_twelve(rng)
        pool = twelve.complement()
        layouts = random_layouts(rng, pool, 12)
        seat = Seat(rng.randrange(3))
        discards = Discards(twelve, MISERE_PLAY)
        catches = Catches(discards, len(layouts))
        by_height = sorted(
            range(66), key=lambda n: -sum(c.rank for c in CardSet(discards.masks[n]))
        )
        for number in by_height + by_height[::-1]:
            hand = twelve - CardSet(discards.masks[number])
            screened = catches.screen(number, hand, pool, seat, layouts)
            assert screened is not None
            caught, unknown = screened
            flags = solve_many(hand, pool, seat, layouts, cap=1)
            assert caught == [i for i, flag in enumerate(flags) if flag] and not unknown


# --- the facts of play the bounds stand on -----------------------------------------------------


def lower_swaps(twelve: CardSet) -> list[tuple[CardSet, CardSet]]:
    """Pairs of discards (x, y) where x keeps a lower card of a suit than y and is otherwise the
    same: x throws the higher card ``b`` and y the lower ``a``, with one more card ``c``."""
    cards = list(twelve)
    pairs = []
    for a, b in itertools.combinations(cards, 2):
        if a.suit != b.suit:
            continue
        for c in cards:
            if c not in (a, b):
                pairs.append((CardSet.of((b, c)), CardSet.of((a, c))))
    return pairs


def test_keeping_lower_cards_is_never_caught_where_higher_ones_are_clean() -> None:
    rng = random.Random(SEED)
    checked = 0
    for _ in range(12):
        twelve = low_twelve(rng)
        pool = twelve.complement()
        layouts = random_layouts(rng, pool, 20)
        seat = Seat(rng.randrange(3))
        for lower, higher in rng.sample(lower_swaps(twelve), 12):
            low = solve_many(twelve - lower, pool, seat, layouts, cap=1)
            high = solve_many(twelve - higher, pool, seat, layouts, cap=1)
            assert all(h or not lo for lo, h in zip(low, high, strict=True))
            checked += len(layouts)
    assert checked == 12 * 12 * 20


def test_the_catch_is_monotone_by_brute_force() -> None:
    # M's card y swapped for a lower card x of its suit that nobody holds (as a discarded
    # card is): caught with x means caught with y.
    rng = random.Random(SEED)
    checked = 0
    while checked < 150:
        deck = [8 * s + r for s in rng.sample(range(4), 2) for r in range(8)]
        cards = rng.sample(deck, 10)
        m, left, right = (sum(1 << c for c in cards[i * 3 : i * 3 + 3]) for i in range(3))
        absent = cards[9]
        for y in (c for c in cards[:3] if c >> 3 == absent >> 3 and c > absent):
            lower_m = m & ~(1 << y) | 1 << absent
            leader = rng.randrange(3)
            if brute_force([lower_m, left, right], leader):
                assert brute_force([m, left, right], leader)
            checked += 1


def test_the_trick_count_is_not_monotone() -> None:
    # Keeping the ♣8 rather than the ♣A: caught either way, but for three tricks, not two.
    left = parse_cards("♠J Q A ♣J ♦8 9 J Q K ♥J")
    right = parse_cards("♠8 K ♣9 10 Q K ♦A ♥Q K A")
    keeps_lower = parse_cards("♠9 10 ♣7 8 ♦7 10 ♥7 8 9 10")
    keeps_higher = parse_cards("♠9 10 ♣7 A ♦7 10 ♥7 8 9 10")
    assert solve_layout(keeps_lower, left, right, Seat.L).tricks == 3
    assert solve_layout(keeps_higher, left, right, Seat.L).tricks == 2


def test_the_order_between_discards() -> None:
    discards = Discards(parse_cards("♠7 8 10 ♣7 9 J ♦7 8 ♥7 9 K A"), MISERE_PLAY)
    number = {CardSet(mask): n for n, mask in enumerate(discards.masks)}

    def below(x: str, y: str) -> bool:
        return bool(discards.below[number[parse_cards(y)]] >> number[parse_cards(x)] & 1)

    assert below("♥K A", "♥9 A")  # throws the K rather than the 9: keeps the lower card
    assert below("♠10 ♥A", "♠8 ♥A") and below("♠10 ♥A", "♠8 ♥K")
    assert not below("♠8 ♥A", "♠10 ♥A")
    assert not below("♠10 ♥A", "♣J ♥A")  # other suits: no order
    assert all(discards.below[n] >> n & 1 for n in range(66))


def test_touching_cards_are_one_card() -> None:
    twelve = parse_cards("♠7 8 9 ♣8 9 ♦7 10 J ♥7 8 Q K")
    discards = Discards(twelve, MISERE_PLAY)
    key = {CardSet(mask): discards.key[n] for n, mask in enumerate(discards.masks)}
    assert key[parse_cards("♠7 ♥K")] == key[parse_cards("♠9 ♥Q")]  # ♠7 8 9 and ♥Q K run
    assert key[parse_cards("♦10 ♦J")] != key[parse_cards("♦7 ♦J")]  # ♦8 9 lie between
    across = Discards(
        parse_cards("♠7 8 9 10 J Q K A ♣7 ♦9 ♥7 8"), MISERE_PLAY
    )  # ♠A and ♣7 do not touch
    keys = {CardSet(mask): across.key[n] for n, mask in enumerate(across.masks)}
    assert keys[parse_cards("♠A ♦9")] != keys[parse_cards("♣7 ♦9")]
    assert keys[parse_cards("♠7 ♦9")] == keys[parse_cards("♠A ♦9")]
    rng = random.Random(SEED)
    pool = twelve.complement()
    layouts = random_layouts(rng, pool, 30)
    for seat in Seat:
        for first, second in itertools.combinations(key, 2):
            if key[first] == key[second] and rng.random() < 0.3:
                a = solve_many(twelve - first, pool, seat, layouts)
                assert solve_many(twelve - second, pool, seat, layouts) == a


# --- the search for the best, on made-up answers -----------------------------------------------


class MadeUpPlay:
    """A stand-in for the solver over random layouts of one twelve-card hand: each layout has a
    threshold, and a discard is caught there when its kept cards, ranked among those still in
    play, stand higher (so a catch is monotone in the cards kept, and touching cards are one);
    a caught layout costs 1 to 4 tricks at random. It answers as ``solve_many`` does, with its
    cap, stop and budget (a budget gives up on some clean layouts)."""

    def __init__(self, twelve: CardSet, layouts: int, rng: random.Random) -> None:
        self.pool = twelve.complement()
        self.thresholds = [rng.randrange(0, 60) for _ in range(layouts)]
        self.costs: dict[tuple[tuple[int, ...], int], int] = {}
        self.rng = rng
        self._kept: dict[int, tuple[int, ...]] = {}

    def kept(self, hand: CardSet) -> tuple[int, ...]:
        """Each kept card as (suit, its rank among the cards still in play): the same for
        discards that differ by touching cards."""
        if hand.mask not in self._kept:
            in_play = hand | self.pool
            self._kept[hand.mask] = tuple(
                4 * sum(1 for c in in_play if c.suit == k.suit and c < k) + k.suit for k in hand
            )
        return self._kept[hand.mask]

    def made(self, kept: tuple[int, ...], layout: int) -> bool:
        """Whether the declarer keeping ``kept`` falls no trick short on ``layout``."""
        return sum(k // 4 for k in kept) <= self.thresholds[layout]

    def tricks(self, hand: CardSet, layout: int) -> int:
        kept = self.kept(hand)
        if self.made(kept, layout):
            return 0
        if (kept, layout) not in self.costs:
            self.costs[kept, layout] = self.rng.randint(1, 4)
        return self.costs[kept, layout]

    def __call__(
        self,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        *,
        cap: int = 10,
        stop: int | None = None,
        budget: int | None = None,
    ) -> bytes:
        answers = bytearray()
        capped = 0
        for layout in layouts:
            if capped == stop:
                break
            count = min(self.tricks(hand, layout), cap)
            if budget is not None and count == 0 and (layout + hand.mask) % 3 == 0:
                count = GAVE_UP
            answers.append(count)
            capped += count == cap
        return bytes(answers)


@pytest.mark.parametrize("seed", range(40))
def test_the_search_finds_the_best_of_made_up_answers(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    twelve = low_twelve(rng)
    n = rng.choice([1, 2, 4, 8])
    play = MadeUpPlay(twelve, n, rng)
    monkeypatch.setattr(advisor.exact.misere, "solve_many", play)
    layouts = array("I", range(n))
    order = table_order(twelve, Seat.L)
    totals = [MISERE.total(bytes(play.tricks(twelve - d, j) for j in range(n))) for d in order]
    best = max(range(66), key=lambda i: (totals[i], -i))
    assert (
        choose_discard(
            twelve, twelve.complement(), Seat.L, layouts, iter(order), objective=MISERE_PLAY
        )
        == order[best]
    )
    scored = score_discards(
        twelve, twelve.complement(), (Seat.L,), layouts, order, objective=MISERE_PLAY
    )
    assert totals[order.index(scored[0].discards)] == totals[best]
    assert scored[0].discards == order[best]


def test_a_batch_screens_in_pieces_with_the_same_answers() -> None:
    """The threads screen pieces of a batch apart (what is inferred of a layout comes from the
    discards screened on it before): any number of pieces gives every discard the same
    catches and the same figures."""
    require_solver()
    twelve = parse_cards("7S 9S 7C 8C 9C QC KC 8D 9D 10D 7H 10H")
    pool = twelve.complement()
    rng = random.Random(4)
    layouts = array("I", (CardSet.of(rng.sample(list(pool), 10)).mask for _ in range(96)))
    order = list(talon_discard_order(twelve, Lead.THEM.founding, default_table()))
    found = []
    for jobs in (1, 2, 5):
        scores = advisor.exact.scores.DiscardScores(
            twelve, pool, Lead.THEM.seats, order, jobs, objective=MISERE_PLAY
        )
        scores.add(layouts[:32])
        scores.add(layouts[32:])
        scores.choose(3)
        found.append(
            (scores.caught, scores.best(), [scores.interval(r, 1.96) for r in scores.ranks])
        )
    assert found[0] == found[1] == found[2]
    assert [len(p) for p in advisor.exact.scores._pieces(range(32, 96), 5)] == [16] * 4
    assert advisor.exact.scores._pieces(range(0, 20), 2) == [range(0, 20)]


OTHER_SCORING = Scoring(made=3, per_trick=7)


class MadeUpGame(MadeUpPlay):
    """:class:`MadeUpPlay` the other way round, as in a game contract: the declarer falls
    short where the cards he keeps stand *lower*, so keeping the higher card of a suit is never
    worse."""

    def made(self, kept: tuple[int, ...], layout: int) -> bool:
        return sum(k // 4 for k in kept) >= self.thresholds[layout] // 3 + 5


@dataclass(frozen=True)
class MadeUpObjective:
    """An objective other than misère: its own score table, its own solver (made-up answers),
    its own direction of dominance."""

    play: MadeUpPlay
    keeps_lower: bool
    scoring: Scoring = OTHER_SCORING
    screen_budget: int = 400

    def short(
        self,
        hand: CardSet,
        pool: CardSet,
        seat: Seat,
        layouts: array[int],
        *,
        cap: int = 10,
        stop: int | None = None,
        budget: int | None = None,
    ) -> bytes:
        return self.play(hand, pool, seat, layouts, cap=cap, stop=stop, budget=budget)

    def discard_order(self, twelve: CardSet, lead: Lead, table: Table) -> Iterator[CardSet]:
        return talon_discard_order(twelve, lead.founding, table)


@pytest.mark.parametrize("keeps_lower", [True, False])
@pytest.mark.parametrize("seed", range(20))
def test_another_objective_plugs_in(seed: int, keeps_lower: bool) -> None:
    """The machinery asks the objective for everything contract-like: with another score table
    and the dominance the other way, the choice and the scores are the best by that objective
    (a wrong direction of dominance would infer answers the made-up play does not give)."""
    rng = random.Random(seed)
    twelve = low_twelve(rng)
    n = rng.choice([1, 2, 4, 8])
    play = (MadeUpPlay if keeps_lower else MadeUpGame)(twelve, n, rng)
    objective = MadeUpObjective(play, keeps_lower)
    layouts = array("I", range(n))
    order = table_order(twelve, Seat.L)
    scoring = objective.scoring
    totals = [scoring.total(bytes(play.tricks(twelve - d, j) for j in range(n))) for d in order]
    best = max(range(66), key=lambda i: (totals[i], -i))
    pool = twelve.complement()
    chosen = choose_discard(twelve, pool, Seat.L, layouts, iter(order), objective=objective)
    assert chosen == order[best]
    scored = score_discards(twelve, pool, (Seat.L,), layouts, order, objective=objective)
    assert scored[0].discards == order[best]
    for found in scored:
        tricks = bytes(play.tricks(twelve - found.discards, j) for j in range(n))
        assert found.seats[0].caught == sum(1 for t in tricks if t)
        assert found.seats[0].bound >= scoring.total(tricks)
