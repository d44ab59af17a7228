"""The blocking client against the real daemon ($SHEETD, else sheetd on PATH)."""
import os

import pytest

import sheetd
import sheetd.locate

IPHONE = {"width": 390, "height": 844, "safeArea": {"top": 47, "bottom": 34}}


def ticks(client, start, end, step=16):
    frames = []
    for t in range(start, end + 1, step):
        frames += client.tick(t)
    return frames


def test_initialize_answers_the_server_info_and_clock():
    with sheetd.Client() as client:
        hello = client.initialize(clock="host", clientInfo={"name": "pytest"})
        assert hello["serverInfo"]["name"] == "sheetd"
        assert hello["protocolVersion"] == "1"
        assert hello["clock"] == "host"
    assert client.returncode == 0


def test_present_produces_the_readmes_frames_and_event():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        assert session.id == "s1"
        assert session.present(t=0) == {"state": "presenting"}
        assert client.tick(0)[0].sheet.y == 844
        frames = client.tick(150)
        assert [f.sheet.y for f in frames] == [677]
        assert frames[0].dimming.alpha == 0.3
        client.tick(300)
        assert session.state == "presented"
        assert session.frame.sheet.y == 510
        assert session.event_types() == ["willSettle", "presented"]
        assert [f.seq for f in session.frames] == [1, 2, 3]
        assert client.tick(316) == []  # nothing moved: no frame
        assert client.now == 316


def test_a_fling_dismisses_the_sheet():
    with sheetd.Client() as client:
        client.initialize()
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        session.present(t=0)
        ticks(client, 0, 304)
        session.pan(t=400, phase="began", translation={"x": 0, "y": 0})
        assert session.pan(t=416, phase="ended", translation={"x": 0, "y": 40},
                           velocity={"x": 0, "y": 900}) == {"state": "dismissing", "gesture": "accepted"}
        ticks(client, 416, 800)
        assert session.event_types() == ["willSettle", "presented", "willSettle", "dismissed"]
        assert session.frame.sheet.y == 844


def test_frames_go_to_the_session_they_name():
    with sheetd.Client() as client:
        client.initialize()
        a = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        b = client.create_session(container=IPHONE, content={"preferredHeight": 500})
        a.present(t=0)
        frames = ticks(client, 0, 304)
        assert [f for f in frames if f.session == "s1"] == a.frames
        assert [f for f in frames if f.session == "s2"] == b.frames
        assert {f.state for f in b.frames} == {"dismissed"}  # its first frame, then nothing moved
        assert a.event_types() == ["willSettle", "presented"] and b.events == []
        b.present(t=320)
        client.tick(320)
        assert b.frames[-1].sheet.height == 534
        assert [s["session"] for s in client.list_sessions()] == ["s1", "s2"]


def test_error_answers_raise_rpc_error_with_the_code():
    with sheetd.Client() as client:
        with pytest.raises(sheetd.RPCError) as e:
            client.create_session(container=IPHONE)
        assert e.value.code == -32002  # not initialized
        client.initialize()
        with pytest.raises(sheetd.RPCError) as e:
            client.create_session(container={"width": -3, "height": 844})
        assert e.value.code == -32602
        assert "params.container.width" in e.value.message
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        with pytest.raises(sheetd.RPCError) as e:
            session.pan(t=0, phase="began", translation={"x": 0, "y": 0})
        assert e.value.code == -32010  # the sheet is dismissed
        assert e.value.method == "input.pan"
        with pytest.raises(sheetd.RPCError) as e:
            client.request("sheet.present", session="s9", t=0)
        assert e.value.code == -32001
        # the daemon is still fine
        assert session.present(t=0) == {"state": "presenting"}


def test_snake_case_members_are_sent_in_camel_case():
    with sheetd.Client() as client:
        client.initialize()
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300},
                                        detents=["medium", "large"], selected_detent="large")
        session.present(t=0)
        ticks(client, 0, 320)
        assert session.frame.detent == "large"
        session.keyboard(t=400, height=300, duration_ms=100)
        ticks(client, 400, 520)
        assert session.state == "presented"


def test_notifications_that_fail_come_back_as_diagnostics():
    with sheetd.Client() as client:
        client.initialize()
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        client.notify("input.tap", session="s7", t=1, target="dimming")
        client.tick(2)  # a request after it: its diagnostic has arrived by the answer
        assert client.diagnostics[-1]["code"] == -32001
        assert session.diagnostics == []


def test_snapshot_and_restore_continue_the_frames():
    with sheetd.Client() as client:
        client.initialize()
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        session.present(t=0)
        ticks(client, 0, 160)
        state = session.snapshot()
        restored = client.restore_session(state)
        assert restored.id == "s2"
        ticks(client, 176, 304)
        assert restored.frames[0].seq == session.frames[len(session.frames) - len(restored.frames)].seq
        assert [f.sheet for f in restored.frames] == [f.sheet for f in session.frames[-len(restored.frames):]]
        assert restored.event_types() == ["presented"]


