"""Waiting for events without races, and leaving a client's block without hiding its error."""
import asyncio

import pytest

import sheetd
from test_client import IPHONE, ticks

RELEASE_UP = dict(t=432, phase="ended", translation={"x": 0, "y": -300}, velocity={"x": 0, "y": -800})


def presented(client):
    session = client.create_session(container=IPHONE, content={"preferredHeight": 300}, detents=["fit", "large"])
    session.present(t=0)
    ticks(client, 0, 320)
    session.pan(t=400, phase="began", translation={"x": 0, "y": 0})
    session.pan(t=416, phase="changed", translation={"x": 0, "y": -200})
    return session


def test_detent_changed_arrives_before_the_answer_to_the_release():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = presented(client)
        before = len(session.events)
        session.pan(**RELEASE_UP)
        assert [e["type"] for e in session.events[before:]] == ["detentChanged", "willSettle"]


def test_expect_event_entered_before_the_action_sees_its_event():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = presented(client)
        with session.expect_event("detentChanged") as ev:
            session.pan(**RELEASE_UP)
        assert ev.value["detent"] == "large"
        ticks(client, 432, 1000)
        with session.expect_event("dismissed") as gone:  # arrives only as time moves on
            session.dismiss(t=1000)
            ticks(client, 1000, 1600)
        assert gone.value["t"] > 1000


def test_expect_event_times_out_when_nothing_comes():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = presented(client)
        with pytest.raises(sheetd.Timeout):
            with session.expect_event("dismissed", timeout=0.2):
                session.pan(**RELEASE_UP)


def test_wait_event_sees_an_event_that_arrived_during_the_last_call():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        session = presented(client)
        session.pan(**RELEASE_UP)
        assert session.wait_event("detentChanged", timeout=5)["detent"] == "large"
        with pytest.raises(sheetd.Timeout):  # handed out once
            session.wait_event("detentChanged", timeout=0.2)


def test_async_expect_event_and_wait_event():
    async def presented_async(client):
        session = await client.create_session(container=IPHONE, content={"preferredHeight": 300},
                                              detents=["fit", "large"])
        await session.present(t=0)
        for t in range(0, 336, 16):
            await client.tick(t)
        await session.pan(t=400, phase="began", translation={"x": 0, "y": 0})
        return session

    async def main():
        async with sheetd.AsyncClient() as client:
            await client.initialize(clock="host")
            a = await presented_async(client)
            async with a.expect_event("detentChanged") as ev:
                await a.pan(**RELEASE_UP)
            assert (await ev.value)["detent"] == "large"
            b = await presented_async(client)
            await b.pan(**RELEASE_UP)
            assert (await b.wait_event("detentChanged", timeout=5))["detent"] == "large"
    asyncio.run(main())


def test_leaving_the_block_keeps_the_blocks_own_error():
    with pytest.raises(ZeroDivisionError):
        with sheetd.Client() as client:
            client.initialize()
            1 / 0
    assert client.returncode == 0  # input closed: end of input
    with pytest.raises(sheetd.RPCError) as e:
        with sheetd.Client() as client:
            client.initialize(clock="sundial")
    assert e.value.code == -32602


def test_a_client_never_initialized_leaves_quietly():
    with sheetd.Client() as client:
        pass
    assert client.returncode == 0

    async def main():
        async with sheetd.AsyncClient() as aclient:
            pass
        return aclient.returncode
    assert asyncio.run(main()) in (0, None)
