/*
 * _through.c: "caught through a suit", exact play in the table's language. Included by _core.c
 * near its end: it uses the core's static parts (the per-suit games, the budget, the entry
 * format of the transposition table, the layouts of the bulk calls).
 *
 * The question, for a suit s that M holds: can the catchers force M's first trick to be a
 * trick led in s (so won by M's card of s), against an M who avoids that and may take his
 * first trick in another suit instead? A game of its own, over at M's first trick: the
 * catchers have won it when that trick was led in s, M when it was led in another suit or when
 * he takes no trick at all. So after the first trick a catcher is always on lead, and M leads
 * only the first trick of a layout (where he may lead a winner of another suit).
 *
 * The plain search's shortcuts treat the four suits alike; here the target suit is told apart
 * and each one is derived again for it:
 *   - positions normalised with the target in slot 0 and only the other three suits sorted, so
 *     that the target is always suit 0 of the search (THROUGH_NO_SORT: the suits stay put);
 *   - entries of their own in the plain search's transposition table, under a key no plain
 *     entry can have (see below), one bit of answer: a position's answer is settled, not a
 *     bound; the table is asked about every position after the last card of a trick before
 *     any is searched (an enhanced transposition cutoff) (THROUGH_NO_TABLE);
 *   - the per-suit games for the target alone (THROUGH_NO_GAMES), with a catcher on lead: the
 *     target SAFE means 0 (M follows it by its safe play and, when void in the suit led,
 *     discards outside it or its highest card, which keeps it safe: he never wins a trick of
 *     it, whatever happens elsewhere); a CATCH of the target by the catcher on lead means 1
 *     (leading only the target they force M to win a trick of it, and every trick before that
 *     is of the target too, so M wins none elsewhere); and a CATCH by the partner means 1 when
 *     the leader can hand him the lead in a suit M follows and cannot win, which leaves the
 *     target as it was (THROUGH_NO_TRANSFER);
 *   - with M on lead (THROUGH_NO_LEAD_CUTS): a card outside the target above the catchers'
 *     cards of its suit wins his first trick elsewhere (0); the target SAFE and a card outside
 *     it to lead (0: M wins that trick elsewhere, or a catcher leads into a safe target); an
 *     exit in the target that leaves it safe (0: the exit of the plain search, for one suit);
 *     and each lead of his answered by a catch (1): every other suit's card overtaken by a
 *     catcher from whose lead the target, untouched, catches him by itself, every card of the
 *     target ducked for his trick or won into such a catch;
 *   - what the plain question (is M caught at all?) says (THROUGH_NO_PLAIN): not caught at
 *     all, from its cutoffs or its table, means 0; and where every other suit is dead (M holds
 *     nothing in it above the catchers' cards), M's first trick can only be of the target, so
 *     the two questions are one and the plain search, whose table holds the layout's plain
 *     search, answers;
 *   - equivalent cards tried once: neighbours in one hand (THROUGH_NO_EQUIVALENCE).
 * M void in the target means 0 (never compiled out: it is also how the game ends when M runs
 * out of cards). The tests compile each shortcut out in turn and check the search against a
 * brute force.
 *
 * A layout is caught through s only if it is caught (the catchers' way to force a trick of s
 * forces a trick), but it can be caught through no suit: M chooses where to lose his first
 * trick, and the catchers have an answer to each choice ("caught whichever suit M protects").
 */

/* The through-search's entries share the plain search's transposition table, with a key the
 * plain search's can never meet: 3 in the leader field (plain entries have 0, 1 or 2), the
 * real leader (L or R: M leads only the first trick, which is not stored) in the lb field, the
 * answer in the ub field:
 *   valid (1) | caught (1) << 1 | leader is R (1) << 5 | cards (4) << 9 | 3 << 13 | tag << 15
 * A plain probe's tag has its own leader in the leader field, so it never matches one of these;
 * the two searches only take each other's ways when a bucket is full, as either does its own. */
