/*
 * _suitgames.h: the small games played on one suit alone that both solvers of a side wanting
 * no tricks cut their search with, in one place: advisor/solver/_core.c (misère: M against L
 * and R) and advisor/allpass/_core.c (all-pass: P, whose tricks are counted, against NEXT and
 * PREV). Each includes it once, after _cards.h, and calls solve_suit_games() at import, which
 * solves the games for every state of a suit; how a core stores and reads the answers is its
 * own business. tests/test_solver_suits.py solves the games again in Python, state by state.
 *
 * Three seats: seat 0 wants to take no trick of the suit (M, P); SUIT_NEXT plays right after
 * him (L, NEXT) and SUIT_PREV right before him (R, PREV), and these two try to make him take
 * one. A suit's state is two bytes, a = seat 0's cards | PREV's and b = NEXT's | PREV's, so that
 * each card of the suit still in play carries its owner in two bits (seat 0 01, NEXT 10, PREV 11)
 * and a card in neither byte is gone: d = a & ~b, n = b & ~a, v = a & b. Cards are single bits,
 * so they compare as numbers.
 *
 * SAFE: seat 0 never wins a trick of the suit while the other two lead it, even though they may
 * lead it from either hand at any moment and throw away any of their cards of it at any moment
 * (more than the real game lets them); seat 0 only follows. Throwing the highest card of a
 * safe holding away keeps it safe (tests/test_solver_suits.py checks it for every state).
 *
 * CATCH_NEXT, CATCH_PREV: the other two force seat 0 to win a trick of the suit with NEXT
 * (PREV) on lead, leading only that suit, nobody throwing a card of it away (a void seat plays
 * a card of another suit), each trick's winner leading the next: less than they can really
 * do, so a catch here is a catch in the whole game.
 *
 * The exit rank: the lowest card of seat 0 whose loss leaves his holding safe (8: none).
 */
#ifndef ADVISOR_SUITGAMES_H
#define ADVISOR_SUITGAMES_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The catchers' seats, numbered as both cores number theirs (a trick led by seat s goes s,
 * s + 1, s + 2 mod 3), so that a catch with seat s on lead is flag bit 1 << s. */
enum { SUIT_NEXT = 1, SUIT_PREV = 2 };
enum { SUIT_SAFE = 1, SUIT_CATCH_NEXT = 1 << SUIT_NEXT, SUIT_CATCH_PREV = 1 << SUIT_PREV };
enum { SUIT_EXIT_SHIFT = 3 }; /* a state's answers: flags | exit rank << SUIT_EXIT_SHIFT */

/* While solving: the three games' memo (SAFE, then the catch with NEXT, with PREV on lead),
 * 65536 states each, by a << 8 | b; -1 unknown, else 0 or 1. */
static int8_t *suit_memo;

static int suit_safe(u32 d, u32 n, u32 v);

/* After a trick where seat 0 plays x and NEXT, PREV play nc, vc (0: void), seat 0 did not win
 * it and is still safe. */
static int suit_ducks(u32 d, u32 n, u32 v, u32 x, u32 nc, u32 vc) {
    return (x < nc || x < vc) && suit_safe(d & ~x, n & ~nc, v & ~vc);
}

