/*
 * _core.c: an exact double-dummy misère solver (plain C99, no third-party code).
 *
 * Cards are bits of a uint32_t: bit suit * 8 + rank (rank 0 = the 7 .. 7 = the ace), the same
 * layout as advisor.cards.CardSet. Seats: 0 = M (the declarer), 1 = L (left of M, plays right
 * after him), 2 = R; a trick led by seat s goes s, s+1, s+2 (mod 3).
 *
 * The search answers one question, "can the catchers force M to take at least k more tricks?"
 * (a null-window search), at trick boundaries; within a trick the three plays are expanded by
 * a small recursion. The exact count of forced tricks is found by asking for k = 1, 2, ... until
 * the answer is no.
 *
 * Speed comes from:
 *   - normalised positions: at every trick boundary each suit's remaining cards are renumbered
 *     0, 1, 2 ... (cards already played do not matter, only the order of those left), so equal
 *     endgames of different layouts, even of different hands, meet in one table entry;
 *   - a transposition table keyed by the whole normalised position (exact keys, so it never
 *     needs clearing and is shared by every layout a process solves), holding a lower and an
 *     upper bound on the tricks M takes from there;
 *   - equivalent cards (neighbours among the cards in play, in one hand) tried once;
 *   - move ordering (M ducks with his highest losing card, sheds his highest cards when void;
 *     the catchers lead M's holed suits first, high cards first);
 *   - three cutoffs from small games played on one suit alone, solved for every state of a
 *     suit at import (see "Per-suit games"): with a catcher on lead, every holding of M safe
 *     (M takes nothing more) or one suit that catches him by itself; with M on lead, a safe
 *     exit. The tests prove them against brute force and re-solve the games in Python;
 *   - a small "near" table in front of the big one (it stays in the core's cache and answers
 *     about two fifths of the probes); the table entries of the positions after the last card
 *     of a trick prefetched while the others are prepared, so that the memory fetches overlap;
 *   - the first trick of each layout searched without asking the table (no other layout
 *     reaches that position).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../_cards.h"
#include "../_stop.h"
#include "../_splits.h"
#include "../_layouts.h"
#include "../_suitgames.h"

enum { SEAT_M = 0, SEAT_L = 1, SEAT_R = 2, MAX_TRICKS = HAND_CARDS, HIST = HAND_CARDS + 1 };

/* ------------------------------------------------------------------------------------------ */
/* Per-suit games, solved once at import for every state of one suit.                         */

/*
 * The games themselves are _suitgames.h's (shared with the all-pass solver), with M as seat 0,
 * L as SUIT_NEXT and R as SUIT_PREV: a suit's state is a = M's cards | R's, b = L's | R's, as
 * in the table's keys, so a, b can be read off any position, normalised or not, with two ORs.
 * This core's cutoffs read them so:
 *
 * SAFE (the "M takes nothing" cutoff): with every suit of M safe and a catcher on lead, M
 * takes no further trick: he follows each suit by its safe play, the catchers' discards only
 * lead to states the game has covered, and when void he discards the highest card of a suit,
 * which keeps it safe. Against the two catchers' cards pooled, "every card of M has no more
 * catcher cards below it than M has" is the simpler, weaker test.
 *
 * CATCH_L, CATCH_R (the "caught at once" cutoff): the suit catches M by itself with L (R) on
 * lead.
 *
 * EXIT_RANK: the game's exit rank, for the "M on lead exits safely" cutoff.
 */
enum { SAFE = SUIT_SAFE, CATCH_L = SUIT_CATCH_NEXT, CATCH_R = SUIT_CATCH_PREV };
/* SUIT_FLAGS: four bits a state (32 KB, so it stays in the first-level cache): the flags of
 * state (a, b) are nibble b & 7 of SUIT_FLAGS[a][b >> 3]. */
static u32 SUIT_FLAGS[256][32];
static uint8_t EXIT_RANK[256][256];

static u32 suit_flags(u32 a, u32 b) { return SUIT_FLAGS[a][b >> 3] >> (b & 7) * 4; }

/* The games solved into EXIT_RANK (flags | exit rank << SUIT_EXIT_SHIFT), then the flags of
 * each eight states moved into a word of SUIT_FLAGS and the exit ranks left in EXIT_RANK. */
static int build_suit_games(void) {
    if (solve_suit_games(EXIT_RANK) < 0) return -1;
    for (u32 a = 0; a < 256; a++) {
        for (u32 word = 0; word < 32; word++) {
            uint8_t *answers = &EXIT_RANK[a][word * 8];
            u32 flags = 0;
            for (u32 i = 0; i < 8; i++) {
                flags |= (u32)(answers[i] & ((1u << SUIT_EXIT_SHIFT) - 1)) << i * 4;
                answers[i] >>= SUIT_EXIT_SHIFT;
            }
            SUIT_FLAGS[a][word] = flags;
        }
    }
    return 0;
}

/* The two bytes of the suit at `shift` (see above). */
#define SUIT_A(m, l, r, shift) (((m) | (r)) >> (shift) & 0xFF)
#define SUIT_B(m, l, r, shift) (((l) | (r)) >> (shift) & 0xFF)

/* M's holding in the suit at `shift` is safe (see SAFE above). */
static u32 suit_is_safe(u32 m, u32 l, u32 r, int shift) {
    return suit_flags(SUIT_A(m, l, r, shift), SUIT_B(m, l, r, shift)) & SAFE;
}