enum { THROUGH_CODE = 3 };

#ifndef THROUGH_NO_TABLE
/* The through entry of a position probed with THROUGH_CODE (0: none), and its way. */
static Entry through_find(const Probe *p, int leader, int *way) {
    for (int w = 0; w < WAYS; w++) {
        Entry e = p->bucket[w];
        int seat_r = (int)(e >> 5 & 1);
        if ((e & ~(u64)ID_MASK_LOW) == p->tag && (e & 1) && seat_r == (leader == SEAT_R)) {
            *way = w;
            return e;
        }
    }
    return 0;
}
#endif

/* A position normalised for the target suit `target`: each suit's cards renumbered, the
 * target moved to slot 0 and the other three sorted. */
static ALWAYS_INLINE void normalise_through(u32 h[3], int target) {
    u32 suit[4];
    suit_words(h, suit);
    u32 kept = suit[target];
    suit[target] = suit[0];
    suit[0] = kept;
#ifndef THROUGH_NO_SORT
    sort3_down(&suit[1]);
#endif
    hands_of_suit_words(suit, h);
}

/* The cards of `hand` worth trying. */
static ALWAYS_INLINE u32 through_candidates(u32 hand) {
#ifdef THROUGH_NO_EQUIVALENCE
    return hand;
#else
    return representatives(hand);
#endif
}

#ifndef THROUGH_NO_LEAD_CUTS
/* M on lead (target: suit 0) leads a card that keeps him from being caught through it. */
static int escapes(u32 m, u32 l, u32 r) {
    u32 catchers = l | r;
    for (int shift = 8; shift < 32; shift += 8) {
        u32 mine = m >> shift & 0xFF, theirs = catchers >> shift & 0xFF;
        if (mine && (!theirs || highest(mine) > highest(theirs))) return 1; /* a sure winner */
    }
    if ((m & ~0xFFu) && suit_is_safe(m, l, r, 0)) return 1;
    return exit_in_suit(m, l, r, 0);
}
#endif

#ifndef THROUGH_NO_LEAD_CUTS
/* After M leads `x` of the target and the catchers play `l_card`, `r_card` (0: void), the
 * trick is M's (caught through the target), or the winner catches him by the target alone. */
static int lead_caught_after(u32 m, u32 l, u32 r, u32 x, u32 l_card, u32 r_card) {
    if (x > l_card && x > r_card) return 1;
    u32 a = (m & ~x) | (r & ~r_card), b = (l & ~l_card) | (r & ~r_card);
    return suit_flags(a, b) >> (l_card > r_card ? SEAT_L : SEAT_R) & 1;
}

/* M leads his highest card of the suit at `shift` (another than the target): a catcher can
 * overtake it and win the trick, the target untouched (the other catcher follows the suit under
 * him, or throws a card of a third suit), and the target then catches M by itself from the
 * winner's lead. Every lower card of the suit is overtaken the same way. */
static int overtaken_into_catch(u32 m, u32 l, u32 r, int shift, u32 flags) {
    u32 mine = m >> shift & 0xFF;
    for (int seat = SEAT_L; seat <= SEAT_R; seat++) {
        u32 hand = seat == SEAT_L ? l : r, other = seat == SEAT_L ? r : l;
        u32 own = hand >> shift & 0xFF, theirs = other >> shift & 0xFF;
        if (!(flags >> seat & 1) || !own || highest(own) < highest(mine)) continue;
        if (theirs ? LOWEST8[theirs] < highest(own) : (other & ~0xFFu) != 0) return 1;
    }
    return 0;
}

/* M on lead (target: suit 0) is caught through it whatever he leads: each card of another
 * suit is overtaken into a catch by the target alone (overtaken_into_catch), and to each card
 * of the target the catchers have an answer that lets him win the trick or leaves the winner
 * such a catch. */
