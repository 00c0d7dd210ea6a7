"""Play across a network: protocol v1, the game server, its client, discovery.

The server (:mod:`game.net.server`) runs rooms of two players (:mod:`game.net.rooms`)
over WebSocket text frames, each one JSON object (:mod:`game.net.messages` and
:mod:`game.net.codec`; ``docs/protocol.md`` is the description for other programs).
It runs inside the game while a player hosts (:mod:`game.net.hosting`, advertised on the
local network by :mod:`game.net.discovery`) or standalone (``connect4-server``,
:mod:`game.net.cli`).  The game's side is :mod:`game.net.client`: a connection in a
background thread that checks every message against its own board
(:mod:`game.net.mirror`) and hands the window events through a queue.

Imports :mod:`game.core` only, never pygame; nothing here opens a socket at import time.
"""

from game.net.messages import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
