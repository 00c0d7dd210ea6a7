"""One try at a puzzle: the player's moves, the defence's replies, the verdict, and after a
failed try the winning play and why the move failed.  No pygame and no engine here: the
scene sends what :class:`Attempt` asks for (an :class:`Ask`) and hands back the answers.

The player plays the winning side; the defence is the Perfect level.  A move is judged
exactly, by the first of two answers to arrive:

* the analysis of the position before the move (every column's exact value, asked for
  as soon as it is the player's turn, so it is usually there before the click): a
  column whose value is not a win throws the win away;
* the defence's reply to the move (the Perfect level, which proves what it plays): if
  the defence is not lost after the move, the move threw the win away.

A move that keeps the win gets the defence's reply and the player moves again; the
four ends the try, solved.  A move that throws the win away ends the try, failed.  The
try then shows the position before that move, the columns that kept the win, and the
winning play from there (:attr:`Attempt.line`, up to :data:`LINE_PLIES` discs): the
fastest winning column first (the player's disc, in a column the board outlines), then
the Perfect level's moves for both sides, asked for move by move; and why the move
failed (:attr:`Attempt.reason`, :mod:`game.ai.explain`) once the analysis of that
position has come.

Where every defence loses at once, the defence takes one of the player's winning cells
(:func:`defended`): the Perfect level may pick any losing move then, and one that leaves
the four open looks like no defence at all.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from game.ai.explain import Reason, classify, wins_at_once
from game.ai.puzzles import Puzzle
from game.ai.score import Analysis, Score
from game.core import Board, Player
from game.core.bitboard import CENTRE_FIRST, Column
from game.ui.requests import RequestKind

LINE_PLIES: Final = 8
"""The winning play shows at most this many discs."""


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
    there (``MOVE``: the defence's reply, or the winning play's next move, for either
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
    analyses: dict[str, Analysis] = field(default_factory=dict)
    """Every column's value, by position (the player to move there)."""
    mistake: str | None = None
    """The position where the player threw the win away (its moves), once they did."""
    wrong: Column | None = None
    """The column of the move that threw the win away."""
    line: list[Column] = field(default_factory=list)
    """The winning play from :attr:`mistake`: a column that kept the win, then the best
    moves of both sides, in order."""
    line_over: bool = False
    """No more moves of the winning play are coming."""
    reason: Reason | None = None
    """Why the move failed, once the analysis of :attr:`mistake` has come."""

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
        yet, or no mistake): proven by the analysis there when it has come (a value it
        could not prove is no proof of a win), else the puzzle's answer."""
        if self.mistake is None:
            return None
        analysis = self.analyses.get(self.mistake)
        if analysis is None:
            return self.winning.get(self.mistake)
        proven = frozenset(col for col, score in analysis.items() if score.result == 1)
        return proven or self.winning.get(self.mistake)

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
            return self._fail(before, col)
        self.phase = Phase.DEFENCE
        return [Ask(RequestKind.MOVE, self.board.moves)]

    def analysed(self, moves: str, analysis: Analysis) -> list[Ask]:
        """The analysis of the position ``moves`` arrived; what to ask next."""
        self.analyses[moves] = analysis
        self.winning[moves] = frozenset(col for col, score in analysis.items() if _wins(score))
        waiting = self.phase is Phase.DEFENCE and self.board.moves[:-1] == moves
        if waiting and self.board.history[-1] not in self.winning[moves]:
            return self._fail(moves, self.board.history[-1])
        if self.phase is Phase.FAILED and moves == self.mistake:
            self._explain()
            return self._start_line()
        return []

    def answered(self, moves: str, column: Column, score: Score) -> list[Ask]:
        """The Perfect level's move ``column`` in the position ``moves`` (worth ``score``
        to the side that plays it); what to ask next.  In the position after the
        player's move it is the defence's reply (while the verdict waits for it); after a
        mistake, the winning play's next move.  An answer about a position the try has
        left is ignored (the defence's reply to a move already judged wrong, say)."""
        if self.phase is Phase.DEFENCE:
            if moves != self.board.moves:
                return []
            if score.result is None or score.result < 0:
                return self._defend(defended(self.board, column))
            return self._fail(self.board.moves[:-1], self.board.history[-1])
        if (
            self.phase is Phase.FAILED
            and not self.line_over
            and self.line
            and moves == self.line_position()
        ):
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

    def _fail(self, before: str, wrong: Column) -> list[Ask]:
        """The move ``wrong`` from the position ``before`` threw the win away."""
        self.phase = Phase.FAILED
        self.mistake = before
        self.wrong = wrong
        self._explain()
        return self._start_line()

    def _explain(self) -> None:
        """Why the move failed, from the analysis of the position before it."""
        analysis = None if self.mistake is None else self.analyses.get(self.mistake)
        if analysis is None or self.wrong is None or self.wrong not in analysis:
            return
        before = Board.from_moves(self.mistake or "")
        self.reason = classify(before, self.wrong, analysis.best, analysis[self.wrong])

    def _start_line(self) -> list[Ask]:
        """The winning play's first move, once the columns that kept the win are known:
        the fastest of them (the best of the analysis, else the puzzle's answer)."""
        kept = self.kept_columns()
        if self.line or not kept or self.mistake is None:
            return []
        analysis = self.analyses.get(self.mistake)
        if analysis is not None and analysis.best_column() in kept:
            first = analysis.best_column()
        else:
            first = min(kept)
        return self._extend_line(first)

    def _extend_line(self, column: Column) -> list[Ask]:
        """The winning play's next move; the ask for the one after, if any."""
        line = self.line_board()
        if line.to_move is not self.player:
            column = defended(line, column)
        self.line.append(column)
        line.play(column)
        if line.is_over or len(self.line) >= LINE_PLIES:
            self.line_over = True
            return []
        return [Ask(RequestKind.MOVE, line.moves)]

    def line_board(self) -> Board:
        """The position the winning play has reached so far."""
        return Board.from_moves(self.line_position())

    def line_position(self) -> str:
        """The position the next move of the winning play is asked for."""
        return (self.mistake or "") + "".join(str(col + 1) for col in self.line)


def defended(board: Board, column: Column) -> Column:
    """The defence's move in ``board``: the Perfect level's ``column``, unless it leaves
    the attacker (the player not to move) a four at once while another column takes one
    of its winning cells: that column then (centre first).  The Perfect level's move
    loses at once in that case, so every move does: the block is no worse."""
    defender = board.to_move
    threats = wins_at_once(board, defender.other)
    if not threats or column in threats or wins_at_once(board, defender):
        return column
    return min(threats, key=CENTRE_FIRST.index)


def _wins(score: Score) -> bool:
    """Whether a column's value keeps the win; one the engine could not prove counts as
    keeping it (the defence's reply then judges the move)."""
    return score.result is None or score.result > 0
