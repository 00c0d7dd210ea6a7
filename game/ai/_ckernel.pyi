# The compiled build of game/ai/kernel.py has the same Python interface.
from game.ai.kernel import *  # noqa: F403
