/*
 * _core.c: an exact double-dummy solver for Preferans game contracts (plain C99, no third-party
 * code).
 *
 * Cards are bits of a uint32_t: bit suit * 8 + rank (rank 0 = the 7 .. 7 = the ace), the same
 * layout as advisor.cards.CardSet. Seats: 0 = M (the declarer), 1 = L (left of M, plays right
 * after him), 2 = R; a trick led by seat s goes s, s+1, s+2 (mod 3). The trump is a suit 0..3,
 * or 4 for no-trump. The rules of play: follow the led suit; a player who cannot follow and
 * holds a trump must play a trump (any one); only with neither may he play any card; the
 * highest trump wins, else the highest card of the suit led; the winner leads next.
 *
 * The search answers one question, "does M take at least k of the tricks left?" (a null-window
 * search, fail-soft: the answer is a bound on his tricks, at least k or below k, often tighter
 * than k itself), at trick boundaries; within a trick the three plays are expanded by a small
 * recursion. The exact count comes from a few such questions (MTD(f)), starting from a guess:
 * in a bulk call, the value of the layout before.
 *
 * Speed comes from (each switchable off for the tests, see PRUNE_*):
 *   - normalised positions: at every trick boundary each suit's remaining cards are renumbered
 *     0, 1, 2 ... (only their order matters), the trump suit is moved to the top byte and the
 *     other suits are sorted (with no trump left, all four are), so that equal endgames of
 *     different layouts, different hands and different trump suits meet in one table entry;
 *   - PRUNE_TABLE: a transposition table keyed by the whole normalised position (exact keys,
 *     so it never needs clearing and is shared by every call and thread of a process), holding
 *     a lower and an upper bound on the tricks M takes from there; an entry not used while
 *     the last 8,192 layouts were solved is replaced first (measured on all 184,756 layouts
 *     of the benchmark's slowest hand: 460 M -> 300 M nodes, as many as a table twice the
 *     size saved with the plain "fewest cards" replacement); before the last card of a
 *     trick is searched, the near table (below) is asked about every position it can lead
 *     to, and one that settles the question ends the trick at once (measured: 13 % fewer
 *     nodes on the slowest hand of the benchmark when both tables were asked, the same time;
 *     the near table alone, 5 to 9 % less time);
 *   - PRUNE_REGAIN: with a defender on lead, when M wins whatever suit he leads (its top card,
 *     or a ruff, the other defender not ruffing), M takes that trick and then cashes: a lower
 *     bound on his tricks, where PRUNE_QUICK counts only his top trumps (measured: 17 % fewer
 *     nodes on the slowest hand of the benchmark, no-trump);
 *   - PRUNE_EQUIVALENT: equivalent cards (neighbours among the cards in play, in one hand)
 *     tried once;
 *   - PRUNE_QUICK: sure tricks bound the answer without search: the top trumps of a seat win a
 *     trick each whoever leads, and the seat on lead cashes its top cards (top trumps first,
 *     and the rest of a suit once the others are void in it) while every other seat that
 *     still holds a trump follows suit;
 *   - move ordering: winners first for the leader (a defender's leads to his partner's winners
 *     among them), then low cards, each from the shortest suits first; the cheapest card that
 *     wins the trick or else the lowest for the others; at the root of a bulk call, the leads
 *     that settled most of the layouts before first (order_root_leads);
 *   - the table's memory mapped with huge pages where Linux offers them, and the entries of a
 *     trick's last positions prefetched together; a small "near" table in front of the big one
 *     (it stays in the core's cache); a position's bucket fetched while its sure tricks are
 *     counted (a third of the time went in waiting for the table's memory).
 *
 * Tried and not kept (no fewer nodes, or no less time; the figures are nodes over every layout
 * of a hand unless said otherwise):
 *   - a best lead kept beside each table entry; killer moves; a history of the leads that
 *     settled (M's leads ordered by it alone: from 32 % fewer nodes to 18 % more, by hand);
 *     a hint table of the lead that settled a question, keyed by the leader's hand and the
 *     cards in play (5 % fewer nodes, no less time); other orders of the leads (longest suits
 *     first, for either side or class: within 3 %, mostly more);
 *   - not storing small endgames; a table twice the size (6 to 8 % fewer nodes, 32 MB more,
 *     which `bid` cannot afford under its memory bound);
 *   - further bounds: the defender on lead reaching his partner's sure tricks; with M on
 *     lead, the defenders' sure tricks when they win whatever suit he leads (PRUNE_REGAIN's
 *     mirror: 35.32 M -> 35.31 M nodes on the slowest hand);
 *   - partition search (each answer with the cards it rests on, a table entry serving every
 *     position with the same lengths and the same owners of those cards, checked against the
 *     brute force; branch `partition`): half the nodes over the benchmark's every-layout runs
 *     (a third to a quarter on trump hands, 27 % fewer on no-trump ones, whose answers rest on
 *     most cards), but each node cost 1.7 times the instructions (the relevant cards kept,
 *     buckets of 16 sealed entries chosen by the shape and the top cards' owners: fewer ways
 *     crowd them), so cold batches took 34-44 % longer and the slowest hand 31 % longer, the
 *     median 33 % shorter; on nine contested random hands (the slowest of
 *     `benchmarks/game_solver.py --more-random 24`) it was slower on seven, up to 2.6 times,
 *     and twice as fast on two, so neither trump contracts nor whole hands gain reliably; on
 *     the benchmark's 18 played hands (`--played 18`, mostly trump sixes; a tenth of the
 *     layouts each, against this core with its root order) 19 % less time in all, 13 % on the
 *     median hand: far from the factor of two the target asks, for a second table design;
 *   - in a bulk call: the root lead that settled the last layout's question tried first in the
 *     next (19 % fewer nodes on one hand of the benchmark's six where M leads, none on the
 *     others; counting the settling leads over all the layouts before does better, kept);
 *     the defenders' root leads ordered by that count of each card (from 18 % fewer nodes to
 *     23 % more, by hand; of each suit does better, kept); each of M's root leads first
 *     searched within a budget of nodes, the leads that overran it after the others (100 or
 *     400 nodes: 17 to 40 % more nodes); another order of the layouts (a revolving door, or
 *     the pool's cards reversed or sorted by rank: from 19 % fewer nodes to 19 % more, by
 *     hand; a random order costs 2.6 to 2.9 times the nodes, so the colexicographic walk's
 *     neighbours do share); the exact value as MTD(f)'s first guess (an oracle: 4 % fewer
 *     nodes at most);
 *   - renumbering suits whose cards are already 0, 1, 2 ... without the lookup (3 % slower:
 *     the branch), or with BMI2's pext (twice as slow: it is microcoded on the AMD processors
 *     of these machines);
 *   - the second and third hands' cards put in order without sorting when they follow suit
 *     (the same time); the big table asked too before a trick's last card, in a second pass
 *     over the positions once the near table had not settled it (5 to 10 % more time);
 *     prefetching for writing, or into the outer caches only (the same time); a near table
 *     of 1 or 2 MB (4 to 7 % more time); a table of 16 MB (the same time); building with
 *     -march=native (no faster than machine.py's bit instructions) or with gcc's profile
 *     feedback (the same time);
 *   - measured on an AMD EPYC of the Zen 4 family, a tenth of the layouts of seven hands of the
 *     benchmark, alternating builds: before a trick's last card, the sure tricks of every
 *     position it leads to asked as the near table is (11 % fewer nodes, 4 to 6 % more time,
 *     also when asked only with five cards or more left); BMI2's pext for the renumbering,
 *     where it is fast (1 % slower than the lookup); M's low leads, or his winners, from the
 *     longest suit first (2 % and 1 % more nodes, geometric mean of 30 hands); the walk's
 *     order of the suits (all 24 on four hands: the best 3 to 13 % fewer nodes than this one,
 *     the worst up to 44 % more, and no rule that picks the best);
 *   - measured on an AMD EPYC of the Zen 5 family (family 26), a tenth of the layouts of the
 *     benchmark's 18 played hands, alternating builds, the same answers: a trick's children
 *     renumbered from the suit words of its start, each card gone shifted out of its suit
 *     (no lookups; 9 to 11 % slower, with or without branches in putting the three cards in
 *     order); the children's buckets prefetched only once the near table had not settled the
 *     trick (1 % slower); a near table four times the size (1 % fewer nodes, 2 % slower); a
 *     defender's lead of a suit his partner ruffs counted as a winner in the leads' order (the
 *     same nodes); -march=native (1.5 % slower); before a trick's last card, the sure tricks
 *     of every position it leads to asked after the near table and handed to search() so that
 *     it does not count them again (10 % fewer nodes, the same time; with PRUNE_REGAIN's bound
 *     too, 1 % more time; only the trump bounds, without cashing, 1 % more); -O2 (18 % slower);
 *     a table of 64 MB (1.3 % fewer nodes and 2 % less time over every layout of the played
 *     hands, 32 MB more than `bid` can afford); search() not asking the near table again about a
 *     child last_card() asked it about (8 % slower, the same nodes); no prefetch of the
 *     children's buckets (16 % slower). A profile there: about a quarter of the time
 *     waits for the big table's memory (the bucket read in search(), the prefetches of a
 *     trick's children), a tenth renumbers the children, a seventh ordered the moves before
 *     every order was built from masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "../_cards.h"
#include "../_splits.h"
#include "../_layouts.h"
#include "../_stop.h"

enum { SEAT_M = 0, SEAT_L = 1, SEAT_R = 2, MAX_TRICKS = HAND_CARDS, HIST = HAND_CARDS + 1 };
enum { NO_TRUMP = 4, TRUMP_SUIT = 3 }; /* normalised positions keep the trumps in suit 3 */
#define TRUMP_MASK 0xFF000000u
enum { PRUNE_EQUIVALENT = 1, PRUNE_QUICK = 2, PRUNE_TABLE = 4, PRUNE_REGAIN = 8, PRUNE_ALL = 15 };

