/*
 * _core.c: an exact double-dummy solver of all-pass (распас), plain C99, no third-party code.
 *
 * Cards are bits of a uint32_t, bit suit * 8 + rank (rank 0 = the 7 .. 7 = the ace), the layout
 * of advisor.cards.CardSet. The Python side speaks in absolute seats, 0 = first hand, 1 = second,
 * 2 = third (a trick led by seat s goes s, s+1, s+2 mod 3). Inside, after the talon tricks, seats
 * are relative to the player P whose tricks are counted: 0 = P, 1 = NEXT (plays right after P),
 * 2 = PREV (plays right before P).
 *
 * Two values of a position for P:
 *   forced (FORCED): the other two together maximise P's tricks, P minimises them;
 *   fewest (FEWEST): everyone minimises P's tricks.
 * The search answers one question, "does P take at least k more tricks?" (a null-window search),
 * at trick boundaries; within a trick the three cards are a small recursion. Forced is found by
 * asking k = 1, 2, ... until the answer is no (the last, failing, question is the costly one);
 * fewest by asking k = n, n - 1, ... until the answer is yes (under fewest a "no" only needs
 * one line of play, a "yes" the whole tree).
 *
 * Tricks 1 and 2 are the talon tricks: the turned-up card names the suit, first, second and
 * third hand play to it in that order, and the highest card of that suit played takes the trick.
 * A setting decides whether the turned-up card itself competes (then, when no player beats it,
 * the dealer is charged: third hand in a three-handed game, nobody at the table in a four-handed
 * one); when it does not and nobody has the suit (only possible in an ending) the trick goes to
 * nobody. Then first hand leads (or the given leader, in an ending), and each winner leads next.
 * The talon tricks are searched at the root, without the table; everything after them with it.
 *
 * Speed comes from:
 *   - normalised positions: at every trick boundary each suit's remaining cards are renumbered
 *     0, 1, 2 ... and the suits sorted (no trumps: suits are interchangeable), so equal endings
 *     meet in one table entry, across the layouts, deals and seats of a process;
 *   - a transposition table keyed by the whole normalised position (exact keys: it never goes
 *     stale and is shared by every call and thread), holding lower and upper bounds on P's
 *     tricks from there for each of the two values;
 *   - equivalent cards (neighbours among the cards still in play, in one hand) tried once;
 *   - move ordering (P ducks under the trick, sheds high cards when void; the others, under
 *     forced, lead P's weak suits and keep P winning);
 *   - cutoffs read from small games played on one suit alone, solved at import for every state
 *     of a suit ("Per-suit games" below): P takes no more tricks (every holding of P safe with
 *     another seat on lead, or a safe exit with P on lead), or, under forced, one suit catches P
 *     by itself; and two that look at the next trick: P can lose it whatever the others do, so
 *     he does not take every trick left; P on lead holds only top cards, so he takes them all;
 *   - the last trick valued without search, and table entries prefetched before they are read.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../_cards.h"
#include "../_stop.h"
#include "../_suitgames.h"

enum { P = 0, NEXT = 1, PREV = 2 };   /* seats relative to P */
enum { FORCED = 0, FEWEST = 1 };      /* the two values */
enum { MAX_CARDS = HAND_CARDS, MAX_TALON = 2 };
enum { SUIT_ONLY = -1, DEALER_OUT = 3 }; /* the `dealer` argument, besides a seat 0..2 */
enum { NOT_ASKED = 255 };

/* ------------------------------------------------------------------------------------------ */
/* Per-suit games, solved at import for every state of one suit.                              */

/*
 * The games themselves are _suitgames.h's (shared with the misère solver), with P as seat 0,
 * NEXT as SUIT_NEXT and PREV as SUIT_PREV: a suit's state is a = P's cards | PREV's,
 * b = NEXT's | PREV's. This core's cutoffs read them so:
 *
 * SAFE: with every holding of P safe and another seat on lead, P takes no more tricks: he
 * follows each suit by its safe play, throws the highest card of a suit when void (which keeps
 * it safe), and so never gets the lead. This holds for both values, since fewest is never
 * above forced.
 *
 * SUIT_CATCH_NEXT, SUIT_CATCH_PREV (bit 1 << seat): the suit catches P by itself with NEXT
 * (PREV) on lead: at least one trick under forced.
 *
 * EXIT: the game's exit rank, for "P on lead leads a card that another must overtake, and then
 * is safe everywhere".
 */