static int lead_is_caught(u32 m, u32 l, u32 r) {
    u32 flags = suit_flags(SUIT_A(m, l, r, 0), SUIT_B(m, l, r, 0));
    if (!(flags & (CATCH_L | CATCH_R))) return 0;
    for (int shift = 8; shift < 32; shift += 8)
        if (m >> shift & 0xFF && !overtaken_into_catch(m, l, r, shift, flags)) return 0;
    u32 ml = m & 0xFF, ll = l & 0xFF, rl = r & 0xFF;
    for (u32 xs = ml; xs; xs &= xs - 1) {
        u32 x = xs & -xs;
        int answered = 0;
        for (u32 lc = ll ? ll : 1; lc && !answered; lc &= lc - 1)
            for (u32 rc = rl ? rl : 1; rc && !answered; rc &= rc - 1)
                answered = lead_caught_after(ml, ll, rl, x, ll ? lc & -lc : 0, rl ? rc & -rc : 0);
        if (!answered) return 0;
    }
    return 1;
}
#endif

#if !defined THROUGH_NO_GAMES && !defined THROUGH_NO_TRANSFER
/* The catcher on lead can hand the lead to his partner without a card of the target (suit 0)
 * played: in another suit M holds (so he follows it, and keeps his cards of the target), the
 * leader's lowest card is below the partner's highest, which is above all of M's. */
static int hands_over(u32 m, u32 l, u32 r, int leader) {
    u32 own = leader == SEAT_L ? l : r, partner = leader == SEAT_L ? r : l;
    for (int shift = 8; shift < 32; shift += 8) {
        u32 mine = m >> shift & 0xFF, led = own >> shift & 0xFF, top = partner >> shift & 0xFF;
        if (mine && led && top && highest(top) > highest(mine) && lowest(led) < highest(top))
            return 1;
    }
    return 0;
}
#endif

/* The answer without search where one is known (1 or 0), else -1; the target is suit 0.
 * Valid on positions whether normalised or not (the target's slot stays). */
static ALWAYS_INLINE int through_cutoff(u32 m, u32 l, u32 r, int leader) {
    (void)l, (void)r, (void)leader; /* unused with every cutoff compiled out */
    if (!(m & 0xFF)) return 0; /* M holds none of the target: he can take no trick of it */
#ifndef THROUGH_NO_GAMES
    if (leader != SEAT_M) {
        u32 flags = suit_flags(SUIT_A(m, l, r, 0), SUIT_B(m, l, r, 0));
        if (flags & SAFE) return 0;
        if (flags >> leader & 1) return 1; /* CATCH_L is 1 << SEAT_L, CATCH_R 1 << SEAT_R */
#ifndef THROUGH_NO_TRANSFER
        if (flags >> (SEAT_L + SEAT_R - leader) & 1 && hands_over(m, l, r, leader)) return 1;
#endif
    }
#endif
#ifndef THROUGH_NO_LEAD_CUTS
    if (leader == SEAT_M && escapes(m, l, r)) return 0;
    if (leader == SEAT_M && lead_is_caught(m, l, r)) return 1;
#endif
    return -1;
}

typedef struct {
    u32 h[3];       /* hands at the start of the trick, normalised for the target (suit 0) */
    int leader;     /* who led this trick */
    int suit_shift; /* 8 * the led suit */
    int win_seat;   /* who is winning the trick so far */
    int win_rank;   /* and with which rank of the led suit */
    u32 played[3];  /* the card each seat has put on the table (0 = not yet) */
    Budget *budget;
} ThroughTrick;

