/*
 * _layouts.h: the layouts a bulk call of a compiled solver is given (advisor/solver/_core.c,
 * misère, and advisor/game/_core.c, game contracts), in one place: the pool of the
 * defenders' cards, and a buffer of 4-byte values that name the splits of it. Include it after
 * Python.h, _cards.h and _splits.h.
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

#endif
