"""One try at a puzzle: the player's moves, the defence's replies, the verdict and the
refutation.  No pygame and no engine here: the scene sends what :class:`Attempt` asks
for (an :class:`Ask`: a Perfect move, or every column's value, of a position) and hands
back the answers.

The player plays the winning side; the defence is the Perfect level.  A move is judged
exactly, by the first of two answers to arrive:

* the analysis of the position before the move (every column's exact value, asked for
  as soon as it is the player's turn, so it is usually there before the click): a
  column whose value is not a win throws the win away;
* the defence's reply to the move (the Perfect level, which proves what it plays): if
  the defence is not lost after the move, the move threw the win away.

A move that keeps the win gets the defence's reply and the player moves again; the
four ends the try, solved.  A move that throws the win away ends the try, failed: the
defence's best line from there (both sides' best moves, up to :data:`LINE_PLIES`) is
asked for move by move (the defence's reply, when it comes after the mistake, is its
first), and the columns that kept the win are known from the analysis.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from game.ai.puzzles import Puzzle
from game.ai.score import Analysis, Score
from game.core import Board, Player
from game.core.bitboard import Column
from game.ui.requests import RequestKind

LINE_PLIES: Final = 8
"""The refutation shows at most this many discs."""


class Phase(enum.Enum):
    """Where a try stands."""

    YOUR_MOVE = enum.auto()
    """The player is to move."""
    DEFENCE = enum.auto()
    """The player moved; the defence's reply (and with it maybe the verdict) is awaited."""
    SOLVED = enum.auto()
    FAILED = enum.auto()


@dataclass(frozen=True, slots=True)
class Ask:
    """A question for the engine about the position ``moves``: the Perfect level's move
    there (``MOVE``: the defence's reply, or the refutation's next move, for either
    side), or every column's exact value (``ANALYSIS``: the player is to move there)."""

    kind: RequestKind
    moves: str


@dataclass(slots=True)
class Attempt:
    """One try at ``puzzle``, from its position (see the module docstring)."""

    puzzle: Puzzle
    board: Board
    phase: Phase = Phase.YOUR_MOVE
    winning: dict[str, frozenset[Column]] = field(default_factory=dict)
    """The columns that keep the win, by position (the player to move there)."""
    mistake: str | None = None
    """The position where the player threw the win away (its moves), once they did."""
    line: list[Column] = field(default_factory=list)
    """The refutation: the best moves after the mistake, in order."""
    line_over: bool = False
    """No more refutation moves are coming."""

    @classmethod
    def start(cls, puzzle: Puzzle) -> Attempt:
        board = Board.from_moves(puzzle.moves)
        return cls(puzzle, board, winning={puzzle.moves: frozenset({puzzle.answer})})

    @property
    def player(self) -> Player:
        """The side the player plays: the one to move in the puzzle."""
        return Player(self.puzzle.ply % 2)

    @property
    def over(self) -> bool:
        return self.phase in (Phase.SOLVED, Phase.FAILED)

    @property
    def moves_played(self) -> int:
        """The player's discs played in this try."""
        return (self.board.ply - self.puzzle.ply + 1) // 2

    def kept_columns(self) -> frozenset[Column] | None:
        """The columns that kept the win where the player threw it away (None: not known
        yet, or no mistake)."""
        return None if self.mistake is None else self.winning.get(self.mistake)

    def play(self, col: Column) -> list[Ask]:
        """The player drops a disc in ``col`` (their turn, a playable column)."""
        if self.phase is not Phase.YOUR_MOVE or not self.board.can_play(col):
            raise ValueError(f"column {col + 1} cannot be played now")
        before = self.board.moves
        self.board.play(col)
        outcome = self.board.outcome
        if outcome is not None:  # the four (a full board cannot come in a won position)
            self.phase = Phase.FAILED if outcome.winner is None else Phase.SOLVED
            return []
        known = self.winning.get(before)
        if known is not None and col not in known:
            self._fail(before)
            return [Ask(RequestKind.MOVE, self.board.moves)]
        self.phase = Phase.DEFENCE
        return [Ask(RequestKind.MOVE, self.board.moves)]

    def analysed(self, moves: str, analysis: Analysis) -> None:
        """The analysis of the position ``moves`` arrived."""
        self.winning[moves] = frozenset(col for col, score in analysis.items() if _wins(score))
        waiting = self.phase is Phase.DEFENCE and self.board.moves[:-1] == moves
        if waiting and self.board.history[-1] not in self.winning[moves]:
            self._fail(moves)  # the defence's reply, asked for, is the refutation's first move

    def answered(self, moves: str, column: Column, score: Score) -> list[Ask]:
        """The Perfect level's move ``column`` in the position ``moves`` (worth ``score``
        to the side that plays it); what to ask next.  In the position after the
        player's move it is the defence's reply (while the verdict waits for it, and
        after a mistake the refutation's first move); further on, the refutation's next
        move.  An answer about a position the try has left is ignored."""
        if self.phase is Phase.DEFENCE:
            if moves != self.board.moves:
                return []
            if score.result is None or score.result < 0:
                return self._defend(column)
            self._fail(self.board.moves[:-1])  # the defence's reply opens the refutation
        if self.phase is Phase.FAILED and not self.line_over and moves == self.line_position():
            return self._extend_line(column)
        return []

    def _defend(self, column: Column) -> list[Ask]:
        """The defence plays ``column``, lost: the player is to move again."""
        self.board.play(column)
        if self.board.is_over:  # cannot happen while the win is kept
            self.phase = Phase.FAILED
            return []
        self.phase = Phase.YOUR_MOVE
        return [Ask(RequestKind.ANALYSIS, self.board.moves)]

    def _fail(self, before: str) -> None:
        self.phase = Phase.FAILED
        self.mistake = before

    def _extend_line(self, column: Column) -> list[Ask]:
        """The refutation's next move; the ask for the one after, if any."""
        self.line.append(column)
        line = Board.from_moves(self.board.moves)
        for col in self.line:
            line.play(col)
        if line.is_over or len(self.line) >= LINE_PLIES:
            self.line_over = True
            return []
        return [Ask(RequestKind.MOVE, line.moves)]

    def line_position(self) -> str:
        """The position the next refutation move is asked for."""
        return self.board.moves + "".join(str(col + 1) for col in self.line)


def _wins(score: Score) -> bool:
    """Whether a column's value keeps the win; one the engine could not prove counts as
    keeping it (the defence's reply then judges the move)."""
    return score.result is None or score.result > 0
