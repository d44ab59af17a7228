"""A recorded Scenario replays through `sheetd replay` to what the client received."""
import os
import subprocess

import sheetd

IPHONE = {"width": 390, "height": 844, "safeArea": {"top": 47, "bottom": 34}}


def drive(client):
    client.initialize(clock="host")
    session = client.create_session(container=IPHONE, content={"preferredHeight": 300})
    session.present(t=0)
    for t in range(0, 320, 16):
        client.tick(t)
    session.pan(t=400, phase="began", translation={"x": 0, "y": 0})
    session.pan(t=416, phase="ended", translation={"x": 0, "y": 40}, velocity={"x": 0, "y": 900})
    for t in range(416, 800, 16):
        client.tick(t)
    return session


def replay(path):
    done = subprocess.run([os.environ["SHEETD"], "replay", str(path)], capture_output=True, check=True)
    return done.stdout.decode().splitlines()


def test_a_recorded_session_replays_byte_for_byte(tmp_path):
    path = tmp_path / "fling.ndjson"
    scenario = sheetd.Scenario(str(path))
    with sheetd.Client(record=scenario) as client:
        session = drive(client)
    assert session.event_types() == ["willSettle", "presented", "willSettle", "dismissed"]
    assert path.read_text().splitlines() == scenario.lines
    assert scenario.lines[-1] == '{"jsonrpc":"2.0","method":"exit"}'
    assert replay(path) == scenario.output


def test_an_unfinished_recording_ends_with_shutdown_and_exit(tmp_path):
    scenario = sheetd.Scenario()
    client = sheetd.Client(record=scenario)
    drive(client)
    client.close()  # no shutdown sent
    path = scenario.save(str(tmp_path / "open.ndjson"))
    lines = open(path).read().splitlines()
    assert lines[-2].startswith('{"jsonrpc":"2.0","id":') and '"method":"shutdown"' in lines[-2]
    out = replay(path)
    assert out[:len(scenario.output)] == scenario.output
    assert out[-1].endswith('"result":null}')