/* ------------------------------------------------------------------------------------------ */
/* Positions.                                                                                 */

/*
 * The canonical form of a position at a trick boundary: each suit renumbered (suit_words),
 * the trump suit (suit 3 already) kept in place and the others sorted; with no trump left
 * (`*trumps` 0, or the trump suit played out) all four suits are sorted and `*trumps` becomes 0.
 */
static ALWAYS_INLINE void normalise_game(u32 h[3], int *trumps) {
    u32 suit[4];
    suit_words(h, suit);
    if (*trumps && suit[3]) {
        sort3_down(suit);
    } else {
        *trumps = 0;
        sort4_down(suit);
    }
    hands_of_suit_words(suit, h);
}

/* Whether `card` beats `best` (the card winning the trick so far), trumps being suit 3 when
 * `trumps` is set. */
static ALWAYS_INLINE int beats(int card, int best, int trumps) {
    if ((card >> 3) == (best >> 3)) return card > best;
    return trumps && (card >> 3) == TRUMP_SUIT;
}

/* The cards `hand` may play to a trick whose led suit is `led` (-1: he leads), the trumps
 * being the cards of `trump_mask` (0: no-trump). */
static ALWAYS_INLINE u32 legal_cards(u32 hand, int led, u32 trump_mask) {
    if (led < 0) return hand;
    u32 follow = hand & 0xFFu << 8 * led;
    if (follow) return follow;
    if (hand & trump_mask) return hand & trump_mask;
    return hand;
}

/* ------------------------------------------------------------------------------------------ */
/* Sure tricks (PRUNE_QUICK).                                                                 */

static ALWAYS_INLINE int max_of(int a, int b) { return a > b ? a : b; }

/* How many of the top cards of one suit's cards in play, `all`, are in `mine` (both bytes). */
static ALWAYS_INLINE int top_run(u32 mine, u32 all) {
    u32 others = all & ~mine;
    if (!others) return popcount32(mine);
    return popcount32(mine >> (highest(others) + 1));
}

/*
 * The tricks the seat holding `own`, on lead, cashes for sure: first his top trumps (each
 * other seat following with a trump while he has one; all his trumps once no other seat has
 * one left: measured, 6 to 10 % fewer nodes on trump hands), then in each other suit his top
 * cards, no more than any other seat still holding a trump has cards of that suit (so that
 * nobody ruffs and the lead stays with him). A seat without a trump may discard anything, which only
 * shortens suits of a seat that cannot ruff.
 */
static int cash_tricks(u32 own, u32 all, u32 other_a, u32 other_b, int trumps) {
    int sure = 0, trumps_a = 0, trumps_b = 0, side_suits = 4;
    if (trumps) {
        sure = top_run(own >> 24, all >> 24);
        trumps_a = popcount32(other_a & TRUMP_MASK);
        trumps_b = popcount32(other_b & TRUMP_MASK);
        if (sure >= trumps_a && sure >= trumps_b) sure = popcount32(own & TRUMP_MASK); /* drawn */
        trumps_a -= sure;
        trumps_b -= sure;
        side_suits = 3;
    }
    for (int shift = 0; shift < 8 * side_suits; shift += 8) {
        u32 mine = own >> shift & 0xFF;
        if (!mine) continue;
        int run = top_run(mine, all >> shift & 0xFF);
        int len_a = popcount32(other_a >> shift & 0xFF), len_b = popcount32(other_b >> shift & 0xFF);
        if (run >= len_a && run >= len_b) run = popcount32(mine); /* the others are void then */
        if (trumps_a > 0 && len_a < run) run = len_a;
        if (trumps_b > 0 && len_b < run) run = len_b;
        sure += run;
    }
    return sure;
}

/* Bounds on the tricks M takes from a trick-boundary position: *lo from his sure tricks, *hi
 * from the defenders'. A top trump wins its trick whoever leads; a defender's top trumps count
 * for one defender only (both defenders' could fall in one trick).
 *
 * Trump length counts too, whoever leads: each of a seat's trumps falls in a trick of its
 * own, and a trick with a defender's trump and none of M's is the defenders' (the highest
 * card in it is a defender's trump), so a defender with t trumps to M's m wins the defenders
 * at least t - m tricks; likewise M's trumps in tricks without a defender's trump win, at
 * least m - (the defenders' trumps) of them (measured on the benchmark's played hands: up to
 * 10 % fewer nodes, never more). */
static ALWAYS_INLINE void sure_bounds(const u32 h[3], int leader, int trumps, int *lo, int *hi) {
    u32 all = h[0] | h[1] | h[2];
    int mine = 0, theirs = 0;
    if (trumps) {
        int m = popcount32(h[0] & TRUMP_MASK), l = popcount32(h[1] & TRUMP_MASK);
        int r = popcount32(h[2] & TRUMP_MASK);
        mine = max_of(top_run(h[0] >> 24, all >> 24), m - l - r);
        theirs = max_of(max_of(top_run(h[1] >> 24, all >> 24), top_run(h[2] >> 24, all >> 24)),
                        max_of(l, r) - m);
    }
    if (leader == SEAT_M) {
        int cashed = cash_tricks(h[0], all, h[1], h[2], trumps);
        if (cashed > mine) mine = cashed;
    } else {
        int cashed = cash_tricks(h[leader], all, h[3 - leader], h[0], trumps);
        if (cashed > theirs) theirs = cashed;
    }
    *lo = mine;
    *hi = popcount32(h[0]) - theirs;
}

/*
 * PRUNE_REGAIN: M's sure tricks when the defender `leader` is on lead and M wins the trick
 * whatever suit he leads, 0 when he might not. M wins a suit's lead with its top card when he
 * holds it, or, void in a side suit, by ruffing it with his lowest trump; unless the other
 * defender, void in that side suit, must ruff too. He then cashes (cash_tricks) from what is
 * left, counted as if the defenders had followed with their lowest cards of the suit (the
 * worst for him: their high cards stay to stop his runs) and a void defender, who then holds
 * no trump, had kept his discard (more cards of a seat without trumps never let M cash more).
 * The fewest of these over the suits the leader holds is sure.
 */
