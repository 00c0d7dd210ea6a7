"""The heuristic evaluation at the search horizon: what it measures and why.

It scores a position the search cannot see to the end, from the point of view
of the player to move, strictly between -1000 and 1000 (one
:data:`~game.ai.score.HEURISTIC_UNIT`), so any proven win outranks it.

Terms (weights in :mod:`game.ai.kernel`; all integer so that equal positions
tie exactly and the levels can choose between them at random).  The figures
that chose each term and weight, and how to measure a change, are in one place:
``build_scripts/evaluation_tuning.md``.

* **Threats.**  An empty cell that would complete a four is a threat.  Threats
  decide Connect Four, and which row they sit on matters (zugzwang: when the
  board fills up, the first player gets the odd rows, counting from 1 at the
  bottom, and the second player the even rows).  A threat on one's own parity
  is worth :data:`GOOD_THREAT`, on the other parity :data:`OTHER_THREAT`.
* **Stacked threats.**  Two threats of the same player one above the other in a
  column win once the lower one's cell is reached: :data:`STACKED_THREAT` each.
* **Dead threats.**  A threat right above an opponent's threat counts for
  nothing: the cell below wins for the opponent, so it is filled only by a
  block, and then the opponent blocks the cell above in turn.
* **Open twos.**  A four holding two of a player's stones and two empty
  cells (none of the opponent's) is a threat in the making:
  :data:`OPEN_TWO` each.  Without it the evaluation of an opening, where nobody
  has a threat yet, is the centre term alone, so every level follows the same
  plan and a deeper search has little to steer by.
* **Zugzwang control** (:func:`zugzwang_outlook`), worth :data:`PARITY_FILL`
  to the side that holds it.  By the parity rules of Allis' thesis on Connect
  Four: the first player's threats on odd rows and the second's on even rows
  win when the board fills up, and in each column only the lowest of them
  counts, because the cell above is never reached.  A first-player odd threat
  that is lowest in its column holds the zugzwang even against an even threat
  of the second player in another column (the second player runs out of other
  moves first); otherwise any even threat of the second player holds it.
* **Parity fill**, when neither side has such a threat.  When neither side can
  force anything, the second player can answer every move in the same column
  ("claimeven") and so gets every empty cell on the even rows, leaving the odd
  rows to the first player.  The term fills the empty cells that way and asks
  who then owns a four: only the first player, only the second, or both or
  neither (nothing).  It is a heuristic, not a proof: the exact solver's version
  of the rule, in :mod:`game.ai.solver`, also needs the column heights to allow
  the answers.
* **Centre.**  Each stone counts the number of fours through its cell
  (3 in a corner, 13 in the middle), times :data:`CENTRE_WEIGHT`.

The code is in :mod:`game.ai.kernel` (the evaluation runs at every leaf of the
depth-limited search, so it is compiled with it); this module documents it and
re-exports it from the kernel in use.

The evaluation never sees a position where the player to move can win at once
(the search filters those), and a forced block is searched one ply further
rather than evaluated.
"""

from __future__ import annotations

from game.ai.backend import KERNEL
from game.ai.kernel import (
    CENTRE_WEIGHT,
    GOOD_THREAT,
    OPEN_TWO,
    OTHER_THREAT,
    PARITY_FILL,
    STACKED_THREAT,
)
from game.ai.kernel import EVAL_LIMIT as LIMIT

# The build of the kernel that runs (compiled or pure), under the names of this module.
(
    evaluate,
    open_two_balance,
    centre_score,
    threat_score,
    parity_outlook,
    zugzwang_outlook,
    cells_above,
) = (
    KERNEL.evaluate,
    KERNEL.open_two_balance,
    KERNEL.centre_score,
    KERNEL.threat_score,
    KERNEL.parity_outlook,
    KERNEL.zugzwang_outlook,
    KERNEL.cells_above,
)

__all__ = [
    "CENTRE_WEIGHT",
    "GOOD_THREAT",
    "LIMIT",
    "OPEN_TWO",
    "OTHER_THREAT",
    "PARITY_FILL",
    "STACKED_THREAT",
    "cells_above",
    "centre_score",
    "evaluate",
    "open_two_balance",
    "parity_outlook",
    "threat_score",
    "zugzwang_outlook",
]
