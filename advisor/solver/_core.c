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
 *     the catchers lead M's holed suits low first);
 *   - the clean-holding cutoff (see all_clean below), proved against brute force by the tests.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

enum { SEAT_M = 0, SEAT_L = 1, SEAT_R = 2, MAX_TRICKS = 10, HIST = 11 };

/* ------------------------------------------------------------------------------------------ */
/* Tables built once at import.                                                               */

/* COMPRESS[rem][h]: the bits of h (a subset of rem) renumbered to the ranks of rem, i.e. the
 * parallel bit extract of h under rem. */
static uint8_t COMPRESS[256][256];
/* CLEAN[m][c]: 1 when M's holding m cannot be caught by leads from the catchers' cards c. */
static uint8_t CLEAN[256][256];

#if defined(__GNUC__) || defined(__clang__)
static int popcount32(u32 x) { return __builtin_popcount(x); }
static int lowest(u32 x) { return __builtin_ctz(x); }
#else /* portable C99 */
static int popcount32(u32 x) {
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
}
static int lowest(u32 x) { return popcount32((x & -x) - 1); }
#endif

/*
 * A holding is clean against the catchers' cards in its suit when every card of M has at most
 * as many catcher cards below it as M has cards below it. Then, whenever a catcher leads the
 * suit, M can follow below the led card (he plays his highest card under it and keeps the
 * rest), so M never wins a trick in that suit; and cards M sheds when void only help him.
 */
static int holding_is_clean(u32 m, u32 c) {
    int below_m = 0;
    for (int rank = 0; rank < 8; rank++) {
        if (m >> rank & 1) {
            if (popcount32(c & ((1u << rank) - 1)) > below_m) return 0;
            below_m++;
        }
    }
    return 1;
}

static void build_tables(void) {
    for (u32 rem = 0; rem < 256; rem++) {
        for (u32 h = 0; h < 256; h++) {
            u32 out = 0;
            int bit = 0;
            for (int rank = 0; rank < 8; rank++) {
                if (rem >> rank & 1) {
                    if (h >> rank & 1) out |= 1u << bit;
                    bit++;
                }
            }
            COMPRESS[rem][h] = (uint8_t)out;
            CLEAN[rem][h] = (uint8_t)holding_is_clean(rem, h);
        }
    }
}

/* Every holding of M clean against the catchers' cards: with a catcher on lead, M takes no
 * further trick (he never wins one, so he never leads). */
static int all_clean(u32 m, u32 c) {
    return CLEAN[m & 0xFF][c & 0xFF] & CLEAN[m >> 8 & 0xFF][c >> 8 & 0xFF] &
           CLEAN[m >> 16 & 0xFF][c >> 16 & 0xFF] & CLEAN[m >> 24][c >> 24];
}

static void normalise(u32 h[3]) {
    u32 all = h[0] | h[1] | h[2];
    u32 out[3] = {0, 0, 0};
    for (int shift = 0; shift < 32; shift += 8) {
        u32 rem = all >> shift & 0xFF;
        if (!rem) continue;
        for (int seat = 0; seat < 3; seat++)
            out[seat] |= (u32)COMPRESS[rem][h[seat] >> shift & 0xFF] << shift;
    }
    h[0] = out[0];
    h[1] = out[1];
    h[2] = out[2];
}

/* ------------------------------------------------------------------------------------------ */
/* Transposition table: exact keys, two-way buckets, bounds on the tricks M takes from here.   */

typedef struct {
    u32 m, l, r;
    uint8_t leader, lb, ub, used;
} Entry;

#ifndef TT_BITS
#define TT_BITS 22
#endif
#define TT_SIZE (1u << TT_BITS)
static Entry *table;
static u64 node_count;

static Entry *tt_slot(u32 m, u32 l, u32 r, int leader) {
    u64 key = ((u64)m * 0x9E3779B97F4A7C15ull) ^ ((u64)l * 0xC2B2AE3D27D4EB4Full) ^
              ((u64)r * 0x165667B19E3779F9ull) ^ (u64)leader;
    key ^= key >> 29;
    key *= 0xBF58476D1CE4E5B9ull;
    return &table[(key >> (64 - TT_BITS)) & ~1ull];
}

