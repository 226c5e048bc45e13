"""Asynchronous inference: start_async / wait / callbacks, AsyncInferQueue, Python threads."""
import threading

import numpy as np
import pytest

import ovcl as ov
from conftest import assert_close


def _inputs(n):
    return [np.random.RandomState(i).uniform(-1, 1, (1, 3, 8, 8)).astype(np.float32) for i in range(n)]


def test_start_async_callback(core, irs, device, ov_cpu):
    request = core.compile_model(irs["conv"], device).create_infer_request()
    seen = []
    done = threading.Event()

    def callback(userdata):
        seen.append((userdata, request.get_tensor("pooled").data.copy()))
        done.set()

    request.set_callback(callback, "first")
    x = _inputs(1)[0]
    request.start_async({"image": x})
    request.wait()
    assert done.wait(10) and seen[0][0] == "first"
    assert_close(seen[0][1], ov_cpu(irs["conv"], [x])[1])
    request.start_async(x, userdata="second")
    assert request.wait_for(10000)
    assert seen[-1][0] == "second" and request.userdata == "second"
    request.set_callback(None)
    request.start_async(x)
    request.wait()
    assert len(seen) == 2


def test_async_infer_queue(core, irs, device, ov_cpu):
    compiled = core.compile_model(irs["conv"], device, {"PERFORMANCE_HINT": "THROUGHPUT"})
    inputs = _inputs(12)
    for jobs in (0, 3):
        queue = ov.AsyncInferQueue(compiled, jobs)
        assert len(queue) == (jobs or compiled.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS"))
        results = {}
        queue.set_callback(lambda request, userdata: results.__setitem__(userdata, request.results["pooled"]))
        for i, x in enumerate(inputs):
            queue.start_async({"image": x}, userdata=i)
        queue.wait_all()
        assert queue.is_ready() and sorted(results) == list(range(12))
        for i, x in enumerate(inputs):
            assert_close(results[i], ov_cpu(irs["conv"], [x])[1])


def test_queue_callback_error(core, irs):
    queue = ov.AsyncInferQueue(core.compile_model(irs["conv"], "REF"), 2)

    def callback(request, userdata):
        if userdata == 1:
            raise ValueError("callback failed on 1")

    queue.set_callback(callback)
    for i in range(4):
        queue.start_async(_inputs(1)[0], userdata=i)
    with pytest.raises(ValueError, match="failed on 1"):
        queue.wait_all()
    queue.wait_all()  # reported once; the queue goes on


def test_queue_inference_error(core, irs):
    queue = ov.AsyncInferQueue(core.compile_model(irs["two_inputs"], "REF"), 2)
    with pytest.raises(ov.Error):  # refused while setting the inputs: nothing started
        queue.start_async({"a": np.zeros((3, 3), np.float32), "indices": np.zeros(4, np.int64)})
    queue.start_async({"a": np.zeros((2, 3), np.float32), "indices": np.zeros(4, np.int64)})
    queue.wait_all()


def test_queue_failed_inference(core, irs):
    """A run that fails on the device's thread (an output of 2^62 elements): no success callback, as OpenVINO's
    queue; the error reaches wait_all, or the error callback (ovcl's addition) with the request's userdata."""
    queue = ov.AsyncInferQueue(core.compile_model(irs["range"], "REF"), 2)
    succeeded, failed = [], []
    queue.set_callback(lambda request, userdata: succeeded.append((userdata, request.results[0].size)))
    queue.start_async(np.int64(3), userdata="good")
    queue.start_async(np.int64(2**62), userdata="huge")
    with pytest.raises(ov.Error, match="values|Range"):
        queue.wait_all()
    assert succeeded == [("good", 3)]
    queue.set_error_callback(lambda request, userdata, error: failed.append((userdata, error)))
    for i in range(3):
        queue.start_async(np.int64(2**62 if i == 1 else i), userdata=i)
    queue.wait_all()  # the error went to the error callback
    assert sorted(u for u, _ in succeeded[1:]) == [0, 2] and [u for u, _ in failed] == [1]
    assert isinstance(failed[0][1], ov.Error) and "Range" in str(failed[0][1])


def test_threads_release_the_gil(core, irs, device, ov_cpu):
    compiled = core.compile_model(irs["conv"], device, {"PERFORMANCE_HINT": "THROUGHPUT"})
    inputs = _inputs(4)
    outputs = [None] * 4
    errors = []

    def work(i):
        try:
            request = compiled.create_infer_request()
            for _ in range(10):
                outputs[i] = request.infer(inputs[i])["pooled"]
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    for i in range(4):
        assert_close(outputs[i], ov_cpu(irs["conv"], [inputs[i]])[1])


def test_callback_must_be_callable(core, irs):
    request = core.compile_model(irs["conv"], "REF").create_infer_request()
    with pytest.raises(ov.InvalidArgument):
        request.set_callback(5)
    with pytest.raises(ov.InvalidArgument):
        ov.AsyncInferQueue(core.compile_model(irs["conv"], "REF"), 1).set_callback(5)