enum { SAFE = SUIT_SAFE };
static uint8_t SUIT_GAME[256][256]; /* flags | exit rank << SUIT_EXIT_SHIFT */

static ALWAYS_INLINE u32 suit_game(u32 p, u32 n, u32 v, int shift) {
    return SUIT_GAME[(p | v) >> shift & 0xFF][(n | v) >> shift & 0xFF];
}

/* The four suits' flags ANDed (SAFE: P is safe everywhere) and ORed (a catch somewhere). */
static ALWAYS_INLINE void suit_verdicts(u32 p, u32 n, u32 v, u32 *all, u32 *any) {
    u32 f0 = suit_game(p, n, v, 0), f1 = suit_game(p, n, v, 8), f2 = suit_game(p, n, v, 16),
        f3 = suit_game(p, n, v, 24);
    *all = f0 & f1 & f2 & f3;
    *any = f0 | f1 | f2 | f3;
}

/* P on lead can lead a card of this suit that another seat must overtake (that seat holds the
 * suit, only higher cards) and whose loss leaves the holding safe. */
static int exit_in_suit(u32 p, u32 n, u32 v, int shift) {
    int exit = suit_game(p, n, v, shift) >> SUIT_EXIT_SHIFT;
    int under_n = LOWEST8[n >> shift & 0xFF], under_v = LOWEST8[v >> shift & 0xFF];
    return exit < (under_n > under_v ? under_n : under_v);
}

/* P on lead takes no more tricks: every other holding safe, and a safe exit (see above). */
static int safe_exit(u32 p, u32 n, u32 v) {
    int unsafe = 0, unsafe_shift = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        if (!(suit_game(p, n, v, shift) & SAFE)) {
            unsafe++;
            unsafe_shift = shift;
        }
    }
    if (unsafe > 1) return 0;
    if (unsafe) return exit_in_suit(p, n, v, unsafe_shift);
    return exit_in_suit(p, n, v, 0) || exit_in_suit(p, n, v, 8) || exit_in_suit(p, n, v, 16) ||
           exit_in_suit(p, n, v, 24);
}

/* ------------------------------------------------------------------------------------------ */
/* Positions.                                                                                 */

/* Whether P can lose the coming trick whatever the others do, so that he does not take every
 * trick left (under either value, fewest being never above forced). With P on lead: he holds a
 * card that another seat must overtake (that seat holds the suit, only higher cards). With
 * another seat on lead: every suit the leader holds is one P is void in (he throws a card) or
 * holds a card below the leader's lowest of (he plays under whatever is led). */
static int can_lose_next(const u32 h[3], int leader) {
    for (int shift = 0; shift < 32; shift += 8) {
        u32 ph = h[P] >> shift & 0xFF, nh = h[NEXT] >> shift & 0xFF, vh = h[PREV] >> shift & 0xFF;
        if (leader == P) {
            if (ph && ((nh && LOWEST8[nh] > LOWEST8[ph]) || (vh && LOWEST8[vh] > LOWEST8[ph])))
                return 1;
            continue;
        }
        u32 lh = h[leader] >> shift & 0xFF;
        if (lh && ph && LOWEST8[ph] > LOWEST8[lh]) return 0;
    }
    return leader != P;
}

/* Whether P on lead holds only the top cards of his suits (each above every other card of its
 * suit still in play): he then takes every trick left, leading again after each. */
static int p_holds_only_tops(const u32 h[3]) {
    for (int shift = 0; shift < 32; shift += 8) {
        u32 ph = h[P] >> shift & 0xFF, others = (h[NEXT] | h[PREV]) >> shift & 0xFF;
        if (ph && others && (int)LOWEST8[ph] < highest(others)) return 0;
    }
    return 1;
}

