/* advisor._fastread: the hands of a chunk of lines, read fast for the usual notations.
 *
 * scan(data) reads bytes of UTF-8 text (lines ended by '\n') and returns a list with one int
 * per line: the hand's 32-bit card mask (bit suit * 8 + rank, as advisor.cards.CardSet), SKIP
 * for a blank line or a '#' comment, or ASK for anything this reader does not take on.
 *
 * A line that ends with "; lead=me" or "; lead=them" has 1 or 2 << LEAD_SHIFT added to the mask.
 *
 * It takes on only what it can read exactly as advisor.cards.parse_hand and the batch line
 * options do, and leaves everything else to the Python reader, which is the authority (and
 * words the errors):
 *   - byte-order marks at the start of a line, read as nothing (files run together keep theirs);
 *   - characters: printable ASCII, tabs, the eight suit glyphs (U+2660..U+2667) and the
 *     Cyrillic letters of Russian cards (В Д К Т, П Т Б Ч, either case); a line with any other
 *     (other white space, the variation selector, other letters) is ASKed about, and so is a
 *     line of more than MAX_CHARS characters, and a hand with both Latin and Cyrillic letters
 *     (advisor.cards.check_alphabet refuses it);
 *   - no line option but a lead (ids are read in Python);
 *   - dotted suits (7810.79J.78.79, '-' for a void) when the line has a '.', else tokens
 *     split on spaces, tabs and commas: suit groups opened by a glyph or "S:" whose bare
 *     ranks may follow in later tokens (♠7 8 10, S:7,8,10, ♠7810), and cards written rank
 *     first (7S, 10♠, 7s8s);
 *   - ten different cards, no more, no fewer.
 * The tests compare it with the Python reader on many random lines.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#define SKIP (-1)
#define ASK (-2)
#define LEAD_SHIFT 32
#define LEAD_ME (1LL << LEAD_SHIFT)
#define LEAD_THEM (2LL << LEAD_SHIFT)
#define HAND_SIZE 10
#define MAX_CHARS 240

/* A line is first decoded into character codes: ASCII as itself, others as below. */
enum {
    GLYPH = 0x100,           /* GLYPH + suit: ♠ ♣ ♦ ♥ (and ♤ ♧ ♢ ♡) */
    CYR_V = 0x110, CYR_D, CYR_K, CYR_T, CYR_P, CYR_B, CYR_CH, /* В Д К Т П Б Ч, either case */
};

/* The code of the character at p (its length in *size), or -1 for one not taken on. */
static int decode(const unsigned char *p, const unsigned char *end, int *size) {
    /* ♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧ (U+2660..U+2667) */
    static const int glyph_suit[8] = {0, 3, 2, 1, 0, 3, 2, 1};
    if (*p < 0x80) {
        *size = 1;
        return *p;
    }
    if (end - p >= 3 && p[0] == 0xE2 && p[1] == 0x99 && p[2] >= 0xA0 && p[2] <= 0xA7) {
        *size = 3;
        return GLYPH + glyph_suit[p[2] - 0xA0];
    }
    *size = 2;
    if (end - p >= 2 && p[0] == 0xD0) {
        switch (p[1]) {
        case 0x92: case 0xB2: return CYR_V;
        case 0x94: case 0xB4: return CYR_D;
        case 0x9A: case 0xBA: return CYR_K;
        case 0xA2: return CYR_T;
        case 0x9F: case 0xBF: return CYR_P;
        case 0x91: case 0xB1: return CYR_B;
        case 0xA7: return CYR_CH;
        }
    }
    if (end - p >= 2 && p[0] == 0xD1) {
        switch (p[1]) {
        case 0x82: return CYR_T;  /* т */
        case 0x87: return CYR_CH; /* ч */
        }
    }
    return -1;
}

/* Rank index (7 = 0 .. A = 7) of a rank letter, either case; -1 if none. "10" is read
 * apart, as it takes two characters. */
static int rank_letter(int c) {
    switch (c) {
    case '7': return 0;
    case '8': return 1;
    case '9': return 2;
    case 'T': case 't': case 'X': case 'x': return 3;
    case 'J': case 'j': case CYR_V: return 4;
    case 'Q': case 'q': case CYR_D: return 5;
    case 'K': case 'k': case CYR_K: return 6;
    case 'A': case 'a': case CYR_T: return 7;
    default: return -1;
    }
}