/* The moves of `seat` as the `pos`-th player (0 = leader) of trick t, best first. */
static int through_moves(const ThroughTrick *t, int seat, int pos, uint8_t out[MAX_TRICKS]) {
    u32 hand = t->h[seat];
    int score[32];
    if (pos == 0) {
        u32 cards = through_candidates(hand), m = t->h[SEAT_M];
        for (u32 x = cards; x; x &= x - 1) {
            int card = lowest(x), shift = card & ~7, rank = card & 7;
            if (seat == SEAT_M) /* high cards elsewhere first (a trick there saves him), then
                                 * the target's low cards */
                score[card] = shift ? 7 - rank : 16 + rank;
            else /* the target first, then suits M holds, suits he is void in last; high first */
                score[card] = (!shift ? 0 : (m >> shift & 0xFF) ? 16 : 32) + 7 - rank;
        }
        return order_moves(cards, score, out);
    }
    u32 suit = 0xFFu << t->suit_shift;
    if (hand & suit) {
        u32 cards = through_candidates(hand & suit);
        u32 below = cards & ((1u << (t->suit_shift + t->win_rank)) - 1), above = cards & ~below;
        int target = t->suit_shift == 0;
        if (seat == SEAT_M) /* the target: duck with the highest card that loses; elsewhere: win
                             * with the highest card */
            return target ? emit_down(above, out, emit_down(below, out, 0))
                          : emit_down(below, out, emit_down(above, out, 0));
        if (t->win_seat == SEAT_M) /* the target: keep him winning with the highest card under
                                    * his; elsewhere: overtake him low */
            return target ? emit_up(above, out, emit_down(below, out, 0))
                          : emit_down(below, out, emit_up(above, out, 0));
        if (pos == 1) /* before M: the target low, elsewhere high */
            return target ? emit_up(cards, out, 0) : emit_down(cards, out, 0);
        return emit_down(cards, out, 0); /* M is beaten already: shed high cards */
    }
    /* void: M sheds the target's highest cards first, then the others' highest; a catcher his
     * highest cards */
    u32 cards = through_candidates(hand);
    for (u32 x = cards; x; x &= x - 1) {
        int card = lowest(x);
        score[card] = (seat == SEAT_M && !(card & ~7) ? 0 : 16) + 8 - (card & 7);
    }
    return order_moves(cards, score, out);
}

static int through_search(u32 m, u32 l, u32 r, int leader, Budget *budget);

#ifndef THROUGH_NO_PLAIN
/* M can win no trick of this suit (at `shift`): every card he holds in it is below every card
 * the catchers hold in it. With a catcher on lead that stays so (only their cards of the suit
 * can lead it, and only M's higher card could win it); with M on lead the catchers must also
 * hold the suit when he does (else the card he leads wins). */
static ALWAYS_INLINE int dead_suit(u32 m, u32 l, u32 r, int shift, int leader) {
    u32 mine = m >> shift & 0xFF, theirs = (l | r) >> shift & 0xFF;
    if (!mine) return 1;
    if (!theirs) return leader != SEAT_M;
    return highest(mine) < LOWEST8[theirs];
}

/* What the plain question (is M caught at all? k = 1) says of the through-question, asked of
 * the plain search's cutoffs and table, which the plain search of the layout has just filled:
 * not caught at all means not caught through the target (0); and when every other suit is
 * dead, M's first trick, if any, is of the target, so the two questions are one (the plain
 * search answers). -1: no answer. */
static int plain_answer(u32 m, u32 l, u32 r, int leader, Budget *budget) {
    int dead = 1;
    for (int shift = 8; shift < 32; shift += 8) dead &= dead_suit(m, l, r, shift, leader);
    int cut = static_cutoff(m, l, r, leader, 1);
    if (cut == 0 || (cut > 0 && dead)) return cut;
    u32 h[3] = {m, l, r};
    normalise(h);
    if (dead) return search(h[0], h[1], h[2], leader, 1, budget);
    return table_answer(h, leader, 1, budget) == 0 ? 0 : -1;
}
#endif

/* The cutoffs, and then what the plain search knows. */
static int answer_without_search(u32 m, u32 l, u32 r, int leader, Budget *budget) {
    int cut = through_cutoff(m, l, r, leader);
#ifndef THROUGH_NO_PLAIN
    if (cut < 0) cut = plain_answer(m, l, r, leader, budget);
#else
    (void)budget;
#endif
    return cut;
}

