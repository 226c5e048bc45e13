"""Profiling, variable state, cancel, export / import, preprocessing."""
import datetime

import numpy as np
import openvino
import pytest

import ovcl as ov
from conftest import assert_close


def test_profiling(core, irs, device, image):
    request = core.compile_model(irs["conv"], device, {"PERF_COUNT": True}).create_infer_request()
    request.infer(image)
    info = request.profiling_info
    assert info == request.get_profiling_info() or len(info) == len(request.get_profiling_info())
    conv = [p for p in info if p.node_type in ("Convolution", "FusedConvolution")]  # GPU fuses the Relu
    assert conv and conv[0].status == ov.ProfilingStatus.EXECUTED
    assert isinstance(conv[0].real_time, datetime.timedelta)


def test_state(core, irs, device):
    request = core.compile_model(irs["stateful"], device).create_infer_request()
    x = np.array([[1.0, 2.0]], np.float32)
    for step in range(1, 4):
        np.testing.assert_allclose(request.infer(x)["total"], x * step)
    states = request.query_state()
    assert [s.name for s in states] == ["acc"]
    np.testing.assert_allclose(states[0].state.data, x * 3)
    states[0].state = ov.Tensor(np.array([[10.0, 10.0]], np.float32))
    np.testing.assert_allclose(request.infer(x)[0], [[11.0, 12.0]])
    request.reset_state()
    np.testing.assert_allclose(request.infer(x)[0], x)


def test_export_import(core, irs, device, image):
    compiled = core.compile_model(irs["conv"], device)
    blob = compiled.export_model()
    assert isinstance(blob, bytes) and len(blob) > 100
    imported = core.import_model(blob, device)
    np.testing.assert_array_equal(imported(image)["pooled"], compiled(image)["pooled"])
    import io
    assert_close(core.import_model(io.BytesIO(blob), device)(image)[0], compiled(image)[0])
    broken = bytearray(blob)
    broken[len(broken) // 2] ^= 0xFF
    with pytest.raises(ov.Error):
        core.import_model(bytes(broken), device)


def test_cancel(core, irs):
    request = core.compile_model(irs["conv"], "REF").create_infer_request()
    request.cancel()  # nothing running: a no-op
    request.infer(np.zeros((1, 3, 8, 8), np.float32))


def test_preprocess_matches_openvino(core, irs, device):
    image = np.random.RandomState(3).randint(0, 255, (1, 8, 8, 3)).astype(np.uint8)

    def build(module, model):
        ppp = module.preprocess.PrePostProcessor(model)
        ppp.input().tensor().set_element_type(module.Type.u8).set_layout(module.Layout("NHWC")).set_color_format(
            module.preprocess.ColorFormat.BGR)
        ppp.input().model().set_layout(module.Layout("NCHW"))
        ppp.input().preprocess().convert_element_type(module.Type.f32).convert_color(
            module.preprocess.ColorFormat.RGB).mean([1.0, 2.0, 3.0]).scale(255.0)
        return ppp.build()

    ours = build(ov, core.read_model(irs["conv"]))
    assert ours.input().element_type == ov.Type.u8 and ours.input().shape == [1, 8, 8, 3]
    theirs = build(openvino, openvino.Core().read_model(irs["conv"]))
    expected = openvino.Core().compile_model(theirs, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})(image)
    result = core.compile_model(ours, device)(image)
    assert_close(result["pooled"], expected["pooled"])


def test_remote_tensors(core, irs, gpu, image, ov_cpu):
    context = core.get_default_context(gpu)
    assert context.get_device_name().startswith("GPU") and isinstance(context.get_params()["OCL_CONTEXT"], int)
    compiled = core.compile_model(core.read_model(irs["conv"]), context)
    request = compiled.create_infer_request()
    remote_in = context.create_tensor(ov.Type.f32, [1, 3, 8, 8])
    remote_in.copy_from(image)
    assert isinstance(remote_in, ov.RemoteTensor) and remote_in.get_params()["SHARED_MEM_TYPE"] == "OCL_BUFFER"
    assert isinstance(remote_in.get_params()["MEM_HANDLE"], int)
    with pytest.raises(ov.Error):
        remote_in.data
    remote_out = context.create_tensor(ov.Type.f32, [1, 4])
    request.set_tensor("image", remote_in)
    request.set_tensor("pooled", remote_out)
    request.infer()
    host = ov.Tensor(ov.Type.f32, [1, 4])
    remote_out.copy_to(host)
    assert_close(host.data, ov_cpu(irs["conv"], [image])[1])
    assert_close(request.results["pooled"], host.data)  # results read a remote output back
    wrapped = context.create_tensor(ov.Type.f32, [1, 3, 8, 8], {"SHARED_MEM_TYPE": "OCL_BUFFER",
                                                                 "MEM_HANDLE": remote_in.get_params()["MEM_HANDLE"]})
    request.set_tensor("image", wrapped)
    request.infer()
    assert_close(request.results["pooled"], host.data)
    host_visible = context.create_host_tensor(ov.Type.f32, [1, 3, 8, 8])
    host_visible.data[:] = image
    request.set_tensor("image", host_visible)
    request.infer()
    assert_close(request.results["pooled"], host.data)