/* What the per-suit games say about a position: the flags of its four suits ANDed (SAFE set:
 * every suit safe, so with a catcher on lead M takes nothing more) and ORed (CATCH_L or
 * CATCH_R set: some suit catches M by itself with that catcher on lead). */
static ALWAYS_INLINE void suit_verdicts(u32 m, u32 l, u32 r, u32 *all, u32 *any) {
    u32 a = m | r, b = l | r;
    u32 f0 = suit_flags(a & 0xFF, b & 0xFF), f1 = suit_flags(a >> 8 & 0xFF, b >> 8 & 0xFF),
        f2 = suit_flags(a >> 16 & 0xFF, b >> 16 & 0xFF), f3 = suit_flags(a >> 24, b >> 24);
    *all = f0 & f1 & f2 & f3;
    *any = f0 | f1 | f2 | f3;
}

/* ------------------------------------------------------------------------------------------ */
/* Transposition table: exact keys, buckets of eight 8-byte entries, bounds on the tricks M
 * takes from a position.
 *
 * A normalised position packs into 64 bits, (m | r) in the low half and (l | r) in the high
 * half (each card in play has its owner's code: M 01, L 10, R 11), and goes through a
 * bijective mix (xor-shifts and multiplications by odd numbers are invertible). The low bits
 * of the mix choose the bucket and the entry keeps the rest as its tag, so a tag and a leader
 * that match identify the position exactly. An entry is one 64-bit word:
 *   valid (1) | ub (4) << 1 | lb (4) << 5 | cards (4) << 9 | leader (2) << 13 | tag << 15
 * written and read whole, so the threads of --jobs can share the table without locks.
 * enumerate() and solve_many() let go of the GIL while they search. */

typedef u64 Entry;

enum { WAYS = 8 };            /* entries per bucket: one 64-byte cache line */
enum { MIN_TABLE_BITS = 18 }; /* 2**15 buckets: the tag (64 - 15 bits) << 15 fits the word */
#ifndef DEFAULT_TABLE_BITS
#define DEFAULT_TABLE_BITS 22 /* 32 MB */
#endif
#if DEFAULT_TABLE_BITS < 18
#error "DEFAULT_TABLE_BITS must be at least MIN_TABLE_BITS (18)"
#endif
static void *own_memory;     /* allocated at import */
static Entry *own_table;     /* own_memory from its first cache-line boundary */
static Entry *table;         /* the one in use: own_table or a caller's buffer */
static u64 bucket_mask;      /* buckets - 1 */
static int bucket_bits;      /* log2(buckets) */
static Py_buffer table_view; /* the caller's buffer while it is in use */
static u64 node_count;

static void set_table(Entry *entries, u64 count) {
    table = entries;
    bucket_bits = 0;
    while (((u64)WAYS << bucket_bits) < count) bucket_bits++;
    bucket_mask = ((u64)1 << bucket_bits) - 1;
}

typedef struct {
    u64 tag; /* tag << 15 | leader << 13: the bits that identify the position */
    u64 hash; /* the mix of the position: the near table takes its slot and tag from it */
    Entry *bucket;
} Probe;

/* The near table: 2**NEAR_BITS entries, direct-mapped, in the same format as the big table's
 * (the low NEAR_BITS bits of the mix choose the slot, the rest is the tag). It holds copies of
 * the big table's entries lately used, so a probe that hits it costs no trip to memory. */
#ifndef NEAR_BITS
#define NEAR_BITS 16 /* 512 KB */
#endif
#if NEAR_BITS < 15
#error "NEAR_BITS must be at least 15: the tag (64 - NEAR_BITS bits) << 15 must fit the word"
#endif
#define NEAR_MASK ((1u << NEAR_BITS) - 1)
static Entry near_table[1 << NEAR_BITS];

enum { ID_SHIFT = 13, ID_MASK_LOW = (1 << ID_SHIFT) - 1 };

/* The bijective mix of a normalised position's two words. */
static u64 position_mix(u32 m, u32 l, u32 r) {
    u64 h = (u64)(m | r) | (u64)(l | r) << 32;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h;
}

static Probe tt_probe_of(u32 m, u32 l, u32 r, int leader) {
    u64 h = position_mix(m, l, r);
    Probe p;
    p.bucket = &table[(h & bucket_mask) * WAYS];
    p.tag = (h >> bucket_bits) << 15 | (u64)leader << ID_SHIFT;
    p.hash = h;
    return p;
}

static int entry_ub(Entry e) { return (int)(e >> 1 & 15); }
static int entry_lb(Entry e) { return (int)(e >> 5 & 15); }
static int entry_cards(Entry e) { return (int)(e >> 9 & 15); }

/* The entry for p (0: none) and its way. */
static Entry tt_find(const Probe *p, int *way) {
    for (int w = 0; w < WAYS; w++) {
        Entry e = p->bucket[w];
        if ((e & ~(u64)ID_MASK_LOW) == p->tag && (e & 1)) {
            *way = w;
            return e;
        }
    }
    return 0;
}

/* The way a new entry takes: an empty one, else the one with the fewest cards left (the
 * cheapest to search again). */
