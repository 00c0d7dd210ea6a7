"""The screens of the game, one class each (see :class:`game.ui.scenes.base.Scene`)."""
