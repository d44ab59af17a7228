"""Accessibility actions and (predictive) back through the Python client against the real daemon."""
import pytest

import sheetd

IPHONE = {"width": 390, "height": 844, "safeArea": {"top": 47, "bottom": 34}}


def test_frames_list_the_accessibility_actions_and_an_action_moves_the_sheet():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = client.create_session(container=IPHONE, detents=["medium", "large"])
        session.present(t=0, animated=False)
        frame = client.tick(0)[0]
        assert frame.accessibility.actions == ["expand", "dismiss"]
        assert frame.back is None
        assert session.accessibility_action(t=16, action="expand") == {"state": "settling"}
        assert client.tick(32)[0].accessibility.actions == ["collapse", "dismiss"]
        with pytest.raises(sheetd.RPCError) as e:
            session.accessibility_action(t=48, action="expand")
        assert e.value.code == -32010
        assert "available: collapse, dismiss, escape" in e.value.message
        with pytest.raises(sheetd.RPCError) as e:
            session.accessibility_action(t=48, action="shrink")
        assert e.value.code == -32602


def test_a_predictive_back_gesture_scales_the_sheet_and_invoked_dismisses_it():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        session.present(t=0, animated=False)
        client.tick(0)
        with pytest.raises(sheetd.RPCError) as e:
            session.back(t=16, phase="began")
        assert e.value.code == -32602 and "params.progress" in e.value.message
        session.back(t=16, phase="began", progress=0.5, swipe_edge="left")
        back = client.tick(16)[0].back
        assert (back.scale_x, back.scale_y) == (0.8899, 0.9357)  # 1 - p*48/390, 1 - p*24/334
        assert session.back(t=32, phase="invoked") == {"state": "dismissing"}
        for t in range(32, 400, 16):
            client.tick(t)
        assert session.frame.state == "dismissed" and session.frame.back is None
        assert session.event_types()[-1] == "dismissed"
