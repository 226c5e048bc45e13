"""A KV cache as optimum-intel exports it: ReadValue/Assign over a variable whose sequence dimension grows with
each inference (the past concatenated with the new tokens). On the GPU the plan is specialised for the shapes the
variables hold, so everything after ReadValue runs as device kernels; results, reset_state, set_state with another
length and get_state are checked against OpenVINO CPU step by step."""
import numpy as np
import pytest

import ovcl

ov = pytest.importorskip("openvino", reason="the suite compares with OpenVINO CPU: pip install openvino")
import openvino.opset6 as ops6  # noqa: E402
import openvino.opset13 as ops  # noqa: E402
from openvino.op.util import Variable, VariableInfo  # noqa: E402

RTOL, ATOL = 1e-4, 1e-5
HIDDEN = 8


def _kv_model(folder):
    """x [1, s, 8] -> k, v, q projections; the caches are [1, past + s, 8]; out = softmax(q k^T / sqrt(8)) v."""
    rng = np.random.RandomState(5)
    x = ops.parameter([1, -1, HIDDEN], np.float32, name="x")
    proj = {n: ops.matmul(x, ops.constant(rng.randn(HIDDEN, HIDDEN).astype(np.float32) * 0.5), False, False)
            for n in ("q", "k", "v")}
    # The empty cache's shape comes from the input's batch, as optimum's init subgraph does.
    batch = ops.gather(ops.shape_of(x), ops.constant(np.array([0], np.int64)), ops.constant(np.int64(0)))
    empty = ops.concat([batch, ops.constant(np.array([0, HIDDEN], np.int64))], 0)
    sinks, cache = [], {}
    for n in ("k", "v"):
        info = VariableInfo()
        info.data_shape = ov.PartialShape([-1, -1, HIDDEN])
        info.data_type = ov.Type.f32
        info.variable_id = f"past_{n}"
        var = Variable(info)
        past = ops6.read_value(ops.broadcast(ops.constant(np.float32(0)), empty), var)
        cache[n] = ops.concat([past, proj[n]], 1)
        sinks.append(ops6.assign(cache[n], var))
    scores = ops.multiply(ops.matmul(proj["q"], cache["k"], False, True), ops.constant(np.float32(HIDDEN ** -0.5)))
    out = ops.matmul(ops.softmax(scores, -1), cache["v"], False, False)
    out.output(0).set_names({"out"})
    model = ov.Model([ops.result(out)], sinks, [x], "kv_cache")
    path = str(folder / "kv_cache.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    return path


@pytest.fixture(scope="module")
def kv_path(tmp_path_factory):
    return _kv_model(tmp_path_factory.mktemp("kv"))


def _steps(seed):
    rng = np.random.RandomState(seed)
    return [rng.randn(1, s, HIDDEN).astype(np.float32) for s in (3, 1, 1, 1, 2, 1)]


def _states(request):
    return {s.name: np.array(s.state.data) for s in request.query_state()}


def _run_and_compare(ref, got, steps, output):
    """Both requests from an empty cache through `steps`, each step's output compared; the states compared."""
    ref.reset_state()
    got.reset_state()
    for i, x in enumerate(steps):
        expected = ref.infer({"x": x})[0]
        got.infer({"x": x})
        np.testing.assert_allclose(got.get_tensor(output).data, expected, RTOL, ATOL, err_msg=f"step {i}")
    want, have = _states(ref), _states(got)
    assert set(have) == set(want)
    for name in want:
        np.testing.assert_allclose(have[name], want[name], RTOL, ATOL, err_msg=name)
    return have


@pytest.mark.parametrize("config", [{}, {"OVCL_GPU_HOST_OPS": "ReadValue"}], ids=["device", "host_variables"])
def test_kv_cache_steps_match_openvino_cpu(kv_path, gpu, config):
    ref = ov.Core().compile_model(kv_path, "CPU", {"INFERENCE_PRECISION_HINT": "f32"}).create_infer_request()
    compiled = ovcl.Core().compile_model(kv_path, gpu, {"PERF_COUNT": True, **config})
    got = compiled.create_infer_request()
    for _ in range(2):  # the second run after reset_state starts from the empty cache again
        states = _run_and_compare(ref, got, _steps(1), "out")
        assert [s.shape for s in states.values()] == [(1, 9, HIDDEN)] * 2
    if not config:  # after ReadValue, the projections, caches and attention all run as device kernels
        host = [(p.node_name, p.node_type) for p in got.get_profiling_info()
                if p.exec_type == "ref" and p.node_type not in ("Stage", "Transfer", "TransferBytes")]
        assert not host, host


def test_set_state_of_another_length(kv_path, gpu):
    ref = ov.Core().compile_model(kv_path, "CPU", {"INFERENCE_PRECISION_HINT": "f32"}).create_infer_request()
    got = ovcl.Core().compile_model(kv_path, gpu).create_infer_request()
    rng = np.random.RandomState(7)
    for length in (5, 2):  # a longer, then a shorter cache than the one held
        ref.reset_state()
        got.reset_state()
        for x in _steps(2)[:3]:
            ref.infer({"x": x})
            got.infer({"x": x})
        past = {n: rng.randn(1, length, HIDDEN).astype(np.float32) for n in ("past_k", "past_v")}
        for s in ref.query_state():
            s.state = ov.Tensor(past[s.name])
        for s in got.query_state():
            s.state = ovcl.Tensor(past[s.name])
        for x in _steps(3)[1:4]:
            expected = ref.infer({"x": x})[0]
            got.infer({"x": x})
            np.testing.assert_allclose(got.get_tensor("out").data, expected, RTOL, ATOL, err_msg=f"length {length}")
        assert _states(got)["past_k"].shape == (1, length + 3, HIDDEN)


def _filtered_cache_model(folder):
    """The cache grows by the new rows whose first feature is positive: a length known only once NonZero has run,
    so Concat and Assign are host steps while ReadValue, specialised for the held length, is a device copy."""
    x = ops.parameter([1, -1, HIDDEN], np.float32, name="x")
    first = ops.gather(x, ops.constant(np.array([0], np.int64)), ops.constant(np.int64(2)))
    rows = ops.non_zero(ops.greater(ops.squeeze(first, ops.constant(np.array([0, 2], np.int64))),
                                    ops.constant(np.float32(0))), "i64")
    new = ops.gather(x, ops.squeeze(rows, ops.constant(np.array([0], np.int64))), ops.constant(np.int64(1)))
    info = VariableInfo()
    info.data_shape = ov.PartialShape([1, -1, HIDDEN])
    info.data_type = ov.Type.f32
    info.variable_id = "kept"
    var = Variable(info)
    empty = ops.broadcast(ops.constant(np.float32(0)), ops.constant(np.array([1, 0, HIDDEN], np.int64)))
    past = ops6.read_value(empty, var)
    cache = ops.concat([past, new], 1)
    total = ops.reduce_sum(ops.multiply(cache, ops.constant(np.float32(2))), ops.constant(np.array([1], np.int64)))
    total.output(0).set_names({"total"})
    model = ov.Model([ops.result(total)], [ops6.assign(cache, var)], [x], "filtered_cache")
    path = str(folder / "filtered_cache.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    return path


def test_host_steps_of_a_data_dependent_length_keep_the_device_state(tmp_path, gpu):
    path = _filtered_cache_model(tmp_path)
    ref = ov.Core().compile_model(path, "CPU", {"INFERENCE_PRECISION_HINT": "f32"}).create_infer_request()
    got = ovcl.Core().compile_model(path, gpu).create_infer_request()
    for _ in range(2):
        _run_and_compare(ref, got, _steps(4), "total")
