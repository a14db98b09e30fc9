/*
 * _splits.h: the splits of a pool of cards into two equal hands, numbered in colexicographic
 * order, in one place for the compiled solvers that walk them (advisor/solver/_core.c, misère,
 * and advisor/game/_core.c, game contracts). Each includes it once, after _cards.h; everything
 * is static, and build_binomials() runs at import.
 */
#ifndef ADVISOR_SPLITS_H
#define ADVISOR_SPLITS_H

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
static u32 spread_subset(u32 subset, const int *pool_cards) {
    u32 mask = 0;
    for (; subset; subset &= subset - 1) mask |= 1u << pool_cards[lowest(subset)];
    return mask;
}

#endif
