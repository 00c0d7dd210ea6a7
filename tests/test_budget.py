"""A request's budget: the limits each of its searches gets, from one object."""

from __future__ import annotations

import pytest

from game.ai.budget import SAFETY_MARGIN, Budget, usable
from game.ai.control import StopControl

pytestmark = pytest.mark.engine


def budget(seconds: float | None = None, nodes: int | None = None) -> Budget:
    return Budget(StopControl(time_limit=seconds, node_limit=nodes))


def test_a_share_of_the_node_budget_is_what_is_left_of_that_share() -> None:
    plan = budget(nodes=10_000)
    assert plan.control().node_limit == 10_000
    assert plan.control(0.75).node_limit == 7_500
    plan.spend(6_000)
    assert plan.control(0.75).node_limit == 1_500
    assert plan.control().node_limit == 4_000
    plan.spend(5_000)  # spent more than the share: nothing left, never less
    assert plan.control(0.75).node_limit == 0
    assert plan.past_time(30.0).node_limit == 0  # past the time, never past the nodes


def test_a_share_of_the_time_budget_ends_within_it_and_a_cap_shortens_it() -> None:
    plan = budget(seconds=2.0)
    assert plan.seconds == pytest.approx(2.0)
    half = plan.control(0.5)
    assert half.deadline is not None and plan.whole.deadline is not None
    assert half.deadline <= plan.whole.start + 1.0 + 1e-3  # the clock moves between two reads
    capped = plan.control(at_most=0.4)
    assert capped.deadline is not None
    assert capped.deadline <= capped.start + 0.4 + 1e-3  # the clock moves between two reads
    # Past the budget: a later deadline, the same stop flag.
    proof = plan.past_time(30.0)
    assert proof.deadline is not None and proof.deadline > plan.whole.deadline
    assert not plan.overrun


def test_without_limits_a_search_gets_none_and_the_stop_flag_goes_down() -> None:
    asked = [False]
    plan = Budget(StopControl(should_stop=lambda: asked[0]))
    control = plan.control(0.5, at_most=None)
    assert (control.deadline, control.node_limit) == (None, None)
    assert plan.seconds is None and not plan.overrun and not plan.stop_requested()
    asked[0] = True
    assert plan.stop_requested() and control.should_stop is not None and control.should_stop()


def test_the_usable_time_keeps_a_margin_for_the_answer() -> None:
    assert usable(None) is None
    assert usable(3.0) == pytest.approx(3.0 - SAFETY_MARGIN)
    assert usable(0.5) == pytest.approx(0.5 * (1 - SAFETY_MARGIN))