static int regain_tricks(const u32 h[3], int leader, int trumps) {
    int partner = 3 - leader, fewest = HIST;
    u32 all = h[0] | h[1] | h[2];
    for (int shift = 0; shift < 32; shift += 8) {
        u32 led = h[leader] >> shift & 0xFF;
        if (!led) continue;
        u32 mine = h[0] >> shift & 0xFF, mate = h[partner] >> shift & 0xFF;
        int side = trumps && shift != 8 * TRUMP_SUIT, card;
        if (side && !mate && (h[partner] & TRUMP_MASK)) return 0; /* the partner must ruff */
        if (mine && highest(mine) == highest(all >> shift & 0xFF))
            card = shift + highest(mine);
        else if (side && !mine && (h[0] & TRUMP_MASK))
            card = lowest(h[0] & TRUMP_MASK); /* M must ruff: his lowest trump wins */
        else
            return 0;
        u32 after[3];
        after[SEAT_M] = h[0] & ~(1u << card);
        after[leader] = h[leader] & ~(1u << (shift + lowest(led)));
        after[partner] = mate ? h[partner] & ~(1u << (shift + lowest(mate))) : h[partner];
        int sure = 1 + cash_tricks(after[0], after[0] | after[1] | after[2], after[1], after[2], trumps);
        if (sure < fewest) fewest = sure;
    }
    return fewest == HIST ? 0 : fewest;
}

/* ------------------------------------------------------------------------------------------ */
/* Transposition table (PRUNE_TABLE): exact keys, buckets of eight 8-byte entries, bounds on
 * the tricks M takes from a position.
 *
 * A normalised position packs into 64 bits, (m | r) in the low half and (l | r) in the high
 * half (each card in play has its owner's code: M 01, L 10, R 11), and goes through a
 * bijective mix. The low bits of the mix choose the bucket and the entry keeps the rest as its
 * tag, so a tag, a leader and a trump flag that match identify the position exactly. An entry
 * is one 64-bit word:
 *   valid (1) | ub (4) << 1 | lb (4) << 5 | cards (4) << 9 | leader (2) << 13 | trumps << 15 |
 *   tag << 16
 * written and read whole, so threads can share the table without locks. */

typedef u64 Entry;

#ifndef TABLE_BITS
#define TABLE_BITS 22 /* 2**22 entries: 32 MB */
#endif
#if TABLE_BITS < 22
#error "TABLE_BITS must be at least 22: the tag (64 - TABLE_BITS + 3 bits) << 16 must leave the age's 3 bits"
#endif
enum { WAYS = 8, ID_SHIFT = 13, TAG_SHIFT = 16, AGE_SHIFT = 61 };
#define ID_MASK_LOW (((u64)1 << ID_SHIFT) - 1)
#define AGE_MASK ((u64)7 << AGE_SHIFT)
#ifndef AGE_LAYOUTS
#define AGE_LAYOUTS 13 /* the layouts solved 2**13 at a time are of one age */
#endif

static u64 layout_clock; /* layouts the bulk calls of the process have begun */

/* The age of the next layout a bulk call solves: the process's layouts counted 2**AGE_LAYOUTS
 * at a time (one call or many: `advisor solve` and `declare` ask in pieces, threads at once). */
static int next_layout_age(void) {
#if defined(__GNUC__) || defined(__clang__)
    u64 count = __atomic_fetch_add(&layout_clock, 1, __ATOMIC_RELAXED);
#else
    u64 count = layout_clock++; /* a lost count in a race only blurs an age */
#endif
    return (int)(count >> AGE_LAYOUTS & 7);
}

static void *own_memory;
static Entry *table;
static u64 bucket_mask;
static int bucket_bits;
static u64 node_count; /* nodes of every call since clear() (for benchmarks) */

/* The near table: 2**NEAR_BITS entries, direct-mapped, in front of the big one (it stays in
 * the core's cache: a probe that settles there costs no trip to memory; measured: 5 to 8 %
 * less CPU time on cold batches and whole hands, a larger one no better). It holds copies of the big table's entries lately used or written, in their format but with a
 * tag of their own: the low NEAR_BITS bits of the mix choose the slot, the rest is the tag, in
 * the bits the big table's tag and age take. A copy may be older than the big table's entry:
 * its bounds are then looser, never wrong. */
#ifndef NEAR_BITS
#define NEAR_BITS 16 /* 512 KB */
#endif
#if NEAR_BITS < 16
#error "NEAR_BITS must be at least 16: the near tag (64 - NEAR_BITS bits) << 16 must fit the word"
#endif
#define NEAR_MASK (((u64)1 << NEAR_BITS) - 1)
static Entry near_table[(size_t)1 << NEAR_BITS];

typedef struct {
    u64 tag; /* tag << 16 | trumps << 15 | leader << 13: the bits that identify the position */
    u64 age; /* the age of the search, << AGE_SHIFT */
    Entry *bucket;
    u64 near_tag; /* the same for the near table */
    Entry *near;
} Probe;

static ALWAYS_INLINE Probe probe_of(const u32 h[3], int leader, int trumps, int age) {
    u64 x = (u64)(h[0] | h[2]) | (u64)(h[1] | h[2]) << 32;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    Probe p;
    p.bucket = &table[(x & bucket_mask) * WAYS];
    p.tag = (x >> bucket_bits) << TAG_SHIFT | (u64)trumps << 15 | (u64)leader << ID_SHIFT;
    p.age = (u64)age << AGE_SHIFT;
    p.near = &near_table[x & NEAR_MASK];
    p.near_tag = (x >> NEAR_BITS) << TAG_SHIFT | (u64)trumps << 15 | (u64)leader << ID_SHIFT;
    return p;
}

/* The near table's copy of p's entry (0: none), and a copy kept there. */
static ALWAYS_INLINE Entry near_entry(const Probe *p) {
    Entry e = *p->near;
    return (e & ~ID_MASK_LOW) == p->near_tag && (e & 1) ? e : 0;
}
static ALWAYS_INLINE void keep_near(const Probe *p, Entry e) {
    *p->near = p->near_tag | (e & ID_MASK_LOW);
}

static int entry_ub(Entry e) { return (int)(e >> 1 & 15); }
static int entry_lb(Entry e) { return (int)(e >> 5 & 15); }
static int entry_cards(Entry e) { return (int)(e >> 9 & 15); }

/* The entry for p (0: none) and its way; else *way is the one a new entry takes: an empty
 * one, else one of another age (written while other layouts were solved: the positions of
 * their first tricks never come back), else the one with the fewest cards left (the cheapest
 * to search again). */