static int victim(const Entry *bucket) {
    int best = 0, fewest = 99;
    for (int w = 0; w < WAYS; w++) {
        Entry e = bucket[w];
        if (!e) return w;
        if (entry_cards(e) < fewest) {
            fewest = entry_cards(e);
            best = w;
        }
    }
    return best;
}


/* ------------------------------------------------------------------------------------------ */
/* The search.                                                                                */

/* A search's count of nodes and its limits. Past `limit` nodes the search gives up (`spent`),
 * returns at once and stores nothing more in the table (what it stored was finished work). It
 * gives up the same way when it is stopped (`stopped`): another thread called stop(), or a
 * signal arrived and its Python handler raised. The limits are looked at every CHECK_NODES
 * nodes (`check_at`), which also lets Python run the handler of a signal meanwhile: the search
 * runs without the GIL, and in the main thread nothing else would. */
/* A search with a node budget keeps its own small table, emptied for every layout, and neither
 * reads nor writes the shared one: whether it ends within its budget must not depend on what
 * was searched before it (in this thread or another), or the same question would get other
 * answers in other runs. A slot is direct-mapped by the position's mix, and holds the whole
 * mix, so it is exact; `pass` tells slots of this layout from older ones. */
typedef struct {
    u64 mix;
    uint32_t pass;
    uint8_t lb, ub, leader, unused;
} Slot;

enum { ALONE_BITS = 12 }; /* 4096 slots, 64 KB: a budget is a few thousand nodes */
#define ALONE_MASK ((1u << ALONE_BITS) - 1)

typedef struct {
    u64 nodes, limit, check_at;
    int spent;
    int stopped; /* STOP_ASKED or STOP_RAISED (the handler's exception is set), else 0 */
    PyThreadState **thread; /* in the main thread: the caller's saved thread state, else NULL */
    Slot *alone;            /* a budgeted search's own table (NULL: the shared one) */
    uint32_t pass;          /* the layout being searched alone (slots of others are stale) */
} Budget;

enum { CHECK_NODES = 1 << 16 };

static u64 next_check(u64 nodes, u64 limit) {
    u64 next = nodes + CHECK_NODES;
    return limit < next ? limit + 1 : next; /* limit < next <= UINT64_MAX: no overflow */
}

/* A budget of `limit` nodes (UINT64_MAX: none) for a search running without the GIL, whose
 * caller saved its thread state in *thread. Only the main thread looks for signals: another
 * would wait for the GIL at every check while the main thread runs Python. */
static Budget budget_of(u64 limit, PyThreadState **thread) {
    Budget budget = {0, limit, next_check(0, limit), 0, 0, in_main_thread(thread), NULL, 0};
    return budget;
}

/* Whether the search must give up now (see Budget); else the next check is set. */
static int budget_ends(Budget *budget) {
    if (budget->nodes > budget->limit) {
        budget->spent = 1;
        return 1;
    }
    budget->stopped = stop_reason(budget->thread);
    if (budget->stopped) {
        budget->spent = 1;
        return 1;
    }
    budget->check_at = next_check(budget->nodes, budget->limit);
    return 0;
}

typedef struct {
    u32 h[3];       /* hands, normalised at the start of the trick */
    int leader;     /* who led this trick */
    int suit_shift; /* 8 * the led suit */
    int win_seat;   /* who is winning the trick so far */
    int win_rank;   /* and with which rank of the led suit */
    int k;          /* tricks the catchers still want */
    u32 played[3];  /* the card each seat has put on the table (0 = not yet) */
    Budget *budget; /* the caller's node count and budget (each thread has its own) */
    u32 unsafe;     /* bit 8 * s set when M's holding in suit s is not safe (at the trick's start) */
} Trick;

static int search(u32 m, u32 l, u32 r, int leader, int k, Budget *budget);
static int static_cutoff(u32 m, u32 l, u32 r, int leader, int k);

/* The moves of `seat` as the `pos`-th player (0 = leader) of trick t, best first. */
static ALWAYS_INLINE int gen_moves(const Trick *t, int seat, int pos, uint8_t out[MAX_TRICKS]) {
    u32 hand = t->h[seat];
    int score[32];
    u32 cards;
    if (pos == 0) {
        cards = representatives(hand);
        u32 m = t->h[SEAT_M], l = t->h[SEAT_L], r = t->h[SEAT_R];
        for (u32 x = cards; x; x &= x - 1) {
            int card = lowest(x), shift = card & ~7, rank = card & 7;
            if (seat == SEAT_M && t->k >= 2) {
                /* M can afford a trick: first shed the high cards of his holed suits */
                int hole = t->unsafe >> shift & 1;
                score[card] = (hole ? 0 : 16) + 8 - rank;
            } else if (seat == SEAT_M) {
                /* first the cards a catcher must overtake (he holds the suit, only higher),
                 * then the lowest */
                u32 below = (1u << rank) - 1, lh = l >> shift & 0xFF, rh = r >> shift & 0xFF;
                int overtaken = (lh && !(lh & below)) || (rh && !(rh & below));
                score[card] = (overtaken ? 0 : 16) + rank;
            } else {
                u32 mh = m >> shift & 0xFF;
                int hole = t->unsafe >> shift & 1;
                /* M's holed suits first, then suits M holds, suits M is void in last; high
                 * cards first (measured: 18% fewer searches to find a catch than low first) */
                score[card] = (hole ? 0 : mh ? 16 : 32) + 7 - rank;
            }
        }
        return order_moves(cards, score, out);
    }
    u32 suit = 0xFFu << t->suit_shift;
    if (hand & suit) {
        cards = representatives(hand & suit);
        /* the cards under the one winning the trick so far, and the others */
        u32 below = cards & ((1u << (t->suit_shift + t->win_rank)) - 1), above = cards & ~below;
        if (seat == SEAT_M && t->k >= 2) /* M can afford a trick: win with his highest first */
            return emit_down(below, out, emit_down(above, out, 0));
        if (seat == SEAT_M) /* duck with the highest card that loses; else win with the highest */
            return emit_down(above, out, emit_down(below, out, 0));
        if (t->win_seat == SEAT_M) /* keep M winning with the highest card under his, else overtake low */
            return emit_up(above, out, emit_down(below, out, 0));
        if (pos == 1) return emit_up(cards, out, 0); /* before M: keep the trick low */
        return emit_down(cards, out, 0);             /* M is beaten already: shed high cards */
    }
    /* void: discard the highest cards first; M sheds his holed suits first */
    cards = representatives(hand);
    for (u32 x = cards; x; x &= x - 1) {
        int card = lowest(x), shift = card & ~7;
        int safe = seat != SEAT_M || !(t->unsafe >> shift & 1);
        score[card] = (safe ? 16 : 0) + 8 - (card & 7);
    }
    return order_moves(cards, score, out);
}

