"""Sheet stacks through both clients: a child created over a handle, stackBehavior, a stack's restore."""
import asyncio

import pytest

import sheetd
from sheetd.protocol import FrameTransform
from test_client import IPHONE, ticks


def presented_stack(client):
    """A root (receding background) presented, and a child created over its handle, pushed over it."""
    root = client.create_session(container=IPHONE, content={"preferredHeight": 300},
                                 options={"recedeBackground": True})
    root.present(t=0)
    ticks(client, 0, 320)
    child = client.create_session(parent=root, content={"preferredHeight": 200})
    return root, child


def test_a_child_over_a_handle_pushes_its_parent_back():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        root, child = presented_stack(client)
        assert child.id == "s2"
        assert root.frame is not None and root.frame.transform in (None, FrameTransform(scale=1, translate_y=0))
        assert child.present(t=400, stack_behavior="push") == {"state": "presenting"}
        ticks(client, 400, 800)
        assert child.event_types() == ["willSettle", "presented"]
        assert root.frame.transform == FrameTransform(scale=pytest.approx(1 - 16 / 390, abs=1e-3), translate_y=-16)
        assert root.frame.background is not None and child.frame.background is None
        assert child.frame.transform is None
        # A child is created by id as well; giving it a container is refused by the daemon.
        grandchild = client.create_session(parent=child.id, content={"preferredHeight": 100})
        assert grandchild.id == "s3"
        with pytest.raises(sheetd.RPCError) as e:
            client.create_session(parent=root, container=IPHONE, content={"preferredHeight": 100})
        assert e.value.code == -32602


def test_stack_behavior_replace_dismisses_the_parent_first():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        root, child = presented_stack(client)
        assert child.present(t=400, stack_behavior="replace") == {"state": "dismissed"}
        ticks(client, 400, 1200)
        assert root.event_types() == ["willSettle", "presented", "willSettle", "dismissed"]
        assert child.event_types() == ["willSettle", "presented"]
        with pytest.raises(sheetd.RPCError):
            child.present(t=1300, stack_behavior="sideways")


def test_a_restored_stack_hands_back_its_children_with_their_frames():
    with sheetd.Client() as client:
        client.initialize(clock="host")
        root, child = presented_stack(client)
        child.present(t=400)
        ticks(client, 400, 480)
        state = root.snapshot()
        restored = client.restore_session(state)
        assert restored.id == "s3"
        assert [c.id for c in restored.children] == ["s4"]
        copy = restored.children[0]
        assert client.sessions["s4"] is copy
        ticks(client, 496, 800)
        n = len(copy.frames)
        assert n > 0
        assert [f.sheet for f in copy.frames] == [f.sheet for f in child.frames[-n:]]
        assert [f.transform for f in restored.frames] == [f.transform for f in root.frames[-len(restored.frames):]]
        assert copy.event_types() == ["presented"]
        # A lone session restores without children.
        lone = client.create_session(container=IPHONE, content={"preferredHeight": 300})
        assert client.restore_session(lone.snapshot()).children == []


def test_the_async_client_creates_and_restores_stacks_too():
    async def main():
        async with sheetd.AsyncClient() as client:
            await client.initialize(clock="host")
            root = await client.create_session(container=IPHONE, content={"preferredHeight": 300})
            await root.present(t=0)
            for t in range(0, 320, 16):
                await client.tick(t)
            child = await client.create_session(parent=root, content={"preferredHeight": 200})
            assert await child.present(t=400, stack_behavior="switch") == {"state": "dismissed"}
            restored = await client.restore_session(await root.snapshot())
            assert [c.id for c in restored.children] == ["s4"]
            for t in range(400, 1200, 16):
                await client.tick(t)
            assert restored.children[0].event_types() == child.event_types() == ["willSettle", "presented"]
            assert restored.event_types() == ["dismissed"]
            assert root.event_types() == ["willSettle", "presented", "willSettle", "dismissed"]
    asyncio.run(main())