/* The seat winning the last trick when everyone holds one card: P's trick or not. */
static int last_trick_to_p(const u32 h[3], int leader) {
    int led = lowest(h[leader]) & ~7, best = leader;
    for (int i = 1; i < 3; i++) {
        int seat = (leader + i) % 3, card = lowest(h[seat]);
        if ((card & ~7) == led && card > lowest(h[best])) best = seat;
    }
    return best == P;
}

/* ------------------------------------------------------------------------------------------ */
/* Transposition table.                                                                       */

/*
 * A normalised position packs into 64 bits, (P | PREV) low and (NEXT | PREV) high, which a
 * bijective mix scatters; the low bits of the mix choose a bucket of eight entries (one cache
 * line) and the entry keeps all the others as its tag, so tag, leader and value identify the
 * position exactly. An entry is one 64-bit word, written and read whole (the threads of
 * solve_deals share the table without locks):
 *   valid (1) | ub (4) << 1 | lb (4) << 5 | cards (4) << 9 | leader (2) << 13 | value (1) << 15
 *   | tag << 16
 * with lb <= P's tricks from here <= ub.
 */
typedef u64 Entry;

enum { WAYS = 8, ID_SHIFT = 13, TAG_SHIFT = 16, MIN_TABLE_BITS = 19 };
#ifndef TABLE_BITS
#define TABLE_BITS 22 /* 2**22 entries, 32 MB */
#endif
#if TABLE_BITS < MIN_TABLE_BITS
#error "TABLE_BITS must be at least 19: the tag must keep every bit the bucket index drops"
#endif

static void *table_memory;
static Entry *table;
static u64 bucket_mask;
static int bucket_bits;
static u64 node_count;

typedef struct {
    u64 id; /* tag << 16 | value << 15 | leader << 13 */
    Entry *bucket;
} Probe;

static ALWAYS_INLINE Probe probe_of(const u32 h[3], int leader, int value) {
    u64 x = (u64)(h[P] | h[PREV]) | (u64)(h[NEXT] | h[PREV]) << 32;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    Probe probe;
    probe.bucket = &table[(x & bucket_mask) * WAYS];
    probe.id = (x >> bucket_bits) << TAG_SHIFT | (u64)value << 15 | (u64)leader << ID_SHIFT;
    return probe;
}

static int entry_ub(Entry e) { return (int)(e >> 1 & 15); }
static int entry_lb(Entry e) { return (int)(e >> 5 & 15); }
static int entry_cards(Entry e) { return (int)(e >> 9 & 15); }