/* A position after a complete trick, ready to search. */
typedef struct {
    u32 h[3];
    int leader, k;
    int cut; /* the static answer (0 or 1), or -1: search it */
} Child;

/* Start fetching the table's entries for a normalised position (both tables). */
static ALWAYS_INLINE void prefetch_entries(const u32 h[3], int leader, const Budget *budget) {
    if (budget->alone) return;
    Probe p = tt_probe_of(h[0], h[1], h[2], leader);
    PREFETCH(p.bucket);
    PREFETCH(&near_table[p.hash & NEAR_MASK]);
}

/* The position after `seat` plays `card` as the last card of trick t, with its static answer. */
static ALWAYS_INLINE void make_child(const Trick *t, int seat, int card, Child *c) {
    c->leader = t->win_seat;
    if ((card & ~7) == t->suit_shift && (card & 7) > t->win_rank) c->leader = seat;
    for (int s = 0; s < 3; s++) c->h[s] = t->h[s] & ~t->played[s];
    c->h[seat] &= ~(1u << card);
    c->k = t->k - (c->leader == SEAT_M);
    c->cut = static_cutoff(c->h[0], c->h[1], c->h[2], c->leader, c->k);
}

/* Normalise a child to be searched and start fetching its table entries. */
static ALWAYS_INLINE void ready_child(Child *c, const Budget *budget) {
    normalise(c->h);
    prefetch_entries(c->h, c->leader, budget);
}

/*
 * M plays the last card of a trick: his cards in order until one keeps him from k tricks.
 * His first card nearly always does (and on the fixture, when it needs a search, no later card
 * ever has a static answer), so the others are not prepared before it has failed.
 */
static ALWAYS_INLINE int m_plays_last(const Trick *t, const uint8_t *moves, int n) {
    t->budget->nodes += (u64)n;
    for (int i = 0; i < n; i++) {
        Child c;
        make_child(t, SEAT_M, moves[i], &c);
        if (c.cut == 0) return 0;
        if (c.cut > 0) continue;
        ready_child(&c, t->budget);
        if (!search(c.h[0], c.h[1], c.h[2], c.leader, c.k, t->budget) || t->budget->spent) return 0;
    }
    return 1;
}

static int table_answer(const u32 h[3], int leader, int k, const Budget *budget);

/*
 * A catcher plays the last card of a trick. The catchers nearly always have to try every
 * card, so the positions are all prepared first (a static catch among them settles the trick
 * at once) and their table entries prefetched together, so that the memory fetches overlap;
 * then the table is asked whether any of them is a catch already (before a search of the
 * first one: an "enhanced transposition cutoff"), and they are searched in order.
 */
static ALWAYS_INLINE int catcher_plays_last(const Trick *t, int seat, const uint8_t *moves, int n) {
    Child child[MAX_TRICKS];
    t->budget->nodes += (u64)n;
    for (int i = 0; i < n; i++) {
        make_child(t, seat, moves[i], &child[i]);
        if (child[i].cut > 0) return 1;
        if (child[i].cut < 0) ready_child(&child[i], t->budget);
    }
    for (int i = 1; i < n; i++)
        if (child[i].cut < 0 && table_answer(child[i].h, child[i].leader, child[i].k, t->budget) == 1)
            return 1;
    for (int i = 0; i < n; i++) {
        Child *c = &child[i];
        if (c->cut < 0 && search(c->h[0], c->h[1], c->h[2], c->leader, c->k, t->budget)) return 1;
        if (t->budget->spent) return 0;
    }
    return 0;
}

