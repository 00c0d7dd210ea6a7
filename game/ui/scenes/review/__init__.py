"""The Review screen, a package of small parts; :class:`ReviewScene` wires them
(:mod:`game.ui.scenes.review.scene` lists them)."""

from game.ui.review_game import ReviewGame
from game.ui.scenes.review.record import ReviewRecord
from game.ui.scenes.review.scene import ReviewScene

__all__ = ["ReviewGame", "ReviewRecord", "ReviewScene"]
