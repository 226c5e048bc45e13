#!/usr/bin/env python3
"""Writes the control-flow IRs of tests/ir/test_control_flow.cpp with OpenVINO's Python API and prints
OpenVINO CPU's outputs on the test's inputs (f32 inference), which the test holds as its expected values.
    build/venv/bin/python tools/make_control_flow_irs.py [out_dir]   (default tests/data/ir/control_flow)
"""
import os
import sys

import numpy as np
import openvino as ov
import openvino.opset16 as ops

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "tests", "data", "ir",
                                                        "control_flow")


def i64(v):
    return ops.constant(np.array(v, np.int64))


def if_static():
    """If-8: relu(x) or 2 * x, static shapes."""
    x, c = ops.parameter([2, 3], np.float32, name="x"), ops.parameter([], np.bool_, name="c")
    tp, ep = ops.parameter([2, 3], np.float32), ops.parameter([2, 3], np.float32)
    then_body = ov.Model([ops.result(ops.relu(tp))], [tp])
    else_body = ov.Model([ops.result(ops.multiply(ep, ops.constant(np.float32(2))))], [ep])
    node = ops.if_op(c.output(0))
    node.set_then_body(then_body)
    node.set_else_body(else_body)
    node.set_input(x.output(0), tp, ep)
    out = node.set_output(then_body.get_results()[0], else_body.get_results()[0])
    return ov.Model([ops.result(out)], [x, c], "if_static")


def if_shapes():
    """If-8 whose branches give different shapes: the first row of x, or x twice."""
    x, c = ops.parameter([-1, 3], np.float32, name="x"), ops.parameter([1], np.bool_, name="c")
    tp, ep = ops.parameter([-1, 3], np.float32), ops.parameter([-1, 3], np.float32)
    then_body = ov.Model([ops.result(ops.slice(tp, i64([0]), i64([1]), i64([1])))], [tp])
    else_body = ov.Model([ops.result(ops.concat([ep, ep], 0))], [ep])
    node = ops.if_op(c.output(0))
    node.set_then_body(then_body)
    node.set_else_body(else_body)
    node.set_input(x.output(0), tp, ep)
    out = node.set_output(then_body.get_results()[0], else_body.get_results()[0])
    return ov.Model([ops.result(ops.relu(out))], [x, c], "if_shapes")


def ti_sum():
    """TensorIterator-1: a running sum over axis 1, the last state and every state."""
    X, H0 = ops.parameter([2, 4, 3], np.float32, name="X"), ops.parameter([2, 3], np.float32, name="H0")
    xi, hi = ops.parameter([2, 1, 3], np.float32), ops.parameter([2, 3], np.float32)
    h = ops.add(hi, ops.squeeze(xi, i64([1])))
    body = ov.Model([ops.result(h), ops.result(ops.unsqueeze(h, i64([1])))], [xi, hi])
    ti = ops.tensor_iterator()
    ti.set_body(body)
    ti.set_sliced_input(xi, X.output(0), 0, 1, 1, -1, 1)
    ti.set_merged_input(hi, H0.output(0), body.get_results()[0].input_value(0))
    last = ti.get_iter_value(body.get_results()[0].input_value(0), -1)
    every = ti.get_concatenated_slices(body.get_results()[1].input_value(0), 0, 1, 1, -1, 1)
    return ov.Model([ops.result(last), ops.result(every)], [X, H0], "ti_sum")