static int play(Trick *t, int pos) {
    int seat = (t->leader + pos) % 3;
    uint8_t moves[MAX_TRICKS];
    int n = gen_moves(t, seat, pos, moves);
    int want = seat == SEAT_M ? 0 : 1; /* M looks for a refutation, catchers for a catch */
    if (pos == 2)
        return seat == SEAT_M ? m_plays_last(t, moves, n) : catcher_plays_last(t, seat, moves, n);
    int suit_shift = t->suit_shift, win_seat = t->win_seat, win_rank = t->win_rank;
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
        int result = play(t, pos + 1);
        if (t->budget->spent) return 0;
        t->suit_shift = suit_shift;
        t->win_seat = win_seat;
        t->win_rank = win_rank;
        t->played[seat] = 0;
        if (result == want) return want;
    }
    return !want;
}

/* Search the next trick of a position, from its leader's card. */
static int expand(u32 m, u32 l, u32 r, int leader, int k, Budget *budget) {
    u32 unsafe = 0;
    for (int shift = 0; shift < 32; shift += 8) unsafe |= (suit_is_safe(m, l, r, shift) ^ 1) << shift;
    Trick t = {{m, l, r}, leader, 0, leader, 0, k, {0, 0, 0}, budget, unsafe};
    return play(&t, 0);
}

/*
 * M on lead takes no more tricks when he can lead a card x that a catcher must overtake (that
 * catcher holds x's suit, only higher cards) and all his other holdings are safe, the suit of
 * x once x is gone: a catcher wins the trick and leads, and the catchers' cards only go, which
 * keeps a safe suit safe (their discards are in the game).
 */
static int exit_in_suit(u32 m, u32 l, u32 r, int shift) {
    u32 lh = l >> shift & 0xFF, rh = r >> shift & 0xFF;
    /* the exit card must lie under every card of one catcher who holds the suit */
    int under = LOWEST8[lh] > LOWEST8[rh] ? LOWEST8[lh] : LOWEST8[rh];
    return EXIT_RANK[SUIT_A(m, l, r, shift)][SUIT_B(m, l, r, shift)] < under;
}

static int safe_exit(u32 m, u32 l, u32 r) {
    int unsafe = 0, unsafe_shift = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        if (!suit_is_safe(m, l, r, shift)) {
            unsafe++;
            unsafe_shift = shift;
        }
    }
    if (unsafe > 1) return 0;
    if (unsafe) return exit_in_suit(m, l, r, unsafe_shift);
    return exit_in_suit(m, l, r, 0) || exit_in_suit(m, l, r, 8) || exit_in_suit(m, l, r, 16) ||
           exit_in_suit(m, l, r, 24);
}

/* The answer without search where one is known (1 or 0), else -1. Valid on positions
 * whether normalised or not. */
static ALWAYS_INLINE int static_cutoff(u32 m, u32 l, u32 r, int leader, int k) {
    if (k <= 0) return 1;
    if (!m || (k > 1 && k > popcount32(m))) return 0;
    if (leader != SEAT_M) {
        u32 all, any;
        suit_verdicts(m, l, r, &all, &any);
        if (all & SAFE) return 0;
        if (k == 1 && any >> leader & 1) return 1; /* CATCH_L is 1 << SEAT_L, CATCH_R 1 << SEAT_R */
    } else if (safe_exit(m, l, r)) {
        return 0;
    }
    return -1;
}

/* Can the catchers force M to take k more tricks from this normalised position, which has no
 * static answer? The table is asked first; what the search finds goes into it, into the way
 * chosen when it was asked (so the bucket is not read again after a long search). */
static int search_alone(u32 m, u32 l, u32 r, int leader, int k, Budget *budget);

static int search(u32 m, u32 l, u32 r, int leader, int k, Budget *budget) {
    if (budget->nodes >= budget->check_at && budget_ends(budget)) return 0;
    if (budget->alone) return search_alone(m, l, r, leader, k, budget);
    Probe probe = tt_probe_of(m, l, r, leader);
    Entry *near = &near_table[probe.hash & NEAR_MASK];
    u64 near_tag = (probe.hash >> NEAR_BITS) << 15 | (u64)leader << ID_SHIFT;
    Entry entry = *near;
    if ((entry & ~(u64)ID_MASK_LOW) == near_tag && (entry & 1)) {
        if (entry_lb(entry) >= k) return 1;
        if (entry_ub(entry) < k) return 0;
    }
    int way;
    entry = tt_find(&probe, &way);
    if (entry) {
        *near = near_tag | (entry & ID_MASK_LOW);
        if (entry_lb(entry) >= k) return 1;
        if (entry_ub(entry) < k) return 0;
    } else {
        way = victim(probe.bucket);
    }
    int result = expand(m, l, r, leader, k, budget);
    if (budget->spent) return 0;
    /* the bounds known so far let k through (else the table had answered), so k sets one */
    int cards = popcount32(m), lb = entry ? entry_lb(entry) : 0, ub = entry ? entry_ub(entry) : cards;
    if (result)
        lb = k;
    else
        ub = k - 1;
    entry = probe.tag | (u64)cards << 9 | (u64)lb << 5 | (u64)ub << 1 | 1;
    probe.bucket[way] = entry;
    *near = near_tag | (entry & ID_MASK_LOW);
    return result;
}

/* A budgeted search's slot for a position, and whether it holds it (see Slot). */
static ALWAYS_INLINE Slot *alone_slot(u32 m, u32 l, u32 r, int leader, const Budget *budget,
                                      int *held) {
    u64 mix = position_mix(m, l, r);
    Slot *slot = &budget->alone[mix & ALONE_MASK];
    *held = slot->pass == budget->pass && slot->mix == mix && slot->leader == leader;
    return slot;
}

