"""The play screen's advice: the analysis of every column and the hint.

Both are the same computation, an exact analysis of every column within Perfect's
time, so that the hint and the analysis row never disagree (ties, or a search cut
short).  Results are kept by position (the move string), for this game only.
"""

from __future__ import annotations

from game.ai.protocol import SearchRequest, SearchResult
from game.profile.preferences import Settings
from game.ui.requests import RequestKind, Requests

ANALYSIS, HINT = RequestKind.ANALYSIS, RequestKind.HINT


class Advisor:
    """Asks for analyses and hints through ``requests`` and keeps the answers."""

    def __init__(self, requests: Requests, settings: Settings) -> None:
        self._requests = requests
        self._settings = settings
        self.analyses: dict[str, SearchResult] = {}
        """Analysis results of this game's positions, by move string."""
        self.hint: tuple[str, int] | None = None
        """The last hint: the position it is for and its column."""
        self.hint_pending: str | None = None
        """The position whose hint the analysis on its way will give."""

    def _request(self, moves: str) -> SearchRequest:
        return SearchRequest(
            moves=moves, depth=None, time_limit=self._settings.perfect_budget, analyze=True
        )

    @property
    def analysing(self) -> bool:
        return self._requests.waits_for(ANALYSIS)

    def analyse(self, moves: str) -> None:
        """Ask for the analysis of ``moves`` unless it is known or on its way."""
        if moves not in self.analyses and not self.analysing:
            self._requests.ask(ANALYSIS, self._request(moves))

    def ask_hint(self, moves: str) -> None:
        """The best column of ``moves``: at once if its analysis is known, else when the
        analysis on its way (or a hint request) answers."""
        known = self.analyses.get(moves)
        if known is not None and known.column is not None:
            self.hint = (moves, known.column)
        elif self._requests.waits_for(ANALYSIS, moves):
            self.hint_pending = moves  # the analysis on its way answers the hint too
        elif not self._requests.waits_for(HINT):
            self._requests.ask(HINT, self._request(moves))

    def receive(self, kind: RequestKind, moves: str, result: SearchResult) -> None:
        """An analysis or hint ``result`` for the position ``moves`` arrived (an earlier
        position's too: the coach waits for it)."""
        self.analyses[moves] = result
        wanted = kind == HINT or self.hint_pending == moves
        if wanted and result.column is not None:
            self.hint = (moves, result.column)
        if self.hint_pending == moves:
            self.hint_pending = None

    def hint_column(self, moves: str) -> int | None:
        """The hint's column if it is for the position ``moves``."""
        if self.hint is not None and self.hint[0] == moves:
            return self.hint[1]
        return None

    def looking_for_hint(self, moves: str) -> bool:
        return self._requests.waits_for(HINT) or self.hint_pending == moves

    def cancel(self, *, hints: bool = True, analysis: bool = True) -> None:
        """Stop the analysis on its way unless ``analysis`` is False (the coach awaits
        it), and the hint unless ``hints`` is False."""
        kinds = [kind for kind, wanted in ((ANALYSIS, analysis), (HINT, hints)) if wanted]
        if kinds:
            self._requests.cancel(*kinds)

    def forget(self) -> None:
        """A new game: nothing known, no hint."""
        self.hint = None
        self.analyses.clear()
