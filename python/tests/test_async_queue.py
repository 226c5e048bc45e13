"""AsyncInferQueue when it is full: start_async waits for an idle request while the next completion starts the job on
the device's thread. Each job must still reach its own request with its own inputs and userdata, errors must reach
the caller of start_async, and callbacks run once per successful job, in each request's order."""
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import ovcl as ov
from conftest import assert_close


def _images(n):
    return [np.random.RandomState(100 + i).uniform(-1, 1, (1, 3, 8, 8)).astype(np.float32) for i in range(n)]


def _expected(core, ir, images):
    """The same images one by one through a synchronous request on REF (compared with OpenVINO in test_infer)."""
    request = core.compile_model(ir, "REF").create_infer_request()
    return [request.infer(x)["pooled"].copy() for x in images]


@pytest.mark.parametrize("share_inputs", [False, True])
def test_full_queue_jobs_keep_inputs_and_userdata(core, irs, device, share_inputs):
    images = _images(40)
    expected = _expected(core, irs["conv"], images)
    queue = ov.AsyncInferQueue(core.compile_model(irs["conv"], device), 2)
    seen, order = {}, []

    def callback(request, userdata):
        seen[userdata] = request.results["pooled"]
        order.append((id(request), userdata))

    queue.set_callback(callback)
    for i, x in enumerate(images):  # 2 requests for 40 jobs: most start from a completion
        queue.start_async({"image": x}, userdata=("job", i), share_inputs=share_inputs)
    queue.wait_all()
    assert sorted(seen) == [("job", i) for i in range(40)]
    for i in range(40):
        assert_close(seen[("job", i)], expected[i])
    for request in {r for r, _ in order}:  # one request's jobs complete in the order they were given
        mine = [u[1] for r, u in order if r == request]
        assert mine == sorted(mine)
    assert sorted(u[1] for u in queue.userdata) == [38, 39]  # each request keeps its last job's userdata


def test_full_queue_tensor_inputs(core, irs, device):
    images = _images(12)
    expected = _expected(core, irs["conv"], images)
    queue = ov.AsyncInferQueue(core.compile_model(irs["conv"], device), 1)
    seen = {}
    queue.set_callback(lambda request, userdata: seen.__setitem__(userdata, request.results[1]))
    for i, x in enumerate(images):
        queue.start_async([ov.Tensor(x)], userdata=i)
    queue.wait_all()
    for i in range(12):
        assert_close(seen[i], expected[i])


def test_full_queue_input_error_reaches_start_async(core, irs):
    """A job refused by the request (a wrong shape) raises in start_async whichever thread started it, and the
    request goes back to the queue."""
    queue = ov.AsyncInferQueue(core.compile_model(irs["two_inputs"], "REF"), 1)
    good = {"a": np.ones((2, 3), np.float32), "indices": np.array([0, 1, 2, 0], np.int64)}
    bad = {"a": np.zeros((3, 3), np.float32), "indices": np.zeros(4, np.int64)}
    done = []
    queue.set_callback(lambda request, userdata: done.append(userdata))
    for i in range(20):
        queue.start_async(good, userdata=i)
        with pytest.raises(ov.Error):
            queue.start_async(bad, userdata="bad")
    queue.wait_all()
    assert done == list(range(20)) and queue.is_ready()
    assert "bad" not in queue.userdata


def test_full_queue_from_threads(core, irs, device):
    """Several Python threads feed one queue: every job runs once, on its own inputs."""
    images = _images(32)
    expected = _expected(core, irs["conv"], images)
    queue = ov.AsyncInferQueue(core.compile_model(irs["conv"], device), 2)
    seen, lock = {}, threading.Lock()

    def callback(request, userdata):
        with lock:
            assert userdata not in seen
            seen[userdata] = request.results["pooled"]

    queue.set_callback(callback)

    def feed(first):
        for i in range(first, 32, 4):
            queue.start_async(images[i], userdata=i)

    with ThreadPoolExecutor(4) as pool:
        for future in [pool.submit(feed, k) for k in range(4)]:
            future.result(timeout=60)  # raises what the thread raised
    queue.wait_all()
    assert sorted(seen) == list(range(32))
    for i in range(32):
        assert_close(seen[i], expected[i])


def test_callback_error_with_a_full_queue(core, irs):
    """A callback's exception reaches wait_all; the jobs started from that completion still run."""
    queue = ov.AsyncInferQueue(core.compile_model(irs["conv"], "REF"), 1)
    done = []

    def callback(request, userdata):
        done.append(userdata)
        if userdata == 3:
            raise ValueError("callback failed on 3")

    queue.set_callback(callback)
    for i, x in enumerate(_images(8)):
        queue.start_async(x, userdata=i)
    with pytest.raises(ValueError, match="failed on 3"):
        queue.wait_all()
    assert done == list(range(8))


def test_userdata_is_released(core, irs):
    """The queue holds a job's userdata until the request's next job replaces it, and no longer."""
    import sys

    queue = ov.AsyncInferQueue(core.compile_model(irs["conv"], "REF"), 2)
    token = object()
    before = sys.getrefcount(token)
    for x in _images(2):
        queue.start_async(x, userdata=token)
    queue.wait_all()
    assert sys.getrefcount(token) == before + 2
    for x in _images(2):
        queue.start_async(x, userdata=None)
    queue.wait_all()
    assert sys.getrefcount(token) == before


def test_queue_dropped_while_running(core, irs, device):
    """Dropping a queue with jobs in flight waits for them (and their callbacks) instead of freeing under them."""
    compiled = core.compile_model(irs["conv"], device)
    done = []
    for _ in range(5):
        queue = ov.AsyncInferQueue(compiled, 2)
        queue.set_callback(lambda request, userdata: done.append(userdata))
        for i, x in enumerate(_images(6)):
            queue.start_async(x, userdata=i)
        del queue
    assert len(done) == 30


def test_callback_threads_come_and_go(core, irs, device):
    """Each compiled model's completion thread keeps a Python thread state for its callbacks; models dropped and
    made again (their threads end, their states are freed later) go on running callbacks on the right jobs."""
    images = _images(3)
    expected = _expected(core, irs["conv"], images)
    for _ in range(4):
        compiled = core.compile_model(irs["conv"], device)
        queue = ov.AsyncInferQueue(compiled, 2)
        seen = {}
        queue.set_callback(lambda request, userdata: seen.__setitem__(userdata, request.results["pooled"]))
        for i, x in enumerate(images):
            queue.start_async(x, userdata=i)
        queue.wait_all()
        for i in range(3):
            assert_close(seen[i], expected[i])
        del queue, compiled