/* search() for a budgeted search, on its own table. */
static int search_alone(u32 m, u32 l, u32 r, int leader, int k, Budget *budget) {
    int held;
    Slot *slot = alone_slot(m, l, r, leader, budget, &held);
    int lb = held ? slot->lb : 0, ub = held ? slot->ub : popcount32(m);
    if (lb >= k) return 1;
    if (ub < k) return 0;
    int result = expand(m, l, r, leader, k, budget);
    if (budget->spent) return 0;
    if (result)
        lb = k;
    else
        ub = k - 1;
    slot = alone_slot(m, l, r, leader, budget, &held); /* the search may have taken it */
    slot->mix = position_mix(m, l, r);
    slot->pass = budget->pass;
    slot->leader = (uint8_t)leader;
    slot->lb = (uint8_t)lb;
    slot->ub = (uint8_t)ub;
    return result;
}

/* What the tables know of a normalised position: 1 (the catchers force k more tricks), 0 (they
 * do not), or -1 (not known). */
static int table_answer(const u32 h[3], int leader, int k, const Budget *budget) {
    if (budget->alone) {
        int held;
        Slot *slot = alone_slot(h[0], h[1], h[2], leader, budget, &held);
        return !held ? -1 : slot->lb >= k ? 1 : slot->ub < k ? 0 : -1;
    }
    Probe probe = tt_probe_of(h[0], h[1], h[2], leader);
    Entry entry = near_table[probe.hash & NEAR_MASK];
    u64 near_tag = (probe.hash >> NEAR_BITS) << 15 | (u64)leader << ID_SHIFT;
    if ((entry & ~(u64)ID_MASK_LOW) != near_tag || !(entry & 1)) {
        int way;
        entry = tt_find(&probe, &way);
        if (!entry) return -1;
    }
    if (entry_lb(entry) >= k) return 1;
    if (entry_ub(entry) < k) return 0;
    return -1;
}

/* The first trick of a layout: a position no other layout reaches, so the table is not
 * asked. */
static int can_force(u32 m, u32 l, u32 r, int leader, int k, Budget *budget) {
    ++budget->nodes;
    int cut = static_cutoff(m, l, r, leader, k);
    return cut >= 0 ? cut : expand(m, l, r, leader, k, budget);
}


/* The most tricks the catchers can force on M (0 = M stays clean), or `cap` when they can
 * force at least that many (cap 1 asks only whether M is caught); GAVE_UP when the budget ran
 * out first. Hands must be disjoint, of equal size. */
enum { GAVE_UP = 255 };
static int forced_tricks_up_to(u32 m, u32 l, u32 r, int leader, int cap, Budget *budget) {
    u32 h[3] = {m, l, r};
    normalise(h);
    int tricks = 0, most = popcount32(m) < cap ? popcount32(m) : cap;
    while (tricks < most && can_force(h[0], h[1], h[2], leader, tricks + 1, budget)) tricks++;
    return budget->spent ? GAVE_UP : tricks;
}

static int forced_tricks(u32 m, u32 l, u32 r, int leader, Budget *budget) {
    return forced_tricks_up_to(m, l, r, leader, MAX_TRICKS, budget);
}

/* ------------------------------------------------------------------------------------------ */
/* Python bindings.                                                                           */

static int parse_leader(int leader) {
    if (leader < 0 || leader > 2) {
        PyErr_Format(PyExc_ValueError, "leader must be 0 (M), 1 (L) or 2 (R), not %d", leader);
        return -1;
    }
    return 0;
}

static int check_layout(u32 m, u32 l, u32 r) {
    if ((m & l) || (m & r) || (l & r)) {
        PyErr_SetString(PyExc_ValueError, "the three hands overlap");
        return -1;
    }
    int n = popcount32(m);
    if (n > MAX_TRICKS || popcount32(l) != n || popcount32(r) != n) {
        PyErr_Format(PyExc_ValueError, "hands of %d, %d and %d cards: all must hold the same number, at most 10",
                     n, popcount32(l), popcount32(r));
        return -1;
    }
    return 0;
}

static PyObject *py_forced_tricks(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, l, r;
    int leader;
    if (!PyArg_ParseTuple(args, "IIIi:forced_tricks", &m, &l, &r, &leader)) return NULL;
    if (parse_leader(leader) < 0 || check_layout(m, l, r) < 0) return NULL;
    PyThreadState *thread = PyEval_SaveThread();
    Budget budget = budget_of(UINT64_MAX, &thread);
    int tricks = forced_tricks(m, l, r, leader, &budget);
    PyEval_RestoreThread(thread);
    node_count += budget.nodes;
    if (stopped(budget.stopped)) return NULL;
    return PyLong_FromLong(tricks);
}

/* Check every value (before the search lets go of the GIL); -1 with a ValueError if one is
 * bad. */
static int check_values(const Layouts *layouts, const char *name) {
    for (Py_ssize_t i = 0; i < layouts->count; i++) {
        u32 value = layout_value(layouts, i);
        if (layouts->ranked && value >= BINOM[layouts->n][layouts->k]) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] = %u is not below C(%d, %d)", name, i, value,
                         layouts->n, layouts->k);
            return -1;
        }
        if (!layouts->ranked && ((value & ~layouts->pool) ||
                                 check_layout(layouts->m, value, layouts->pool & ~value) < 0)) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s[%zd] = %#x is not inside the pool", name, i, value);
            return -1;
        }
    }
    return 0;
}

