"""The asyncio client against the real daemon."""
import asyncio

import pytest

import sheetd

IPHONE = {"width": 390, "height": 844, "safeArea": {"top": 47, "bottom": 34}}


def test_host_clock_present_and_drag_to_a_detent():
    async def main():
        async with sheetd.AsyncClient() as client:
            await client.initialize(clock="host")
            session = await client.create_session(container=IPHONE, content={"preferredHeight": 300},
                                                  detents=["fit", "large"])
            await session.present(t=0)
            frames = await client.tick(150)
            assert frames[0].sheet.y == 677
            for t in range(160, 320, 16):
                await client.tick(t)
            assert session.event_types() == ["willSettle", "presented"]
            await session.pan(t=400, phase="began", translation={"x": 0, "y": 0})
            await session.pan(t=416, phase="changed", translation={"x": 0, "y": -200})
            await session.pan(t=432, phase="ended", translation={"x": 0, "y": -300}, velocity={"x": 0, "y": -800})
            for t in range(432, 1400, 16):
                await client.tick(t)
            assert session.frame.detent == "large"
            assert session.frame.sheet.y == 57
        assert client.returncode == 0
    asyncio.run(main())


def test_errors_raise_rpc_error():
    async def main():
        async with sheetd.AsyncClient() as client:
            await client.initialize()
            with pytest.raises(sheetd.RPCError) as e:
                await client.request("sheet.dismiss", session="s1", t=0)
            assert e.value.code == -32001
            with pytest.raises(sheetd.RPCError) as e:
                await client.initialize()
            assert e.value.code == -32010
    asyncio.run(main())


def test_realtime_clock_frames_arrive_by_themselves():
    async def main():
        async with sheetd.AsyncClient() as client:
            hello = await client.initialize(clock="realtime", fps=120)
            assert hello["clock"] == "realtime"
            queue = client.subscribe()
            session = await client.create_session(container=IPHONE, content={"preferredHeight": 300})
            waiting = asyncio.ensure_future(session.wait_event("presented", timeout=10))
            await session.present()  # no t: now, on the server's clock
            event = await waiting
            assert event["type"] == "presented"
            assert session.frame.sheet.y == 510
            first = await asyncio.wait_for(queue.get(), 10)
            # A grid tick between create and present sends the new session's first frame, at
            # rest and dismissed, before the present (how soon the present follows is up to
            # this process's scheduling): that frame may come first.
            if first["method"] == "sheet.frame":
                assert first["params"]["state"] == "dismissed"
                first = await asyncio.wait_for(queue.get(), 10)
            assert first["method"] == "sheet.event" and first["params"]["type"] == "willSettle"
            first = await asyncio.wait_for(queue.get(), 10)
            assert first["method"] == "sheet.frame" and first["params"]["state"] == "presenting"
    asyncio.run(main())


def test_notifications_stream_yields_each_notification_in_order():
    async def main():
        async with sheetd.AsyncClient() as client:
            await client.initialize()
            session = await client.create_session(container=IPHONE, content={"preferredHeight": 300})
            await session.present(t=0)
            stream = client.notifications_stream()  # subscribed from here on
            for t in range(0, 320, 16):
                await client.tick(t)
            received = []
            async for message in stream:
                received.append(message)
                if message["method"] == "sheet.event":
                    break
            assert [m["method"] for m in received][-2:] == ["sheet.frame", "sheet.event"]
            assert [m["params"]["seq"] for m in received if m["method"] == "sheet.frame"] == [f.seq for f in session.frames]
    asyncio.run(main())