static Entry *tt_find(Entry *slot, u32 m, u32 l, u32 r, int leader) {
    for (int way = 0; way < 2; way++) {
        Entry *e = slot + way;
        if (e->used && e->m == m && e->l == l && e->r == r && e->leader == leader) return e;
    }
    return NULL;
}

static void tt_store(u32 m, u32 l, u32 r, int leader, int k, int result) {
    Entry *slot = tt_slot(m, l, r, leader);
    Entry *e = tt_find(slot, m, l, r, leader);
    if (!e) {
        /* Replace the second way; move the first there so the newest entry sits first. */
        slot[1] = slot[0];
        e = slot;
        e->m = m;
        e->l = l;
        e->r = r;
        e->leader = (uint8_t)leader;
        e->lb = 0;
        e->ub = (uint8_t)popcount32(m);
        e->used = 1;
    }
    if (result) {
        if (e->lb < k) e->lb = (uint8_t)k;
    } else {
        if (e->ub > k - 1) e->ub = (uint8_t)(k - 1);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The search.                                                                                */

typedef struct {
    u32 h[3];       /* hands, normalised at the start of the trick */
    int leader;     /* who led this trick */
    int suit_shift; /* 8 * the led suit */
    int win_seat;   /* who is winning the trick so far */
    int win_rank;   /* and with which rank of the led suit */
    int k;          /* tricks the catchers still want */
    u32 played[3];  /* the card each seat has put on the table (0 = not yet) */
} Trick;

static int can_force(u32 m, u32 l, u32 r, int leader, int k);
static int static_cutoff(u32 m, u32 l, u32 r, int leader, int k);

/* Cards of `hand` worth trying: one per run of neighbours (the highest of each run). */
static u32 representatives(u32 hand) { return hand & ~(hand >> 1 & 0x7F7F7F7Fu); }

/* Order `cards` into `out` by ascending `score`; returns how many. */
static int order_moves(u32 cards, const int score[32], uint8_t out[MAX_TRICKS]) {
    int n = 0;
    while (cards) {
        int c = lowest(cards);
        cards &= cards - 1;
        int i = n++;
        while (i > 0 && score[out[i - 1]] > score[c]) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = (uint8_t)c;
    }
    return n;
}

/* The moves of `seat` as the `pos`-th player (0 = leader) of trick t, best first. */
static int gen_moves(const Trick *t, int seat, int pos, uint8_t out[MAX_TRICKS]) {
    u32 hand = t->h[seat];
    int score[32];
    u32 cards;
    if (pos == 0) {
        cards = representatives(hand);
        u32 m = t->h[SEAT_M], c = t->h[SEAT_L] | t->h[SEAT_R];
        for (u32 x = cards; x; x &= x - 1) {
            int card = lowest(x), shift = card & ~7, rank = card & 7;
            if (seat == SEAT_M) {
                /* first the cards a catcher must overtake (he holds the suit, only higher),
                 * then the lowest */
                u32 below = (1u << rank) - 1, l = t->h[SEAT_L] >> shift & 0xFF,
                    r = t->h[SEAT_R] >> shift & 0xFF;
                int overtaken = (l && !(l & below)) || (r && !(r & below));
                score[card] = (overtaken ? 0 : 16) + rank;
            } else {
                u32 mh = m >> shift & 0xFF;
                int hole = mh && !CLEAN[mh][c >> shift & 0xFF];
                /* M's holed suits first, then suits M holds, suits M is void in last. */
                score[card] = (hole ? 0 : mh ? 16 : 32) + rank;
            }
        }
        return order_moves(cards, score, out);
    }
    u32 suit = 0xFFu << t->suit_shift;
    if (hand & suit) {
        cards = representatives(hand & suit);
        for (u32 x = cards; x; x &= x - 1) {
            int card = lowest(x), rank = card & 7;
            int below = rank < t->win_rank;
            if (seat == SEAT_M) {
                /* duck with the highest card that loses; else win with the highest */
                score[card] = below ? 8 - rank : 16 - rank;
            } else if (t->win_seat == SEAT_M) {
                /* keep M winning with the highest card under his, else overtake low */
                score[card] = below ? 8 - rank : 16 + rank;
            } else if (pos == 1) {
                score[card] = rank; /* before M: keep the trick low */
            } else {
                score[card] = 8 - rank; /* M is beaten already: shed high cards */
            }
        }
    } else {
        /* void: discard the highest cards first; M sheds his holed suits first */
        cards = representatives(hand);
        u32 c = t->h[SEAT_L] | t->h[SEAT_R];
        for (u32 x = cards; x; x &= x - 1) {
            int card = lowest(x), shift = card & ~7;
            int safe = seat != SEAT_M || CLEAN[hand >> shift & 0xFF][c >> shift & 0xFF];
            score[card] = (safe ? 16 : 0) + 8 - (card & 7);
        }
    }
    return order_moves(cards, score, out);
}

/* The trick is complete: its winner leads the next one. */
static int finish_trick(const Trick *t) {
    u32 h[3] = {t->h[0] & ~t->played[0], t->h[1] & ~t->played[1], t->h[2] & ~t->played[2]};
    int k = t->k;
    if (t->win_seat == SEAT_M) {
        k--;
        if (k <= 0) return 1;
    }
    int cut = static_cutoff(h[0], h[1], h[2], t->win_seat, k);
    if (cut >= 0) {
        node_count++;
        return cut;
    }
    normalise(h);
    return can_force(h[0], h[1], h[2], t->win_seat, k);
}

static int play(Trick *t, int pos) {
    if (pos == 3) return finish_trick(t);
    int seat = (t->leader + pos) % 3;
    uint8_t moves[MAX_TRICKS];
    int n = gen_moves(t, seat, pos, moves);
    int want = seat == SEAT_M ? 0 : 1; /* M looks for a refutation, catchers for a catch */
    Trick saved = *t;
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        if (pos == 0) {
            t->suit_shift = card & ~7;
            t->win_seat = seat;
            t->win_rank = card & 7;
        } else if ((card & ~7) == t->suit_shift && (card & 7) > t->win_rank) {
            t->win_seat = seat;
            t->win_rank = card & 7;
        }
        t->played[seat] = 1u << card;
        int result = play(t, pos + 1);
        *t = saved;
        if (result == want) return want;
    }
    return !want;
}

/*
 * A catcher on lead catches M at once when, in some suit, he holds a card under all of M's and
 * his partner is void there or holds one too: M must play over the led card and the partner
 * ducks (whether he plays before or after M).
 */
static int immediate_catch(u32 m, u32 lead, u32 partner) {
    for (int shift = 0; shift < 32; shift += 8) {
        u32 mh = m >> shift & 0xFF;
        if (!mh) continue;
        u32 under = (mh & -mh) - 1, ph = partner >> shift & 0xFF;
        if ((lead >> shift & under) && (!ph || (ph & under))) return 1;
    }
    return 0;
}

/*
 * M on lead takes no more tricks when he can lead a card x that a catcher must overtake (that
 * catcher holds x's suit, only higher cards) and his other cards are clean against all the
 * catchers' cards: a catcher wins the trick and leads, and cleanliness only improves as the
 * catchers' cards go (the all_clean cutoff applies).
 */
static int safe_exit(u32 m, u32 l, u32 r) {
    u32 c = l | r;
    int unclean = 0, unclean_shift = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        if (!CLEAN[m >> shift & 0xFF][c >> shift & 0xFF]) {
            unclean++;
            unclean_shift = shift;
        }
    }
    if (unclean > 1) return 0;
    for (int shift = 0; shift < 32; shift += 8) {
        if (unclean && shift != unclean_shift) continue;
        u32 mh = m >> shift & 0xFF, lh = l >> shift & 0xFF, rh = r >> shift & 0xFF;
        u32 forced = 0; /* M's cards under every card of one catcher who holds the suit */
        if (lh) forced |= (lh & -lh) - 1;
        if (rh) forced |= (rh & -rh) - 1;
        for (u32 x = mh & forced; x; x &= x - 1)
            if (CLEAN[mh & ~(x & -x)][c >> shift & 0xFF]) return 1;
    }
    return 0;
}