/* A position after a complete trick: normalised, with its answer if known without search
 * (`cut`: 0 or 1, else -1). */
typedef struct {
    u32 h[3];
    int leader, cut;
} ThroughChild;

/* The position after `seat` plays `card`, the last of trick t. */
static void through_child(const ThroughTrick *t, int seat, int card, ThroughChild *c) {
    c->leader = t->win_seat;
    if ((card & ~7) == t->suit_shift && (card & 7) > t->win_rank) c->leader = seat;
    if (c->leader == SEAT_M) { /* M's first trick: was it of the target? */
        c->cut = t->suit_shift == 0;
        return;
    }
    for (int s = 0; s < 3; s++) c->h[s] = t->h[s] & ~t->played[s];
    c->h[seat] &= ~(1u << card);
    c->cut = answer_without_search(c->h[0], c->h[1], c->h[2], c->leader, t->budget);
    if (c->cut < 0) normalise_through(c->h, 0);
}

/* What the table knows of a child to be searched: 0, 1, or -1 (nothing). */
static int through_known(const ThroughChild *c) {
#ifdef THROUGH_NO_TABLE
    (void)c;
    return -1;
#else
    Probe probe = tt_probe_of(c->h[0], c->h[1], c->h[2], THROUGH_CODE);
    int way;
    Entry entry = through_find(&probe, c->leader, &way);
    return entry ? (int)(entry >> 1 & 1) : -1;
#endif
}

/* The last card of a trick: every position after it is prepared first (one answered without
 * search settles the trick), the table is asked about all of them (an enhanced transposition
 * cutoff), and then they are searched in order. */
static int through_last(const ThroughTrick *t, int seat, const uint8_t *moves, int n) {
    ThroughChild child[MAX_TRICKS];
    int want = seat == SEAT_M ? 0 : 1;
    for (int i = 0; i < n; i++) {
        through_child(t, seat, moves[i], &child[i]);
        if (child[i].cut == want) return want;
        if (t->budget->spent) return 0;
    }
    for (int i = 1; i < n; i++)
        if (child[i].cut < 0 && through_known(&child[i]) == want) return want;
    for (int i = 0; i < n; i++) {
        const ThroughChild *c = &child[i];
        if (c->cut < 0 && through_search(c->h[0], c->h[1], c->h[2], c->leader, t->budget) == want)
            return want;
        if (t->budget->spent) return 0;
    }
    return !want;
}

static int through_play(ThroughTrick *t, int pos) {
    int seat = (t->leader + pos) % 3;
    uint8_t moves[MAX_TRICKS];
    int n = through_moves(t, seat, pos, moves);
    int want = seat == SEAT_M ? 0 : 1; /* M looks for a refutation, the catchers for a catch */
    int suit_shift = t->suit_shift, win_seat = t->win_seat, win_rank = t->win_rank;
    t->budget->nodes += (u64)n;
    if (pos == 2) return through_last(t, seat, moves, n);
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        if (pos == 0) {
            t->suit_shift = card & ~7;
            t->win_seat = seat;
            t->win_rank = card & 7;
        } else if ((card & ~7) == suit_shift && (card & 7) > win_rank) {
            t->win_seat = seat;
            t->win_rank = card & 7;
        }
        t->played[seat] = 1u << card;
        int result = through_play(t, pos + 1);
        t->suit_shift = suit_shift;
        t->win_seat = win_seat;
        t->win_rank = win_rank;
        t->played[seat] = 0;
        if (t->budget->spent) return 0;
        if (result == want) return want;
    }
    return !want;
}

static int through_expand(u32 m, u32 l, u32 r, int leader, Budget *budget) {
    ThroughTrick t = {{m, l, r}, leader, 0, leader, 0, {0, 0, 0}, budget};
    return through_play(&t, 0);
}

