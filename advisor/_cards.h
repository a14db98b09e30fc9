/*
 * _cards.h: the bit work the compiled solvers (advisor/solver/_core.c, misère,
 * advisor/game/_core.c, game contracts, and advisor/allpass/_core.c, all-pass) do on cards, in
 * one place. Each includes it once: the functions are static, so each solver gets its own
 * inlined copy.
 *
 * Cards are bits of a uint32_t: bit suit * 8 + rank (rank 0 = the 7 .. 7 = the ace), the same
 * layout as advisor.cards.CardSet.
 */
#ifndef ADVISOR_CARDS_H
#define ADVISOR_CARDS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE __attribute__((always_inline)) inline
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define ALWAYS_INLINE inline
#define PREFETCH(address) ((void)(address))
#endif

typedef uint32_t u32;
typedef uint64_t u64;

enum { HAND_CARDS = 10 }; /* the most cards a hand holds, and so the most moves of a seat */

/* The number of cards in x: the processor's instruction where the build targets one (setup.py
 * asks for it where the building machine has it: about a tenth of the game solver's time),
 * else a SWAR count (without -mpopcnt the builtin is a library call, and this is faster). */
static int popcount32(u32 x) {
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_popcount(x);
#else
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
#endif
}

#if defined(__GNUC__) || defined(__clang__)
static int lowest(u32 x) { return __builtin_ctz(x); }
static int highest(u32 x) { return 31 - __builtin_clz(x); }
#else /* portable C99 */
static int lowest(u32 x) { return popcount32((x & -x) - 1); }
static int highest(u32 x) {
    int h = 0;
    while (x >>= 1) h++;
    return h;
}
#endif

/* COMPRESS[rem][h]: the bits of h (a subset of rem) renumbered to the ranks of rem, i.e. the
 * parallel bit extract of h under rem. LOWEST8[h]: the lowest rank of h, 0 for an empty h.
 * Built once at import by build_compress(). */
static uint8_t COMPRESS[256][256];
static uint8_t LOWEST8[256];

static void build_compress(void) {
    for (u32 rem = 0; rem < 256; rem++) {
        LOWEST8[rem] = (uint8_t)(rem ? lowest(rem) : 0);
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
        }
    }
}

/* Cards of `hand` worth trying: one per run of neighbours (the highest of each run). */
static u32 representatives(u32 hand) { return hand & ~(hand >> 1 & 0x7F7F7F7Fu); }

/* Order `cards` into `out` by ascending `score`, ties by card; returns how many. */
static inline int order_moves(u32 cards, const int score[32], uint8_t out[HAND_CARDS]) {
    u32 key[HAND_CARDS];
    int n = 0;
    while (cards) {
        int c = lowest(cards);
        cards &= cards - 1;
        u32 k = (u32)score[c] << 5 | (u32)c;
        int i = n++;
        while (i > 0 && key[i - 1] > k) {
            key[i] = key[i - 1];
            i--;
        }
        key[i] = k;
    }
    for (int i = 0; i < n; i++) out[i] = (uint8_t)(key[i] & 31);
    return n;
}

/* Append the cards of `cards` to out[n..], highest first / lowest first; returns the new n. */
static inline int emit_down(u32 cards, uint8_t *out, int n) {
    for (; cards; cards &= ~(1u << highest(cards))) out[n++] = (uint8_t)highest(cards);
    return n;
}
static inline int emit_up(u32 cards, uint8_t *out, int n) {
    for (; cards; cards &= cards - 1) out[n++] = (uint8_t)lowest(cards);
    return n;
}

#define SORT2(a, b)             \
    do {                        \
        if ((a) < (b)) {        \
            u32 swap_ = (a);    \
            (a) = (b);          \
            (b) = swap_;        \
        }                       \
    } while (0)

/* Three words in descending order, in place (a sorting network of three exchanges). */
static ALWAYS_INLINE void sort3_down(u32 v[3]) {
    SORT2(v[0], v[1]);
    SORT2(v[1], v[2]);
    SORT2(v[0], v[1]);
}

/* Four words in descending order, in place (a sorting network of five exchanges). */
static ALWAYS_INLINE void sort4_down(u32 v[4]) {
    SORT2(v[0], v[1]);
    SORT2(v[2], v[3]);
    SORT2(v[0], v[2]);
    SORT2(v[1], v[3]);
    SORT2(v[1], v[2]);
}

/* A position's suits, each one word: its remaining cards renumbered 0, 1, 2 ... (only their
 * order matters), seat 0's byte | seat 1's << 8 | seat 2's << 16. */
static ALWAYS_INLINE void suit_words(const u32 h[3], u32 suit[4]) {
    u32 all = h[0] | h[1] | h[2];
    for (int i = 0; i < 4; i++) {
        int shift = 8 * i;
        u32 rem = all >> shift & 0xFF;
        suit[i] = (u32)COMPRESS[rem][h[0] >> shift & 0xFF] |
                  (u32)COMPRESS[rem][h[1] >> shift & 0xFF] << 8 |
                  (u32)COMPRESS[rem][h[2] >> shift & 0xFF] << 16;
    }
}

/* The hands of suit words, suit[i] becoming suit i. */
static ALWAYS_INLINE void hands_of_suit_words(const u32 suit[4], u32 h[3]) {
    /* transpose: byte `seat` of suit[i] becomes byte i of h[seat] */
    u32 lo01 = (suit[0] & 0x00FF00FFu) | (suit[1] & 0x00FF00FFu) << 8;   /* 00 01 20 21 */
    u32 hi01 = (suit[0] >> 8 & 0x00FF00FFu) | (suit[1] >> 8 & 0x00FF00FFu) << 8; /* 10 11 . . */
    u32 lo23 = (suit[2] & 0x00FF00FFu) | (suit[3] & 0x00FF00FFu) << 8;
    u32 hi23 = (suit[2] >> 8 & 0x00FF00FFu) | (suit[3] >> 8 & 0x00FF00FFu) << 8;
    h[0] = (lo01 & 0xFFFFu) | lo23 << 16;
    h[1] = (hi01 & 0xFFFFu) | hi23 << 16;
    h[2] = lo01 >> 16 | (lo23 & 0xFFFF0000u);
}

/*
 * The canonical form of a position: each suit's remaining cards renumbered (suit_words), and
 * the suits sorted (there are no trumps, so suits are interchangeable), so that equal endgames
 * meet in one table entry.
 */
static ALWAYS_INLINE void normalise(u32 h[3]) {
    u32 suit[4];
    suit_words(h, suit);
    sort4_down(suit);
    hands_of_suit_words(suit, h);
}

#endif