/* The answer without search where one is known (1 or 0), else -1. Valid on positions
 * whether normalised or not. */
static int static_cutoff(u32 m, u32 l, u32 r, int leader, int k) {
    if (k <= 0) return 1;
    if (k > popcount32(m)) return 0;
    if (leader != SEAT_M) {
        if (all_clean(m, l | r)) return 0;
        if (k == 1 && immediate_catch(m, leader == SEAT_L ? l : r, leader == SEAT_L ? r : l))
            return 1;
    } else if (safe_exit(m, l, r)) {
        return 0;
    }
    return -1;
}

static int can_force(u32 m, u32 l, u32 r, int leader, int k) {
    node_count++;
    int cut = static_cutoff(m, l, r, leader, k);
    if (cut >= 0) return cut;
    Entry *e = tt_find(tt_slot(m, l, r, leader), m, l, r, leader);
    if (e) {
        if (e->lb >= k) return 1;
        if (e->ub < k) return 0;
    }
    Trick t = {{m, l, r}, leader, 0, leader, 0, k, {0, 0, 0}};
    int result = play(&t, 0);
    tt_store(m, l, r, leader, k, result);
    return result;
}

/* The most tricks the catchers can force on M (0 = M stays clean). Hands must be disjoint,
 * of equal size. */