static int suit_safe(u32 d, u32 n, u32 v) {
    if (!d || !(n | v)) return 1;
    int8_t *memo = &suit_memo[(d | v) << 8 | n | v];
    if (*memo >= 0) return *memo;
    int safe = 1;
    for (u32 x = n | v; x && safe; x &= x - 1) /* a catcher throws a card away */
        safe = suit_safe(d, n & ~(x & -x), v & ~(x & -x));
    for (u32 lead = n; lead && safe; lead &= lead - 1) { /* NEXT leads, PREV plays, then seat 0 */
        for (u32 rest = v ? v : 1; rest && safe; rest &= rest - 1) { /* 1: PREV void */
            u32 vc = v ? rest & -rest : 0;
            int escape = 0;
            for (u32 x = d; x && !escape; x &= x - 1)
                escape = suit_ducks(d, n, v, x & -x, lead & -lead, vc);
            safe = escape;
        }
    }
    for (u32 lead = v; lead && safe; lead &= lead - 1) { /* PREV leads, seat 0 plays, then NEXT */
        int escape = 0;
        for (u32 x = d; x && !escape; x &= x - 1) {
            escape = 1;
            for (u32 rest = n ? n : 1; rest && escape; rest &= rest - 1)
                escape = suit_ducks(d, n, v, x & -x, n ? rest & -rest : 0, lead & -lead);
        }
        safe = escape;
    }
    return *memo = (int8_t)safe;
}

static int suit_catch(u32 d, u32 n, u32 v, int leader);

/* After a trick where seat 0 plays x and NEXT, PREV play nc, vc (0: void): seat 0 won it, or
 * is caught from the winner's lead. */
static int suit_caught_after(u32 d, u32 n, u32 v, u32 x, u32 nc, u32 vc) {
    if (x > nc && x > vc) return 1;
    return suit_catch(d & ~x, n & ~nc, v & ~vc, nc > vc ? SUIT_NEXT : SUIT_PREV);
}

static int suit_catch(u32 d, u32 n, u32 v, int leader) {
    u32 own = leader == SUIT_NEXT ? n : v, partner = leader == SUIT_NEXT ? v : n;
    if (!d || !own) return 0;
    int8_t *memo = &suit_memo[(size_t)leader << 16 | (d | v) << 8 | n | v];
    if (*memo >= 0) return *memo;
    int caught = 0;
    for (u32 lead = own; lead && !caught; lead &= lead - 1) {
        u32 a = lead & -lead;
        if (leader == SUIT_NEXT) { /* PREV, before seat 0: a card of his catches whatever 0 plays */
            for (u32 rest = partner ? partner : 1; rest && !caught; rest &= rest - 1) {
                u32 vc = partner ? rest & -rest : 0;
                caught = 1;
                for (u32 x = d; x && caught; x &= x - 1)
                    caught = suit_caught_after(d, n, v, x & -x, a, vc);
            }
        } else { /* seat 0, before NEXT: whatever he plays, a card of NEXT's catches */
            caught = 1;
            for (u32 x = d; x && caught; x &= x - 1) {
                caught = 0;
                for (u32 rest = partner ? partner : 1; rest && !caught; rest &= rest - 1)
                    caught = suit_caught_after(d, n, v, x & -x, partner ? rest & -rest : 0, a);
            }
        }
    }
    return *memo = (int8_t)caught;
}

/* Solves the games for every state: games[a][b] = flags | exit rank << SUIT_EXIT_SHIFT.
 * 0, or -1 when the memo cannot be allocated. */
static int solve_suit_games(uint8_t games[256][256]) {
    suit_memo = malloc(3 * 65536);
    if (!suit_memo) return -1;
    memset(suit_memo, -1, 3 * 65536);
    for (u32 a = 0; a < 256; a++) {
        for (u32 b = 0; b < 256; b++) {
            u32 d = a & ~b, n = b & ~a, v = a & b;
            u32 flags = (u32)suit_safe(d, n, v) * SUIT_SAFE |
                        (u32)suit_catch(d, n, v, SUIT_NEXT) * SUIT_CATCH_NEXT |
                        (u32)suit_catch(d, n, v, SUIT_PREV) * SUIT_CATCH_PREV;
            u32 exit = 0;
            while (exit < 8 && !((d >> exit & 1) && suit_safe(d & ~(1u << exit), n, v))) exit++;
            games[a][b] = (uint8_t)(flags | exit << SUIT_EXIT_SHIFT);
        }
    }
    free(suit_memo);
    suit_memo = NULL;
    return 0;
}

#endif
