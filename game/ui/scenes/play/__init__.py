"""The play screen, a package of small parts; :class:`PlayScene` wires them
(:mod:`game.ui.scenes.play.scene` lists them)."""

from game.ui.board_screen import BoardLayout, compute_layout
from game.ui.scenes.play.round import Round
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.play.texts import numbered_moves

__all__ = ["BoardLayout", "PlayScene", "Round", "compute_layout", "numbered_moves"]