static Entry table_find(const Probe *probe, int *way) {
    for (int w = 0; w < WAYS; w++) {
        Entry e = probe->bucket[w];
        if ((e & ~(u64)((1u << ID_SHIFT) - 1)) == probe->id && (e & 1)) {
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
        if (!bucket[w]) return w;
        if (entry_cards(bucket[w]) < fewest) {
            fewest = entry_cards(bucket[w]);
            best = w;
        }
    }
    return best;
}

/* ------------------------------------------------------------------------------------------ */
/* The search after the talon tricks.                                                          */

typedef struct {
    int value;  /* FORCED or FEWEST */
    u64 nodes;  /* this call's count (each thread has its own) */
} Search;

typedef struct {
    u32 h[3];       /* hands at the start of the trick, normalised */
    int leader;
    int suit_shift; /* 8 * the led suit */
    int win_seat;   /* winning the trick so far */
    int win_rank;   /* with this rank of the led suit */
    int k;          /* tricks P must still take for a yes */
    u32 played[3];  /* each seat's card on the table (0: not yet) */
    u32 unsafe;     /* bit 8 * s: P's holding in suit s is not safe */
    Search *search;
} Trick;

static int search(Search *s, u32 h[3], int leader, int k);

/* The answer to "does P take at least k more tricks?" without search, or -1. Any hands of
 * equal size, normalised or not. */
static ALWAYS_INLINE int static_answer(int value, const u32 h[3], int leader, int k) {
    if (k <= 0) return 1;
    int cards = popcount32(h[P]);
    if (k > cards) return 0;
    if (cards == 1) return last_trick_to_p(h, leader);
    if (k == cards && can_lose_next(h, leader)) return 0;
    if (leader == P && p_holds_only_tops(h)) return 1;
    if (leader != P) {
        u32 all, any;
        suit_verdicts(h[P], h[NEXT], h[PREV], &all, &any);
        if (all & SAFE) return 0;
        if (value == FORCED && k == 1 && (any >> leader & 1)) return 1; /* SUIT_CATCH_x: bit x */
    } else if (safe_exit(h[P], h[NEXT], h[PREV])) {
        return 0;
    }
    return -1;
}

/* A lead, best first. */
static int gen_leads(const Trick *t, int seat, uint8_t out[MAX_CARDS]) {
    u32 cards = representatives(t->h[seat]);
    const u32 *h = t->h;
    int score[32];
    for (u32 x = cards; x; x &= x - 1) {
        int card = lowest(x), shift = card & ~7, rank = card & 7;
        u32 below = (1u << rank) - 1, nh = h[NEXT] >> shift & 0xFF, vh = h[PREV] >> shift & 0xFF;
        u32 ph = h[P] >> shift & 0xFF;
        if (seat == P && t->k >= 2 && t->search->value == FORCED) {
            /* P can afford a trick: first shed the high cards of his weak suits */
            score[card] = (t->unsafe >> shift & 1 ? 0 : 16) + 8 - rank;
        } else if (seat == P) {
            /* first the cards another seat must overtake, then the lowest */
            int overtaken = (nh && !(nh & below)) || (vh && !(vh & below));
            score[card] = (overtaken ? 0 : 16) + rank;
        } else if (t->search->value == FORCED) {
            /* P's weak suits first, then suits P holds, his voids last; high cards first */
            score[card] = (t->unsafe >> shift & 1 ? 0 : ph ? 16 : 32) + 7 - rank;
        } else {
            /* fewest: suits P is void in (he throws a card), then high cards P can duck under */
            score[card] = (ph ? 16 : 0) + 7 - rank;
        }
    }
    return order_moves(cards, score, out);
}

/* The moves of `seat` as the pos-th player of trick t (0 = the leader), best first. */
static ALWAYS_INLINE int gen_moves(const Trick *t, int seat, int pos, uint8_t out[MAX_CARDS]) {
    if (pos == 0) return gen_leads(t, seat, out);
    u32 hand = t->h[seat], suit = 0xFFu << t->suit_shift;
    int forced = t->search->value == FORCED;
    if (hand & suit) {
        u32 cards = representatives(hand & suit);
        u32 below = cards & ((1u << (t->suit_shift + t->win_rank)) - 1), above = cards & ~below;
        if (seat == P && forced && t->k >= 2) /* P can afford a trick: win with his highest */
            return emit_down(below, out, emit_down(above, out, 0));
        if (seat == P) /* duck with the highest card that loses, else win with the highest */
            return emit_down(above, out, emit_down(below, out, 0));
        if (!forced) return emit_down(cards, out, 0); /* fewest: cover P, shed high cards */
        if (t->win_seat == P) /* keep P winning: the highest card under his, else overtake low */
            return emit_up(above, out, emit_down(below, out, 0));
        if (t->played[P] == 0) return emit_up(cards, out, 0); /* before P: keep the trick low */
        return emit_down(cards, out, 0);                    /* P is beaten: shed high cards */
    }
    /* void: throw the highest cards first; P his weak suits first */
    u32 cards = representatives(hand);
    int score[32];
    for (u32 x = cards; x; x &= x - 1) {
        int card = lowest(x), shift = card & ~7;
        int weak = seat == P && (t->unsafe >> shift & 1);
        score[card] = (weak ? 0 : 16) + 8 - (card & 7);
    }
    return order_moves(cards, score, out);
}

/* A position after a complete trick. */
typedef struct {
    u32 h[3];
    int leader, k, cut;
} Child;

static ALWAYS_INLINE void make_child(const Trick *t, int seat, int card, Child *c) {
    c->leader = t->win_seat;
    if ((card & ~7) == t->suit_shift && (card & 7) > t->win_rank) c->leader = seat;
    for (int s = 0; s < 3; s++) c->h[s] = t->h[s] & ~t->played[s];
    c->h[seat] &= ~(1u << card);
    c->k = t->k - (c->leader == P);
    c->cut = static_answer(t->search->value, c->h, c->leader, c->k);
}

static int play(Trick *t, int pos);

/* The last card of a trick. A seat looking for a yes (the others under forced) tries every
 * card: the positions are all prepared first (a static yes settles it) and their table entries
 * fetched together; a seat looking for a no takes them one by one (the first nearly always
 * does it). */
static ALWAYS_INLINE int play_last(Trick *t, int seat, int want, const uint8_t *moves, int n) {
    t->search->nodes += (u64)n;
    if (!want) {
        for (int i = 0; i < n; i++) {
            Child c;
            make_child(t, seat, moves[i], &c);
            if (c.cut == 0) return 0;
            if (c.cut < 0) {
                normalise(c.h);
                if (!search(t->search, c.h, c.leader, c.k)) return 0;
            }
        }
        return 1;
    }
    Child child[MAX_CARDS];
    for (int i = 0; i < n; i++) {
        make_child(t, seat, moves[i], &child[i]);
        if (child[i].cut > 0) return 1;
        if (child[i].cut < 0) {
            normalise(child[i].h);
            PREFETCH(probe_of(child[i].h, child[i].leader, t->search->value).bucket);
        }
    }
    for (int i = 0; i < n; i++) {
        Child *c = &child[i];
        if (c->cut < 0 && search(t->search, c->h, c->leader, c->k)) return 1;
    }
    return 0;
}

static int play(Trick *t, int pos) {
    int seat = (t->leader + pos) % 3;
    uint8_t moves[MAX_CARDS];
    int n = gen_moves(t, seat, pos, moves);
    /* a yes is what the others look for under forced; P, and everyone under fewest, a no */
    int want = t->search->value == FORCED && seat != P;
    if (pos == 2) return play_last(t, seat, want, moves, n);
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
        t->suit_shift = suit_shift;
        t->win_seat = win_seat;
        t->win_rank = win_rank;
        t->played[seat] = 0;
        if (result == want) return want;
    }
    return !want;
}