static Entry find_entry(const Probe *p, int *way) {
    int cheapest = 99;
    *way = 0;
    for (int w = 0; w < WAYS; w++) {
        Entry e = p->bucket[w];
        if ((e & ~(ID_MASK_LOW | AGE_MASK)) == p->tag && (e & 1)) {
            *way = w;
            return e;
        }
        int cost = e ? entry_cards(e) + ((e & AGE_MASK) == p->age ? 16 : 0) : -1;
        if (cost < cheapest) {
            cheapest = cost;
            *way = w;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The search.                                                                                */

/* A call's count of nodes, its pruning rules, and whether it was stopped: another thread
 * called stop(), or a signal arrived and its Python handler raised. The search looks every
 * CHECK_NODES nodes, which also lets Python run a signal's handler meanwhile. */
typedef struct {
    u64 nodes, check_at;
    int flags;
    int age;                /* the age of the table entries it writes (0..7) */
    int stopped;            /* STOP_ASKED or STOP_RAISED, else 0 */
    PyThreadState **thread; /* in the main thread: the caller's saved thread state, else NULL */
    int at_root;            /* the next trick expanded is the root's (root_bound sets it) */
    uint32_t (*root_wins)[8]; /* the hand's RootHistory */
} Search;

enum { CHECK_NODES = 1 << 16 };

/* The root leads that settled a question, counted over the layouts of one hand (M's cards,
 * the pool, the strain, the leader): by M's cards of the lead's suit (one byte of the
 * normalised root: the same in every layout of a hand, where the suits' order may not be)
 * and, for M's own leads, the card's rank. Each thread keeps its own from a call to the next:
 * `advisor solve` and `declare` ask for a hand's layouts in pieces (measured: in 16 pieces,
 * 3 to 14 % more time than in one call when each piece counted afresh). */
typedef struct {
    u32 m, pool;
    int trump, leader;
    uint32_t wins[256][8];
} RootHistory;

#if defined(__GNUC__) || defined(__clang__)
#define THREAD_LOCAL __thread
#elif defined(_MSC_VER)
#define THREAD_LOCAL __declspec(thread)
#else
#define THREAD_LOCAL _Thread_local
#endif
static THREAD_LOCAL RootHistory root_history;

/* This thread's counts for the hand, begun afresh when it asks about another. */
static uint32_t (*root_history_for(u32 m, u32 pool, int trump, int leader))[8] {
    RootHistory *h = &root_history;
    if (h->m != m || h->pool != pool || h->trump != trump || h->leader != leader) {
        memset(h, 0, sizeof *h);
        h->m = m;
        h->pool = pool;
        h->trump = trump;
        h->leader = leader;
    }
    return h->wins;
}

static Search search_of(int flags, PyThreadState **thread, uint32_t (*root_wins)[8]) {
    Search s;
    memset(&s, 0, sizeof s);
    s.check_at = CHECK_NODES;
    s.flags = flags;
    s.thread = in_main_thread(thread);
    s.root_wins = root_wins;
    return s;
}

static int must_stop(Search *s) {
    s->stopped = stop_reason(s->thread);
    s->check_at = s->nodes + CHECK_NODES;
    return s->stopped;
}

typedef struct {
    u32 h[3];         /* the hands at the trick's start (its cards still in them) */
    int leader, trumps;
    int k;            /* tricks M still wants, this one included */
    int led;          /* the suit led (-1 before the lead) */
    int win_seat;     /* who is winning the trick so far */
    int win_card;     /* and with which card */
    u32 played[3];    /* the card each seat has put on the table (0 = not yet) */
    Search *search;
} Trick;

static int search(const u32 h[3], int leader, int trumps, int k, Search *s, const Probe *probed);

/* The last player of the trick: the seat after `seat`'s next. */
static ALWAYS_INLINE int seat_after(int seat) { return seat == SEAT_R ? SEAT_M : seat + 1; }

/* Whether `card` wins the trick whatever the seats after this one play (`pos`: this card's
 * place in the trick, 1 or 2). */
static ALWAYS_INLINE int holds_trick(const Trick *t, int seat, int pos, int card) {
    if (pos == 2) return 1;
    u32 answers = legal_cards(t->h[seat_after(seat)], t->led, t->trumps ? TRUMP_MASK : 0);
    u32 same = answers & 0xFFu << (card & ~7);
    if (same && highest(same) > card) return 0;                  /* a higher card of its suit */
    return !t->trumps || (card >> 3) == TRUMP_SUIT || !(answers & TRUMP_MASK); /* or a ruff */
}

/* The cards above `card` (a card's bit): a mask of the higher bits. */
static ALWAYS_INLINE u32 cards_above(int card) { return ~((2u << card) - 1); }

/*
 * gen_moves' order for `seat` following suit (pos 1 or 2) with `cards`, all of the suit led:
 * the cards that win the trick whatever comes after, lowest first, then the others, lowest
 * first: the keys' order, built without sorting (measured: the same nodes, 4.5 % fewer
 * instructions and 7 % less time over every layout of eleven played hands).
 */
static ALWAYS_INLINE int follow_moves(const Trick *t, int seat, int pos, u32 cards,
                                      uint8_t out[MAX_TRICKS]) {
    int last = seat_after(seat);
    int partner_last = pos == 1 && seat != SEAT_M && last != SEAT_M;
    int same_side = (seat == SEAT_M) == (t->win_seat == SEAT_M);
    int suit_wins = (t->win_card >> 3) == t->led; /* else a ruff wins: no card of the suit beats it */
    u32 winners = 0;
    if (suit_wins && partner_last) { /* winners only while the partner cannot win the trick */
        if (holds_trick(t, seat, pos, t->win_card)) winners = cards & cards_above(t->win_card);
    } else if (suit_wins && !(pos == 1 && same_side && holds_trick(t, seat, pos, t->win_card))) {
        winners = cards & cards_above(t->win_card);
        if (pos == 1 && winners) { /* and the last player cannot beat them */
            u32 answers = legal_cards(t->h[last], t->led, t->trumps ? TRUMP_MASK : 0);
            u32 same = answers & 0xFFu << 8 * t->led;
            if (same)
                winners &= cards_above(highest(same));
            else if (t->trumps && t->led != TRUMP_SUIT && (answers & TRUMP_MASK))
                winners = 0; /* he ruffs */
        }
    }
    int n = emit_up(winners, out, 0);
    return emit_up(cards & ~winners, out, n);
}

/*
 * gen_moves' order for `seat` on lead (`cards`: his cards, equal ones as one), built from masks
 * without sorting (measured on a Zen 5 machine, a tenth of the layouts of the benchmark's 18
 * played hands: 0.3 % fewer nodes, 1.7 % less time than keys put in order): his top trumps
 * from the highest while a rival holds a trump (to draw them); his side suits' top cards from
 * the highest and, for a defender, the other cards of a suit whose top card his partner holds,
 * from the lowest; his low side cards from the lowest (both classes a suit at a time, the
 * shortest suits first: measured, 12 % fewer nodes); his top trumps when no rival holds one;
 * his other trumps from the lowest.
 */
static ALWAYS_INLINE int lead_moves(const Trick *t, int seat, u32 cards, u32 all,
                                    uint8_t out[MAX_TRICKS]) {
    u32 others = all & ~t->h[seat];
    u32 mate = seat == SEAT_M ? 0 : t->h[3 - seat];
    u32 rivals = seat == SEAT_M ? t->h[1] | t->h[2] : t->h[0];
    int side_suits = t->trumps ? 3 : 4; /* the trump suit is suit 3 */
    u32 top = 0, to_mate = 0, by_length[4];
    for (int s = 0; s < 4; s++) {
        u32 mine = cards >> 8 * s & 0xFF, theirs = others >> 8 * s & 0xFF;
        top |= (theirs ? mine & ~((2u << highest(theirs)) - 1) : mine) << 8 * s;
        u32 partner = mate >> 8 * s & 0xFF;
        if (s < side_suits && partner && highest(all >> 8 * s & 0xFF) == highest(partner))
            to_mate |= mine << 8 * s;
        by_length[s] = (u32)popcount32(t->h[seat] >> 8 * s & 0xFF) << 2 | (u32)s;
    }
    if (side_suits == 4) /* descending: the shortest suit last, read from the end */
        sort4_down(by_length);
    else
        sort3_down(by_length);
    u32 trumps = t->trumps ? cards & TRUMP_MASK : 0;
    int rivals_trump = t->trumps && (rivals & TRUMP_MASK);
    int n = rivals_trump ? emit_down(trumps & top, out, 0) : 0;
    for (int i = side_suits - 1; i >= 0; i--) {
        u32 suit = cards & 0xFFu << 8 * (by_length[i] & 3);
        n = emit_down(suit & top, out, n);
        n = emit_up(suit & to_mate & ~top, out, n);
    }
    for (int i = side_suits - 1; i >= 0; i--) {
        u32 suit = cards & 0xFFu << 8 * (by_length[i] & 3);
        n = emit_up(suit & ~top & ~to_mate, out, n);
    }
    if (!rivals_trump) n = emit_down(trumps & top, out, n);
    return emit_up(trumps & ~top, out, n);
}

/* gen_moves' order for `seat` ruffing (pos 1 or 2; `cards`: his trumps): the cards that win
 * the trick first, then the others, each from the lowest (built from masks: measured with
 * discard_moves on a Zen 5 machine, a tenth of the layouts of the benchmark's 18 played
 * hands, 3 % less time than keys put in order). */
static ALWAYS_INLINE int ruff_moves(const Trick *t, int seat, int pos, u32 cards,
                                    uint8_t out[MAX_TRICKS]) {
    int same_side = (seat == SEAT_M) == (t->win_seat == SEAT_M);
    int last = seat_after(seat);
    /* second hand whose partner plays last: a card of ours that wins now is enough, unless the
     * partner can win the trick anyway (then the lowest) */
    int partner_last = pos == 1 && seat != SEAT_M && last != SEAT_M;
    int partner_wins = partner_last && !holds_trick(t, seat, pos, t->win_card);
    /* second hand after the partner's lead: nothing to do while the last player cannot beat
     * the partner's card */
    int safe = pos == 1 && same_side && holds_trick(t, seat, pos, t->win_card);
    u32 winners = 0;
    for (u32 x = cards; x; x &= x - 1) {
        int card = lowest(x);
        if (partner_last ? !partner_wins && beats(card, t->win_card, t->trumps)
                         : !safe && beats(card, t->win_card, t->trumps) &&
                               holds_trick(t, seat, pos, card))
            winners |= 1u << card; /* the cheapest card that wins the trick */
    }
    return emit_up(cards & ~winners, out, emit_up(winners, out, 0));
}

/* gen_moves' order for a seat holding `hand` that discards (`cards`: neither the suit led nor
 * a trump to play, so none wins the trick): from his longest suit first (measured: 5 % fewer
 * nodes), ties the lower suit first, each suit from the lowest. */
static ALWAYS_INLINE int discard_moves(u32 hand, u32 cards, uint8_t out[MAX_TRICKS]) {
    u32 by_length[4]; /* sorted descending: the longest suit first */
    for (int s = 0; s < 4; s++)
        by_length[s] = (u32)popcount32(hand >> 8 * s & 0xFF) << 2 | (u32)(3 - s);
    sort4_down(by_length);
    int n = 0;
    for (int i = 0; i < 4; i++)
        n = emit_up(cards & 0xFFu << 8 * (3 - (int)(by_length[i] & 3)), out, n);
    return n;
}

/* The moves of `seat` as the `pos`-th player (0 = leader) of trick t, best first. */
static ALWAYS_INLINE int gen_moves(const Trick *t, int seat, int pos, uint8_t out[MAX_TRICKS]) {
    u32 legal = legal_cards(t->h[seat], t->led, t->trumps ? TRUMP_MASK : 0);
    u32 cards = t->search->flags & PRUNE_EQUIVALENT ? representatives(legal) : legal;
    if (!(cards & (cards - 1))) { /* one move */
        out[0] = (uint8_t)lowest(cards);
        return 1;
    }
    if (pos == 0) return lead_moves(t, seat, cards, t->h[0] | t->h[1] | t->h[2], out);
    if (!(cards & ~(0xFFu << 8 * t->led))) return follow_moves(t, seat, pos, cards, out);
    if (t->trumps && !(cards & ~TRUMP_MASK)) return ruff_moves(t, seat, pos, cards, out);
    return discard_moves(t->h[seat], cards, out);
}

/* A position after a complete trick, ready to search. */
typedef struct {
    u32 h[3];
    int leader, trumps, k;
    Probe probe; /* its table entry's place (with PRUNE_TABLE) */
} Child;

/* What is known of a child without searching it, as search() would answer (a bound on M's
 * tricks there on the side of c->k it lies), or -1 when the near table does not know. Only
 * the near table is asked: the big table's bucket is still on its way from memory (fetched
 * when the child was prepared), and search() asks it once the sure tricks are counted
 * (measured: asking both here saved 2 to 6 % of the nodes and cost 5 to 9 % more time). */
static int known_answer(const Child *c, const Search *s) {
    int cards = popcount32(c->h[0]);
    if (c->k <= 0) return 0;
    if (c->k > cards) return cards;
    if (s->flags & PRUNE_TABLE) {
        Entry entry = near_entry(&c->probe);
        if (entry && entry_lb(entry) >= c->k) return entry_lb(entry);
        if (entry && entry_ub(entry) < c->k) return entry_ub(entry);
    }
    return -1;
}

/* Whether a bound r on M's tricks is one `seat`'s side wants: for M at least k, for the
 * defenders below k. */
static ALWAYS_INLINE int settles(int seat, int r, int k) { return seat == SEAT_M ? r >= k : r < k; }

/* The best of two bounds for `seat`: M takes the higher, the defenders the lower. */
static ALWAYS_INLINE int better(int seat, int a, int b) {
    return seat == SEAT_M ? (a > b ? a : b) : (a < b ? a : b);
}

/*
 * `seat` plays the last card of trick t: every position after it is prepared first (its
 * table entry's place computed once, and its bucket fetched, so that the memory fetches
 * overlap), and any one whose answer the near table knows and is what `seat` wants settles
 * the trick at once (an "enhanced transposition cutoff"); then they are searched in order.
 * Returns a bound as play() does.
 */
static int last_card(const Trick *t, int seat, const uint8_t *moves, int n) {
    Child child[MAX_TRICKS];
    int won[MAX_TRICKS];
    for (int i = 0; i < n; i++) {
        Child *c = &child[i];
        int card = moves[i];
        for (int s = 0; s < 3; s++) c->h[s] = t->h[s] & ~t->played[s];
        c->h[seat] &= ~(1u << card);
        c->leader = beats(card, t->win_card, t->trumps) ? seat : t->win_seat;
        won[i] = c->leader == SEAT_M;
        c->k = t->k - won[i];
        c->trumps = t->trumps;
        normalise_game(c->h, &c->trumps);
        if (t->search->flags & PRUNE_TABLE) {
            c->probe = probe_of(c->h, c->leader, c->trumps, t->search->age);
            PREFETCH(c->probe.bucket);
        }
    }
    for (int i = 0; i < n; i++) {
        int known = known_answer(&child[i], t->search);
        if (known >= 0 && settles(seat, known + won[i], t->k)) return known + won[i];
    }
    int best = seat == SEAT_M ? 0 : HIST;
    for (int i = 0; i < n; i++) {
        Child *c = &child[i];
        const Probe *probed = t->search->flags & PRUNE_TABLE ? &c->probe : NULL;
        int r = search(c->h, c->leader, c->trumps, c->k, t->search, probed) + won[i];
        if (t->search->stopped) return 0;
        if (settles(seat, r, t->k)) return r;
        best = better(seat, best, r);
    }
    return best;
}

/* The count of root wins for `seat` leading `card`, M's normalised root hand being `m`: a
 * defender's by its suit alone (his cards of it are not the same from a layout to the next). */
static uint32_t *root_wins_of(Search *s, u32 m, int seat, int card) {
    return &s->root_wins[m >> (card & ~7) & 0xFF][seat == SEAT_M ? card & 7 : 0];
}

/* The leads at the root, the ones that settled most questions of the layouts before first
 * (ties in gen_moves' order). In a bulk call the best first lead changes little from a layout
 * to the next (measured, every layout of the benchmark's hands: 7 to 22 % fewer nodes where M
 * leads on the slowest three; a defender's suits counted, up to 20 % fewer where he leads, at
 * most 1 % more; his cards counted as M's are, as often worse as better). */
static void order_root_leads(Search *s, u32 m, int seat, uint8_t *moves, int n) {
    uint32_t wins[MAX_TRICKS];
    for (int i = 0; i < n; i++) {
        uint32_t w = *root_wins_of(s, m, seat, moves[i]);
        uint8_t card = moves[i];
        int j = i;
        for (; j > 0 && wins[j - 1] < w; j--) {
            wins[j] = wins[j - 1];
            moves[j] = moves[j - 1];
        }
        wins[j] = w;
        moves[j] = card;
    }
}

/* The tricks M takes from trick t's start, the `pos` cards of it played so far, as a bound on
 * the side of t->k it lies (fail-soft): r >= k means M takes at least r, r < k at most r. */
static int play(Trick *t, int pos) {
    int seat = (t->leader + pos) % 3;
    uint8_t moves[MAX_TRICKS];
    int n = gen_moves(t, seat, pos, moves);
    int win_seat = t->win_seat, win_card = t->win_card, led = t->led;
    t->search->nodes += (u64)n;
    if (pos == 2) return last_card(t, seat, moves, n);
    int at_root = pos == 0 && t->search->at_root;
    t->search->at_root = 0;
    if (at_root) order_root_leads(t->search, t->h[0], seat, moves, n);
    int best = seat == SEAT_M ? 0 : HIST;
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        if (pos == 0) t->led = card >> 3;
        int winner = pos == 0 || beats(card, win_card, t->trumps) ? seat : win_seat;
        t->win_seat = winner;
        t->win_card = winner == seat ? card : win_card;
        t->played[seat] = 1u << card;
        int r = play(t, pos + 1);
        t->played[seat] = 0;
        t->win_seat = win_seat;
        t->win_card = win_card;
        t->led = led;
        if (t->search->stopped) return 0;
        if (settles(seat, r, t->k)) {
            if (at_root) ++*root_wins_of(t->search, t->h[0], seat, card);
            return r;
        }
        best = better(seat, best, r);
    }
    return best;
}

/* The winner of the last trick, each seat holding one card. */
static int last_trick_winner(const u32 h[3], int leader, int trumps) {
    int winner = leader, best = lowest(h[leader]);
    for (int pos = 1; pos < 3; pos++) {
        int seat = (leader + pos) % 3, card = lowest(h[seat]);
        if (beats(card, best, trumps)) {
            winner = seat;
            best = card;
        }
    }
    return winner;
}

/* Does M take at least k of the tricks left in this normalised trick-boundary position? The
 * answer is a bound on his tricks on the side of k it lies (fail-soft): r >= k means he takes
 * at least r, r < k at most r, so that the table learns more than the question asked. The
 * sure tricks and the table are asked first; what the search finds goes into the table.
 * `probed`: the position's table entry's place when the caller has it (its bucket fetched
 * already), else NULL. */
static int search(const u32 h[3], int leader, int trumps, int k, Search *s, const Probe *probed) {
    int cards = popcount32(h[0]);
    if (k <= 0) return 0;
    if (k > cards) return cards;
    if (++s->nodes >= s->check_at && must_stop(s)) return 0;
    if (cards == 1) return last_trick_winner(h, leader, trumps) == SEAT_M;
    Probe probe = {0, 0, NULL, 0, NULL};
    if (s->flags & PRUNE_TABLE) { /* the big table's bucket is fetched while the sure tricks
                                   * are counted, unless the near table settles the question */
        probe = probed ? *probed : probe_of(h, leader, trumps, s->age);
        Entry near = near_entry(&probe);
        if (near && entry_lb(near) >= k) return entry_lb(near);
        if (near && entry_ub(near) < k) return entry_ub(near);
        if (!probed) PREFETCH(probe.bucket);
    }
    int lb = 0, ub = cards;
    if (s->flags & PRUNE_QUICK) {
        sure_bounds(h, leader, trumps, &lb, &ub);
        if (lb >= k) return lb;
        if (ub < k) return ub;
    }
    if ((s->flags & PRUNE_REGAIN) && leader != SEAT_M) {
        int regained = regain_tricks(h, leader, trumps);
        if (regained > lb) lb = regained;
        if (lb >= k) return lb;
    }
    int way = 0;
    if (s->flags & PRUNE_TABLE) {
        Entry entry = find_entry(&probe, &way);
        if (entry) {
            if ((entry & AGE_MASK) != probe.age) /* still in use: young again */
                probe.bucket[way] = entry = (entry & ~AGE_MASK) | probe.age;
            keep_near(&probe, entry);
            if (entry_lb(entry) >= k) return entry_lb(entry);
            if (entry_ub(entry) < k) return entry_ub(entry);
            if (entry_lb(entry) > lb) lb = entry_lb(entry);
            if (entry_ub(entry) < ub) ub = entry_ub(entry);
        }
    }
    Trick t = {{h[0], h[1], h[2]}, leader, trumps, k, -1, leader, 0, {0, 0, 0}, s};
    int r = play(&t, 0);
    if (s->stopped) return 0;
    if (r >= k && r > lb) lb = r;
    if (r < k && r < ub) ub = r;
    if (s->flags & PRUNE_TABLE) {
        Entry entry = probe.age | probe.tag | (u64)cards << 9 | (u64)lb << 5 | (u64)ub << 1 | 1;
        probe.bucket[way] = entry;
        keep_near(&probe, entry);
    }
    return r;
}

/* ------------------------------------------------------------------------------------------ */
/* A position to solve, maybe in the middle of a trick.                                       */

typedef struct {
    u32 h[3];      /* the hands, renumbered, trumps in suit 3; with the table's cards in them */
    int leader;    /* who led the trick in progress (or leads the next) */
    int trumps;    /* 1: suit 3 is trumps */
    int on_table;  /* cards of the trick in progress already played (0, 1 or 2) */
    int table[2];  /* those cards, renumbered */
} Root;

/* `mask` renumbered among the cards in play `all`, raw suit i moved to suit order[i]. */
static u32 renumber(u32 mask, u32 all, const int order[4]) {
    u32 out = 0;
    for (int i = 0; i < 4; i++)
        out |= (u32)COMPRESS[all >> 8 * i & 0xFF][mask >> 8 * i & 0xFF] << 8 * order[i];
    return out;
}

/* The root of hands m, l, r (what each still holds), `trump` (0..3, NO_TRUMP), `leader`, and
 * the trick's cards already on the table, in the order played from the leader. */
static Root root_of(u32 m, u32 l, u32 r, int trump, int leader, const int *table_cards,
                    int on_table) {
    u32 raw[3] = {m, l, r};
    for (int i = 0; i < on_table; i++) raw[(leader + i) % 3] |= 1u << table_cards[i];
    u32 all = raw[0] | raw[1] | raw[2];
    int order[4] = {0, 1, 2, 3};
    if (trump != NO_TRUMP)
        for (int i = 0, next = 0; i < 4; i++) order[i] = i == trump ? TRUMP_SUIT : next++;
    Root root;
    for (int s = 0; s < 3; s++) root.h[s] = renumber(raw[s], all, order);
    for (int i = 0; i < on_table; i++) root.table[i] = lowest(renumber(1u << table_cards[i], all, order));
    root.leader = leader;
    root.trumps = trump != NO_TRUMP;
    root.on_table = on_table;
    return root;
}

/* The tricks left to play from the root, the one in progress included. */
static int root_tricks(const Root *root) { return popcount32(root->h[root->leader]); }

/* Does M take at least k of the root's tricks left? A bound as search() gives: r >= k means
 * he takes at least r, r < k at most r. */
static int root_bound(const Root *root, int k, Search *s) {
    if (k <= 0) return 0;
    if (k > root_tricks(root)) return root_tricks(root);
    if (!root->on_table) {
        u32 h[3] = {root->h[0], root->h[1], root->h[2]};
        int trumps = root->trumps;
        normalise_game(h, &trumps);
        s->at_root = 1; /* cleared by the root's trick, or by the next call here */
        return search(h, root->leader, trumps, k, s, NULL);
    }
    s->at_root = 0; /* a trick in progress: M's leads here are not the layouts' first */
    Trick t = {{root->h[0], root->h[1], root->h[2]}, root->leader, root->trumps, k, -1, root->leader,
               0, {0, 0, 0}, s};
    for (int i = 0; i < root->on_table; i++) {
        int seat = (root->leader + i) % 3, card = root->table[i];
        if (i == 0) t.led = card >> 3;
        if (i == 0 || beats(card, t.win_card, t.trumps)) {
            t.win_seat = seat;
            t.win_card = card;
        }
        t.played[seat] = 1u << card;
    }
    return play(&t, root->on_table);
}

/* Does M take at least k of the root's tricks left? */
static int root_makes(const Root *root, int k, Search *s) { return root_bound(root, k, s) >= k; }

/* The tricks M takes from the root (-1: stopped), known to lie in lo .. hi, asking "at least
 * k?" from k = `guess` up or down until the bounds meet (MTD(f): each answer's bound may move
 * them more than one). */
static int root_value_within(const Root *root, int lo, int hi, int guess, Search *s) {
    int k = guess;
    while (lo < hi) {
        if (k <= lo) k = lo + 1;
        if (k > hi) k = hi;
        int r = root_bound(root, k, s);
        if (s->stopped) return -1;
        if (r >= k) {
            lo = r;
            k = r + 1;
        } else {
            hi = r;
            k = r;
        }
    }
    return lo;
}

/* The tricks M takes from the root (-1: stopped), from a first guess. */
static int root_value(const Root *root, int guess, Search *s) {
    return root_value_within(root, 0, root_tricks(root), guess, s);
}

/* ------------------------------------------------------------------------------------------ */
/* Python bindings.                                                                           */

static int check_args(int trump, int leader, int flags) {
    if (trump < 0 || trump > NO_TRUMP) {
        PyErr_Format(PyExc_ValueError, "trump must be a suit 0..3 or 4 (no-trump), not %d", trump);
        return -1;
    }
    if (leader < 0 || leader > 2) {
        PyErr_Format(PyExc_ValueError, "leader must be 0 (M), 1 (L) or 2 (R), not %d", leader);
        return -1;
    }
    if (flags & ~PRUNE_ALL) {
        PyErr_Format(PyExc_ValueError, "flags must be a subset of %d, not %d", PRUNE_ALL, flags);
        return -1;
    }
    return 0;
}

/* The hands and the trick's cards on the table must be disjoint; the seats that have played
 * to it hold one card less than the others, at most 10; each card on the table was legal. */
static int check_position(const u32 h[3], int trump, int leader, const int *table_cards,
                          int on_table) {
    u32 seen = 0;
    for (int s = 0; s < 3; s++) {
        if (seen & h[s]) goto overlap;
        seen |= h[s];
    }
    for (int i = 0; i < on_table; i++) {
        if (table_cards[i] < 0 || table_cards[i] > 31) {
            PyErr_Format(PyExc_ValueError, "a card is a bit index 0..31, not %d", table_cards[i]);
            return -1;
        }
        if (seen >> table_cards[i] & 1) goto overlap;
        seen |= 1u << table_cards[i];
    }
    int n = popcount32(h[(leader + on_table) % 3]);
    for (int i = 0; i < 3; i++) {
        int size = popcount32(h[(leader + i) % 3]) + (i < on_table);
        if (size != n || n > MAX_TRICKS || (on_table && n == 0)) {
            PyErr_SetString(PyExc_ValueError,
                            "the hands must hold the same number of cards (at most 10), counting "
                            "the cards on the table");
            return -1;
        }
    }
    u32 trump_mask = trump == NO_TRUMP ? 0 : 0xFFu << 8 * trump;
    for (int i = 1; i < on_table; i++) {
        u32 hand = h[(leader + i) % 3] | 1u << table_cards[i];
        if (!(legal_cards(hand, table_cards[0] >> 3, trump_mask) >> table_cards[i] & 1)) {
            PyErr_Format(PyExc_ValueError, "the card %d on the table breaks the rules of play",
                         table_cards[i]);
            return -1;
        }
    }
    return 0;
overlap:
    PyErr_SetString(PyExc_ValueError, "the hands and the table overlap");
    return -1;
}

static PyObject *py_tricks(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, l, r;
    int trump, leader, first = -1, second = -1, flags = PRUNE_ALL;
    if (!PyArg_ParseTuple(args, "IIIii|iii:tricks", &m, &l, &r, &trump, &leader, &first, &second,
                          &flags))
        return NULL;
    if (check_args(trump, leader, flags) < 0) return NULL;
    int table_cards[2] = {first, second};
    int on_table = first < 0 ? 0 : second < 0 ? 1 : 2;
    if (first < 0 && second >= 0) {
        PyErr_SetString(PyExc_ValueError, "a second card on the table needs a first");
        return NULL;
    }
    u32 h[3] = {m, l, r};
    if (check_position(h, trump, leader, table_cards, on_table) < 0) return NULL;
    Root root = root_of(m, l, r, trump, leader, table_cards, on_table);
    PyThreadState *thread = PyEval_SaveThread();
    Search s = search_of(flags, &thread, root_history_for(m, l | r, trump, leader));
    int tricks = root_value(&root, root_tricks(&root) / 2, &s);
    PyEval_RestoreThread(thread);
    node_count += s.nodes;
    if (stopped(s.stopped)) return NULL;
    return PyLong_FromLong(tricks);
}

/* Check every value before the search lets go of the GIL; -1 with a ValueError if one is bad. */
static int check_values(const Layouts *layouts, const char *name) {
    for (Py_ssize_t i = 0; i < layouts->count; i++) {
        u32 value = layout_value(layouts, i);
        if (layouts->ranked ? value >= BINOM[layouts->n][layouts->k]
                            : (value & ~layouts->pool) || popcount32(value) != layouts->k) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] = %u does not name a split of the pool", name, i,
                         value);
            return -1;
        }
    }
    return 0;
}