/* solve_many and solve_ranked: forced tricks (at most `cap`) for each layout of the buffer, one
 * byte each, in order until `stop` layouts reach the cap (-1: all of them); with a `budget` of
 * nodes (-1: none), GAVE_UP for a layout that needs more. */
static PyObject *solve_buffer(PyObject *args, const char *format, int ranked, const char *name) {
    unsigned int m, pool;
    int leader, cap = MAX_TRICKS;
    Py_ssize_t stop = -1;
    long long limit = -1;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, format, &m, &pool, &leader, &view, &cap, &stop, &limit))
        return NULL;
    Layouts layouts;
    PyObject *result = NULL;
    Slot *alone = NULL; /* a budgeted search's own table (see Slot) */
    if (parse_leader(leader) < 0 || (ranked && check_pool(m, pool) < 0)) goto done;
    if (cap < 1) {
        PyErr_Format(PyExc_ValueError, "cap must be at least 1, not %d", cap);
        goto done;
    }
    if (layouts_of(&layouts, m, pool, ranked, &view, name) < 0) goto done;
    if (check_values(&layouts, name) < 0) goto done;
    if (limit >= 0 && !(alone = PyMem_Calloc((size_t)1 << ALONE_BITS, sizeof(Slot)))) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyBytes_FromStringAndSize(NULL, layouts.count);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    u64 nodes = 0, unchecked = 0;
    Py_ssize_t solved = 0, capped = 0;
    int how = 0;
    PyThreadState *thread = PyEval_SaveThread();
    while (solved < layouts.count && capped != stop && !(how = stop_asked ? STOP_ASKED : 0)) {
        u32 l = left_hand(&layouts, solved);
        Budget budget = budget_of(limit < 0 ? UINT64_MAX : (u64)limit, &thread);
        budget.alone = alone;
        budget.pass = (uint32_t)solved + 1; /* the slots of the layouts before are stale */
        int tricks = forced_tricks_up_to(layouts.m, l, layouts.pool & ~l, leader, cap, &budget);
        nodes += budget.nodes;
        if ((how = budget.stopped)) break;
        out[solved++] = (uint8_t)tricks;
        capped += tricks == cap;
        /* each layout's budget counts its own nodes: many small searches look for a stop here */
        unchecked += budget.nodes;
        if (unchecked >= CHECK_NODES) {
            unchecked = 0;
            if ((how = stop_reason(in_main_thread(&thread)))) break;
        }
    }
    PyEval_RestoreThread(thread);
    node_count += nodes;
    if (stopped(how)) {
        Py_CLEAR(result);
    } else if (solved < layouts.count) { /* stopped early: the solved ones only */
        PyObject *prefix = PyBytes_FromStringAndSize((const char *)out, solved);
        Py_DECREF(result);
        result = prefix;
    }
done:
    PyMem_Free(alone);
    PyBuffer_Release(&view);
    return result;
}

static PyObject *py_solve_many(PyObject *self, PyObject *args) {
    (void)self;
    return solve_buffer(args, "IIiy*|inL:solve_many", 0, "l_masks");
}

static PyObject *py_solve_ranked(PyObject *self, PyObject *args) {
    (void)self;
    return solve_buffer(args, "IIiy*|inL:solve_ranked", 1, "ranks");
}

static PyObject *py_enumerate(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, pool;
    int leader;
    unsigned long long start, count;
    if (!PyArg_ParseTuple(args, "IIiKK:enumerate", &m, &pool, &leader, &start, &count)) return NULL;
    Walk walk;
    if (parse_leader(leader) < 0 || check_pool(m, pool) < 0) return NULL;
    if (walk_of(&walk, m, pool, start, count) < 0) return NULL;
    u64 hist[HIST] = {0};
    PyThreadState *thread = PyEval_SaveThread();
    Budget budget = budget_of(UINT64_MAX, &thread);
    for (u64 j = 0; j < count && !(budget.stopped |= stop_asked ? STOP_ASKED : 0); j++) {
        u32 l = walk_hand(&walk);
        int tricks = forced_tricks(m, l, pool & ~l, leader, &budget);
        if (budget.stopped) break;
        hist[tricks]++;
        walk_next(&walk);
    }
    PyEval_RestoreThread(thread);
    node_count += budget.nodes;
    if (stopped(budget.stopped)) return NULL;
    return count_list(hist, HIST);
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
    node_count = 0;
    Py_RETURN_NONE;
}

static PyObject *py_use_table(PyObject *self, PyObject *arg) {
    (void)self;
    Py_buffer view;
    if (arg != Py_None) {
        if (PyObject_GetBuffer(arg, &view, PyBUF_WRITABLE) < 0) return NULL;
        size_t entries = (size_t)view.len / sizeof(Entry);
        /* at least MIN_TABLE_BITS: the tag must keep every bit the bucket index drops */
        if (entries < ((size_t)1 << MIN_TABLE_BITS) || (entries & (entries - 1)) ||
            (size_t)view.len % sizeof(Entry) || (uintptr_t)view.buf % 64) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_ValueError, "the table must be a 64-byte aligned buffer of a "
                                              "power of two entries, at least 2**18");
            return NULL;
        }
    }
    if (table != own_table) PyBuffer_Release(&table_view);
    if (arg == Py_None) {
        set_table(own_table, (u64)1 << DEFAULT_TABLE_BITS);
    } else {
        table_view = view;
        set_table(view.buf, (u64)view.len / sizeof(Entry));
    }
    Py_RETURN_NONE;
}

