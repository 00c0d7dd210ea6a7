"""An independent board test of why a move loses: the reasons of
``python -m game.ai review --explain`` worked out again with none of the game's code.

A 7x6 grid of lists (a column's discs bottom up, 0 the first player's, 1 the second's)
and plain loops over it: no bitboards, no solver.  ``tests/test_explain.py`` and
``build_scripts/check_explain.py`` compare :mod:`game.ai.explain` with it.

The rules, as issue 40 states them (mover: the player who made the move):

1. ``misses-win C``: the mover could have won at once in column C (the lowest);
2. ``ignores-threat C``: the opponent could already win at once in column C, a column
   other than the one played (the lowest), and the move did not stop it;
3. ``allows-win C``: after the move the opponent wins at once in C, the column played;
4. ``allows-double C``: after the opponent's reply in C (the lowest such column) it wins
   at once in two columns or more and the mover in none;
5. ``allows-forced N``: a blunder lost with the opponent's N-th disc from here, N <= 4,
   counted from the exact score of the move played (Pons' convention: a score s > 0
   is a win with the winner's (22 - s)-th disc);
6. ``long-term -``: none of those.
"""

from __future__ import annotations

COLUMNS = 7
ROWS = 6
STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))
FORCED_MAX = 4
LAST_STONE = 22
"""Pons' scores: a win with the winner's k-th disc scores 22 - k."""

Grid = list[list[int]]


def grid_of(moves: str) -> Grid:
    """The grid after ``moves`` (columns 1-7), players alternating from 0."""
    grid: Grid = [[] for _ in range(COLUMNS)]
    for index, char in enumerate(moves):
        grid[int(char) - 1].append(index % 2)
    return grid


def owner(grid: Grid, col: int, row: int) -> int | None:
    if 0 <= col < COLUMNS and 0 <= row < len(grid[col]):
        return grid[col][row]
    return None


def makes_four(grid: Grid, player: int, col: int, row: int) -> bool:
    """Whether a disc of ``player`` at (col, row) would complete four in a row."""
    for dc, dr in STEPS:
        count = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while owner(grid, c, r) == player:
                count += 1
                c, r = c + sign * dc, r + sign * dr
        if count >= 4:
            return True
    return False


def wins_now(grid: Grid, player: int) -> list[int]:
    """The columns (0-based) where a disc of ``player`` dropped now completes a four."""
    return [
        col
        for col in range(COLUMNS)
        if len(grid[col]) < ROWS and makes_four(grid, player, col, len(grid[col]))
    ]


def dropped(grid: Grid, col: int, player: int) -> Grid:
    copy = [list(column) for column in grid]
    copy[col].append(player)
    return copy


def full(grid: Grid) -> bool:
    return all(len(column) == ROWS for column in grid)


def tactic(moves: str, ply: int) -> str | None:
    """The first of rules 1 to 4 that holds for the move ``moves[ply]`` (a code such as
    ``allows-win 5``), or None."""
    before = grid_of(moves[:ply])
    mover, opponent = ply % 2, 1 - ply % 2
    column = int(moves[ply]) - 1
    mine = wins_now(before, mover)
    if mine:
        return f"misses-win {mine[0] + 1}"
    theirs = [col for col in wins_now(before, opponent) if col != column]
    if theirs:
        return f"ignores-threat {theirs[0] + 1}"
    after = dropped(before, column, mover)
    if column in wins_now(after, opponent):
        return f"allows-win {column + 1}"
    for reply in range(COLUMNS):
        if full(after) or len(after[reply]) == ROWS:
            continue
        answered = dropped(after, reply, opponent)
        if full(answered):
            continue
        if len(wins_now(answered, opponent)) >= 2 and not wins_now(answered, mover):
            return f"allows-double {reply + 1}"
    return None


def reason(moves: str, ply: int, blunder: bool, played: int | None) -> str | None:
    """The reason code of the move ``moves[ply]`` from the position after ``ply`` moves
    (a mistake, or with ``blunder`` a blunder), ``played`` its exact score from the
    mover's side (None: not known); None when the rules need the score and it is not
    known."""
    found = tactic(moves, ply)
    if found is not None or played is None:
        return found
    if blunder and played < 0:
        opponent = 1 - ply % 2
        their_discs = sum(1 for index in range(ply + 1) if index % 2 == opponent)
        discs = (LAST_STONE + played) - their_discs  # -played is the opponent's score
        if discs <= FORCED_MAX:
            return f"allows-forced {discs}"
    return "long-term -"


def is_threat(moves: str, player: int, col: int, row: int) -> bool:
    """Whether the empty cell (col, row) of the position ``moves`` would complete a four
    of ``player``'s discs (0-based column and row, playable or not)."""
    grid = grid_of(moves)
    if len(grid[col]) > row:
        return False
    # Fill the column up to the cell with a third value that belongs to nobody.
    padded = [list(column) for column in grid]
    padded[col] += [-1] * (row - len(grid[col]))
    return makes_four(padded, player, col, row)