static int expand(Search *s, const u32 h[3], int leader, int k) {
    u32 unsafe = 0;
    for (int shift = 0; shift < 32; shift += 8)
        unsafe |= (u32)!(suit_game(h[P], h[NEXT], h[PREV], shift) & SAFE) << shift;
    Trick t = {{h[0], h[1], h[2]}, leader, 0, leader, 0, k, {0, 0, 0}, unsafe, s};
    return play(&t, 0);
}

/* Does P take at least k more tricks from this normalised position, which has no static
 * answer? The table first; what the search finds goes into the way chosen when it was asked. */
static int search(Search *s, u32 h[3], int leader, int k) {
    s->nodes++;
    Probe probe = probe_of(h, leader, s->value);
    int way;
    Entry entry = table_find(&probe, &way);
    int cards = popcount32(h[P]), lb = 0, ub = cards;
    if (entry) {
        lb = entry_lb(entry);
        ub = entry_ub(entry);
        if (lb >= k) return 1;
        if (ub < k) return 0;
    } else {
        way = victim(probe.bucket);
    }
    int result = expand(s, h, leader, k);
    if (result)
        lb = k;
    else
        ub = k - 1;
    probe.bucket[way] = probe.id | (u64)cards << 9 | (u64)lb << 5 | (u64)ub << 1 | 1;
    return result;
}

/* ------------------------------------------------------------------------------------------ */
/* The talon tricks, in absolute seats.                                                       */

typedef struct {
    int talon[MAX_TALON], talon_count; /* the cards still to be turned up, in order */
    int leader;                        /* who leads once the talon tricks are over */
    int player;                        /* P */
    int dealer;                        /* SUIT_ONLY, a seat 0..2, or DEALER_OUT */
    Search *search;
} Root;

/* The cards still in play, talon cards to come included (they compete under "dealer"). */
static u32 live_cards(const Root *root, const u32 h[3], int from) {
    u32 live = h[0] | h[1] | h[2];
    for (int i = from; i < root->talon_count; i++) live |= 1u << root->talon[i];
    return live;
}

