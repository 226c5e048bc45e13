"""Inference through CompiledModel.__call__ and InferRequest: input forms, results, shared memory, tensors."""
import numpy as np
import pytest

import ovcl as ov
from conftest import assert_close


def test_call_forms(core, irs, device, image, ov_cpu):
    compiled = core.compile_model(irs["conv"], device)
    expected = ov_cpu(irs["conv"], [image])
    port = compiled.input(0)
    for inputs in (image, [image], {0: image}, {"image": image}, {port: image}, ov.Tensor(image)):
        result = compiled(inputs)
        assert isinstance(result, ov.OVDict) and len(result) == 2
        assert_close(result["features"], expected[0])
        assert_close(result[1], expected[1])
        assert_close(result[compiled.output(1)], expected[1])
        assert result.names() == ({"features"}, {"pooled"})


def test_two_inputs_and_type_conversion(core, irs, device, ov_cpu):
    compiled = core.compile_model(irs["two_inputs"], device)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    idx = np.array([2, 0, 1, 2], dtype=np.int64)
    expected = ov_cpu(irs["two_inputs"], [a, idx])
    assert_close(compiled([a, idx])[0], expected[0])
    # float64 and int32 arrays are converted to the ports' f32 and i64, as OpenVINO does.
    result = compiled({"a": a.astype(np.float64), "indices": idx.astype(np.int32)})
    assert result[0].dtype == np.float32
    assert_close(result["gathered"], expected[0])
    assert_close(compiled({"a": a.tolist(), "indices": [2, 0, 1, 2]})[0], expected[0])
    single = core.compile_model(irs["dynamic"], device)  # one input: a nested list is its value, not a list of inputs
    assert single([[0.5, 1.0, 1.5, 2.0]])[0].shape == (1, 3)


def test_dynamic_shapes(core, irs, device, ov_cpu):
    compiled = core.compile_model(irs["dynamic"], device)
    for batch in (1, 5, 2):
        x = np.random.RandomState(batch).rand(batch, 4).astype(np.float32)
        assert_close(compiled(x)["probs"], ov_cpu(irs["dynamic"], [x])[0])


def test_share_inputs_and_outputs(core, irs, device, image):
    request = core.compile_model(irs["conv"], device).create_infer_request()
    shared = request.infer({"image": image}, share_inputs=True, share_outputs=True)
    copied = request.infer({"image": image})
    np.testing.assert_array_equal(shared["pooled"], copied["pooled"])
    if device == "REF":  # a host request reads the caller's array in place
        assert np.shares_memory(request.get_tensor("image").data, image)
    out = request.get_tensor("pooled").data
    view = request.infer(image * 2, share_outputs=True)["pooled"]
    assert np.shares_memory(view, out)
    assert not np.shares_memory(request.infer(image)["pooled"], out)


def test_tensor_numpy_round_trip():
    for dtype in (np.float32, np.float16, np.float64, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32,
                  np.int64, np.uint64, np.bool_):
        array = (np.arange(12) % 3).astype(dtype).reshape(3, 4)
        copied, shared = ov.Tensor(array), ov.Tensor(array, shared_memory=True)
        assert copied.element_type == ov.Type(dtype) and list(copied.shape) == [3, 4]
        np.testing.assert_array_equal(copied.data, array)
        assert np.shares_memory(shared.data, array) and not np.shares_memory(copied.data, array)
        # numpy's own dtype of that name (a long long array equals np.int64 but OpenVINO's Tensor refuses it)
        assert copied.data.dtype.char == np.dtype(dtype).char and shared.data.dtype.char == np.dtype(dtype).char
    read_only = np.ones(4, np.float32)
    read_only.setflags(write=False)
    assert np.shares_memory(ov.Tensor(read_only, shared_memory=True).data, read_only)
    strided = np.arange(24, dtype=np.float32).reshape(4, 6)[:, ::2]
    t = ov.Tensor(strided, shared_memory=True)  # not contiguous: copied
    np.testing.assert_array_equal(t.data, strided)
    empty = ov.Tensor(ov.Type.f32, [2, 0])
    assert empty.size == 0 and empty.data.shape == (2, 0)
    with pytest.raises(ov.InvalidArgument, match="complex"):
        ov.Tensor(np.zeros(2, np.complex64))


def test_tensor_copy_and_shape():
    src = ov.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    dst = ov.Tensor(ov.Type.f32, [2, 3])
    src.copy_to(dst)
    np.testing.assert_array_equal(dst.data, src.data)
    dst.copy_from(np.ones((2, 3), np.float32))
    assert dst.data.sum() == 6 and src.data.sum() == 15
    dst.shape = [3, 2]
    assert dst.get_shape() == [3, 2] and dst.byte_size == 24
    shared = ov.Tensor(np.zeros(4, np.float32), shared_memory=True)
    with pytest.raises(ov.InvalidArgument, match="numpy array"):
        shared.shape = [8]


def test_request_tensors(core, irs, device, image, ov_cpu):
    compiled = core.compile_model(irs["conv"], device)
    request = compiled.create_infer_request()
    tensor = ov.Tensor(image)
    request.set_tensor("image", tensor)
    request.infer()
    expected = ov_cpu(irs["conv"], [image])
    assert_close(request.get_tensor("features").data, expected[0])
    assert_close(request.get_output_tensor(1).data, expected[1])
    assert_close(request.get_tensor(compiled.output(1)).data, expected[1])
    assert len(request.input_tensors) == 1 and len(request.output_tensors) == 2
    request.set_input_tensor(ov.Tensor(image * 0))
    request.infer()
    assert np.all(request.get_output_tensor(0).data == 0)
    out = ov.Tensor(ov.Type.f32, [1, 4])
    request.set_tensors({"image": tensor, "pooled": out})
    request.infer()
    assert_close(out.data, expected[1])
    assert request.model_inputs[0].any_name == "image" and request.latency > 0


def test_bad_inputs(core, irs, device):
    compiled = core.compile_model(irs["two_inputs"], device)
    request = compiled.create_infer_request()
    with pytest.raises(ov.InvalidArgument, match="2 inputs"):
        request.infer(np.zeros((2, 3), np.float32))
    with pytest.raises(KeyError, match="nope"):
        request.infer({"nope": np.zeros(1)})
    with pytest.raises(ov.Error, match="a"):
        request.infer({"a": np.zeros((5, 5), np.float32), "indices": np.zeros(4, np.int64)})