static int suit_letter(int c) {
    switch (c) {
    case 'S': case 's': case CYR_P: return 0;
    case 'C': case 'c': case CYR_T: return 1;
    case 'D': case 'd': case CYR_B: return 2;
    case 'H': case 'h': case CYR_CH: return 3;
    default: return -1;
    }
}

static int glyph(int c) { return c >= GLYPH && c < GLYPH + 4 ? c - GLYPH : -1; }

static int is_separator(int c) { return c == ' ' || c == '\t' || c == ','; }

static int is_space(int c) { return c == ' ' || c == '\t'; }

typedef struct {
    uint32_t mask;
    int count;
    int bad; /* a card twice, or anything the parser would not read */
} Cards;

static void add_card(Cards *cards, int suit, int rank) {
    uint32_t bit = (uint32_t)1 << (suit * 8 + rank);
    if (cards->mask & bit)
        cards->bad = 1;
    cards->mask |= bit;
    cards->count++;
}

/* One rank at *p (advancing it): 0..7, or -1 where the parser would raise. */
static int read_rank(const int **p, const int *end) {
    const int *at = *p;
    if (*at == '1') {
        if (at + 1 < end && at[1] == '0') {
            *p = at + 2;
            return 3;
        }
        return -1;
    }
    *p = at + 1;
    return rank_letter(*at);
}

/* Ranks of `suit` from p to end. */
static void read_ranks(Cards *cards, int suit, const int *p, const int *end) {
    while (p < end && !cards->bad) {
        int rank = read_rank(&p, end);
        if (rank < 0)
            cards->bad = 1;
        else
            add_card(cards, suit, rank);
    }
}

/* After a suit opening: ranks, where a further glyph switches suit (♠78♣79). Returns the
 * suit still open. */
static int read_group(Cards *cards, int suit, const int *p, const int *end) {
    const int *run = p;
    for (; p < end; p++) {
        if (glyph(*p) >= 0) {
            read_ranks(cards, suit, run, p);
            suit = glyph(*p);
            run = p + 1;
        }
    }
    read_ranks(cards, suit, run, end);
    return suit;
}

/* Whether every character may start a rank ('0' and '1' included, as the parser's test for
 * bare ranks has it). */
static int bare_ranks(const int *p, const int *end) {
    for (; p < end; p++)
        if (*p != '1' && *p != '0' && rank_letter(*p) < 0)
            return 0;
    return 1;
}

/* Cards written rank first, also run together: 7S, 10♠, 7s8s, Вт. */
static void read_rank_first(Cards *cards, const int *p, const int *end) {
    while (p < end && !cards->bad) {
        int rank = read_rank(&p, end), suit = -1;
        if (rank >= 0 && p < end) {
            suit = glyph(*p) >= 0 ? glyph(*p) : suit_letter(*p);
            p++;
        }
        if (suit < 0)
            cards->bad = 1;
        else
            add_card(cards, suit, rank);
    }
}

static void read_tokens(Cards *cards, const int *p, const int *end) {
    int group = -1; /* the suit whose bare ranks later tokens may give */
    while (p < end && !cards->bad) {
        while (p < end && is_separator(*p))
            p++;
        const int *token = p;
        while (p < end && !is_separator(*p))
            p++;
        if (token == p)
            break;
        if (glyph(*token) >= 0)
            group = read_group(cards, glyph(*token), token + 1, p);
        else if (p - token >= 2 && token[1] == ':' && suit_letter(token[0]) >= 0)
            group = read_group(cards, suit_letter(token[0]), token + 2, p);
        else if (group >= 0 && bare_ranks(token, p))
            read_ranks(cards, group, token, p);
        else {
            read_rank_first(cards, token, p);
            group = -1;
        }
    }
}

/* 78T.79J.78.79: the ranks of ♠ ♣ ♦ ♥ between dots; '-' or nothing for a void. */
static void read_dotted(Cards *cards, const int *p, const int *end) {
    for (int suit = 0; suit < 4; suit++) {
        const int *part = p;
        while (p < end && *p != '.')
            p++;
        if ((p == end) != (suit == 3)) { /* not four parts */
            cards->bad = 1;
            return;
        }
        int ranks[MAX_CHARS], n = 0;
        for (const int *q = part; q < p; q++)
            if (!is_separator(*q))
                ranks[n++] = *q;
        if (!(n == 1 && ranks[0] == '-'))
            read_ranks(cards, suit, ranks, ranks + n);
        p++; /* past the dot */
    }
}

