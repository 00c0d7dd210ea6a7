"""The play screen, a package of small parts; :class:`PlayScene` wires them
(:mod:`game.ui.scenes.play.scene` lists them)."""

from game.ui.scenes.play.layout import PlayLayout, compute_layout
from game.ui.scenes.play.round import Round
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.play.texts import numbered_moves

__all__ = ["PlayLayout", "PlayScene", "Round", "compute_layout", "numbered_moves"]
