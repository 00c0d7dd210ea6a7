"""The heuristic evaluation at the search horizon.

It scores a position the search cannot see to the end, from the point of view
of the player to move, strictly between -1000 and 1000 (one
:data:`~game.ai.requests.HEURISTIC_UNIT`), so any proven win outranks it.

Terms (weights below; all integer so that equal positions tie exactly and the
levels can choose between them at random):

* **Threats.**  An empty cell that would complete a four is a threat.  Threats
  decide Connect Four, and which row they sit on matters (zugzwang: when the
  board fills up, the first player gets the odd rows, counting from 1 at the
  bottom, and the second player the even rows).  A threat on one's own parity
  is worth :data:`GOOD_THREAT`, on the other parity :data:`OTHER_THREAT`.
* **Stacked threats.**  Two threats of the same player one above the other in a
  column win once the lower one's cell is reached: :data:`STACKED_THREAT` each.
* **Dead threats.**  A threat right above an opponent's threat counts for
  nothing: the cell below wins for the opponent, so it is filled only by a
  block, and then the opponent blocks the cell above in turn.  (Measured on 98
  positions of Test_L2_R2 where the choice of move matters, against the exact
  analysis: at depths 4, 6 and 8 the search kept the game's result with 91%,
  93% and 95% of its moves with this rule, 88%, 89% and 92% without it.)
* **Open twos.**  A four holding two of a player's stones and two empty
  cells (none of the opponent's) is a threat in the making:
  :data:`OPEN_TWO` each.  Without it the evaluation of an opening or early
  middle game, where nobody has a threat yet, is the centre term alone, so
  every level follows the same plan and a deeper search has little to steer
  by.  (Measured with the openings and seeds of the strength ladder in
  ``build_scripts/bench_engine.py``, every move searched to full depth, 98
  games per pair over all 49 two-move openings: Easy, Medium, Hard and Expert
  against the level below scored 84%, 76%, 63% and 68% with it, 64%, 68%,
  57% and 65% without it; Master against Expert 87.5% with it and 77.5%
  without it over the ladder's 20 games.)
* **Parity fill** (zugzwang outlook).  When neither side can force anything,
  the second player can answer every move in the same column ("claimeven") and
  so gets every empty cell on the even rows, leaving the odd rows to the first
  player.  The term fills the empty cells that way and asks who then owns a
  four: if only the first player does, :data:`PARITY_FILL` for the first
  player; if only the second does, for the second; if both or neither,
  nothing.  (It is a heuristic, not a proof: the exact solver's version of the
  rule, in :mod:`game.ai.solver`, also needs the column heights to allow the
  answers.  Against the published exact scores, where it favours the second
  player alone the first player still wins 7 of 206 such positions of
  Test_L3_R1, 5 of 37 of Test_L2_R1 and 0 of 38 of Test_L2_R2.)  This is what
  decides most games between the levels: they were lost by the first player in
  the last ten moves, squeezed into playing under a second-player threat,
  after an opening where no threat yet existed for the other terms to see.
  (Measured like the open twos, over the 49 two-move and 100 random three-move
  openings, both colours, 298 games per pair: Hard against Medium 64.1% ->
  69.0%, Expert against Hard 63.8% -> 67.3%; a weight of 400 gave the same,
  and also ranking the two fills by the lowest row their four needs made it
  worse, 67.1% and 60.1%.)
* **Centre.**  Each stone counts the number of fours through its cell
  (3 in a corner, 13 in the middle), times :data:`CENTRE_WEIGHT`.

The evaluation never sees a position where the player to move can win at once
(the search filters those), and a forced block is searched one ply further
rather than evaluated.
"""

from __future__ import annotations

from typing import Final

from game.core.bitboard import (
    BOARD,
    COLUMN_BITS,
    EVEN_ROWS,
    FOURS,
    HEIGHT,
    LINES_THROUGH_CELL,
    ODD_ROWS,
    WIDTH,
    Bitboard,
    has_four,
)

GOOD_THREAT: Final = 90
OTHER_THREAT: Final = 35
STACKED_THREAT: Final = 120
CENTRE_WEIGHT: Final = 3
OPEN_TWO: Final = 15
PARITY_FILL: Final = 200
LIMIT: Final = 999


def _centre_masks() -> tuple[tuple[Bitboard, int], ...]:
    """The cells whose number of fours has bit ``k`` set, with ``2**k``: the
    centre term is then one popcount per bit of the largest count (4, not one
    per distinct count)."""
    planes: dict[int, Bitboard] = {}
    for col in range(WIDTH):
        for row in range(HEIGHT):
            weight = LINES_THROUGH_CELL[col][row]
            for bit in range(weight.bit_length()):
                if weight >> bit & 1:
                    planes[1 << bit] = planes.get(1 << bit, 0) | (1 << (col * COLUMN_BITS + row))
    return tuple(sorted((bits, value) for value, bits in planes.items()))


