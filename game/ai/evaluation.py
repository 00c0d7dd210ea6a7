"""The heuristic evaluation at the search horizon: what it measures and why.

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

The code and the weights are in :mod:`game.ai.kernel` (the evaluation runs at
every leaf of the depth-limited search, so it is compiled with it); this module
documents them and re-exports them from the kernel in use.

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

evaluate = KERNEL.evaluate
open_two_balance = KERNEL.open_two_balance
centre_score = KERNEL.centre_score
threat_score = KERNEL.threat_score
parity_outlook = KERNEL.parity_outlook

__all__ = [
    "CENTRE_WEIGHT",
    "GOOD_THREAT",
    "LIMIT",
    "OPEN_TWO",
    "OTHER_THREAT",
    "PARITY_FILL",
    "STACKED_THREAT",
    "centre_score",
    "evaluate",
    "open_two_balance",
    "parity_outlook",
    "threat_score",
]
