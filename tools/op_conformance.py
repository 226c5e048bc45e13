#!/usr/bin/env python3
"""Op conformance of ovcl against OpenVINO: every (op type, version) of opset1..opset16 over small graphs.

For each case of the table below (an op, a version, shapes, element types, attributes) the tool builds a
graph with OpenVINO's Python opset API, saves it as IR (ov.save_model, compress_to_fp16=False), runs it on
OpenVINO CPU (INFERENCE_PRECISION_HINT f32) and on ovcl REF and GPU through `ovcl run` on the same IR, and
compares the outputs: same element type and shape, every value within the case's tolerance
(|ovcl - openvino| <= atol + rtol * |openvino|; exact for integers and booleans). The list of op versions
is OpenVINO's own (the opset tables of the wheel's C++ headers); what runs each op on GPU comes from
`ovcl ops -d GPU`. An op ovcl lacks is listed as missing, an op with no case yet as such: none is dropped.

    tools/op_conformance.py                          # every case -> docs/ops.md
    tools/op_conformance.py --check --out X.md       # fail (exit 1) when a case fails; the report to X.md
    tools/op_conformance.py --ops Add,Softmax -v     # some op types only, each case printed

Cases run in parallel (--jobs); GPU kernels compile once into --cache-dir (the build tree's by default),
so a second run takes a fraction of the first. Needs the build (build/bin/ovcl) and the openvino wheel
(build/venv/bin/python). Exit codes: 0 all pass (or no --check), 1 a failure with --check, 77 no wheel.
"""
import argparse
import concurrent.futures
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

try:
    import numpy as np
    import openvino as ov
except ImportError as e:  # the ctest wrapper skips on this
    print(f"SKIP: the openvino wheel is missing ({e}); scripts/setup installs it into build/venv", file=sys.stderr)
    sys.exit(77)

OPSET_MODULES = {n: __import__(f"openvino.opset{n}", fromlist=["_"]) for n in range(1, 17)}
STRING_OPS = {"StringTensorPack", "StringTensorUnpack"}  # refused by design (issue 24)

# Tolerances, (atol, rtol) per output element. Element-wise arithmetic is the same f32 formula on both sides;
# transcendental functions differ by a few ulp between libm, OpenVINO's JIT and OpenCL's built-ins;
# sums over many terms (reductions, MatMul, convolution, normalisation) by rounding order; f16 outputs
# by one half ulp of the rounding to f16 (2^-11 relative) on top of the f32 error.
EXACT = (0.0, 0.0)
ARITH = (1e-6, 1e-6)
TRANSC = (1e-5, 1e-5)
ACCUM = (1e-5, 1e-4)
F16 = (1e-3, 2e-3)