CENTRE_GROUPS: Final = _centre_masks()


def _line_starts() -> tuple[tuple[int, Bitboard], ...]:
    """Each direction's shift with the cells where a four in that direction
    starts (its lowest bit), so that the fours of one direction are handled
    together by shifting whole boards."""
    starts: dict[int, Bitboard] = {}
    for line in FOURS:
        first = line & -line
        rest = line ^ first
        shift = (rest & -rest).bit_length() - first.bit_length()
        starts[shift] = starts.get(shift, 0) | first
    return tuple(sorted(starts.items()))


LINE_STARTS: Final = _line_starts()


def open_two_balance(mine: Bitboard, theirs: Bitboard) -> int:
    """The open twos of ``mine`` minus those of ``theirs``: fours holding exactly
    two stones of one side and none of the other.

    For each direction ``d`` the four starting at cell ``s`` is ``s, s+d, s+2d,
    s+3d``; shifting a board by ``d``, ``2d`` and ``3d`` lines those cells up at
    ``s``, so every four of a direction is handled at once.  A four with two
    stones in all and none of the other side's holds two of one side's.
    """
    mask = mine | theirs
    balance = 0
    for shift, starts in LINE_STARTS:
        second = mask >> shift
        third = mask >> 2 * shift
        fourth = mask >> 3 * shift
        low_one = mask ^ second  # exactly one stone in the first two cells
        high_one = third ^ fourth  # exactly one in the last two
        low_two = mask & second
        high_two = third & fourth
        two = (
            (low_one & high_one & ~(low_two | high_two))
            | ((low_two ^ high_two) & ~(low_one | high_one))
        ) & starts
        if not two:
            continue
        near = theirs | (theirs >> shift)
        balance += (two & ~(near | (near >> 2 * shift))).bit_count()
        near = mine | (mine >> shift)
        balance -= (two & ~(near | (near >> 2 * shift))).bit_count()
    return balance


def centre_score(stones: Bitboard) -> int:
    """The sum over ``stones`` of the number of fours through each stone's cell."""
    return sum((stones & bits).bit_count() * weight for bits, weight in CENTRE_GROUPS)


def threat_score(wins: Bitboard, own_rows: Bitboard) -> int:
    """The value of a player's threats ``wins`` (empty winning cells), given the
    rows that favour that player."""
    good = (wins & own_rows).bit_count()
    other = wins.bit_count() - good
    stacked = (wins & (wins >> 1)).bit_count()
    return good * GOOD_THREAT + other * OTHER_THREAT + stacked * STACKED_THREAT


def parity_outlook(first: Bitboard, second: Bitboard, empty: Bitboard) -> int:
    """Who owns a four once the ``empty`` cells are shared by parity (odd rows to
    the ``first`` player's stones, even rows to the ``second``'s): 1 for the
    first player alone, -1 for the second alone, 0 for both or neither."""
    return int(has_four(first | (empty & ODD_ROWS))) - int(has_four(second | (empty & EVEN_ROWS)))


def evaluate(
    current: Bitboard, mask: Bitboard, ply: int, own_wins: Bitboard, opponent_wins: Bitboard
) -> int:
    """The heuristic value of a position for the player to move.

    ``current`` holds the mover's stones, ``mask`` all stones, ``ply`` the moves
    played, ``own_wins`` and ``opponent_wins`` each side's winning cells
    (:func:`~game.core.bitboard.winning_cells`).  Requires that the mover has no
    immediate win (the search returns a proven score then).  Returns an int in
    [-999, 999].
    """
    opponent = current ^ mask
    mover_rows, opponent_rows = (ODD_ROWS, EVEN_ROWS) if ply % 2 == 0 else (EVEN_ROWS, ODD_ROWS)
    live_own = own_wins & ~(opponent_wins << 1)
    live_opponent = opponent_wins & ~(own_wins << 1)
    value = threat_score(live_own, mover_rows) - threat_score(live_opponent, opponent_rows)
    value += OPEN_TWO * open_two_balance(current, opponent)
    empty = BOARD ^ mask
    if ply % 2 == 0:  # the mover is the first player
        value += PARITY_FILL * parity_outlook(current, opponent, empty)
    else:
        value -= PARITY_FILL * parity_outlook(opponent, current, empty)
    value += CENTRE_WEIGHT * (centre_score(current) - centre_score(opponent))
    return max(-LIMIT, min(LIMIT, value))