static int forced_tricks(u32 m, u32 l, u32 r, int leader) {
    u32 h[3] = {m, l, r};
    normalise(h);
    int tricks = 0;
    while (tricks < popcount32(m) && can_force(h[0], h[1], h[2], leader, tricks + 1)) tricks++;
    return tricks;
}

/* ------------------------------------------------------------------------------------------ */
/* Enumeration helpers.                                                                       */

/* Binomial coefficients C(n, k) for n, k <= 32. */
static u64 BINOM[33][33];

static void build_binomials(void) {
    for (int n = 0; n <= 32; n++) {
        BINOM[n][0] = 1;
        for (int k = 1; k <= n; k++) BINOM[n][k] = BINOM[n - 1][k - 1] + (k <= n - 1 ? BINOM[n - 1][k] : 0);
    }
}

/* The `rank`-th k-subset of {0..n-1} in colexicographic order (the order Gosper's hack walks),
 * as a bit mask. */
static u32 unrank_colex(u64 rank, int n, int k) {
    u32 subset = 0;
    for (int i = k; i >= 1; i--) {
        int c = i - 1;
        while (c + 1 < n && BINOM[c + 1][i] <= rank) c++;
        rank -= BINOM[c][i];
        subset |= 1u << c;
        n = c;
    }
    return subset;
}

static u32 next_combination(u32 x) { /* Gosper's hack */
    u32 low = x & -x;
    u32 ripple = x + low;
    return ripple | (((x ^ ripple) >> 2) / low);
}

/* Spread the bits of `subset` (over pool positions) onto the pool's card indices. */
static u32 expand(u32 subset, const int *pool_cards) {
    u32 mask = 0;
    for (; subset; subset &= subset - 1) mask |= 1u << pool_cards[lowest(subset)];
    return mask;
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
    return PyLong_FromLong(forced_tricks(m, l, r, leader));
}