/* The highest card of each run of one hand's neighbours among the live cards. */
static u32 live_representatives(u32 hand, u32 live) {
    u32 out = 0;
    for (u32 x = hand; x; x &= x - 1) {
        int card = lowest(x);
        u32 above = live & ~((2u << card) - 1) & (0xFFu << (card & ~7));
        if (!above || !(hand >> lowest(above) & 1)) out |= 1u << card;
    }
    return out;
}

static int after_talon(const Root *root, const u32 h[3], int k);
static int talon_trick(const Root *root, const u32 h[3], int index, int k);

/* Who takes a talon trick: the highest card of the turned-up card's suit among those played;
 * under "dealer" the turned-up card competes for the dealer. -1: nobody at the table. */
static int talon_winner(const Root *root, int turned, const int played[3]) {
    int suit = turned & ~7, best = -1, winner = -1;
    for (int seat = 0; seat < 3; seat++) {
        if ((played[seat] & ~7) == suit && (played[seat] & 7) > best) {
            best = played[seat] & 7;
            winner = seat;
        }
    }
    if (root->dealer != SUIT_ONLY && (turned & 7) > best)
        winner = root->dealer == DEALER_OUT ? -1 : root->dealer;
    return winner;
}

/* Seat `seat` (absolute, in playing order 0, 1, 2) plays to talon trick `index`. */
static int talon_play(const Root *root, const u32 h[3], int index, int k, int seat, int played[3]) {
    int turned = root->talon[index], shift = turned & ~7;
    if (seat == 3) {
        int winner = talon_winner(root, turned, played);
        u32 rest[3];
        for (int s = 0; s < 3; s++) rest[s] = h[s] & ~(1u << played[s]);
        return talon_trick(root, rest, index + 1, k - (winner == root->player));
    }
    u32 hand = h[seat], suit = 0xFFu << shift, live = live_cards(root, h, index);
    u32 options = live_representatives(hand & suit ? hand & suit : hand, live);
    int want = root->search->value == FORCED && seat != root->player;
    uint8_t moves[MAX_CARDS];
    int n;
    if (!(hand & suit)) {
        n = emit_down(options, moves, 0); /* void: throw high cards first */
    } else if (seat == root->player || root->search->value == FEWEST) {
        /* P: duck under the best card so far, highest first; the others under fewest: high */
        int best = -1;
        for (int s = 0; s < seat; s++)
            if ((played[s] & ~7) == shift && (played[s] & 7) > best) best = played[s] & 7;
        u32 below = options & ((1u << (shift + (best < 0 ? 0 : best))) - 1);
        n = seat == root->player ? emit_down(options & ~below, moves, emit_down(below, moves, 0))
                                 : emit_down(options, moves, 0);
    } else {
        n = emit_up(options, moves, 0); /* the others under forced: keep the trick for P */
    }
    root->search->nodes += (u64)n;
    for (int i = 0; i < n; i++) {
        played[seat] = moves[i];
        if (talon_play(root, h, index, k, seat + 1, played) == want) return want;
    }
    return !want;
}

static int talon_trick(const Root *root, const u32 h[3], int index, int k) {
    if (k <= 0) return 1;
    if (k > popcount32(h[0])) return 0;
    if (index == root->talon_count) return after_talon(root, h, k);
    int played[3] = {0, 0, 0};
    return talon_play(root, h, index, k, 0, played);
}

/* The position after the talon tricks, seen from P, normalised and searched. */
static int after_talon(const Root *root, const u32 h[3], int k) {
    u32 rel[3];
    for (int r = 0; r < 3; r++) rel[r] = h[(root->player + r) % 3];
    int leader = (root->leader - root->player + 3) % 3;
    int cut = static_answer(root->search->value, rel, leader, k);
    if (cut >= 0) return cut;
    normalise(rel);
    return search(root->search, rel, leader, k);
}

/* The value of a position: forced counts up from `low` (known: P takes at least that many),
 * fewest down from `high` (known: at most that many). */
static int solve(Root *root, const u32 h[3], int low, int high) {
    int k;
    if (root->search->value == FORCED) {
        for (k = low + 1; k <= high && talon_trick(root, h, 0, k); k++) {
        }
        return k - 1;
    }
    for (k = high; k > low && !talon_trick(root, h, 0, k); k--) {
    }
    return k;
}

