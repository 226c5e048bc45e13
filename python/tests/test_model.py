"""Model, Output and Node: names, shapes, types, ops, reshape."""
import numpy as np
import openvino
import pytest

import ovcl as ov


def test_ports(core, irs):
    model = core.read_model(irs["two_inputs"])
    a, idx = model.inputs
    assert a.any_name == "a" and a.get_names() == {"a"}
    assert a.partial_shape == [2, 3] and a.element_type == ov.Type.f32 and idx.element_type == ov.Type.i64
    assert a.get_shape() == ov.Shape([2, 3]) and list(a.shape) == [2, 3]
    assert model.input("indices") == idx and model.input(1) == idx and model.output(0).any_name == "gathered"
    assert model.output().get_node().get_type_name() == "Result"
    with pytest.raises(KeyError, match="nope"):
        model.input("nope")
    with pytest.raises(ov.NotFound, match="out of range"):
        model.input(5)


def test_ops_match_openvino(core, irs):
    for path in irs.values():
        ours = sorted(op.get_type_name() for op in core.read_model(path).get_ops())
        theirs = sorted(op.get_type_name() for op in openvino.Core().read_model(path).get_ops())
        assert ours == theirs


def test_node_attributes_and_constants(core, irs):
    model = core.read_model(irs["conv"])
    conv = next(op for op in model.get_ops() if op.get_type_name() == "Convolution")
    attributes = conv.get_attributes()  # the IR's text
    assert [int(v) for v in attributes["strides"].split(",")] == [1, 1] and attributes["auto_pad"] == "explicit"
    weights = conv.input_value(1).get_node().get_data()
    assert weights.shape == (4, 3, 3, 3) and weights.dtype == np.float32


def test_reshape(core, irs):
    model = core.read_model(irs["dynamic"])
    assert model.is_dynamic() and model.input().partial_shape == ov.PartialShape([-1, 4])
    model.reshape([3, 4])
    assert not model.is_dynamic() and model.output().shape == [3, 3]
    model.reshape({"x": "[1..8,4]"})
    assert str(model.input().partial_shape) == "[1..8,4]"
    with pytest.raises(ov.Error):
        model.reshape([3, 5])


def test_types_and_shapes():
    assert ov.Type("f32") == ov.Type.f32 == np.float32 and ov.Type.f16.to_dtype() == np.float16
    assert ov.Type(np.dtype("int64")) == ov.Type.i64 and ov.Type.boolean.to_dtype() == np.bool_
    with pytest.raises(ov.Error):
        ov.Type("complex64")
    ps = ov.PartialShape([1, -1, (2, 8)])
    assert ps.is_dynamic and ps[1].is_dynamic and ps[2].get_min_length() == 2 and ps.rank == 3
    assert ov.PartialShape.dynamic().rank is None
    assert ov.Layout("NCHW").get_index_by_name("C") == 1