static PyObject *py_solve_many(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, pool;
    int leader;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "IIiy*:solve_many", &m, &pool, &leader, &view)) return NULL;
    PyObject *result = NULL;
    if (parse_leader(leader) < 0) goto done;
    if (view.len % 4) {
        PyErr_SetString(PyExc_ValueError, "l_masks must hold 4-byte unsigned integers");
        goto done;
    }
    Py_ssize_t count = view.len / 4;
    result = PyBytes_FromStringAndSize(NULL, count);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    for (Py_ssize_t i = 0; i < count; i++) {
        u32 l;
        memcpy(&l, (const char *)view.buf + 4 * i, 4);
        u32 r = pool & ~l;
        if ((l & ~pool) || check_layout(m, l, r) < 0) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "l_masks[%zd] = %#x is not inside the pool", i, l);
            Py_CLEAR(result);
            goto done;
        }
        out[i] = (uint8_t)forced_tricks(m, l, r, leader);
    }
done:
    PyBuffer_Release(&view);
    return result;
}

static PyObject *py_enumerate(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, pool;
    int leader;
    unsigned long long start, count;
    if (!PyArg_ParseTuple(args, "IIiKK:enumerate", &m, &pool, &leader, &start, &count)) return NULL;
    if (parse_leader(leader) < 0) return NULL;
    int n = popcount32(pool), k = popcount32(m);
    if ((m & pool) || n != 2 * k || k > MAX_TRICKS) {
        PyErr_SetString(PyExc_ValueError, "the pool must hold twice as many cards as M, none of his");
        return NULL;
    }
    if (start > BINOM[n][k] || count > BINOM[n][k] - start) {
        PyErr_SetString(PyExc_ValueError, "start and count go past the last split");
        return NULL;
    }
    int pool_cards[32];
    int i = 0;
    for (u32 x = pool; x; x &= x - 1) pool_cards[i++] = lowest(x);
    u64 hist[HIST] = {0};
    u32 subset = unrank_colex(start, n, k);
    for (u64 j = 0; j < count; j++) {
        u32 l = expand(subset, pool_cards);
        hist[forced_tricks(m, l, pool & ~l, leader)]++;
        if (k > 0) subset = next_combination(subset);
    }
    PyObject *list = PyList_New(HIST);
    if (!list) return NULL;
    for (i = 0; i < HIST; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(hist[i]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static PyObject *py_nodes(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromUnsignedLongLong(node_count);
}

static PyObject *py_clear(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    memset(table, 0, TT_SIZE * sizeof(Entry));
    node_count = 0;
    Py_RETURN_NONE;
}

static PyObject *py_is_clean(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, c;
    if (!PyArg_ParseTuple(args, "II:all_clean", &m, &c)) return NULL;
    return PyBool_FromLong(all_clean(m, c));
}

static PyMethodDef methods[] = {
    {"forced_tricks", py_forced_tricks, METH_VARARGS,
     "forced_tricks(m, l, r, leader) -> int: the most tricks the catchers can force on M."},
    {"solve_many", py_solve_many, METH_VARARGS,
     "solve_many(m, pool, leader, l_masks) -> bytes: forced tricks for each L hand (R gets the "
     "rest of the pool)."},
    {"enumerate", py_enumerate, METH_VARARGS,
     "enumerate(m, pool, leader, start, count) -> list[int]: histogram of forced tricks over "
     "splits start .. start+count-1 of the pool (colex order)."},
    {"all_clean", py_is_clean, METH_VARARGS,
     "all_clean(m, c) -> bool: every holding of M is clean against the catchers' cards c."},
    {"nodes", py_nodes, METH_NOARGS, "nodes() -> int: search nodes visited since the last clear()."},
    {"clear", py_clear, METH_NOARGS, "clear() -> None: empty the transposition table, zero nodes()."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "advisor.solver._core", "Exact double-dummy misère solver.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    table = calloc(TT_SIZE, sizeof(Entry));
    if (!table) return PyErr_NoMemory();
    build_tables();
    build_binomials();
    PyObject *mod = PyModule_Create(&module);
    if (!mod) return NULL;
    if (PyModule_AddIntConstant(mod, "TABLE_ENTRIES", TT_SIZE) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