/* ------------------------------------------------------------------------------------------ */
/* Python bindings.                                                                           */

static int check_position(u32 h[3], const int *talon, int talon_count, int leader, int player,
                          int dealer) {
    if ((h[0] & h[1]) || (h[0] & h[2]) || (h[1] & h[2])) {
        PyErr_SetString(PyExc_ValueError, "the hands overlap");
        return -1;
    }
    int n = popcount32(h[0]);
    if (n > MAX_CARDS || popcount32(h[1]) != n || popcount32(h[2]) != n) {
        PyErr_SetString(PyExc_ValueError, "the hands must hold the same number of cards, at most 10");
        return -1;
    }
    if (talon_count < 0 || talon_count > MAX_TALON || talon_count > n) {
        PyErr_SetString(PyExc_ValueError, "at most two talon cards, and no more than cards in hand");
        return -1;
    }
    u32 seen = h[0] | h[1] | h[2];
    for (int i = 0; i < talon_count; i++) {
        if (talon[i] < 0 || talon[i] > 31 || (seen >> talon[i] & 1)) {
            PyErr_SetString(PyExc_ValueError, "a talon card is not a card outside the hands");
            return -1;
        }
        seen |= 1u << talon[i];
    }
    if (leader < 0 || leader > 2 || player < 0 || player > 2 || dealer < SUIT_ONLY || dealer > DEALER_OUT) {
        PyErr_SetString(PyExc_ValueError, "leader and player are seats 0..2, dealer -1..3");
        return -1;
    }
    return 0;
}

static int read_talon(PyObject *talon_bytes, int talon[MAX_TALON]) {
    char *buffer;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(talon_bytes, &buffer, &size) < 0) return -1;
    if (size > MAX_TALON) {
        PyErr_SetString(PyExc_ValueError, "at most two talon cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) talon[i] = (uint8_t)buffer[i];
    return (int)size;
}

static PyObject *py_value(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int first, second, third;
    PyObject *talon_bytes;
    int leader, player, value, dealer;
    if (!PyArg_ParseTuple(args, "IIIO!iiii:value", &first, &second, &third, &PyBytes_Type,
                          &talon_bytes, &leader, &player, &value, &dealer))
        return NULL;
    Root root;
    root.talon_count = read_talon(talon_bytes, root.talon);
    if (root.talon_count < 0) return NULL;
    u32 h[3] = {first, second, third};
    if (check_position(h, root.talon, root.talon_count, leader, player, dealer) < 0) return NULL;
    if (value != FORCED && value != FEWEST) {
        PyErr_SetString(PyExc_ValueError, "value is 0 (forced) or 1 (fewest)");
        return NULL;
    }
    Search search = {value, 0};
    root.leader = leader;
    root.player = player;
    root.dealer = dealer;
    root.search = &search;
    int result = solve(&root, h, 0, popcount32(h[0]));
    node_count += search.nodes;
    return PyLong_FromLong(result);
}

/* solve_deals: records of four 4-byte words, the three hands and the talon (its first card |
 * its second << 8); first hand leads trick 3. Out: six bytes a record, forced for seats 0..2,
 * then fewest for seats 0..2, NOT_ASKED where `seats` or `values` leaves them out. */
static void solve_record(const u32 *record, int seats, int values, int dealer, uint8_t *out,
                         u64 *nodes) {
    u32 h[3] = {record[0], record[1], record[2]};
    int cards = popcount32(h[0]);
    memset(out, NOT_ASKED, 6);
    for (int player = 0; player < 3; player++) {
        if (!(seats >> player & 1)) continue;
        Search search = {FORCED, 0};
        Root root = {{(int)(record[3] & 31), (int)(record[3] >> 8 & 31)}, MAX_TALON, 0, player,
                     dealer, &search};
        int forced = cards;
        if (values & 1) {
            forced = solve(&root, h, 0, cards);
            out[player] = (uint8_t)forced;
        }
        if (values & 2) {
            search.value = FEWEST;
            out[3 + player] = (uint8_t)solve(&root, h, 0, forced);
        }
        *nodes += search.nodes;
    }
}

static int check_record(const u32 *record, Py_ssize_t index) {
    u32 h[3] = {record[0], record[1], record[2]};
    int talon[2] = {(int)(record[3] & 0xFF), (int)(record[3] >> 8 & 0xFF)};
    if (popcount32(h[0]) != MAX_CARDS || (record[3] >> 16) ||
        check_position(h, talon, MAX_TALON, 0, 0, SUIT_ONLY) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "record %zd is not a deal of three hands of 10 and a talon of 2",
                     index);
        return -1;
    }
    return 0;
}

