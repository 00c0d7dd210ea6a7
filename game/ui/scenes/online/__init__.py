"""Play a friend on another computer: the first screen (host or join), the join screen
and the online game screen, with the connection they hand on (:mod:`game.ui.net_link`)."""

from game.ui.net_link import NetLink
from game.ui.scenes.online.forms import JoinScene, OnlineStartScene
from game.ui.scenes.online.scene import OnlineScene

__all__ = ["JoinScene", "NetLink", "OnlineScene", "OnlineStartScene"]