static PyObject *py_static_answer(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, l, r;
    int leader, k;
    if (!PyArg_ParseTuple(args, "IIIii:static_answer", &m, &l, &r, &leader, &k)) return NULL;
    if (parse_leader(leader) < 0 || check_layout(m, l, r) < 0) return NULL;
    return PyLong_FromLong(static_cutoff(m, l, r, leader, k));
}

static PyObject *py_suit_game(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int a, b;
    if (!PyArg_ParseTuple(args, "II:suit_game", &a, &b)) return NULL;
    if (a > 255 || b > 255) {
        PyErr_SetString(PyExc_ValueError, "a and b are bytes: one suit's cards");
        return NULL;
    }
    u32 flags = suit_flags(a, b);
    return Py_BuildValue("(iiii)", (int)(flags & SAFE) != 0, (int)(flags & CATCH_L) != 0,
                         (int)(flags & CATCH_R) != 0, (int)EXIT_RANK[a][b]);
}

#include "_lead.c"

/* "Caught through a suit": the through-search and its bindings (THROUGH_METHODS). */
#include "_through.c"

static PyMethodDef methods[] = {
    {"forced_tricks", py_forced_tricks, METH_VARARGS,
     "forced_tricks(m, l, r, leader) -> int: the most tricks the catchers can force on M."},
    {"solve_many", py_solve_many, METH_VARARGS,
     "solve_many(m, pool, leader, l_masks, cap=10, stop=-1, budget=-1) -> bytes: forced tricks "
     "(at most cap) for each L hand (R gets the rest of the pool), until stop layouts reach the "
     "cap; 255 for a layout that needs more than budget search nodes."},
    {"solve_ranked", py_solve_ranked, METH_VARARGS,
     "solve_ranked(m, pool, leader, ranks, cap=10, stop=-1, budget=-1) -> bytes: forced tricks "
     "for the splits of the pool with these colex ranks (4-byte unsigned ints), as enumerate "
     "numbers them; cap, stop and budget as for solve_many."},
    {"enumerate", py_enumerate, METH_VARARGS,
     "enumerate(m, pool, leader, start, count) -> list[int]: histogram of forced tricks over "
     "splits start .. start+count-1 of the pool (colex order)."},
    {"lead_value", py_lead_value, METH_VARARGS,
     "lead_value(m, l, r, leader, card) -> int: the most tricks the catchers can force on M (the "
     "first trick counted) when the leader's first card is card (a bit index), the rest played "
     "double-dummy."},
    {"lead_many", py_lead_many, METH_VARARGS,
     "lead_many(leader, layouts, leads, cap=10) -> bytes: for each layout (three 4-byte unsigned "
     "ints: M's, L's and R's hands), forced_tricks, then lead_value for each card of the mask "
     "leads (lowest first), all at most cap."},
    {"split_hands", py_split_hands, METH_VARARGS,
     "split_hands(pool, ranks) -> bytes: the half of the pool (a 4-byte mask) each colex rank "
     "names, as enumerate and solve_ranked number the splits."},
    {"static_answer", py_static_answer, METH_VARARGS,
     "static_answer(m, l, r, leader, k) -> int: what the cutoffs say about 'can the catchers "
     "force k more tricks?' without search: 1, 0, or -1 (no answer)."},
    {"suit_game", py_suit_game, METH_VARARGS,
     "suit_game(a, b) -> (safe, caught with L on lead, caught with R on lead, exit rank): the "
     "per-suit games' answers for one suit, a = M's | R's cards, b = L's | R's."},
    THROUGH_METHODS
    STOP_METHOD,
    {"nodes", py_nodes, METH_NOARGS, "nodes() -> int: search nodes visited since the last clear()."},
    {"use_table", py_use_table, METH_O,
     "use_table(buffer | None) -> None: search with this writable buffer as the transposition "
     "table (shared memory lets processes share it), or with the module's own again."},
    {"clear", py_clear, METH_NOARGS, "clear() -> None: empty the transposition table, zero nodes()."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "advisor.solver._core", "Exact double-dummy misère solver.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    own_memory = calloc(((size_t)1 << DEFAULT_TABLE_BITS) + WAYS, sizeof(Entry));
    if (!own_memory) return PyErr_NoMemory();
    /* buckets on cache-line boundaries */
    own_table = (Entry *)(((uintptr_t)own_memory + 63) & ~(uintptr_t)63);
    set_table(own_table, (u64)1 << DEFAULT_TABLE_BITS);
    build_compress();
    if (build_suit_games() < 0) return PyErr_NoMemory();
    build_binomials();
    PyObject *mod = PyModule_Create(&module);
    if (!mod) return NULL;
    if (init_stopping(mod, "advisor.solver._core.Stopped") < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    if (PyModule_AddIntConstant(mod, "TABLE_ENTRIES", 1L << DEFAULT_TABLE_BITS) < 0 ||
        PyModule_AddIntConstant(mod, "ENTRY_SIZE", (long)sizeof(Entry)) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