/* Whether the catchers can force M's first trick to be of the target (suit 0) from this
 * normalised position, which has no static answer. */
static int through_search(u32 m, u32 l, u32 r, int leader, Budget *budget) {
    if (budget->nodes >= budget->check_at && budget_ends(budget)) return 0;
#ifdef THROUGH_NO_TABLE
    return through_expand(m, l, r, leader, budget);
#else
    Probe probe = tt_probe_of(m, l, r, THROUGH_CODE);
    int way;
    Entry entry = through_find(&probe, leader, &way);
    if (entry) return (int)(entry >> 1 & 1);
    way = victim(probe.bucket);
    int caught = through_expand(m, l, r, leader, budget);
    if (budget->spent) return 0;
    probe.bucket[way] = probe.tag | (u64)popcount32(m) << 9 | (u64)(leader == SEAT_R) << 5 |
                        (u64)caught << 1 | 1;
    return caught;
#endif
}

/* Whether the catchers can force M's first trick to be one of suit `suit` (0 = spades .. 3),
 * `leader` to lead the first trick. The first trick is searched without the table (no other
 * layout reaches it). */
static int caught_through(u32 m, u32 l, u32 r, int leader, int suit, Budget *budget) {
    u32 h[3] = {m, l, r};
    normalise_through(h, suit);
    ++budget->nodes;
    int cut = answer_without_search(h[0], h[1], h[2], leader, budget);
    return cut >= 0 ? cut : through_expand(h[0], h[1], h[2], leader, budget);
}

/* The suits M is caught through in one layout: bit s for suit s (0 when the search gave up). */
static int through_suits(u32 m, u32 l, u32 r, int leader, Budget *budget) {
    int suits = 0;
    for (int suit = 0; suit < 4; suit++)
        if (caught_through(m, l, r, leader, suit, budget)) suits |= 1 << suit;
    return budget->spent ? 0 : suits;
}

/* ------------------------------------------------------------------------------------------ */
/* Python bindings of the through-search.                                                      */

static PyObject *py_through(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, l, r;
    int leader;
    if (!PyArg_ParseTuple(args, "IIIi:through", &m, &l, &r, &leader)) return NULL;
    if (parse_leader(leader) < 0 || check_layout(m, l, r) < 0) return NULL;
    PyThreadState *thread = PyEval_SaveThread();
    Budget budget = budget_of(UINT64_MAX, &thread);
    int suits = through_suits(m, l, r, leader, &budget);
    PyEval_RestoreThread(thread);
    node_count += budget.nodes;
    if (stopped(budget.stopped)) return NULL;
    return PyLong_FromLong(suits);
}

/* through_many and through_ranked: the suits of each layout of the buffer, one byte each. */
static PyObject *through_buffer(PyObject *args, const char *format, int ranked, const char *name) {
    unsigned int m, pool;
    int leader;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, format, &m, &pool, &leader, &view)) return NULL;
    Layouts layouts;
    PyObject *result = NULL;
    if (parse_leader(leader) < 0 || (ranked && check_pool(m, pool) < 0)) goto done;
    if (layouts_of(&layouts, m, pool, ranked, &view, name) < 0) goto done;
    if (check_values(&layouts, name) < 0) goto done;
    result = PyBytes_FromStringAndSize(NULL, layouts.count);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    PyThreadState *thread = PyEval_SaveThread();
    Budget budget = budget_of(UINT64_MAX, &thread);
    for (Py_ssize_t j = 0; j < layouts.count && !budget.stopped; j++) {
        u32 l = left_hand(&layouts, j);
        out[j] = (uint8_t)through_suits(m, l, pool & ~l, leader, &budget);
    }
    PyEval_RestoreThread(thread);
    node_count += budget.nodes;
    if (stopped(budget.stopped)) Py_CLEAR(result);
