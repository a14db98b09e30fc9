/*
 * _lead.c: the value of a fixed first card, for the blind first lead (advisor lead).
 *
 * Included by _core.c near its end, so that it plays with the search's own machinery (Trick,
 * play(), the per-suit games and the table) and adds only the entry points below.
 *
 * The player who leads the first trick does not see the other hands: his card is chosen blind,
 * and only then are the catchers' cards laid open. So a lead is valued in each layout by fixing
 * the leader's first card: the trick's other two cards are played with every card in view (the
 * catchers together, M against them) and the position after the trick is solved double-dummy.
 * The value of the lead in the layout is the most tricks the catchers can force on M after it,
 * the first trick counted. The solver's own answer, the leader free to choose, is the best of
 * these over his cards (for M the least, for a catcher the most); the tests check that this
 * composition gives forced_tricks' answer.
 *
 * The first trick is searched on the hands as they are, not normalised (normalising renumbers
 * and sorts the suits, and the fixed card would have to follow): every step of play() is right
 * on such hands, it only sees fewer cards as equivalent. The positions after the trick are
 * normalised as always and share the transposition table with every other search, so the
 * leads of one layout, and the layouts of one hand, reuse each other's work.
 */

/* Can the catchers force M to take k tricks (the first one counted) when `leader` leads
 * `card`, a card of his? Only the cutoffs that hold whatever is led are asked first: M
 * cannot take more tricks than he has cards, and with a catcher on lead and every holding
 * of M safe he takes none. */
static int lead_can_force(u32 m, u32 l, u32 r, int leader, int card, int k, Budget *budget) {
    ++budget->nodes;
    if (k <= 0) return 1;
    if (k > popcount32(m)) return 0;
    u32 unsafe = 0;
    for (int shift = 0; shift < 32; shift += 8) unsafe |= (suit_is_safe(m, l, r, shift) ^ 1) << shift;
    if (leader != SEAT_M && !unsafe) return 0;
    Trick t = {{m, l, r}, leader, card & ~7, leader, card & 7, k, {0, 0, 0}, budget, unsafe};
    t.played[leader] = 1u << card;
    return play(&t, 1);
}

/* The value of leading `card` (see the top), known to lie in low .. most: the most tricks
 * the catchers force after it, or `most` when they force at least that many; GAVE_UP when the
 * search was stopped. With `down`, the tricks are asked from `most` down (a catcher's lead
 * is most often worth what the free lead is), else from `low` up. */
static int lead_value(u32 m, u32 l, u32 r, int leader, int card, int low, int most, int down,
                      Budget *budget) {
    int tricks;
    if (down) {
        tricks = most;
        while (tricks > low && !lead_can_force(m, l, r, leader, card, tricks, budget)) tricks--;
    } else {
        tricks = low;
        while (tricks < most && lead_can_force(m, l, r, leader, card, tricks + 1, budget)) tricks++;
    }
    return budget->spent ? GAVE_UP : tricks;
}

/* Check every layout of the buffer and that the leader holds every card of `leads` in each
 * (before the search lets go of the GIL); -1 with a ValueError if not. */
static int check_lead_layouts(const char *values, Py_ssize_t count, int leader, u32 leads) {
    for (Py_ssize_t i = 0; i < count; i++) {
        u32 h[3];
        read_layout(values, i, h);
        if (check_layout(h[0], h[1], h[2]) < 0) return -1;
        if (check_leads_held(h, leader, leads, i) < 0) return -1;
    }
    return 0;
}

/* lead_many(leader, layouts, leads, cap=10) -> bytes: for each layout, first the solver's own
 * answer (the leader free to choose his card), then the value of leading each card of `leads`
 * (lowest first), one byte each and at most `cap`: 1 + popcount(leads) bytes a layout. The
 * free answer bounds the others (M's leads cost him at least as much, a catcher's at most), so
 * M's leads are searched only above it, a catcher's only up to it: no search at all for M's
 * leads where he is caught at any rate (with cap 1), nor for a catcher's where M is clean. */