def test_navigation_push_and_pop():
    with sheetd.Client() as client:
        client.initialize()
        session = client.create_session(container=IPHONE,
                                        navigation={"entries": [{"id": "root", "preferredHeight": 300}]})
        session.present(t=0)
        ticks(client, 0, 304)
        session.push(t=400, entry={"id": "detail", "preferredHeight": 500})
        ticks(client, 400, 800)
        assert session.frame.nav.items[0].id == "detail"
        session.pop(t=900)
        ticks(client, 900, 1300)
        assert [e.get("id") for e in session.events if e["type"] == "popped"] == ["detail"]


def test_the_daemon_is_found_from_the_argument_then_sheetd_then_the_bundled_one_then_path(tmp_path, monkeypatch):
    real = os.environ["SHEETD"]
    assert sheetd.find_daemon(real) == real
    monkeypatch.setenv("SHEETD", real)
    assert sheetd.find_daemon() == real
    monkeypatch.delenv("SHEETD")
    on_path = tmp_path / "bin" / "sheetd"
    on_path.parent.mkdir()
    on_path.symlink_to(real)
    monkeypatch.setenv("PATH", str(on_path.parent))
    bundled = tmp_path / "_daemon" / "bin" / "sheetd"
    monkeypatch.setattr(sheetd.locate, "BUNDLED", str(bundled))
    assert sheetd.find_daemon() == str(on_path)
    bundled.parent.mkdir(parents=True)
    bundled.symlink_to(real)
    assert sheetd.find_daemon() == str(bundled)  # the package's own daemon before PATH
    bundled.unlink()
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    with pytest.raises(sheetd.DaemonNotFound) as e:
        sheetd.find_daemon()
    for place in ("$SHEETD", str(bundled), str(tmp_path / "nowhere")):
        assert place in str(e.value)  # it says where it looked
    with pytest.raises(sheetd.DaemonNotFound):
        sheetd.Client(str(tmp_path / "missing"))


def test_realtime_clock_frames_are_read_by_wait_for_and_poll():
    with sheetd.Client() as client:
        assert client.initialize(clock="realtime", fps=120)["clock"] == "realtime"
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        session.present()  # no t: the server's now
        client.wait_for(lambda: "presented" in session.event_types(), timeout=10)
        assert session.frame.sheet.y == 510
        assert client.poll(0) == []  # at rest: sheetd is silent


def test_a_sideways_pan_is_declined_by_options_gesture():
    with sheetd.Client() as client:
        client.initialize()
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300},
                                        options={"gesture": {"slop": 10, "directionLock": True}})
        session.present(t=0, animated=False)
        assert session.pan(t=16, phase="began", translation={"x": 0, "y": 0}) == {
            "state": "presented", "gesture": "pending"}
        assert session.pan(t=32, phase="changed", translation={"x": 24, "y": 5}) == {
            "state": "presented", "gesture": "declined"}


def test_a_resolver_detent_takes_the_golden_height():
    """``{id, resolver: "golden"}``: the bundled resolver gives max detent value ÷ φ (797 / φ)."""
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300},
                                        detents=["fit", {"id": "golden", "resolver": "golden"}],
                                        selectedDetent="golden")
        session.present(t=0, animated=False)
        frame = client.tick(0)[0]
        assert (frame.sheet.height, frame.sheet.y, frame.detent) == (492.573, 351.427, "golden")
        kinds = {p["name"]: p["kind"] for p in client.list_plugins()}
        assert kinds["golden"] == "detentResolver"
        with pytest.raises(sheetd.RPCError) as refused:
            client.create_session(container=IPHONE, detents=[{"id": "x", "resolver": "spiral"}])
        assert refused.value.code == -32602
        assert "unknown detentResolver policy \"spiral\"" in str(refused.value)
def test_run_until_rest_ticks_a_presentation_to_rest_and_current_frame_consumes_no_seq():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        assert session.current_frame()["seq"] == 0
        session.present(t=0)
        assert client.run_until_rest(fps=30, max_ms=100) == {"t": 100, "ticks": 3, "frames": 3, "rested": False}
        assert [f.t for f in session.frames] == [100 / 3, 200 / 3, 100]
        now = session.current_frame()
        assert (now["seq"], now["t"], now["sheet"]["y"]) == (3, 100, session.frame.sheet.y)
        assert client.run_until_rest() == {"t": 300, "ticks": 12, "frames": 12, "rested": True}
        assert client.now == 300
        assert session.frame.seq == 15  # current_frame consumed none
        assert session.event_types() == ["willSettle", "presented"]


def test_reduced_motion_fades_the_sheet_in_place_and_frames_carry_opacity():
    with sheetd.Client() as client:
        assert client.initialize(clock="host", reduce_motion=True)["reduceMotion"] is True
        session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        plain = client.create_session(container=IPHONE, content={"preferredHeight": 300},
                                      options={"reduceMotion": False})
        session.present(t=0)
        plain.present(t=0)
        frames = client.tick(150)
        assert [(f.session, f.sheet.y, f.opacity) for f in frames] == [("s1", 510, 0.5), ("s2", 677, None)]
        assert frames[0].dimming.alpha == 0.3
        client.run_until_rest()
        assert session.frame.opacity == 1 and session.state == "presented"