/* Whether the text from p to end, stripped and lowered (ASCII), is `word`. */
static int is_word(const int *p, const int *end, const char *word) {
    while (p < end && is_space(*p))
        p++;
    while (end > p && is_space(end[-1]))
        end--;
    for (; p < end && *word; p++, word++)
        if ((*p >= 'A' && *p <= 'Z' ? *p + 32 : *p) != *word)
            return 0;
    return p == end && !*word;
}

/* The options after the first ';': LEAD_ME or LEAD_THEM for a lone "lead=me" or "lead=them",
 * else ASK. */
static long long read_options(const int *p, const int *end) {
    const int *equals = p;
    while (equals < end && *equals != '=')
        equals++;
    if (equals == end || !is_word(p, equals, "lead"))
        return ASK;
    for (const int *q = equals; q < end; q++)
        if (*q == ';')
            return ASK;
    if (is_word(equals + 1, end, "me"))
        return LEAD_ME;
    return is_word(equals + 1, end, "them") ? LEAD_THEM : ASK;
}

/* Whether a byte-order mark (U+FEFF) starts at p. */
static int is_bom(const unsigned char *p, const unsigned char *end) {
    return end - p >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF;
}

/* The line's hand (stripped of ASCII white space at both ends, and of byte-order marks at its
 * start, as advisor.text.line_content), with its lead option. */
static long long read_line(const unsigned char *p, const unsigned char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || is_bom(p, end)))
        p += *p == 0xEF ? 3 : 1;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (p == end || *p == '#')
        return SKIP;
    int chars[MAX_CHARS], n = 0, size, dotted = 0, latin = 0, cyrillic = 0;
    const int *options = NULL;
    for (; p < end; p += size) {
        int c = decode(p, end, &size);
        if (n == MAX_CHARS || c < 0 || (c < 0x20 && c != '\t') || c == 0x7F)
            return ASK;
        if (c == ';' && options == NULL)
            options = chars + n + 1;
        if (options == NULL) {
            dotted |= c == '.';
            latin |= (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
            cyrillic |= c >= CYR_V && c <= CYR_CH;
        }
        chars[n++] = c;
    }
    if (latin && cyrillic) /* two alphabets: Python refuses the hand, naming the letters */
        return ASK;
    const int *hand_end = options ? options - 1 : chars + n;
    long long lead = options ? read_options(options, chars + n) : 0;
    if (lead == ASK)
        return ASK;
    Cards cards = {0, 0, 0};
    if (dotted)
        read_dotted(&cards, chars, hand_end);
    else
        read_tokens(&cards, chars, hand_end);
    if (cards.bad || cards.count != HAND_SIZE)
        return ASK;
    return lead | cards.mask;
}

static PyObject *scan(PyObject *self, PyObject *arg) {
    (void)self;
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    const unsigned char *p = view.buf, *end = p + view.len;
    PyObject *found = PyList_New(0);
    while (found != NULL) {
        const unsigned char *line_end = memchr(p, '\n', (size_t)(end - p));
        PyObject *value = PyLong_FromLongLong(read_line(p, line_end ? line_end : end));
        if (value == NULL || PyList_Append(found, value) < 0)
            Py_CLEAR(found);
        Py_XDECREF(value);
        if (line_end == NULL)
            break;
        p = line_end + 1;
    }
    PyBuffer_Release(&view);
    return found;
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_O,
     "scan(data) -> one int per line: the hand's card mask (with 1 << LEAD_SHIFT for lead=me, "
     "2 << LEAD_SHIFT for lead=them), SKIP or ASK."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "advisor._fastread", "Hands of a chunk of lines, read fast.", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastread(void) {
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "SKIP", SKIP) < 0 || PyModule_AddIntConstant(m, "ASK", ASK) < 0
        || PyModule_AddIntConstant(m, "LEAD_SHIFT", LEAD_SHIFT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
