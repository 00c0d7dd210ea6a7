"""Move ordering and the safety filter shared by the solver and the search.

Alpha-beta prunes most when the best move is searched first.  The order here:

1. the transposition table's best move, searched before anything else is
   computed (when it cuts off, the rest is never scored);
2. then the moves that leave the mover with the most winning cells (cells that
   would complete a four: threats), since threats are what wins the game;
3. ties broken centre first (columns 4, 3, 5, 2, 6, 1, 7), since central stones
   take part in more fours.

:func:`safe_moves` is the filter that makes every search sound and fast: never
play a move that lets the opponent win at once when an alternative exists,
play a forced block, and recognise two opponent threats as a lost position.
"""

from __future__ import annotations

from typing import Final

from game.core.bitboard import (
    BOARD,
    BOTTOM,
    CENTRE_FIRST,
    WIDTH,
    Bitboard,
    Column,
    column_cells,
)

COLUMN_CELLS: Final[tuple[Bitboard, ...]] = tuple(column_cells(c) for c in range(WIDTH))
NO_MOVE: Final = WIDTH
"""The "best move" of a table entry that has none (columns are 0..WIDTH-1)."""

Candidate = tuple[int, int, Column, Bitboard, Bitboard]
"""(threat count, centre rank, column, move bit, the mover's winning cells after it)."""


def safe_moves(mask: Bitboard, opponent_wins: Bitboard) -> Bitboard:
    """The moves that do not hand the opponent an immediate win.

    ``opponent_wins`` are the empty cells that would complete an opponent four.
    Returns a bitboard of playable cells, one per candidate column, or 0 when
    every move loses at once: either the opponent has two playable threats (no
    single stone blocks both), or every move plays right below an opponent
    threat.  With exactly one playable opponent threat the only candidate is the
    block.
    """
    possible = (mask + BOTTOM) & BOARD
    forced = possible & opponent_wins
    if forced:
        if forced & (forced - 1):
            return 0
        possible = forced
    # A stone right below an opponent threat lets the opponent play on it.
    return possible & ~(opponent_wins >> 1)


def ordered_moves(
    current: Bitboard, mask: Bitboard, candidates: Bitboard, skip: Column = NO_MOVE
) -> list[Candidate]:
    """The moves in ``candidates`` (one playable cell per column) best first.

    ``current`` are the mover's stones.  Column ``skip`` (the table move, already
    searched) is left out.  Each entry carries the mover's winning cells after
    the move, which is what the child position needs as its ``opponent_wins``,
    so the search never computes it twice.
    """
    scored: list[Candidate] = []
    for rank, col in enumerate(CENTRE_FIRST):
        move = candidates & COLUMN_CELLS[col]
        if move and col != skip:
            # winning_cells(current | move, mask | move), inlined: this loop runs at
            # almost every node of every search.
            mine = current | move
            wins = (mine << 1) & (mine << 2) & (mine << 3)
            pairs = mine & (mine >> 7)
            wins |= (pairs >> 7) & ((mine >> 3 * 7) | (mine << 7))
            wins |= (pairs << 2 * 7) & ((mine << 3 * 7) | (mine >> 7))
            pairs = mine & (mine >> 8)
            wins |= (pairs >> 8) & ((mine >> 3 * 8) | (mine << 8))
            wins |= (pairs << 2 * 8) & ((mine << 3 * 8) | (mine >> 8))
            pairs = mine & (mine >> 6)
            wins |= (pairs >> 6) & ((mine >> 3 * 6) | (mine << 6))
            wins |= (pairs << 2 * 6) & ((mine << 3 * 6) | (mine >> 6))
            wins &= BOARD ^ (mask | move)
            scored.append((wins.bit_count(), -rank, col, move, wins))
    scored.sort(reverse=True)
    return scored