/* solve_many and solve_ranked: for each layout of the buffer, one byte: M's tricks, or with
 * at_least >= 1 whether he takes at least that many (1 or 0). */
static PyObject *solve_buffer(PyObject *args, const char *format, int ranked, const char *name) {
    unsigned int m, pool;
    int trump, leader, at_least = 0, flags = PRUNE_ALL;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, format, &m, &pool, &trump, &leader, &view, &at_least, &flags))
        return NULL;
    Layouts layouts;
    PyObject *result = NULL;
    if (check_args(trump, leader, flags) < 0 || check_pool(m, pool) < 0) goto done;
    if (at_least < 0) {
        PyErr_Format(PyExc_ValueError, "at_least must not be negative, not %d", at_least);
        goto done;
    }
    if (layouts_of(&layouts, m, pool, ranked, &view, name) < 0) goto done;
    if (check_values(&layouts, name) < 0) goto done;
    result = PyBytes_FromStringAndSize(NULL, layouts.count);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    PyThreadState *thread = PyEval_SaveThread();
    Search s = search_of(flags, &thread, root_history_for(m, pool, trump, leader));
    int guess = layouts.k / 2;
    for (Py_ssize_t j = 0; j < layouts.count && !(s.stopped |= stop_asked ? STOP_ASKED : 0); j++) {
        u32 l = left_hand(&layouts, j);
        Root root = root_of(m, l, pool & ~l, trump, leader, NULL, 0);
        s.age = next_layout_age();
        int value = at_least ? root_makes(&root, at_least, &s) : root_value(&root, guess, &s);
        if (s.stopped) break;
        out[j] = (uint8_t)value;
        if (!at_least) guess = value;
    }
    PyEval_RestoreThread(thread);
    node_count += s.nodes;
    if (stopped(s.stopped)) Py_CLEAR(result);