static PyObject *py_lead_many(PyObject *self, PyObject *args) {
    (void)self;
    int leader, cap = MAX_TRICKS;
    unsigned int leads;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "iy*I|i:lead_many", &leader, &view, &leads, &cap)) return NULL;
    PyObject *result = NULL;
    if (parse_leader(leader) < 0) goto done;
    if (cap < 1) {
        PyErr_Format(PyExc_ValueError, "cap must be at least 1, not %d", cap);
        goto done;
    }
    if (popcount32(leads) > MAX_TRICKS) {
        PyErr_SetString(PyExc_ValueError, "leads must hold at most 10 cards");
        goto done;
    }
    if (view.len % LAYOUT_BYTES) {
        PyErr_SetString(PyExc_ValueError, "layouts must hold three 4-byte unsigned integers a layout");
        goto done;
    }
    Py_ssize_t count = view.len / LAYOUT_BYTES;
    if (check_lead_layouts(view.buf, count, leader, leads) < 0) goto done;
    int cards[MAX_TRICKS], n = 0;
    for (u32 x = leads; x; x &= x - 1) cards[n++] = lowest(x);
    Py_ssize_t row = 1 + n;
    result = PyBytes_FromStringAndSize(NULL, count * row);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    PyThreadState *thread = PyEval_SaveThread();
    Budget budget = budget_of(UINT64_MAX, &thread);
    for (Py_ssize_t i = 0; i < count && !budget.stopped; i++) {
        u32 h[3];
        read_layout(view.buf, i, h);
        int best = forced_tricks_up_to(h[0], h[1], h[2], leader, cap, &budget);
        out[i * row] = (uint8_t)best;
        /* the leader free does best: M's leads cost him at least `best`, a catcher's at most */
        int catcher = leader != SEAT_M;
        int low = catcher ? 0 : best;
        int most = catcher ? best : popcount32(h[SEAT_M]) < cap ? popcount32(h[SEAT_M]) : cap;
        for (int j = 0; j < n && !budget.stopped; j++)
            out[i * row + 1 + j] = (uint8_t)lead_value(h[0], h[1], h[2], leader, cards[j], low,
                                                       most, catcher, &budget);
    }
    PyEval_RestoreThread(thread);
    node_count += budget.nodes;
    if (stopped(budget.stopped)) Py_CLEAR(result);
done:
    PyBuffer_Release(&view);
    return result;
}

/* split_hands(pool, ranks) -> bytes: the half of the pool each colex rank names (4-byte
 * masks), as enumerate() and solve_ranked() number the splits: a uniform sample of ranks is a
 * uniform sample of splits. */
static PyObject *py_split_hands(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int pool;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "Iy*:split_hands", &pool, &view)) return NULL;
    PyObject *result = NULL;
    int n = popcount32(pool), pool_cards[32], i = 0;
    if (n % 2) {
        PyErr_SetString(PyExc_ValueError, "the pool must hold an even number of cards");
        goto done;
    }
    if (view.len % 4) {
        PyErr_SetString(PyExc_ValueError, "ranks must hold 4-byte unsigned integers");
        goto done;
    }
    for (u32 x = pool; x; x &= x - 1) pool_cards[i++] = lowest(x);
    Py_ssize_t count = view.len / 4;
    result = PyBytes_FromStringAndSize(NULL, 4 * count);
    if (!result) goto done;
    char *out = PyBytes_AS_STRING(result);
    for (Py_ssize_t j = 0; j < count; j++) {
        u32 rank;
        memcpy(&rank, (const char *)view.buf + 4 * j, 4);
        if (rank >= BINOM[n][n / 2]) {
            PyErr_Format(PyExc_ValueError, "ranks[%zd] = %u is not below C(%d, %d)", j, rank, n, n / 2);
            Py_CLEAR(result);
            goto done;
        }
        u32 hand = spread_subset(unrank_colex(rank, n, n / 2), pool_cards);
        memcpy(out + 4 * j, &hand, 4);
    }
done:
    PyBuffer_Release(&view);
    return result;
}

/* lead_value(m, l, r, leader, card) -> int: one layout, one lead. */
static PyObject *py_lead_value(PyObject *self, PyObject *args) {
    (void)self;
    unsigned int m, l, r;
    int leader, card;
    if (!PyArg_ParseTuple(args, "IIIii:lead_value", &m, &l, &r, &leader, &card)) return NULL;
    if (parse_leader(leader) < 0 || check_layout(m, l, r) < 0) return NULL;
    u32 h[3] = {m, l, r};
    if (card < 0 || card > 31 || !(h[leader] >> card & 1)) {
        PyErr_Format(PyExc_ValueError, "the leader does not hold card %d", card);
        return NULL;
    }
    PyThreadState *thread = PyEval_SaveThread();
    Budget budget = budget_of(UINT64_MAX, &thread);
    int tricks = lead_value(m, l, r, leader, card, 0, popcount32(m), 0, &budget);
    PyEval_RestoreThread(thread);
    node_count += budget.nodes;
    if (stopped(budget.stopped)) return NULL;
    return PyLong_FromLong(tricks);
}