# ----------------------------------------------------------------------------------------------- graphs
class Graph:
    """A case's graph under construction: parameters with their input data, constants."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.params = []
        self.inputs = {}

    def p(self, shape, dtype=np.float32, lo=-1.0, hi=1.0, data=None, dynamic=()):
        """A parameter of `shape` (its dims listed in `dynamic` are -1 in the IR) fed with `data`, else random
        values in [lo, hi] (integers: lo..hi; booleans: 0/1)."""
        name = f"in{len(self.params)}"
        if data is None:
            data = self.random(shape, dtype, lo, hi)
        data = np.asarray(data, dtype=dtype)
        pshape = ov.PartialShape([-1 if i in dynamic else d for i, d in enumerate(data.shape)])
        param = OPSET_MODULES[1].parameter(pshape, ov.Type(data.dtype), name=name)
        param.output(0).get_tensor().set_names({name})
        self.params.append(param)
        self.inputs[name] = data
        return param

    def random(self, shape, dtype, lo=-1.0, hi=1.0):
        dtype = np.dtype(dtype)
        if dtype == np.bool_:
            return self.rng.integers(0, 2, size=shape).astype(np.bool_)
        if dtype.kind in "iu":
            return self.rng.integers(int(lo), int(hi) + 1, size=shape).astype(dtype)
        return self.rng.uniform(lo, hi, size=shape).astype(dtype)

    def c(self, value, dtype=np.int64):
        return OPSET_MODULES[1].constant(np.asarray(value, dtype=dtype))


class Case:
    def __init__(self, op, version, variant, build, tol):
        self.op, self.version, self.variant, self.build, self.tol = op, version, variant, build, tol

    @property
    def key(self):
        return (self.op, self.version)


CASES = []


def add(op, version, variant, build, tol=ARITH):
    CASES.append(Case(op, version, variant, build, tol))


OPS_MODULES = {}
for _n in range(1, 17):
    try:
        OPS_MODULES[_n] = __import__(f"openvino.opset{_n}.ops", fromlist=["_"])
    except ImportError:
        pass


def fn(version, name):
    """The opset API's function `name` as first defined from opset `version` on: the openvino.opsetN.ops
    modules define each version once (openvino.opsetN re-exports, not always the newest: opset4's range is
    opset1's), e.g. Range-4 is opset4.ops.range, Interpolate-4 opset10.ops.interpolate."""
    for n in range(version, 17):
        if hasattr(OPS_MODULES.get(n), name):
            return getattr(OPS_MODULES[n], name)
    for n in range(version, 0, -1):
        if hasattr(OPS_MODULES.get(n), name):
            return getattr(OPS_MODULES[n], name)
    raise AttributeError(f"no openvino.opsetN.ops function {name}")


# ----------------------------------------------------------------------------------------------- element-wise
# (type, version, opset function, input range, tolerance); the opset function takes the data only.
UNARY = [
    ("Abs", 1, "absolute", (-2, 2), ARITH),
    ("Acos", 1, "acos", (-0.99, 0.99), TRANSC),
    ("Acosh", 4, "acosh", (1.01, 4), TRANSC),
    ("Asin", 1, "asin", (-0.99, 0.99), TRANSC),
    ("Asinh", 4, "asinh", (-3, 3), TRANSC),
    ("Atan", 1, "atan", (-3, 3), TRANSC),
    ("Atanh", 4, "atanh", (-0.95, 0.95), TRANSC),
    ("Ceiling", 1, "ceiling", (-3, 3), EXACT),
    ("Cos", 1, "cos", (-3, 3), TRANSC),
    ("Cosh", 1, "cosh", (-3, 3), TRANSC),
    ("Erf", 1, "erf", (-2, 2), TRANSC),
    ("Exp", 1, "exp", (-3, 3), TRANSC),
    ("Floor", 1, "floor", (-3, 3), EXACT),
    ("Log", 1, "log", (0.05, 4), TRANSC),
    ("Negative", 1, "negative", (-2, 2), EXACT),
    ("Relu", 1, "relu", (-2, 2), EXACT),
    ("Sigmoid", 1, "sigmoid", (-4, 4), TRANSC),
    ("Sign", 1, "sign", (-2, 2), EXACT),
    ("Sin", 1, "sin", (-3, 3), TRANSC),
    ("Sinh", 1, "sinh", (-3, 3), TRANSC),
    ("Sqrt", 1, "sqrt", (0, 4), TRANSC),
    ("Tan", 1, "tan", (-1.2, 1.2), TRANSC),
    ("Tanh", 1, "tanh", (-3, 3), TRANSC),
    ("SoftPlus", 4, "softplus", (-4, 4), TRANSC),
    ("SoftSign", 9, "softsign", (-4, 4), TRANSC),
    ("HSwish", 4, "hswish", (-4, 4), TRANSC),
    ("HSigmoid", 5, "hsigmoid", (-4, 4), TRANSC),
    ("Mish", 4, "mish", (-4, 4), TRANSC),
    ("Swish", 4, "swish", (-4, 4), TRANSC),
    ("Gelu", 2, "gelu", (-3, 3), TRANSC),
    ("Identity", 16, "identity", (-2, 2), EXACT),
]
INT_UNARY = {"Abs", "Negative", "Relu", "Sign", "Identity"}


def unary_cases():
    for op, version, name, (lo, hi), tol in UNARY:
        f = fn(version, name)
        add(op, version, "f32 [2,3,4]", lambda g, f=f, lo=lo, hi=hi: [f(g.p([2, 3, 4], lo=lo, hi=hi))], tol)
        if op != "Swish":  # the opset API's Swish gives an f32 beta
            add(op, version, "f16 [3,5]", lambda g, f=f, lo=lo, hi=hi: [f(g.p([3, 5], np.float16, lo, hi))], F16)
        add(op, version, "f32 [0,3] empty", lambda g, f=f: [f(g.p([0, 3]))], tol)
        add(op, version, "f32 [?,4] dynamic",
            lambda g, f=f, lo=lo, hi=hi: [f(g.p([3, 4], lo=lo, hi=hi, dynamic=(0,)))], tol)
        if op in INT_UNARY:
            add(op, version, "i32 [7]", lambda g, f=f: [f(g.p([7], np.int32, -5, 5))], EXACT)


unary_cases()
add("Swish", 4, "f16 beta 1.5", lambda g: [fn(4, "swish")(g.p([3, 5], np.float16, -4, 4), g.c(1.5, np.float16))], F16)
add("Gelu", 7, "erf f32", lambda g: [fn(7, "gelu")(g.p([2, 8], lo=-3, hi=3), "erf")], TRANSC)
add("Gelu", 7, "tanh f32", lambda g: [fn(7, "gelu")(g.p([2, 8], lo=-3, hi=3), "tanh")], TRANSC)
add("Elu", 1, "alpha 0.7", lambda g: [fn(1, "elu")(g.p([2, 6], lo=-3, hi=3), 0.7)], TRANSC)
add("Clamp", 1, "[-0.5, 0.25]", lambda g: [fn(1, "clamp")(g.p([3, 4]), -0.5, 0.25)], EXACT)
add("Clamp", 1, "i32 [-2, 3]", lambda g: [fn(1, "clamp")(g.p([9], np.int32, -6, 6), -2, 3)], EXACT)
add("Selu", 1, "f32",
    lambda g: [fn(1, "selu")(g.p([2, 5], lo=-3, hi=3), g.c([1.67], np.float32), g.c([1.05], np.float32))], TRANSC)
add("HardSigmoid", 1, "f32",
    lambda g: [fn(1, "hard_sigmoid")(g.p([2, 5], lo=-5, hi=5), g.c(0.2, np.float32), g.c(0.5, np.float32))], ARITH)
add("PRelu", 1, "per channel", lambda g: [fn(1, "prelu")(g.p([2, 3, 4]), g.p([3], lo=0, hi=0.5))], ARITH)
add("PRelu", 1, "scalar slope", lambda g: [fn(1, "prelu")(g.p([2, 3, 4]), g.c([0.25], np.float32))], ARITH)
for mode in ("half_to_even", "half_away_from_zero"):
    add("Round", 5, mode,
        lambda g, m=mode: [fn(5, "round")(g.p([8], data=[-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.3, -0.7]), m)], EXACT)
add("LogicalNot", 1, "bool", lambda g: [fn(1, "logical_not")(g.p([2, 5], np.bool_))], EXACT)
SPECIAL = [np.inf, -np.inf, np.nan, 0.0, -1.5, 3.0e38, 1e-40, 2.0]
add("IsFinite", 10, "specials", lambda g: [fn(10, "is_finite")(g.p([8], data=SPECIAL))], EXACT)
add("IsNaN", 10, "specials", lambda g: [fn(10, "is_nan")(g.p([8], data=SPECIAL))], EXACT)
add("IsInf", 10, "both", lambda g: [fn(10, "is_inf")(g.p([8], data=SPECIAL))], EXACT)
add("IsInf", 10, "negative only",
    lambda g: [fn(10, "is_inf")(g.p([8], data=SPECIAL), {"detect_positive": False})], EXACT)
add("Convert", 1, "f32->i32", lambda g: [fn(1, "convert")(g.p([2, 4], lo=-5, hi=5), "i32")], EXACT)
add("Convert", 1, "f32->f16", lambda g: [fn(1, "convert")(g.p([2, 4], lo=-5, hi=5), "f16")], EXACT)
add("Convert", 1, "i64->f32", lambda g: [fn(1, "convert")(g.p([6], np.int64, -9, 9), "f32")], EXACT)
add("Convert", 1, "f32->u8", lambda g: [fn(1, "convert")(g.p([6], lo=0, hi=200), "u8")], EXACT)
add("Convert", 1, "f32->bool", lambda g: [fn(1, "convert")(g.p([6], data=[0, 1, -2, 0.5, 0, 3]), "boolean")], EXACT)
add("ConvertLike", 1, "f32 like i32",
    lambda g: [fn(1, "convert_like")(g.p([5], lo=-4, hi=4), g.p([1], np.int32))], EXACT)

# (type, version, opset function, input range, element types)
BINARY = [
    ("Add", 1, "add", (-2, 2), ARITH),
    ("Subtract", 1, "subtract", (-2, 2), ARITH),
    ("Multiply", 1, "multiply", (-2, 2), ARITH),
    ("Divide", 1, "divide", (0.5, 2), ARITH),
    ("Maximum", 1, "maximum", (-2, 2), EXACT),
    ("Minimum", 1, "minimum", (-2, 2), EXACT),
    ("Power", 1, "power", (0.5, 2), TRANSC),
    ("SquaredDifference", 1, "squared_difference", (-2, 2), ARITH),
    ("FloorMod", 1, "floor_mod", (0.5, 3), TRANSC),
    ("Mod", 1, "mod", (0.5, 3), TRANSC),
    ("Equal", 1, "equal", (0, 2), EXACT),
    ("NotEqual", 1, "not_equal", (0, 2), EXACT),
    ("Less", 1, "less", (0, 2), EXACT),
    ("LessEqual", 1, "less_equal", (0, 2), EXACT),
    ("Greater", 1, "greater", (0, 2), EXACT),
    ("GreaterEqual", 1, "greater_equal", (0, 2), EXACT),
]
COMPARE = {"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"}


def binary_cases():
    for op, version, name, (lo, hi), tol in BINARY:
        f = fn(version, name)
        if op in COMPARE:  # integers in a small range so that equal values occur
            add(op, version, "i32 [2,3,4] and [3,1]",
                lambda g, f=f: [f(g.p([2, 3, 4], np.int32, 0, 2), g.p([3, 1], np.int32, 0, 2))], EXACT)
            add(op, version, "f32 [4,5]",
                lambda g, f=f: [f(g.p([4, 5], data=np.round(g.random([4, 5], np.float32, 0, 2))), g.p([4, 5],
                    data=np.round(g.random([4, 5], np.float32, 0, 2))))], EXACT)
            continue
        add(op, version, "f32 [2,3,4] and [2,3,4]",
            lambda g, f=f, lo=lo, hi=hi: [f(g.p([2, 3, 4], lo=lo, hi=hi), g.p([2, 3, 4], lo=lo, hi=hi))], tol)
        add(op, version, "f32 [2,3,4] and [3,1] numpy",
            lambda g, f=f, lo=lo, hi=hi: [f(g.p([2, 3, 4], lo=lo, hi=hi), g.p([3, 1], lo=lo, hi=hi))], tol)
        add(op, version, "f32 [] scalar and [4]",
            lambda g, f=f, lo=lo, hi=hi: [f(g.p([], lo=lo, hi=hi), g.p([4], lo=lo, hi=hi))], tol)
        add(op, version, "f16 [3,4] and [4]",
            lambda g, f=f, lo=lo, hi=hi: [f(g.p([3, 4], np.float16, lo, hi), g.p([4], np.float16, lo, hi))], F16)
        add(op, version, "f32 [0,4] and [4] empty",
            lambda g, f=f, lo=lo, hi=hi: [f(g.p([0, 4], lo=lo, hi=hi), g.p([4], lo=lo, hi=hi))], tol)
        add(op, version, "f32 [?,4] and [1,4] dynamic",
            lambda g, f=f, lo=lo, hi=hi: [f(g.p([3, 4], lo=lo, hi=hi, dynamic=(0,)), g.p([1, 4], lo=lo, hi=hi))], tol)
        ilo, ihi = (1, 6) if op in ("Divide", "FloorMod", "Mod", "Power") else (-6, 6)
        if op == "Power":
            ilo, ihi = 0, 3
        add(op, version, "i32 [2,5] and [5]",
            lambda g, f=f, ilo=ilo, ihi=ihi: [f(g.p([2, 5], np.int32, -9 if ilo else ilo, 9 if ilo else ihi),
                g.p([5], np.int32, ilo, ihi))], EXACT)


binary_cases()
add("Divide", 1, "i32 negative, python_division",
    lambda g: [fn(1, "divide")(g.p([6], np.int32, data=[-7, 7, -7, 7, 0, -1]), g.p([6], np.int32, data=[2, -2, -2,
        2, 3, 2]))], EXACT)
add("Multiply", 1, "broadcast none", lambda g: [fn(1, "multiply")(g.p([2, 3]), g.p([2, 3]), "none")], ARITH)
for op, name in (("LogicalAnd", "logical_and"), ("LogicalOr", "logical_or"), ("LogicalXor", "logical_xor")):
    add(op, 1, "bool [2,4] and [4]", lambda g, f=fn(1, name): [f(g.p([2, 4], np.bool_), g.p([4], np.bool_))], EXACT)
for op, name in (("BitwiseAnd", "bitwise_and"), ("BitwiseOr", "bitwise_or"), ("BitwiseXor", "bitwise_xor")):
    add(op, 13, "i32 [2,4] and [4]",
        lambda g, f=fn(13, name): [f(g.p([2, 4], np.int32, -50, 50), g.p([4], np.int32, -50, 50))], EXACT)
    add(op, 13, "u8", lambda g, f=fn(13, name): [f(g.p([6], np.uint8, 0, 255), g.p([6], np.uint8, 0, 255))], EXACT)
    add(op, 13, "bool", lambda g, f=fn(13, name): [f(g.p([6], np.bool_), g.p([6], np.bool_))], EXACT)
add("BitwiseNot", 13, "i32", lambda g: [fn(13, "bitwise_not")(g.p([6], np.int32, -50, 50))], EXACT)
add("BitwiseNot", 13, "u8", lambda g: [fn(13, "bitwise_not")(g.p([6], np.uint8, 0, 255))], EXACT)
add("BitwiseLeftShift", 15, "i32",
    lambda g: [fn(15, "bitwise_left_shift")(g.p([6], np.int32, -50, 50), g.p([6], np.int32, 0, 8))], EXACT)
add("BitwiseRightShift", 15, "i32",
    lambda g: [fn(15, "bitwise_right_shift")(g.p([6], np.int32, -500, 500), g.p([6], np.int32, 0, 8))], EXACT)
add("Select", 1, "numpy broadcast", lambda g: [fn(1, "select")(g.p([2, 3], np.bool_), g.p([2, 3]), g.p([3]))], EXACT)
add("Select", 1, "i32",
    lambda g: [fn(1, "select")(g.p([4], np.bool_), g.p([4], np.int32, -9, 9), g.p([4], np.int32, -9, 9))], EXACT)

# ----------------------------------------------------------------------------------------------- reductions
REDUCE = [
    ("ReduceSum", 1, "reduce_sum"),
    ("ReduceMean", 1, "reduce_mean"),
    ("ReduceMax", 1, "reduce_max"),
    ("ReduceMin", 1, "reduce_min"),
    ("ReduceProd", 1, "reduce_prod"),
    ("ReduceL1", 4, "reduce_l1"),
    ("ReduceL2", 4, "reduce_l2"),
]
for op, version, name in REDUCE:
    f = fn(version, name)
    tol = EXACT if op in ("ReduceMax", "ReduceMin") else ACCUM
    add(op, version, "axis 1 keep", lambda g, f=f: [f(g.p([2, 3, 4], lo=0.5, hi=1.5), g.c([1]), True)], tol)
    add(op, version, "axis -1", lambda g, f=f: [f(g.p([2, 3, 4], lo=0.5, hi=1.5), g.c([-1]), False)], tol)
    add(op, version, "axes 0,2", lambda g, f=f: [f(g.p([2, 3, 4], lo=0.5, hi=1.5), g.c([0, 2]), False)], tol)
    add(op, version, "all axes, [?,5] dynamic",
        lambda g, f=f: [f(g.p([3, 5], lo=0.5, hi=1.5, dynamic=(0,)), g.c([0, 1]), False)], tol)
    add(op, version, "f16", lambda g, f=f: [f(g.p([4, 6], np.float16, 0.5, 1.5), g.c([1]), True)], F16)
    if op != "ReduceL2":
        add(op, version, "i32", lambda g, f=f: [f(g.p([3, 4], np.int32, -3, 3), g.c([1]), False)], EXACT)
for op, name in (("ReduceLogicalAnd", "reduce_logical_and"), ("ReduceLogicalOr", "reduce_logical_or")):
    add(op, 1, "bool axis 1", lambda g, f=fn(1, name): [f(g.p([3, 4], np.bool_), g.c([1]), False)], EXACT)

# ----------------------------------------------------------------------------------------------- softmax
add("Softmax", 1, "axis 1", lambda g: [fn(1, "softmax")(g.p([2, 3, 4], lo=-3, hi=3), 1)], TRANSC)
add("Softmax", 8, "axis -1", lambda g: [fn(8, "softmax")(g.p([2, 3, 4], lo=-3, hi=3), -1)], TRANSC)
add("Softmax", 8, "axis 0 f16", lambda g: [fn(8, "softmax")(g.p([3, 5], np.float16, -3, 3), 0)], F16)
add("Softmax", 8, "[?,7] dynamic", lambda g: [fn(8, "softmax")(g.p([2, 7], lo=-3, hi=3, dynamic=(0,)), 1)], TRANSC)
add("LogSoftmax", 5, "axis -1", lambda g: [fn(5, "log_softmax")(g.p([2, 3, 4], lo=-3, hi=3), -1)], TRANSC)
add("LogSoftmax", 5, "axis 0", lambda g: [fn(5, "log_softmax")(g.p([3, 4], lo=-3, hi=3), 0)], TRANSC)

# ----------------------------------------------------------------------------------------------- MatMul
for ta, tb in ((False, False), (True, False), (False, True), (True, True)):
    add("MatMul", 1, f"[3,5]x[5,4] ta={int(ta)} tb={int(tb)}",
        lambda g, ta=ta, tb=tb: [fn(1, "matmul")(g.p([5, 3] if ta else [3, 5]), g.p([4, 5] if tb else [5, 4]), ta,
            tb)], ACCUM)
add("MatMul", 1, "batch broadcast [2,1,3,5]x[4,5,6]",
    lambda g: [fn(1, "matmul")(g.p([2, 1, 3, 5]), g.p([4, 5, 6]), False, False)], ACCUM)
add("MatMul", 1, "vector x matrix", lambda g: [fn(1, "matmul")(g.p([5]), g.p([5, 3]), False, False)], ACCUM)
add("MatMul", 1, "constant B, f16",
    lambda g: [fn(1, "matmul")(g.p([4, 8], np.float16), g.c(g.random([8, 3], np.float16), np.float16), False,
        False)], F16)
add("MatMul", 1, "i32",
    lambda g: [fn(1, "matmul")(g.p([3, 4], np.int32, -5, 5), g.p([4, 2], np.int32, -5, 5), False, False)], EXACT)
add("MatMul", 1, "[?,5] dynamic",
    lambda g: [fn(1, "matmul")(g.p([3, 5], dynamic=(0,)), g.p([5, 2]), False, False)], ACCUM)
add("MatMul", 1, "K=0 empty", lambda g: [fn(1, "matmul")(g.p([3, 0]), g.p([0, 2]), False, False)], ACCUM)

# ----------------------------------------------------------------------------------------------- data movement
add("Transpose", 1, "[2,3,4] 2,0,1", lambda g: [fn(1, "transpose")(g.p([2, 3, 4]), g.c([2, 0, 1]))], EXACT)
add("Transpose", 1, "i64 [2,3] 1,0", lambda g: [fn(1, "transpose")(g.p([2, 3], np.int64, -9, 9), g.c([1, 0]))], EXACT)
add("Transpose", 1, "f16 [2,3,4,5] 0,2,3,1",
    lambda g: [fn(1, "transpose")(g.p([2, 3, 4, 5], np.float16), g.c([0, 2, 3, 1]))], EXACT)
add("Reshape", 1, "[2,3,4] -> [0,-1] special_zero",
    lambda g: [fn(1, "reshape")(g.p([2, 3, 4]), g.c([0, -1]), True)], EXACT)
add("Reshape", 1, "[6] -> [3,2]", lambda g: [fn(1, "reshape")(g.p([6], np.int32, -9, 9), g.c([3, 2]), False)], EXACT)
add("Squeeze", 1, "axis -2", lambda g: [fn(1, "squeeze")(g.p([2, 1, 3]), g.c([-2]))], EXACT)
add("Squeeze", 1, "axes 0,2 i32", lambda g: [fn(1, "squeeze")(g.p([1, 3, 1], np.int32, -9, 9), g.c([0, 2]))], EXACT)
add("Squeeze", 15, "allow_axis_skip", lambda g: [fn(15, "squeeze")(g.p([2, 1, 3]), g.c([1]), True)], EXACT)
add("Unsqueeze", 1, "axes 0,-1", lambda g: [fn(1, "unsqueeze")(g.p([2, 3]), g.c([0, -1]))], EXACT)
add("Concat", 1, "axis -1, three inputs",
    lambda g: [fn(1, "concat")([g.p([2, 3]), g.p([2, 1]), g.p([2, 4])], -1)], EXACT)
add("Concat", 1, "axis 0 with an empty input",
    lambda g: [fn(1, "concat")([g.p([2, 3]), g.p([0, 3]), g.p([1, 3])], 0)], EXACT)
add("Concat", 1, "i32 axis 1",
    lambda g: [fn(1, "concat")([g.p([2, 2], np.int32, -9, 9), g.p([2, 3], np.int32, -9, 9)], 1)], EXACT)
add("Split", 1, "3 parts axis -1", lambda g: list(fn(1, "split")(g.p([2, 6]), g.c(-1), 3).outputs()), EXACT)
add("VariadicSplit", 1, "lengths 1,-1,2",
    lambda g: list(fn(1, "variadic_split")(g.p([6, 2]), g.c(0), g.c([1, -1, 2])).outputs()), EXACT)
add("Tile", 1, "repeats 2,1,3", lambda g: [fn(1, "tile")(g.p([2, 3]), g.c([2, 1, 3]))], EXACT)
add("Broadcast", 1, "numpy [3,1] -> [2,3,4]", lambda g: [fn(1, "broadcast")(g.p([3, 1]), g.c([2, 3, 4]))], EXACT)
add("Broadcast", 3, "bidirectional [3,1] with [2,1,4]",
    lambda g: [fn(3, "broadcast")(g.p([3, 1]), g.c([2, 1, 4]), broadcast_spec="BIDIRECTIONAL")], EXACT)
add("Broadcast", 3, "explicit axes", lambda g: [fn(3, "broadcast")(g.p([3]), g.c([2, 3]), g.c([1]), "EXPLICIT")], EXACT)
for version in (1, 12):
    for mode in ("constant", "edge", "reflect", "symmetric"):
        add("Pad", version, mode,
            lambda g, v=version, m=mode: [fn(v, "pad")(g.p([3, 4]), g.c([1, 2]), g.c([2, 1]), m, g.c(0.5,
                np.float32) if m == "constant" else None)], EXACT)
add("Pad", 12, "negative pads", lambda g: [fn(12, "pad")(g.p([4, 5]), g.c([-1, 1]), g.c([1, -2]), "constant")], EXACT)
add("StridedSlice", 1, "begin/end masks, stride -1",
    lambda g: [fn(1, "strided_slice")(g.p([4, 5]), g.c([1, -1]), g.c([3, 0]), g.c([1, -1]), [0, 0], [0, 1])], EXACT)
add("StridedSlice", 1, "new/shrink axis",
    lambda g: [fn(1, "strided_slice")(g.p([4, 5]), g.c([1, 0, 0]), g.c([2, 0, 5]), g.c([1, 1, 2]), [0, 0, 0], [0, 0,
        0], [0, 1, 0], [1, 0, 0])], EXACT)
add("Slice", 8, "negative step and axes",
    lambda g: [fn(8, "slice")(g.p([4, 6]), g.c([-1, 1]), g.c([0, 6]), g.c([-1, 2]), g.c([0, -1]))], EXACT)
add("Slice", 8, "empty result", lambda g: [fn(8, "slice")(g.p([4, 6]), g.c([2]), g.c([2]), g.c([1]))], EXACT)
add("Roll", 7, "shift over two axes", lambda g: [fn(7, "roll")(g.p([3, 4]), g.c([1, -2]), g.c([0, -1]))], EXACT)
add("DepthToSpace", 1, "blocks_first", lambda g: [fn(1, "depth_to_space")(g.p([1, 8, 2, 3]), "blocks_first", 2)], EXACT)
add("DepthToSpace", 1, "depth_first", lambda g: [fn(1, "depth_to_space")(g.p([1, 8, 2, 3]), "depth_first", 2)], EXACT)
add("SpaceToDepth", 1, "blocks_first", lambda g: [fn(1, "space_to_depth")(g.p([1, 2, 4, 6]), "blocks_first", 2)], EXACT)
add("ShuffleChannels", 1, "group 3", lambda g: [fn(1, "shuffle_channels")(g.p([1, 6, 2, 2]), 1, 3)], EXACT)
add("ShapeOf", 1, "[2,3,4]", lambda g: [fn(1, "shape_of")(g.p([2, 3, 4]))], EXACT)
add("ShapeOf", 3, "i32 of [?,3]", lambda g: [fn(3, "shape_of")(g.p([5, 3], dynamic=(0,)), "i32")], EXACT)
add("Range", 4, "f32 constant",
    lambda g: [fn(1, "add")(g.p([5]), fn(4, "range")(g.c(1.0, np.float32), g.c(3.5, np.float32), g.c(0.5,
        np.float32), "f32"))], EXACT)
add("Range", 4, "i32 negative step",
    lambda g: [fn(1, "add")(g.p([4], np.int32, -5, 5),
        fn(4, "range")(g.c(10, np.int32), g.c(2, np.int32), g.c(-2, np.int32), "i32"))], EXACT)
add("ReverseSequence", 1, "batch 0, seq 1",
    lambda g: [fn(1, "reverse_sequence")(g.p([3, 4, 2]), g.c([4, 1, 2], np.int32), 0, 1)], EXACT)
add("BatchToSpace", 2, "2x2 crops",
    lambda g: [fn(2, "batch_to_space")(g.p([4, 1, 2, 2]), g.c([1, 1, 2, 2]), g.c([0, 0, 0, 1]), g.c([0, 0, 1,
        0]))], EXACT)
add("SpaceToBatch", 2, "2x2 pads",
    lambda g: [fn(2, "space_to_batch")(g.p([1, 1, 3, 2]), g.c([1, 1, 2, 2]), g.c([0, 0, 1, 0]), g.c([0, 0, 0,
        2]))], EXACT)

# ----------------------------------------------------------------------------------------------- gather / scatter
add("Gather", 1, "axis 1", lambda g: [fn(1, "gather")(g.p([3, 4]), g.c([[0, 3], [2, 1]]), g.c(1))], EXACT)
add("Gather", 7, "batch_dims 1", lambda g: [fn(7, "gather")(g.p([2, 4, 3]), g.c([[0, 3], [1, 1]]), g.c(1), 1)], EXACT)
add("Gather", 8, "negative indices", lambda g: [fn(8, "gather")(g.p([5, 2]), g.c([-1, 0, -5]), g.c(0))], EXACT)
add("Gather", 8, "indices as input, i32 data",
    lambda g: [fn(8, "gather")(g.p([5, 3], np.int32, -9, 9), g.p([4], np.int64, -5, 4), g.c(0))], EXACT)
add("GatherElements", 6, "axis -1",
    lambda g: [fn(6, "gather_elements")(g.p([3, 4]), g.c([[0, 3], [1, 1], [2, 0]]), -1)], EXACT)
add("GatherND", 5, "batch_dims 0", lambda g: [fn(5, "gather_nd")(g.p([3, 4, 2]), g.c([[0, 1], [2, 3]]), 0)], EXACT)
add("GatherND", 8, "batch_dims 1", lambda g: [fn(8, "gather_nd")(g.p([2, 3, 4]), g.c([[[1]], [[2]]]), 1)], EXACT)
add("ScatterUpdate", 3, "axis 0",
    lambda g: [fn(3, "scatter_update")(g.p([4, 3]), g.c([2, 0]), g.p([2, 3]), g.c(0))], EXACT)
add("ScatterElementsUpdate", 3, "axis 1",
    lambda g: [fn(3, "scatter_elements_update")(g.p([3, 4]), g.c([[0, 3], [1, 1], [2, 0]]), g.p([3, 2]),
        g.c(1))], EXACT)
for red in ("none", "sum", "prod", "min", "max", "mean"):
    for use_init in (True, False):
        add("ScatterElementsUpdate", 12, f"reduction {red}{'' if use_init else ', no init'}",
            lambda g, r=red, u=use_init: [fn(12, "scatter_elements_update")(g.p([3, 4]), g.c([[0, 3, 0], [1, 1, 1],
                [2, 0, 2]]), g.p([3, 3]), g.c(-1), r, u)], ARITH)
add("ScatterNDUpdate", 4, "rows",
    lambda g: [fn(3, "scatter_nd_update")(g.p([4, 3]), g.c([[2], [0]]), g.p([2, 3]))], EXACT)
for red in ("none", "sum", "sub", "prod", "min", "max"):
    add("ScatterNDUpdate", 15, f"reduction {red}",
        lambda g, r=red: [fn(15, "scatter_nd_update")(g.p([4, 3]), g.c([[2], [0], [2]]), g.p([3, 3]), r)], ARITH)
add("OneHot", 1, "axis -1",
    lambda g: [fn(1, "one_hot")(g.p([4], np.int64, -1, 4), g.c(4), g.c(1.0, np.float32), g.c(0.0, np.float32),
        -1)], EXACT)
add("OneHot", 1, "axis 0, i32",
    lambda g: [fn(1, "one_hot")(g.p([2, 2], np.int32, 0, 2), g.c(3, np.int32), g.c(5, np.int32), g.c(-1, np.int32),
        0)], EXACT)
add("CumSum", 3, "axis 1", lambda g: [fn(3, "cum_sum")(g.p([3, 4]), g.c(1))], ACCUM)
add("CumSum", 3, "exclusive reverse", lambda g: [fn(3, "cum_sum")(g.p([3, 4]), g.c(-1), True, True)], ACCUM)
def distinct(rows, cols, seed):
    """A [rows, cols] f32 parameter of distinct values: a sort without ties."""
    return np.random.default_rng(seed).permutation(rows * cols).reshape(rows, cols).astype(np.float32)


for version, extra in ((1, ()), (3, ("i32",)), (11, ("i32", False))):
    topk = fn(version, "topk")
    add("TopK", version, "max axis -1 k=2",
        lambda g, f=topk, e=extra: list(f(g.p([3, 5], data=distinct(3, 5, 3)), g.c(2), -1, "max", "value",
                                          *e).outputs()), EXACT)
    add("TopK", version, "min axis 0 sort index",
        lambda g, f=topk, e=extra: list(f(g.p([4, 3], data=distinct(4, 3, 4)), g.c(3), 0, "min", "index",
                                          *e).outputs()), EXACT)
add("TopK", 11, "stable ties",
    lambda g: list(fn(11, "topk")(g.p([6], data=[1, 3, 3, 2, 3, 1]), g.c(3), 0, "max", "value", "i32",
        True).outputs()), EXACT)
add("NonZero", 3, "f32 [3,4]",
    lambda g: [fn(3, "non_zero")(g.p([3, 4], data=np.round(g.random([3, 4], np.float32, -1, 1))))], EXACT)
add("Bucketize", 3, "right bound",
    lambda g: [fn(3, "bucketize")(g.p([6], lo=-2, hi=2), g.c([-1.0, 0.0, 1.0], np.float32))], EXACT)
add("SearchSorted", 15, "left",
    lambda g: [fn(15, "search_sorted")(g.c([[1.0, 2.0, 3.0, 4.0]], np.float32), g.p([1, 5], lo=0, hi=5))], EXACT)

# ----------------------------------------------------------------------------------------------- convolution / pooling
add("Convolution", 1, "2-D 3x3 pad 1",
    lambda g: [fn(1, "convolution")(g.p([1, 3, 6, 6]), g.c(g.random([4, 3, 3, 3], np.float32), np.float32), [1, 1],
        [1, 1], [1, 1], [1, 1])], ACCUM)
add("Convolution", 1, "2-D stride 2 dilation 2",
    lambda g: [fn(1, "convolution")(g.p([2, 2, 9, 9]), g.p([3, 2, 3, 3]), [2, 2], [0, 0], [0, 0], [2, 2])], ACCUM)
add("Convolution", 1, "1-D same_upper",
    lambda g: [fn(1, "convolution")(g.p([1, 2, 7]), g.p([3, 2, 4]), [1], [0], [0], [1], "same_upper")], ACCUM)
add("Convolution", 1, "3-D",
    lambda g: [fn(1, "convolution")(g.p([1, 2, 4, 4, 4]), g.p([2, 2, 2, 2, 2]), [1, 1, 1], [0, 0, 0], [1, 1, 1],
        [1, 1, 1])], ACCUM)
add("Convolution", 1, "f16",
    lambda g: [fn(1, "convolution")(g.p([1, 3, 5, 5], np.float16), g.c(g.random([2, 3, 3, 3], np.float16),
        np.float16), [1, 1], [0, 0], [0, 0], [1, 1])], F16)
add("GroupConvolution", 1, "depthwise 3x3",
    lambda g: [fn(1, "group_convolution")(g.p([1, 4, 6, 6]), g.p([4, 1, 1, 3, 3]), [1, 1], [1, 1], [1, 1],
        [1, 1])], ACCUM)
add("GroupConvolution", 1, "2 groups",
    lambda g: [fn(1, "group_convolution")(g.p([1, 4, 5, 5]), g.p([2, 3, 2, 2, 2]), [1, 1], [0, 0], [0, 0],
        [1, 1])], ACCUM)
add("ConvolutionBackpropData", 1, "stride 2 pads 1",
    lambda g: [fn(1, "convolution_backprop_data")(g.p([1, 3, 4, 4]), g.p([3, 2, 3, 3]), [2, 2], pads_begin=[1, 1],
        pads_end=[1, 1], dilations=[1, 1])], ACCUM)
add("ConvolutionBackpropData", 1, "output_padding 1",
    lambda g: [fn(1, "convolution_backprop_data")(g.p([1, 2, 3, 3]), g.p([2, 2, 3, 3]), [2, 2], pads_begin=[0, 0],
        pads_end=[0, 0], dilations=[1, 1], output_padding=[1, 1])], ACCUM)
add("ConvolutionBackpropData", 1, "output_shape 8x8",
    lambda g: [fn(1, "convolution_backprop_data")(g.p([1, 3, 4, 4]), g.p([3, 2, 3, 3]), [2, 2], g.c([8, 8]))], ACCUM)
add("ConvolutionBackpropData", 1, "output_shape 1x1 (pads from it)",
    lambda g: [fn(1, "convolution_backprop_data")(g.p([1, 3, 4, 4]), g.p([3, 2, 3, 3]), [2, 2], g.c([1, 1]))], ACCUM)
add("GroupConvolutionBackpropData", 1, "2 groups stride 2",
    lambda g: [fn(1, "group_convolution_backprop_data")(g.p([1, 4, 3, 3]), g.p([2, 2, 1, 3, 3]), [2, 2],
        pads_begin=[1, 1], pads_end=[1, 1], dilations=[1, 1])], ACCUM)
add("MaxPool", 1, "2x2 stride 2",
    lambda g: [fn(1, "max_pool")(g.p([1, 2, 5, 5]), [2, 2], [0, 0], [0, 0], [2, 2])], EXACT)
add("MaxPool", 1, "3x3 pad 1 ceil",
    lambda g: [fn(1, "max_pool")(g.p([1, 2, 6, 6]), [2, 2], [1, 1], [1, 1], [3, 3], "ceil")], EXACT)
add("MaxPool", 8, "dilation 2 with indices",
    lambda g: list(fn(8, "max_pool")(g.p([1, 2, 7, 7]), [1, 1], [2, 2], [0, 0], [0, 0], [2, 2]).outputs()), EXACT)
add("MaxPool", 14, "ceil_torch",
    lambda g: list(fn(14, "max_pool")(g.p([1, 1, 6, 6]), [2, 2], [1, 1], [0, 0], [0, 0], [3, 3],
        "ceil_torch").outputs()), EXACT)
add("AvgPool", 1, "3x3 pad 1 exclude_pad",
    lambda g: [fn(1, "avg_pool")(g.p([1, 2, 6, 6]), [2, 2], [1, 1], [1, 1], [3, 3], True)], ACCUM)
add("AvgPool", 1, "3x3 pad 1 include pad",
    lambda g: [fn(1, "avg_pool")(g.p([1, 2, 6, 6]), [1, 1], [1, 1], [1, 1], [3, 3], False)], ACCUM)
add("AvgPool", 14, "ceil_torch",
    lambda g: [fn(14, "avg_pool")(g.p([1, 1, 6, 6]), [2, 2], [0, 0], [0, 0], [3, 3], True, "ceil_torch")], ACCUM)
add("AdaptiveAvgPool", 8, "5x7 -> 2x3", lambda g: [fn(8, "adaptive_avg_pool")(g.p([1, 2, 5, 7]), g.c([2, 3]))], ACCUM)
# OpenVINO CPU refuses i64 indices ("does not support i64 for use with oneDNN"): i32 here
add("AdaptiveMaxPool", 8, "5x7 -> 2x3, i32 indices",
    lambda g: list(fn(8, "adaptive_max_pool")(g.p([1, 2, 5, 7]), g.c([2, 3]), "i32").outputs()), EXACT)

# ----------------------------------------------------------------------------------------------- normalisation
for version in (1, 5):
    add("BatchNormInference", version, "4 channels",
        lambda g, v=version: [fn(v, "batch_norm_inference")(g.p([2, 4, 3]), g.p([4]), g.p([4]), g.p([4]), g.p([4],
            lo=0.5, hi=2), 1e-3)], ACCUM)
add("MVN", 6, "axes 2,3 inside_sqrt",
    lambda g: [fn(6, "mvn")(g.p([2, 3, 4, 5]), g.c([2, 3]), True, 1e-5, "inside_sqrt")], ACCUM)
add("MVN", 6, "axis -1 no variance",
    lambda g: [fn(6, "mvn")(g.p([3, 8]), g.c([-1]), False, 1e-5, "outside_sqrt")], ACCUM)
add("MVN", 2, "across channels", lambda g: [fn(2, "mvn")(g.p([2, 3, 4]), True, True, 1e-5)], ACCUM)
add("NormalizeL2", 1, "axis 1 add", lambda g: [fn(1, "normalize_l2")(g.p([2, 3, 4]), g.c([1]), 1e-6, "add")], ACCUM)
add("NormalizeL2", 1, "axes 1,2 max",
    lambda g: [fn(1, "normalize_l2")(g.p([2, 3, 4]), g.c([1, 2]), 1e-6, "max")], ACCUM)
add("LRN", 1, "across channels", lambda g: [fn(1, "lrn")(g.p([1, 5, 3, 3]), g.c([1]), 1e-4 * 5, 0.75, 1.0, 3)], ACCUM)
add("GRN", 1, "bias 1e-3", lambda g: [fn(1, "grn")(g.p([1, 4, 2, 3]), 1e-3)], ACCUM)
add("GroupNormalization", 12, "2 groups",
    lambda g: [fn(12, "group_normalization")(g.p([2, 4, 3]), g.p([4]), g.p([4]), 2, 1e-5)], ACCUM)

# ----------------------------------------------------------------------------------------------- interpolate
def interp4(g, mode, coord, nearest="round_prefer_floor", antialias=False, sizes=(7, 9)):
    """Interpolate-4 of a [1,2,4,5] input to `sizes` (H, W), shape_calculation_mode sizes."""
    scales = g.c([sizes[0] / 4, sizes[1] / 5], np.float32)
    return [fn(4, "interpolate")(g.p([1, 2, 4, 5]), g.c(list(sizes)), scales, mode, "sizes", axes=g.c([2, 3]),
                                 coordinate_transformation_mode=coord, nearest_mode=nearest, antialias=antialias)]


INTERPOLATE_MODES = (("nearest", ("half_pixel", "asymmetric", "tf_half_pixel_for_nn")),
                     ("linear", ("half_pixel", "align_corners")),
                     ("linear_onnx", ("half_pixel", "asymmetric")),
                     ("cubic", ("half_pixel", "pytorch_half_pixel")))
for mode, coords in INTERPOLATE_MODES:
    for coord in coords:
        add("Interpolate", 4, f"{mode} {coord} 4x5->7x9", lambda g, m=mode, c=coord: interp4(g, m, c), ACCUM)
add("Interpolate", 4, "nearest ceil downscale",
    lambda g: interp4(g, "nearest", "asymmetric", "ceil", sizes=(3, 2)), ACCUM)
add("Interpolate", 4, "linear antialias downscale",
    lambda g: interp4(g, "linear", "half_pixel", antialias=True, sizes=(3, 3)), ACCUM)
add("Interpolate", 11, "linear_onnx scales",
    lambda g: [fn(11, "interpolate")(g.p([1, 2, 4, 5]), g.c([1.5, 2.0], np.float32), "linear_onnx", "scales",
        axes=g.c([2, 3]))], ACCUM)
add("Interpolate", 11, "bilinear_pillow sizes",
    lambda g: [fn(11, "interpolate")(g.p([1, 2, 4, 5]), g.c([3, 7]), "bilinear_pillow", "sizes",
        axes=g.c([2, 3]))], ACCUM)
add("Interpolate", 1, "linear align_corners",
    lambda g: [fn(1, "interpolate")(g.p([1, 2, 4, 5]), g.c([7, 9]), {"axes": [2, 3], "mode": "linear",
        "align_corners": True})], ACCUM)


# ----------------------------------------------------------------------------------------------- others
add("Range", 1, "f32 constant",
    lambda g: [fn(1, "add")(g.p([5]), fn(1, "range")(g.c(1.0, np.float32), g.c(3.5, np.float32), g.c(0.5,
        np.float32)))], EXACT)
add("OneHot", 16, "negative indices normalize",
    lambda g: [fn(16, "one_hot")(g.p([5], np.int64, -4, 3), g.c(4), g.c(1.0, np.float32), g.c(0.0, np.float32), -1,
        "normalize")], EXACT)
add("AvgPool", 16, "3x3 pad 1 exclude_pad",
    lambda g: [fn(16, "avg_pool")(g.p([1, 2, 6, 6]), [2, 2], [1, 1], [1, 1], [3, 3], True)], ACCUM)
add("FakeQuantize", 1, "per tensor 256 levels",
    lambda g: [fn(1, "fake_quantize")(g.p([2, 3, 4], lo=-1.2, hi=1.2), g.c(-1.0, np.float32), g.c(1.0, np.float32),
        g.c(-0.5, np.float32), g.c(0.5, np.float32), 256)], ACCUM)
add("FakeQuantize", 1, "per channel 5 levels",
    lambda g: [fn(1, "fake_quantize")(g.p([1, 3, 4], lo=-1.2, hi=1.2), g.c([[-1.0], [-0.5], [0.0]], np.float32),
        g.c([[1.0], [0.5], [0.8]], np.float32), g.c(0.0, np.float32), g.c(1.0, np.float32), 5)], ACCUM)
add("Einsum", 7, "ij,jk->ik", lambda g: [fn(7, "einsum")([g.p([3, 4]), g.p([4, 2])], "ij,jk->ik")], ACCUM)
add("Einsum", 7, "bii->bi diagonal", lambda g: [fn(7, "einsum")([g.p([2, 3, 3])], "bii->bi")], EXACT)
add("Eye", 9, "3x4 diagonal 1",
    lambda g: [fn(1, "add")(g.p([3, 4]), fn(9, "eye")(g.c(3), g.c(4), g.c(1), "f32"))], EXACT)
add("Inverse", 14, "batched 3x3",
    lambda g: [fn(14, "inverse")(g.p([2, 3, 3], data=np.eye(3, dtype=np.float32) * 2 + g.random([2, 3, 3],
        np.float32, -0.3, 0.3)))], ACCUM)
add("ScaledDotProductAttention", 13, "causal",
    lambda g: [fn(13, "scaled_dot_product_attention")(g.p([1, 2, 4, 8]), g.p([1, 2, 5, 8]), g.p([1, 2, 5, 8]),
        causal=True)], ACCUM)
add("ScaledDotProductAttention", 13, "mask and scale",
    lambda g: [fn(13, "scaled_dot_product_attention")(g.p([2, 3, 8]), g.p([2, 5, 8]), g.p([2, 5, 8]), g.p([3, 5]),
        g.c(0.5, np.float32))], ACCUM)
add("ConvertPromoteTypes", 14, "i32 with f16",
    lambda g: list(fn(14, "convert_promote_types")(g.p([3], np.int32, -5, 5), g.p([3], np.float16),
        True).outputs()), EXACT)

# ----------------------------------------------------------------------------------------------- the universe
def openvino_op_versions():
    """(type, version) of every op of opset1..opset16, version = the first opset with that version of the op,
    from the wheel's opset tables (include/openvino/opsets/opsetN_tbl.hpp)."""
    include = os.path.join(os.path.dirname(ov.__file__), "include", "openvino", "opsets")
    first = {}  # (type, namespace) -> first opset
    for n in range(1, 17):
        with open(os.path.join(include, f"opset{n}_tbl.hpp"), encoding="utf-8") as f:
            for op, ns in re.findall(r"^_OPENVINO_OP_REG\((\w+),\s*([\w:]+)\)", f.read(), re.M):
                first.setdefault((op, ns), n)
    return sorted({(op, v) for (op, _), v in first.items()})


UNIVERSE = openvino_op_versions()


def snake(name):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


def generic_cases():
    """For each op version without a case: its opset function on one f32 [2,3,4] input, when that builds
    this op version whose outputs OpenVINO CPU can compute (a unary op the table above does not name)."""
    covered = {c.key for c in CASES}
    for op, version in UNIVERSE:
        if (op, version) in covered or op in STRING_OPS or op in ("Parameter", "Result", "Constant"):
            continue
        for name in (snake(op), op.lower()):
            try:
                f = fn(version, name)
                g = Graph(0)
                node = f(g.p([2, 3, 4], lo=0.1, hi=0.9))
                n = int(node.get_type_info().version_id[len("opset"):])
                if node.get_type_name() != op or [v for o, v in UNIVERSE if o == op and v <= n][-1] != version:
                    continue
            except Exception:  # noqa: BLE001 - not a one-input op: no generic case
                continue
            add(op, version, "generic: f32 [2,3,4] in (0.1, 0.9)",
                lambda g, f=f: [f(g.p([2, 3, 4], lo=0.1, hi=0.9))], TRANSC)
            break


generic_cases()

# Cases that fail for a reason outside this tool, each with it: --check does not fail on them, the report
# lists them as known, and one that passes again is reported so that its entry goes.
KNOWN = {
    ("IsFinite", 10, "specials", "*"): "OpenVINO CPU says the denormal 1e-40 is not finite; ovcl (the spec) says it is",
    ("Divide", 1, "i32 [2,5] and [5]",
        "*"): "OpenVINO CPU truncates i32 quotients though m_pythondiv is true; ovcl floors (the spec)",
    ("Divide", 1, "i32 negative, python_division", "*"): "as Divide-1 i32: OpenVINO CPU truncates, ovcl floors",
    ("ConvolutionBackpropData", 1, "output_shape 1x1 (pads from it)", "*"):
        "OpenVINO CPU takes the output window at pads_begin (0); ovcl centres it in the full result",
    ("Interpolate", 4, "linear antialias downscale", "*"):
        "OpenVINO CPU ignores antialias in mode linear (the same output as without); ovcl applies it (the spec)",
}


def known_reason(case, device):
    """The reason the case is known to fail on `device`, or None. KNOWN keys: (op, version, variant, device or "*")."""
    return KNOWN.get((case.op, case.version, case.variant, device)) or KNOWN.get((case.op, case.version,
        case.variant, "*"))


def ovcl_ops(ovcl, device):
    """{(type, version): runner} from `ovcl ops -d DEVICE`."""
    out = subprocess.run([ovcl, "ops", "-d", device], capture_output=True, text=True, check=True).stdout
    ops = {}
    for line in out.splitlines():
        m = re.fullmatch(r"(\w+)-v(\d+)\s+(\w+)", line)
        if m:
            ops[(m.group(1), int(m.group(2)))] = m.group(3)
    return ops


# ----------------------------------------------------------------------------------------------- running
def prepare(c, idx, workdir):
    """Builds the case's graph and OpenVINO CPU's outputs; returns a job dict (or one with 'error')."""
    job = {"case": c, "dir": os.path.join(workdir, f"case{idx:04d}"), "error": None}
    os.makedirs(job["dir"], exist_ok=True)
    g = Graph(seed=zlib.crc32(f"{c.op}-{c.version} {c.variant}".encode()))  # a case's data: the same in any subset
    try:
        outs = [o if isinstance(o, ov.Output) else o.output(0) for o in c.build(g)]
        node = outs[0].get_node()
        # the node under test: the first op of the case's type among the outputs' producers and their inputs
        producers = [o.get_node() for o in outs]
        nearby = producers + [i.get_source_output().get_node() for n in producers for i in n.inputs()]
        found = [n for n in nearby if n.get_type_name() == c.op]
        if not found:
            raise RuntimeError(f"the graph has no {c.op} node (built {node.get_type_name()})")
        built_opset = found[0].get_type_info().version_id
        # the IR names the opset; a reader takes the newest version of the op not newer than it
        versions = [v for op, v in UNIVERSE if op == c.op and v <= int(built_opset[len("opset"):])]
        if not versions or versions[-1] != c.version:
            raise RuntimeError(f"the opset API built {c.op} of {built_opset}, not {c.op}-{c.version}")
        for i, o in enumerate(outs):
            o.get_tensor().set_names({f"out{i}"})
        model = ov.Model([OPSET_MODULES[1].result(o) for o in outs], g.params, "case")
        xml = os.path.join(job["dir"], "model.xml")
        ov.save_model(model, xml, compress_to_fp16=False)
        core = ov.Core()
        compiled = core.compile_model(core.read_model(xml), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
        result = compiled.infer_new_request({k: v for k, v in g.inputs.items()})
        job["expected"] = [np.array(result[compiled.output(i)]) for i in range(len(outs))]
        job["inputs"] = []
        for name, data in g.inputs.items():
            path = os.path.join(job["dir"], f"{name}.npy")
            np.save(path, data)
            job["inputs"].append(f"{name}={path}")
        job["xml"] = xml
        job["built"] = built_opset
    except Exception as e:  # noqa: BLE001 - an oracle failure is reported, never raised
        lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
        job["error"] = f"OpenVINO: {lines[-1] if lines else type(e).__name__}"
    return job


def _oracle_child(conn, cases, workdir):
    for i in iter(conn.recv, None):
        job = prepare(cases[i], i, workdir)
        job.pop("case")
        conn.send(job)


def oracle(cases, workdir):
    """prepare() of every case in a child process, one case at a time: OpenVINO CPU crashes on some graphs
    (AvgPool-16 in 2026.4), which then becomes that case's error and a new child goes on."""
    ctx = multiprocessing.get_context("fork")
    jobs, proc, conn = [], None, None
    for i, c in enumerate(cases):
        if proc is None:
            conn, child = ctx.Pipe()
            proc = ctx.Process(target=_oracle_child, args=(child, cases, workdir), daemon=True)
            proc.start()
            child.close()
        conn.send(i)
        try:
            job = conn.recv()
        except EOFError:
            proc.join()
            job = {"dir": "",
                "error": f"OpenVINO: the CPU plugin crashed building or running it (exit {proc.exitcode})"}
            proc = None
        job["case"] = c
        jobs.append(job)
    if proc is not None:
        conn.send(None)
        proc.join()
    return jobs


def compare(expected, got, tol):
    """(ok, max abs error, message)."""
    if got.dtype != expected.dtype:
        return False, None, f"element type {got.dtype}, OpenVINO {expected.dtype}"
    if got.shape != expected.shape:
        return False, None, f"shape {list(got.shape)}, OpenVINO {list(expected.shape)}"
    if got.size == 0:
        return True, 0.0, ""
    if expected.dtype.kind in "biu":
        bad = np.count_nonzero(got != expected)
        err = float(np.max(np.abs(got.astype(np.float64) - expected.astype(np.float64))))
        return bad == 0, err, f"{bad} of {got.size} values differ" if bad else ""
    e, o = expected.astype(np.float64), got.astype(np.float64)
    same_special = (np.isnan(e) & np.isnan(o)) | (np.isinf(e) & (e == o))
    diff = np.where(same_special, 0.0, np.abs(o - e))
    diff = np.where(np.isnan(diff), np.inf, diff)
    atol, rtol = tol
    bad = diff > atol + rtol * np.abs(np.where(np.isfinite(e), e, 0.0))
    err = float(np.max(diff))
    if np.any(bad):
        i = np.unravel_index(np.argmax(np.where(bad, diff, -1)), diff.shape)
        at = [int(v) for v in i]
        return False, err, f"{np.count_nonzero(bad)} of {got.size} values off, at {at}: {o[i]:.7g} vs {e[i]:.7g}"
    return True, err, ""


def run_ovcl(ovcl, job, device, cache_dir):
    out_dir = os.path.join(job["dir"], device)
    cmd = [ovcl, "run", "-m", job["xml"], "-d", device, "-o", out_dir]
    for spec in job["inputs"]:
        cmd += ["-i", spec]
    if device.startswith("GPU"):
        cmd += ["--cache_dir", cache_dir]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return {"ok": False, "err": None, "msg": "timed out after 300 s"}
    if p.returncode != 0:
        lines = [ln for ln in (p.stderr + p.stdout).splitlines() if ln.strip()]
        msg = next((ln for ln in lines if "error" in ln), lines[-1] if lines else f"exit {p.returncode}")
        return {"ok": False, "err": None, "msg": msg.replace("ovcl: error: ", "")}
    c = job["case"]
    tol = c.tol
    worst, ok, msgs = 0.0, True, []
    for i, want in enumerate(job["expected"]):
        path = os.path.join(out_dir, f"out{i}.npy")
        if not os.path.exists(path):
            return {"ok": False, "err": None, "msg": f"no output out{i}"}
        good, err, msg = compare(want, np.load(path), F16 if want.dtype == np.float16 and tol != EXACT else tol)
        ok &= good
        worst = max(worst, err) if err is not None else worst
        if msg:
            msgs.append(f"out{i}: {msg}")
    return {"ok": ok, "err": worst, "msg": "; ".join(msgs)}


def run_case(ovcl, job, devices, cache_dir):
    if job["error"]:
        return {d: None for d in devices}
    return {d: run_ovcl(ovcl, job, d, cache_dir) for d in devices}


# ----------------------------------------------------------------------------------------------- the report
def fmt_err(e):
    return "-" if e is None else ("0" if e == 0 else f"{e:.1e}")


def fmt_tol(tols):
    names = {EXACT: "exact", ARITH: "1e-6 + 1e-6 rel", TRANSC: "1e-5 + 1e-5 rel", ACCUM: "1e-5 + 1e-4 rel",
        F16: "f16: 1e-3 + 2e-3 rel"}
    return ", ".join(names.get(t, f"{t[0]:g} + {t[1]:g} rel") for t in sorted(tols, key=lambda t: (t != EXACT, t)))


def report(universe, ref_ops, gpu_ops, results, devices, command):
    by_op = {}
    for job, res in results:
        by_op.setdefault(job["case"].key, []).append((job, res))
    lines = ["# Op conformance against OpenVINO", "",
             f"Generated by `{command}` (do not edit): every op version of OpenVINO's opset1..opset16",
             "(the opset tables of the wheel),",
             "each case a small graph built with OpenVINO's Python opset API, saved as IR and run on OpenVINO CPU",
             "(INFERENCE_PRECISION_HINT f32, the oracle) and on ovcl " + " and ".join(devices) + " (`ovcl run`).",
             "A case passes when every output has OpenVINO's element type and shape and every value is within the",
             "op's tolerance, |ovcl - OpenVINO| <= atol + rtol * |OpenVINO| (`exact`: bit-equal, as for integers).",
             "`GPU runs` is `ovcl ops -d GPU`: the host class of its OpenCL kernels, `host` (host_ref inside the GPU",
             "plan), `view` or `io`. What each op's cases cover: the last section.", ""]
    counts = {"cases": 0, "oracle": 0}
    for d in devices:
        counts[d] = [0, 0, 0]  # passed, run, known failures
    missing, nocase = [], []
    rows = []
    for op, version in universe:
        key = (op, version)
        jobs = by_op.get(key, [])
        have_ref = key in ref_ops
        runner = gpu_ops.get(key, "-")
        if op in STRING_OPS:
            status = "string op: refused by design"
        elif not have_ref:
            status = "**missing** in ovcl"
            missing.append(f"{op}-{version}")
        elif not jobs and op in ("Parameter", "Constant", "Result"):
            status = "in every case"
        elif not jobs:
            status = "no case yet"
            nocase.append(f"{op}-{version}")
        else:
            status = ""
        cells = {d: "-" for d in devices}
        errs = {d: None for d in devices}
        oracle = 0
        for job, res in jobs:
            counts["cases"] += 1
            if job["error"]:
                oracle += 1
                counts["oracle"] += 1
        for d in devices:
            run = [(job, res[d]) for job, res in jobs if res.get(d) is not None]
            if run:
                passed = sum(r["ok"] for _, r in run)
                known = sum(not r["ok"] and known_reason(job["case"], d) is not None for job, r in run)
                counts[d][0] += passed
                counts[d][1] += len(run)
                counts[d][2] += known
                cells[d] = f"{passed}/{len(run)}" + (f" ({known} known)" if known else "") + \
                    ("" if passed + known == len(run) else " **FAIL**")
                es = [r["err"] for _, r in run if r["err"] is not None]
                errs[d] = max(es) if es else None
        tol = fmt_tol({job["case"].tol for job, _ in jobs}) if jobs else "-"
        if oracle:
            status = (status + "; " if status else "") + f"{oracle} case(s) OpenVINO cannot run"
        rows.append(f"| {op} | {version} | {len(jobs) or '-'} | " + " | ".join(cells[d] for d in devices) +
                    f" | {runner} | " + " | ".join(fmt_err(errs[d]) for d in devices) + f" | {tol} | {status} |")
    summary = [f"{len(universe)} op versions; {counts['cases']} cases"]
    for d in devices:
        known_text = f" ({counts[d][2]} known failures)" if counts[d][2] else ""
        summary.append(f"{d} {counts[d][0]} of {counts[d][1]} pass{known_text}")
    summary.append(f"{len(missing)} op version(s) missing in ovcl, {len(nocase)} with no case yet")
    if counts["oracle"]:
        summary.append(f"{counts['oracle']} case(s) OpenVINO CPU itself cannot run (not counted)")
    lines += ["**" + "; ".join(summary) + ".**", ""]
    lines.append("| op | version | cases | " + " | ".join(f"{d} pass" for d in devices) + " | GPU runs | " +
                 " | ".join(f"{d} max error" for d in devices) + " | tolerance | note |")
    lines.append("|---|---:|---:|" + "---|" * len(devices) + "---|" + "---:|" * len(devices) + "---|---|")
    lines += rows
    failures, known, oracle, fixed = [], [], [], []
    for job, res in results:
        c = job["case"]
        if job["error"]:
            oracle.append(f"- {c.op}-{c.version} `{c.variant}`: {job['error']}")
        for d in devices:
            r = res.get(d)
            reason = known_reason(c, d)
            if r is not None and not r["ok"]:
                (known if reason else failures).append(f"- {c.op}-{c.version} `{c.variant}` on {d}: {r['msg']}" +
                                                       (f" (known: {reason})" if reason else ""))
            elif r is not None and reason:
                fixed.append(f"- {c.op}-{c.version} `{c.variant}` on {d} passes: its KNOWN entry can go")
    lines += ["", "## Failures", ""] + (failures or ["None."])
    lines += ["", "## Known failures", "",
        "Listed in the tool's KNOWN table with the reason; they do not fail `--check`.", ""] + (known or ["None."])
    if fixed:
        lines += ["", "## Known failures that pass now", ""] + fixed
    lines += ["", "## Cases OpenVINO CPU cannot run", "", "Not counted: the oracle refused or crashed.",
        ""] + (oracle or ["None."])
    lines += ["", "## Cases", "",
        "What each op version's cases cover (f32 unless named; `?`: a dynamic dimension in the IR).", ""]
    for (op, version), entries in sorted(by_op.items()):
        lines.append(f"- {op}-{version}: " + "; ".join(job["case"].variant for job, _ in entries))
    return "\n".join(lines) + "\n", counts, failures + fixed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ovcl", default=os.path.join(ROOT, "build", "bin", "ovcl"))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "ops.md"), help="the report (default docs/ops.md)")
    ap.add_argument("--devices", default="REF,GPU")
    ap.add_argument("--ops", default="", help="comma-separated op types to run (default: every case)")
    ap.add_argument("--cache-dir", default=os.path.join(ROOT, "build", "op_conformance_cache"),
                    help="the GPU's CACHE_DIR: kernels compile once")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check", action="store_true", help="exit 1 when a case fails")
    ap.add_argument("--keep", action="store_true", help="keep the cases' IR and outputs (printed)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if not os.access(args.ovcl, os.X_OK):
        print(f"error: {args.ovcl} is not built", file=sys.stderr)
        return 2
    started = time.time()
    devices = [d for d in args.devices.split(",") if d]
    available = subprocess.run([args.ovcl, "devices"], capture_output=True, text=True).stdout
    devices = [d for d in devices if d == "REF" or re.search(rf"^{re.escape(d)}(\.\d+)?$", available, re.M)]
    universe = UNIVERSE
    ref_ops = ovcl_ops(args.ovcl, "REF")
    gpu_ops = ovcl_ops(args.ovcl, "GPU") if any(d.startswith("GPU") for d in devices) else {}
    wanted = set(filter(None, args.ops.split(",")))
    cases = [c for c in CASES if not wanted or c.op in wanted]
    if wanted:
        universe = [k for k in universe if k[0] in wanted]
    os.makedirs(args.cache_dir, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="ovcl_op_conformance_")
    try:
        jobs = oracle(cases, workdir)
        results = [None] * len(jobs)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = {pool.submit(run_case, args.ovcl, job, devices, args.cache_dir): i for i, job in enumerate(jobs)}
            for fut in concurrent.futures.as_completed(futures):
                i = futures[fut]
                results[i] = (jobs[i], fut.result())
                if args.verbose:
                    c = jobs[i]["case"]
                    res = results[i][1]
                    state = jobs[i]["error"] or " ".join(f"{d}:{'ok' if r['ok'] else 'FAIL ' + r['msg']}" for d,
                        r in res.items())
                    print(f"{c.op}-{c.version} {c.variant}: {state}", flush=True)
        command = "tools/op_conformance.py" + (f" --ops {args.ops}" if args.ops else "") + \
                  (f" --devices {args.devices}" if args.devices != "REF,GPU" else "")
        text, counts, failures = report(universe, ref_ops, gpu_ops, results, devices, command)
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    finally:
        if args.keep:
            print(f"cases kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    for line in failures:
        print(line)
    print(f"{counts['cases']} cases; " + "; ".join(f"{d}: {counts[d][0]} of {counts[d][1]} pass" for d in devices) +
          f"; {time.time() - started:.0f} s; report: {os.path.relpath(args.out)}")
    return 1 if args.check and failures else 0


if __name__ == "__main__":
    sys.exit(main())