done:
    PyBuffer_Release(&view);
    return result;
}

static PyObject *py_solve_many(PyObject *self, PyObject *args) {
    (void)self;
    return solve_buffer(args, "IIiiy*|ii:solve_many", 0, "l_masks");
}

static PyObject *py_solve_ranked(PyObject *self, PyObject *args) {
    (void)self;
    return solve_buffer(args, "IIiiy*|ii:solve_ranked", 1, "ranks");
}

static PyObject *py_enumerate(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, pool;
    int trump, leader, flags = PRUNE_ALL;
    unsigned long long start, count;
    if (!PyArg_ParseTuple(args, "IIiiKK|i:enumerate", &m, &pool, &trump, &leader, &start, &count,
                          &flags))
        return NULL;
    Walk walk;
    if (check_args(trump, leader, flags) < 0 || check_pool(m, pool) < 0) return NULL;
    if (walk_of(&walk, m, pool, start, count) < 0) return NULL;
    u64 hist[HIST] = {0};
    PyThreadState *thread = PyEval_SaveThread();
    Search s = search_of(flags, &thread, root_history_for(m, pool, trump, leader));
    int guess = walk.k / 2;
    for (u64 j = 0; j < count && !(s.stopped |= stop_asked ? STOP_ASKED : 0); j++) {
        u32 l = walk_hand(&walk);
        Root root = root_of(m, l, pool & ~l, trump, leader, NULL, 0);
        s.age = next_layout_age();
        int value = root_value(&root, guess, &s);
        if (s.stopped) break;
        hist[value]++;
        guess = value;
        walk_next(&walk);
    }
    PyEval_RestoreThread(thread);
    node_count += s.nodes;
    if (stopped(s.stopped)) return NULL;
    return count_list(hist, HIST);
}

