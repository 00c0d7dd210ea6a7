"""What every check of the self-test shares: the report it prints as it goes, and the
failure that stops it with one sentence."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("game.selftest")


class SelfTestFailure(Exception):
    """A check failed; the message says which and why, in one sentence."""


@dataclass
class Report:
    """What the self-test did, printed line by line as it goes."""

    lines: list[str] = field(default_factory=list)
    echo: Callable[[str], None] = print

    def say(self, line: str) -> None:
        self.lines.append(line)
        log.info("self-test: %s", line)
        self.echo(line)