done:
    PyBuffer_Release(&view);
    return result;
}

static PyObject *py_through_many(PyObject *self, PyObject *args) {
    (void)self;
    return through_buffer(args, "IIiy*:through_many", 0, "l_masks");
}

static PyObject *py_through_ranked(PyObject *self, PyObject *args) {
    (void)self;
    return through_buffer(args, "IIiy*:through_ranked", 1, "ranks");
}

static PyObject *py_enumerate_through(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, pool;
    int leader;
    unsigned long long start, count;
    if (!PyArg_ParseTuple(args, "IIiKK:enumerate_through", &m, &pool, &leader, &start, &count))
        return NULL;
    Walk walk;
    if (parse_leader(leader) < 0 || check_pool(m, pool) < 0) return NULL;
    if (walk_of(&walk, m, pool, start, count) < 0) return NULL;
    u64 hist[HIST] = {0}, suits[16] = {0};
    PyThreadState *thread = PyEval_SaveThread();
    Budget budget = budget_of(UINT64_MAX, &thread);
    for (u64 j = 0; j < count && !budget.stopped; j++) {
        u32 l = walk_hand(&walk);
        int tricks = forced_tricks(m, l, pool & ~l, leader, &budget);
        int through = tricks > 0 ? through_suits(m, l, pool & ~l, leader, &budget) : 0;
        if (budget.stopped) break;
        hist[tricks]++;
        if (tricks > 0) suits[through]++;
        walk_next(&walk);
    }
    PyEval_RestoreThread(thread);
    node_count += budget.nodes;
    if (stopped(budget.stopped)) return NULL;
    PyObject *tricks = count_list(hist, HIST), *through = tricks ? count_list(suits, 16) : NULL;
    PyObject *result = through ? PyTuple_Pack(2, tricks, through) : NULL;
    Py_XDECREF(tricks);
    Py_XDECREF(through);
    return result;
}

static PyObject *py_through_static_answer(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, l, r;
    int leader, suit;
    if (!PyArg_ParseTuple(args, "IIIii:through_static_answer", &m, &l, &r, &leader, &suit))
        return NULL;
    if (parse_leader(leader) < 0 || check_layout(m, l, r) < 0) return NULL;
    if (suit < 0 || suit > 3) {
        PyErr_Format(PyExc_ValueError, "suit must be 0 to 3, not %d", suit);
        return NULL;
    }
    u32 h[3] = {m, l, r};
    normalise_through(h, suit);
    return PyLong_FromLong(through_cutoff(h[0], h[1], h[2], leader));
}

#define THROUGH_METHODS                                                                            \
    {"through", py_through, METH_VARARGS,                                                          \
     "through(m, l, r, leader) -> int: the suits M is caught through in this layout, bit s for "   \
     "suit s: the catchers can force his first trick to be one led in that suit."},                \
    {"through_many", py_through_many, METH_VARARGS,                                                \
     "through_many(m, pool, leader, l_masks) -> bytes: through() for each L hand (R gets the "     \
     "rest of the pool), one byte each."},                                                         \
    {"through_ranked", py_through_ranked, METH_VARARGS,                                            \
     "through_ranked(m, pool, leader, ranks) -> bytes: through() for the splits of the pool with " \
     "these colex ranks, one byte each."},                                                         \
    {"enumerate_through", py_enumerate_through, METH_VARARGS,                                      \
     "enumerate_through(m, pool, leader, start, count) -> (list[int], list[int]): enumerate()'s "  \
     "histogram, and the caught splits counted by the suits M is caught through (16 counts, by "   \
     "the bits of through())."},                                                                   \
    {"through_static_answer", py_through_static_answer, METH_VARARGS,                              \
     "through_static_answer(m, l, r, leader, suit) -> int: what the through-search's cutoffs "     \
     "say about 'caught through suit?' without search: 1, 0, or -1 (no answer)."},