/* Check every layout of lead_many's buffer, and that the leader holds every card of `leads`
 * in each (before the search lets go of the GIL); -1 with a ValueError if not. */
static int check_lead_layouts(const char *values, Py_ssize_t count, int trump, int leader,
                              u32 leads) {
    for (Py_ssize_t i = 0; i < count; i++) {
        u32 h[3];
        read_layout(values, i, h);
        if (check_position(h, trump, leader, NULL, 0) < 0) return -1;
        if (check_leads_held(h, leader, leads, i) < 0) return -1;
    }
    return 0;
}

/*
 * lead_many(trump, leader, layouts, leads, flags=15) -> bytes: the first card fixed, for the
 * blind first lead. For each layout of the buffer (M's, L's and R's hands, three 4-byte masks,
 * every card in play) 1 + popcount(leads) bytes: M's tricks with the leader free to choose his
 * card (the solver's own answer), then M's tricks when the leader leads each card of `leads`
 * (lowest first), the first trick counted, its other two cards and the rest played with every
 * card in view. The free answer bounds the others (M's own leads give him at most as many
 * tricks, a defender's at least as many), so each lead's search starts there and asks only on
 * its side of it.
 */
static PyObject *py_lead_many(PyObject *self, PyObject *args) {
    (void)self;
    int trump, leader, flags = PRUNE_ALL;
    unsigned int leads;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "iiy*I|i:lead_many", &trump, &leader, &view, &leads, &flags))
        return NULL;
    PyObject *result = NULL;
    if (check_args(trump, leader, flags) < 0) goto done;
    if (view.len % LAYOUT_BYTES) {
        PyErr_SetString(PyExc_ValueError, "layouts must hold three 4-byte unsigned integers a layout");
        goto done;
    }
    Py_ssize_t count = view.len / LAYOUT_BYTES;
    if (check_lead_layouts(view.buf, count, trump, leader, leads) < 0) goto done;
    int cards[32], n = 0;
    for (u32 x = leads; x; x &= x - 1) cards[n++] = lowest(x);
    Py_ssize_t row = 1 + n;
    result = PyBytes_FromStringAndSize(NULL, count * row);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    PyThreadState *thread = PyEval_SaveThread();
    Search s = search_of(flags, &thread, NULL);
    int guess = -1;
    for (Py_ssize_t i = 0; i < count && !(s.stopped |= stop_asked ? STOP_ASKED : 0); i++) {
        u32 h[3];
        read_layout(view.buf, i, h);
        s.root_wins = root_history_for(h[0], h[1] | h[2], trump, leader);
        s.age = next_layout_age();
        Root root = root_of(h[0], h[1], h[2], trump, leader, NULL, 0);
        int best = root_value(&root, guess < 0 ? root_tricks(&root) / 2 : guess, &s);
        if (s.stopped) break;
        out[i * row] = (uint8_t)best;
        guess = best;
        for (int j = 0; j < n; j++) {
            u32 rest[3] = {h[0], h[1], h[2]};
            rest[leader] &= ~(1u << cards[j]);
            Root led = root_of(rest[0], rest[1], rest[2], trump, leader, &cards[j], 1);
            int lo = leader == SEAT_M ? 0 : best, hi = leader == SEAT_M ? best : root_tricks(&led);
            int value = root_value_within(&led, lo, hi, best, &s);
            if (s.stopped) break;
            out[i * row + 1 + j] = (uint8_t)value;
        }
    }
    PyEval_RestoreThread(thread);
    node_count += s.nodes;
    if (stopped(s.stopped)) Py_CLEAR(result);