def ti_reverse_if():
    """TensorIterator-1 over axis 0 backwards in parts of 2, with an If inside its body."""
    X, H = ops.parameter([6, 2], np.float32, name="X"), ops.parameter([1, 2], np.float32, name="H")
    xi, hi = ops.parameter([2, 2], np.float32), ops.parameter([1, 2], np.float32)
    s = ops.reduce_sum(xi, i64([0]), True)
    positive = ops.greater(ops.reduce_sum(s, i64([0, 1])), ops.constant(np.float32(0)))
    tp, ep = ops.parameter([1, 2], np.float32), ops.parameter([1, 2], np.float32)
    then_body, else_body = ov.Model([ops.result(ops.sigmoid(tp))], [tp]), ov.Model([ops.result(ops.tanh(ep))], [ep])
    inner = ops.if_op(positive.output(0))
    inner.set_then_body(then_body)
    inner.set_else_body(else_body)
    inner.set_input(s.output(0), tp, ep)
    h = ops.add(hi, inner.set_output(then_body.get_results()[0], else_body.get_results()[0]))
    body = ov.Model([ops.result(h)], [xi, hi])
    ti = ops.tensor_iterator()
    ti.set_body(body)
    ti.set_sliced_input(xi, X.output(0), -1, -2, 2, 0, 0)
    ti.set_merged_input(hi, H.output(0), body.get_results()[0].input_value(0))
    last = ti.get_iter_value(body.get_results()[0].input_value(0), -1)
    every = ti.get_concatenated_slices(body.get_results()[0].input_value(0), -1, -1, 1, 0, 0)
    return ov.Model([ops.result(last), ops.result(every)], [X, H], "ti_reverse_if")


def loop_while():
    """Loop-5: x = 2x + i while sum(x) < limit, at most n times; the last x and every x."""
    x, n = ops.parameter([3], np.float32, name="x"), ops.parameter([], np.int64, name="n")
    limit = ops.parameter([], np.float32, name="limit")
    xi, it, li = ops.parameter([3], np.float32), ops.parameter([1], np.int64), ops.parameter([], np.float32)
    xo = ops.add(ops.multiply(xi, ops.constant(np.float32(2))), ops.convert(it, "f32"))
    go_on = ops.less(ops.reduce_sum(xo, i64([0])), li)
    body = ov.Model([ops.result(go_on), ops.result(xo), ops.result(ops.unsqueeze(xo, i64([0])))], [xi, it, li])
    loop = ops.loop(n, ops.constant(True))
    loop.set_function(body)
    loop.set_special_body_ports([1, 0])
    loop.set_merged_input(xi, x.output(0), body.get_results()[1].input_value(0))
    loop.set_invariant_input(li, limit.output(0))
    last = loop.get_iter_value(body.get_results()[1].input_value(0), -1)
    every = loop.get_concatenated_slices(body.get_results()[2].input_value(0), 0, 1, 1, -1, 0)
    return ov.Model([ops.result(last), ops.result(every)], [x, n, limit], "loop_while")


CASES = {
    "if_static": (if_static, [[np.arange(6, dtype=np.float32).reshape(2, 3) - 2, np.array(True)],
                              [np.arange(6, dtype=np.float32).reshape(2, 3) - 2, np.array(False)]]),
    "if_shapes": (if_shapes, [[np.arange(12, dtype=np.float32).reshape(4, 3) - 5, np.array([True])],
                              [np.arange(12, dtype=np.float32).reshape(4, 3) - 5, np.array([False])]]),
    "ti_sum": (ti_sum, [[np.arange(24, dtype=np.float32).reshape(2, 4, 3) / 4, np.ones((2, 3), np.float32)]]),
    "ti_reverse_if": (ti_reverse_if, [[np.arange(12, dtype=np.float32).reshape(6, 2) - 6.5,
                                       np.array([[0.5, -0.5]], np.float32)]]),
    "loop_while": (loop_while, [[np.array([0.5, -1, 2], np.float32), np.array(v, np.int64), np.array(40, np.float32)]
                                for v in (10, -1, 0, 2)]),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    core = ov.Core()
    for name, (make, runs) in CASES.items():
        path = os.path.join(OUT, name + ".xml")
        ov.save_model(make(), path, compress_to_fp16=False)
        compiled = core.compile_model(core.read_model(path), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
        for inputs in runs:
            outs = compiled(inputs)
            print(name, [v.tolist() for v in inputs])
            for o in compiled.outputs:
                v = outs[o]
                print("   ", list(v.shape), np.array2string(v.flatten(), precision=9, separator=", ", max_line_width=200))


if __name__ == "__main__":
    main()
