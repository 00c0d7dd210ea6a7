"""The player's data: what a player chose, won and played, kept across runs.

Two files in the config folder (:func:`game.profile.settings.config_dir`) hold it all:

* ``settings.json`` (:mod:`~game.profile.settings`, the store): the preferences
  (:mod:`~game.profile.preferences`), the statistics (:mod:`~game.profile.statistics`,
  with the rating of :mod:`~game.profile.rating` and the daily puzzles of
  :mod:`~game.profile.puzzle_progress`) and the game in progress
  (:mod:`~game.profile.saved_game`);
* ``history.json`` (:mod:`~game.profile.history`): the finished games, for review.

They share the checks of a value read from a file (:mod:`~game.profile.fields`), the
careful writing and the setting aside of a damaged file (:mod:`~game.profile.files`) and
the new-game screen's choices as the files spell them (:mod:`~game.profile.choices`).
Reading is forgiving (damage is repaired, set aside and told once), writing atomic, and
two windows merge rather than overwrite each other's records.

Import each name from the module that defines it; this package imports nothing.  No
pygame here, and it sits below the window: it imports only ``game.core``, ``game.ai``'s
levels and the language and asset helpers.
"""