done:
    PyBuffer_Release(&view);
    return result;
}

static PyObject *py_nodes(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromUnsignedLongLong(node_count);
}

static PyObject *py_clear(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    memset(table, 0, (bucket_mask + 1) * WAYS * sizeof(Entry));
    memset(near_table, 0, sizeof near_table);
    memset(&root_history, 0, sizeof root_history); /* the calling thread's */
    node_count = 0;
    Py_RETURN_NONE;
}

/* The table: zeroed memory on cache-line boundaries, allocated as the pages are first touched.
 * On Linux an anonymous mapping aligned to 2 MB and advised to use huge pages (a probe is then
 * rarely a TLB miss as well as a cache miss); elsewhere calloc. */
static Entry *allocate_table(void) {
    size_t size = ((size_t)1 << TABLE_BITS) * sizeof(Entry);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t huge = (size_t)2 << 20;
    char *memory = mmap(NULL, size + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory != MAP_FAILED) {
        char *aligned = (char *)(((uintptr_t)memory + huge - 1) & ~(uintptr_t)(huge - 1));
        madvise(aligned, size, MADV_HUGEPAGE); /* a kernel without huge pages: small ones */
        return (Entry *)aligned;
    }
#endif
    own_memory = calloc(((size_t)1 << TABLE_BITS) + WAYS, sizeof(Entry));
    return own_memory ? (Entry *)(((uintptr_t)own_memory + 63) & ~(uintptr_t)63) : NULL;
}

static PyMethodDef methods[] = {
    {"tricks", py_tricks, METH_VARARGS,
     "tricks(m, l, r, trump, leader, first=-1, second=-1, flags=15) -> int: the tricks M takes "
     "from the position (the trick in progress included)."},
    {"solve_many", py_solve_many, METH_VARARGS,
     "solve_many(m, pool, trump, leader, l_masks, at_least=0, flags=15) -> bytes: M's tricks for "
     "each L hand (R gets the rest of the pool); with at_least, 1 where he takes that many."},
    {"solve_ranked", py_solve_ranked, METH_VARARGS,
     "solve_ranked(m, pool, trump, leader, ranks, at_least=0, flags=15) -> bytes: as solve_many, "
     "for the splits of the pool with these colex ranks."},
    {"enumerate", py_enumerate, METH_VARARGS,
     "enumerate(m, pool, trump, leader, start, count, flags=15) -> list[int]: histogram of M's "
     "tricks over splits start .. start+count-1 of the pool (colex order)."},
    {"lead_many", py_lead_many, METH_VARARGS,
     "lead_many(trump, leader, layouts, leads, flags=15) -> bytes: for each layout (M's, L's "
     "and R's hands), M's tricks with the leader free, then with him leading each card of "
     "leads (lowest first)."},
    STOP_METHOD,
    {"nodes", py_nodes, METH_NOARGS, "nodes() -> int: search nodes visited since the last clear()."},
    {"clear", py_clear, METH_NOARGS,
     "clear() -> None: empty the transposition table (and the calling thread's counts of root "
     "leads), zero nodes()."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "advisor.game._core", "Exact double-dummy solver of game contracts.", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    table = allocate_table();
    if (!table) return PyErr_NoMemory();
    bucket_bits = TABLE_BITS - 3;
    bucket_mask = ((u64)1 << bucket_bits) - 1;
    build_compress();
    build_binomials();
    PyObject *mod = PyModule_Create(&module);
    if (!mod) return NULL;
    if (init_stopping(mod, "advisor.game._core.Stopped") < 0 ||
        PyModule_AddIntConstant(mod, "PRUNE_EQUIVALENT", PRUNE_EQUIVALENT) < 0 ||
        PyModule_AddIntConstant(mod, "PRUNE_QUICK", PRUNE_QUICK) < 0 ||
        PyModule_AddIntConstant(mod, "PRUNE_TABLE", PRUNE_TABLE) < 0 ||
        PyModule_AddIntConstant(mod, "PRUNE_REGAIN", PRUNE_REGAIN) < 0 ||
        PyModule_AddIntConstant(mod, "NO_TRUMP", NO_TRUMP) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
