/*
 * _layouts.h: the layouts a bulk call of a compiled solver is given (advisor/solver/_core.c,
 * misère, and advisor/game/_core.c, game contracts), in one place: the pool of the
 * defenders' cards, and a buffer of 4-byte values that name the splits of it. Include it after
 * Python.h, _cards.h and _splits.h. Also the walk over a run of splits and the list of
 * counts over them, for the calls that count every layout; and a buffer of whole layouts, for
 * the calls that fix the first card.
 */
#ifndef ADVISOR_LAYOUTS_H
#define ADVISOR_LAYOUTS_H

/* The pool must hold twice as many cards as M, none of his: its splits are the layouts. */
static int check_pool(u32 m, u32 pool) {
    int k = popcount32(m);
    if ((m & pool) || popcount32(pool) != 2 * k || k > HAND_CARDS) {
        PyErr_SetString(PyExc_ValueError, "the pool must hold twice as many cards as M, none of his");
        return -1;
    }
    return 0;
}

/* The layouts a buffer of 4-byte values names: L's hands (R gets the rest of the pool), or,
 * when `ranked`, the colex ranks of L's hands among the pool's splits. */
typedef struct {
    u32 m, pool;
    int ranked, n, k, pool_cards[32];
    const char *values;
    Py_ssize_t count;
} Layouts;

/* The layouts of M's hand `m`, the pool and the buffer `view`; -1 with a ValueError when the
 * buffer (named `name` in the message) is not a whole number of 4-byte values. Each value is
 * still to be checked (each core has its check_values), before the search lets go of the GIL. */
static int layouts_of(Layouts *layouts, u32 m, u32 pool, int ranked, const Py_buffer *view,
                      const char *name) {
    memset(layouts, 0, sizeof *layouts);
    if (view->len % 4) {
        PyErr_Format(PyExc_ValueError, "%s must hold 4-byte unsigned integers", name);
        return -1;
    }
    layouts->m = m;
    layouts->pool = pool;
    layouts->ranked = ranked;
    layouts->n = popcount32(pool);
    layouts->k = popcount32(m);
    int i = 0;
    for (u32 x = pool; x; x &= x - 1) layouts->pool_cards[i++] = lowest(x);
    layouts->values = view->buf;
    layouts->count = view->len / 4;
    return 0;
}

/* The i-th value of the buffer. */
static u32 layout_value(const Layouts *layouts, Py_ssize_t i) {
    u32 value;
    memcpy(&value, layouts->values + 4 * i, 4);
    return value;
}

/* L's hand in the i-th layout. */
static u32 left_hand(const Layouts *layouts, Py_ssize_t i) {
    u32 value = layout_value(layouts, i);
    if (!layouts->ranked) return value;
    return spread_subset(unrank_colex(value, layouts->n, layouts->k), layouts->pool_cards);
}

/* The splits start .. start + count - 1 of the pool (colex order), walked one by one. */
typedef struct {
    u32 subset; /* the current split's L hand, as a subset of the pool's cards */
    int k;
    int pool_cards[32];
} Walk;

/* The walk over the splits start .. start + count - 1 of the pool; -1 with a ValueError when
 * they go past the last one. */
static int walk_of(Walk *walk, u32 m, u32 pool, unsigned long long start,
                   unsigned long long count) {
    int n = popcount32(pool), k = popcount32(m), i = 0;
    if (start > BINOM[n][k] || count > BINOM[n][k] - start) {
        PyErr_SetString(PyExc_ValueError, "start and count go past the last split");
        return -1;
    }
    for (u32 x = pool; x; x &= x - 1) walk->pool_cards[i++] = lowest(x);
    walk->k = k;
    walk->subset = unrank_colex(start, n, k);
    return 0;
}

/* L's hand in the current split, and the step to the next. */
static u32 walk_hand(const Walk *walk) { return spread_subset(walk->subset, walk->pool_cards); }
static void walk_next(Walk *walk) {
    if (walk->k > 0) walk->subset = next_combination(walk->subset);
}

/* A buffer of whole layouts, as the calls that fix the first card take them (lead_many):
 * M's, L's and R's hands, three 4-byte masks a layout. */
enum { LAYOUT_BYTES = 12 };

static void read_layout(const char *values, Py_ssize_t i, u32 h[3]) {
    memcpy(h, values + LAYOUT_BYTES * i, LAYOUT_BYTES);
}

/* -1 with a ValueError unless the leader of layout `i`, whose hands are `h`, holds every card
 * of `leads`. */
static int check_leads_held(const u32 h[3], int leader, u32 leads, Py_ssize_t i) {
    if (!(leads & ~h[leader])) return 0;
    PyErr_Format(PyExc_ValueError, "layouts[%zd]: the leader does not hold the leads %#x", i,
                 leads & ~h[leader]);
    return -1;
}

/* A list of `n` counts (a histogram of M's tricks, of suits...) as Python ints (NULL with an
 * exception). */
static PyObject *count_list(const u64 *counts, int n) {
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(counts[i]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

#endif