static PyObject *py_solve_deals(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    int seats, values, dealer;
    if (!PyArg_ParseTuple(args, "y*iii:solve_deals", &view, &seats, &values, &dealer)) return NULL;
    PyObject *result = NULL;
    Py_ssize_t count = view.len / 16;
    if (view.len % 16 || seats < 0 || seats > 7 || values < 0 || values > 3 || dealer < SUIT_ONLY ||
        dealer > DEALER_OUT) {
        PyErr_SetString(PyExc_ValueError, "records of 16 bytes; seats 0..7, values 0..3, dealer -1..3");
        goto done;
    }
    const u32 *records = view.buf;
    for (Py_ssize_t i = 0; i < count; i++)
        if (check_record(records + 4 * i, i) < 0) goto done;
    result = PyBytes_FromStringAndSize(NULL, 6 * count);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    u64 nodes = 0;
    int how = 0;
    PyThreadState *thread = PyEval_SaveThread();
    PyThreadState **in_main = in_main_thread(&thread);
    for (Py_ssize_t i = 0; i < count && !(how = stop_reason(in_main)); i++)
        solve_record(records + 4 * i, seats, values, dealer, out + 6 * i, &nodes);
    PyEval_RestoreThread(thread);
    node_count += nodes;
    if (stopped(how)) Py_CLEAR(result);
done:
    PyBuffer_Release(&view);
    return result;
}

static PyObject *py_static_answer(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int p, n, v;
    int leader, k, value;
    if (!PyArg_ParseTuple(args, "IIIiii:static_answer", &p, &n, &v, &leader, &k, &value)) return NULL;
    u32 h[3] = {p, n, v};
    if (check_position(h, NULL, 0, leader, 0, SUIT_ONLY) < 0) return NULL;
    return PyLong_FromLong(static_answer(value == FEWEST ? FEWEST : FORCED, h, leader, k));
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
    node_count = 0;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"value", py_value, METH_VARARGS,
     "value(first, second, third, talon, leader, player, value, dealer) -> int: P's tricks "
     "under forced (value 0) or fewest (1)."},
    {"solve_deals", py_solve_deals, METH_VARARGS,
     "solve_deals(records, seats, values, dealer) -> bytes: six values a deal."},
    {"static_answer", py_static_answer, METH_VARARGS,
     "static_answer(p, next, prev, leader, k, value) -> int: the cutoffs' answer, or -1."},
    STOP_METHOD,
    {"nodes", py_nodes, METH_NOARGS, "nodes() -> int: search nodes since the last clear()."},
    {"clear", py_clear, METH_NOARGS, "clear() -> None: empty the table, zero nodes()."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "advisor.allpass._core", "Exact double-dummy all-pass solver.", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    table_memory = calloc(((size_t)1 << TABLE_BITS) + WAYS, sizeof(Entry));
    if (!table_memory) return PyErr_NoMemory();
    table = (Entry *)(((uintptr_t)table_memory + 63) & ~(uintptr_t)63); /* lines of 8 entries */
    bucket_bits = TABLE_BITS - 3;
    bucket_mask = ((u64)1 << bucket_bits) - 1;
    build_compress();
    if (solve_suit_games(SUIT_GAME) < 0) return PyErr_NoMemory();
    PyObject *mod = PyModule_Create(&module);
    if (!mod) return NULL;
    if (PyModule_AddIntConstant(mod, "NOT_ASKED", NOT_ASKED) < 0 ||
        PyModule_AddIntConstant(mod, "SUIT_ONLY", SUIT_ONLY) < 0 ||
        PyModule_AddIntConstant(mod, "DEALER_OUT", DEALER_OUT) < 0 ||
        init_stopping(mod, "advisor.allpass._core.Stopped") < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
