"""Fixtures of the ovcl Python suite: small IRs written by OpenVINO (the `openvino` wheel in build/venv, which is
also the oracle: OpenVINO CPU in f32), the devices to run on, and OpenVINO CPU's outputs."""
import pathlib

import numpy as np
import pytest

import ovcl

ov = pytest.importorskip("openvino", reason="the suite compares with OpenVINO CPU: pip install openvino")
import openvino.opset13 as ops  # noqa: E402

# Tolerances against OpenVINO CPU f32: the same f32 math in another order.
RTOL, ATOL = 1e-4, 1e-5


def _save(model, folder: pathlib.Path, name: str) -> str:
    path = folder / f"{name}.xml"
    ov.save_model(model, str(path), compress_to_fp16=False)
    return str(path)


def _conv(folder):
    rng = np.random.RandomState(0)
    x = ops.parameter([1, 3, 8, 8], np.float32, name="image")
    w = ops.constant(rng.randn(4, 3, 3, 3).astype(np.float32))
    relu = ops.relu(ops.convolution(x, w, [1, 1], [1, 1], [1, 1], [1, 1]))
    relu.output(0).set_names({"features"})
    pooled = ops.reduce_mean(relu, ops.constant(np.array([2, 3], dtype=np.int64)), False)
    pooled.output(0).set_names({"pooled"})
    return _save(ov.Model([relu, pooled], [x], "conv"), folder, "conv")


def _classifier(folder):
    rng = np.random.RandomState(2)
    x = ops.parameter([1, 3, 16, 16], np.float32, name="data")
    conv = ops.relu(ops.convolution(x, ops.constant(rng.randn(8, 3, 3, 3).astype(np.float32)), [2, 2], [1, 1], [1, 1],
                                    [1, 1]))
    pooled = ops.reduce_mean(conv, ops.constant(np.array([2, 3], dtype=np.int64)), False)
    logits = ops.matmul(pooled, ops.constant(rng.randn(8, 10).astype(np.float32)), False, False)
    probs = ops.softmax(logits, 1)
    probs.output(0).set_names({"probs"})
    return _save(ov.Model([probs], [x], "classifier"), folder, "classifier")


def _two_inputs(folder):
    a = ops.parameter([2, 3], np.float32, name="a")
    idx = ops.parameter([4], np.int64, name="indices")
    g = ops.gather(ops.multiply(a, ops.constant(np.float32(2.0))), idx, ops.constant(np.int64(1)))
    g.output(0).set_names({"gathered"})
    return _save(ov.Model([g], [a, idx], "two_inputs"), folder, "two_inputs")


def _dynamic(folder):
    x = ops.parameter([-1, 4], np.float32, name="x")
    w = ops.constant(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
    y = ops.softmax(ops.matmul(x, w, False, False), 1)
    y.output(0).set_names({"probs"})
    return _save(ov.Model([y], [x], "dynamic"), folder, "dynamic")


def _range(folder):
    """An output whose size is an input's value: a huge one fails at run time, on the device's thread."""
    n = ops.parameter([], np.int64, name="n")
    r = ops.range(ops.constant(np.int64(0)), n, ops.constant(np.int64(1)), "i64")
    r.output(0).set_names({"values"})
    return _save(ov.Model([r], [n], "range"), folder, "range")


def _stateful(folder):
    x = ops.parameter([1, 2], np.float32, name="x")
    info = ov.op.util.VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape([1, 2]), ov.Type.f32, "acc"
    var = ov.op.util.Variable(info)
    read = ops.read_value(ops.constant(np.zeros((1, 2), np.float32)), var)
    total = ops.add(read, x)
    assign = ops.assign(total, var)
    total.output(0).set_names({"total"})
    return _save(ov.Model([total.output(0)], [assign], [x], "stateful"), folder, "stateful")


@pytest.fixture(scope="session")
def irs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("irs")
    return {"conv": _conv(folder), "two_inputs": _two_inputs(folder), "dynamic": _dynamic(folder),
            "classifier": _classifier(folder), "range": _range(folder),
            "stateful": _stateful(folder)}


@pytest.fixture(scope="session")
def core():
    return ovcl.Core()


def _devices():
    devices = ovcl.Core().available_devices
    return ["REF"] + [d for d in devices if d.startswith("GPU")][:1]


@pytest.fixture(params=_devices())
def device(request):
    return request.param


@pytest.fixture(scope="session")
def gpu(core):
    gpus = [d for d in core.available_devices if d.startswith("GPU")]
    if not gpus:
        pytest.skip("no OpenCL device (pocl-opencl-icd provides one)")
    return gpus[0]


@pytest.fixture(scope="session")
def ov_cpu():
    """OpenVINO CPU in f32: ov_cpu(ir_path, inputs) -> list of outputs."""
    core = ov.Core()
    cache = {}

    def run(path, inputs):
        if path not in cache:
            cache[path] = core.compile_model(path, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
        return [np.array(v) for v in cache[path](inputs).values()]

    return run


def assert_close(actual, expected):
    np.testing.assert_allclose(np.asarray(actual), np.asarray(expected), rtol=RTOL, atol=ATOL)


@pytest.fixture
def image():
    return np.random.RandomState(1).uniform(-1, 1, (1, 3, 8, 8)).astype(np.float32)
