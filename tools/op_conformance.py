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
        self.sinks = []  # Assign nodes: the model's sinks

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
# Reals to integers as OpenVINO CPU converts: truncated into i32 (NaN, infinities and values outside
# [-2^31, 2^31) give INT32_MIN), then wrapped into the target; an f16 infinity is +-65504 for targets wider than 8 bits.
CONVERT_EDGES = [np.inf, -np.inf, np.nan, 3e9, -3e9, 1e19, 2147483520.0, 2147483648.0, -2.7, 300.2, -129.5, 70000.2]
for _dst in ("i32", "i64", "u8", "i8", "boolean"):
    add("Convert", 1, f"f32->{_dst} infinities, NaN, out of range",
        lambda g, d=_dst: [fn(1, "convert")(g.p([12], data=CONVERT_EDGES), d)], EXACT)
for _dst in ("i32", "i64", "u8"):
    add("Convert", 1, f"f16->{_dst} infinities, NaN",
        lambda g, d=_dst: [fn(1, "convert")(g.p([6], np.float16, data=[np.inf, -np.inf, np.nan, 65504, -2.7, 300.5]),
                                            d)], EXACT)
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
add("BitwiseAnd", 13, "i64 [2,1,5] and [3,1]",
    lambda g: [fn(13, "bitwise_and")(g.p([2, 1, 5], np.int64, -2**30, 2**30), g.p([3, 1], np.int64, -2**30, 2**30))],
    EXACT)
add("BitwiseOr", 13, "i8 [4,33] and [33]",
    lambda g: [fn(13, "bitwise_or")(g.p([4, 33], np.int8, -128, 127), g.p([33], np.int8, -128, 127))], EXACT)
add("BitwiseXor", 13, "bool [3,1] and [1,4]",
    lambda g: [fn(13, "bitwise_xor")(g.p([3, 1], np.bool_), g.p([1, 4], np.bool_))], EXACT)
add("BitwiseNot", 13, "i32", lambda g: [fn(13, "bitwise_not")(g.p([6], np.int32, -50, 50))], EXACT)
add("BitwiseNot", 13, "i64", lambda g: [fn(13, "bitwise_not")(g.p([40], np.int64, -2**30, 2**30))], EXACT)
add("BitwiseNot", 13, "bool", lambda g: [fn(13, "bitwise_not")(g.p([7], np.bool_))], EXACT)
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
        add(op, version, "i64 columns [4,3,19] axis 1",
            lambda g, f=f: [f(g.p([4, 3, 19], np.int64, -3, 3), g.c([1]), True)], EXACT)
        add(op, version, "i64 rows [2,40] axis -1", lambda g, f=f: [f(g.p([2, 40], np.int64, -1, 1), g.c([-1]), False)],
            EXACT)
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
add("Roll", 7, "Swin windows [1,8,8,5] by -3 on H, W",
    lambda g: [fn(7, "roll")(g.p([1, 8, 8, 5]), g.c([-3, -3]), g.c([1, 2]))], EXACT)
add("Roll", 7, "i64, shifts beyond the extent",
    lambda g: [fn(7, "roll")(g.p([3, 5, 7], np.int64, -99, 99), g.c([9, -11]), g.c([0, 2]))], EXACT)
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

# ----------------------------------------------------------------------------------------------- by node factory
def nf(opset, op, inputs, attrs=None):
    """An op the opset API lacks (ExperimentalDetectron*, Reverse-1, Xor-1), made by OpenVINO's node factory of
    opset `opset` from its type name and attributes."""
    from openvino.utils.node_factory import NodeFactory
    return NodeFactory(f"opset{opset}").create(op, [i.output(0) if hasattr(i, "output") else i for i in inputs],
                                               attrs or {})


def outs(node):
    return list(node.outputs())


def boxes(g, shape, size=5.0):
    """Random corner boxes [..., 4] = (y1, x1, y2, x2), sides 0.4 to 1 of the spread of their corners: many overlap,
    some suppress."""
    lo = g.random(list(shape) + [2], np.float32, 0, size)
    return np.concatenate([lo, lo + g.random(list(shape) + [2], np.float32, size * 0.4, size)], -1)


def scores(g, shape, lo=0.0, hi=1.0):
    """Distinct values in (lo, hi) of `shape`: rankings without ties, whose order the specs leave open."""
    n = int(np.prod(shape))
    return (lo + (hi - lo) * (g.rng.permutation(n) + 0.5) / n).reshape(shape).astype(np.float32)


# ----------------------------------------------------------------------------------------------- detection
# Selected boxes, indices and counts are data-dependent outputs (the shape of NMS-5/9, MulticlassNms, MatrixNms,
# GenerateProposals follows the data): compared by shape and value, indices exactly. Scores are distinct (no ties).
for version in (1, 3, 4):
    add("NonMaxSuppression", version, "[1,6] 2 classes, max 3, iou 0.5",
        lambda g, v=version: [fn(v, "non_max_suppression")(g.p([1, 6, 4], data=boxes(g, [1, 6])),
            g.p([1, 2, 6], data=scores(g, [1, 2, 6])), g.c(3), g.c(0.5, np.float32), g.c(0.1, np.float32))],
        EXACT)
add("NonMaxSuppression", 3, "center encoding, unsorted, i32",
    lambda g: [fn(3, "non_max_suppression")(g.p([1, 6, 4], data=boxes(g, [1, 6])), g.p([1, 2, 6],
        data=scores(g, [1, 2, 6])), g.c(4), g.c(0.3, np.float32), g.c(0.0, np.float32), "center", False,
        "i32")], EXACT)
add("NonMaxSuppression", 4, "2 batches, i32",
    lambda g: [fn(4, "non_max_suppression")(g.p([2, 5, 4], data=boxes(g, [2, 5])), g.p([2, 2, 5],
        data=scores(g, [2, 2, 5])), g.c(2), g.c(0.4, np.float32), g.c(0.2, np.float32), "corner", True,
        "i32")], EXACT)
for version in (5, 9):
    add("NonMaxSuppression", version, "hard, 2 batches",
        lambda g, v=version: outs(fn(v, "non_max_suppression")(g.p([2, 6, 4], data=boxes(g, [2, 6])),
            g.p([2, 2, 6], data=scores(g, [2, 2, 6])), g.c([3]), g.c([0.5], np.float32), g.c([0.1], np.float32))),
        ACCUM)
    add("NonMaxSuppression", version, "soft sigma 0.5, center, i32",
        lambda g, v=version: outs(fn(v, "non_max_suppression")(g.p([1, 6, 4], data=boxes(g, [1, 6])),
            g.p([1, 2, 6], data=scores(g, [1, 2, 6])), g.c(4), g.c(0.6, np.float32), g.c(0.05, np.float32),
            g.c(0.5, np.float32), "center", True, "i32")), ACCUM)
add("NonMaxSuppression", 9, "f16, [1,?,4] dynamic, score threshold 2: none selected",
    lambda g: outs(fn(9, "non_max_suppression")(g.p([1, 6, 4], np.float16, data=boxes(g, [1, 6]), dynamic=(1,)),
        g.p([1, 2, 6], np.float16, data=scores(g, [1, 2, 6]), dynamic=(2,)), g.c(6), g.c(0.5, np.float32),
        g.c(2.0, np.float32))), F16)
for version in (8, 9):
    add("MulticlassNms", version, "sort score across batch",
        lambda g, v=version: outs(fn(v, "multiclass_nms")(g.p([2, 6, 4], data=boxes(g, [2, 6])),
            g.p([2, 3, 6], data=scores(g, [2, 3, 6])), sort_result_type="score", sort_result_across_batch=True,
            iou_threshold=0.5, score_threshold=0.2, nms_top_k=4, keep_top_k=6)), ACCUM)
    add("MulticlassNms", version, "classid, background 0, eta 0.8, i32",
        lambda g, v=version: outs(fn(v, "multiclass_nms")(g.p([1, 6, 4], data=boxes(g, [1, 6])),
            g.p([1, 3, 6], data=scores(g, [1, 3, 6])), sort_result_type="classid", output_type="i32",
            iou_threshold=0.6, score_threshold=0.1, background_class=0, nms_eta=0.8, normalized=False)), ACCUM)
add("MulticlassNms", 9, "roisnum [2,4]",
    lambda g: outs(fn(9, "multiclass_nms")(g.p([2, 6, 4], data=boxes(g, [2, 6])), g.p([2, 6], data=scores(g, [2,
        6])), g.c([2, 4], np.int32), sort_result_type="score", iou_threshold=0.5, score_threshold=0.1)), ACCUM)
for decay in ("linear", "gaussian"):
    add("MatrixNms", 8, f"{decay} decay",
        lambda g, d=decay: outs(fn(8, "matrix_nms")(g.p([2, 6, 4], data=boxes(g, [2, 6])), g.p([2, 2, 6],
            data=scores(g, [2, 2, 6])), sort_result_type="score", score_threshold=0.1, keep_top_k=8,
            decay_function=d, gaussian_sigma=2.0, post_threshold=0.05, normalized=False)), ACCUM)


def rotated(g, shape):
    """Rotated boxes [..., 5] = (x_ctr, y_ctr, w, h, angle in radians)."""
    return np.concatenate([g.random(list(shape) + [2], np.float32, 0, 8), g.random(list(shape) + [2], np.float32, 2,
        5), g.random(list(shape) + [1], np.float32, -1.5, 1.5)], -1)


for clockwise in (True, False):
    add("NMSRotated", 13, f"clockwise {clockwise}",
        lambda g, cw=clockwise: outs(fn(13, "nms_rotated")(g.p([1, 6, 5], data=rotated(g, [1, 6])), g.p([1, 2, 6],
            data=scores(g, [1, 2, 6])), g.c([4]), g.c([0.3], np.float32), g.c([0.1], np.float32), True, "i64",
            cw)), ACCUM)
PRIOR_BOX = {"min_size": [2.0], "max_size": [5.0], "aspect_ratio": [2.0], "flip": True, "clip": False,
             "step": 0.0, "offset": 0.5, "variance": [0.1, 0.1, 0.2, 0.2], "scale_all_sizes": True}
add("PriorBox", 1, "flip, max_size, 3x4 of 24x32",
    lambda g: [fn(1, "add")(g.p([1], data=[0.0]), fn(1, "prior_box")(g.c([3, 4]), g.c([24, 32]), PRIOR_BOX))], ARITH)
add("PriorBox", 1, "clip, density, fixed_size",
    lambda g: [fn(1, "add")(g.p([1], data=[0.0]), fn(1, "prior_box")(g.c([2, 2]), g.c([8, 8]), {"min_size": [3.0],
        "aspect_ratio": [1.0], "clip": True, "step": 4.0, "offset": 0.5, "variance": [0.1], "fixed_size": [4.0],
        "density": [2.0], "fixed_ratio": [1.0]}))], ARITH)
add("PriorBox", 8, "min_max_aspect_ratios_order false",
    lambda g: [fn(1, "add")(g.p([1], data=[0.0]), fn(8, "prior_box")(g.c([3, 4]), g.c([24, 32]),
        dict(PRIOR_BOX, min_max_aspect_ratios_order=False, aspect_ratio=[2.0, 3.0])))], ARITH)
add("PriorBoxClustered", 1, "2 priors, clip",
    lambda g: [fn(1, "add")(g.p([1], data=[0.0]), fn(1, "prior_box_clustered")(g.c([3, 2]), g.c([12, 8]),
        {"width": [2.0, 5.0], "height": [3.0, 1.5], "clip": True, "step_widths": 4.0, "step_heights": 4.0,
         "offset": 0.5, "variance": [0.1, 0.1, 0.2, 0.2]}))], ARITH)


def priors(g, n, variances=True):
    """[1, 2, n*4] normalised prior boxes (xmin, ymin, xmax, ymax) and their variances."""
    lo = g.random([n, 2], np.float32, 0, 0.6)
    p = np.concatenate([lo, lo + g.random([n, 2], np.float32, 0.1, 0.4)], -1).reshape(1, 1, n * 4)
    if not variances:
        return p
    return np.concatenate([p, np.tile(np.float32([0.1, 0.1, 0.2, 0.2]), (1, 1, n))], 1)


DETECTION = {"background_label_id": 0, "top_k": 6, "variance_encoded_in_target": False, "keep_top_k": [5],
             "code_type": "caffe.PriorBoxParameter.CENTER_SIZE", "share_location": True, "nms_threshold": 0.5,
             "confidence_threshold": 0.1, "normalized": True}
add("DetectionOutput", 1, "4 priors 3 classes, shared location",
    lambda g: [fn(1, "detection_output")(g.p([1, 16], lo=-0.5, hi=0.5), g.p([1, 12], data=scores(g, [1, 12])),
        g.p([1, 2, 16], data=priors(g, 4)), dict(DETECTION, num_classes=3))], ACCUM)
add("DetectionOutput", 8, "2 images, per-class location, corner",
    lambda g: [fn(8, "detection_output")(g.p([2, 36], lo=-0.2, hi=0.2), g.p([2, 9], data=scores(g, [2, 9])),
        g.p([1, 1, 12], data=priors(g, 3, False)), dict(DETECTION, share_location=False, background_label_id=-1,
        code_type="caffe.PriorBoxParameter.CORNER", variance_encoded_in_target=True, keep_top_k=[4],
        clip_after_nms=True))], ACCUM)
add("DetectionOutput", 8, "4 priors 3 classes, decrease_label_id",
    lambda g: [fn(8, "detection_output")(g.p([1, 16], lo=-0.5, hi=0.5), g.p([1, 12], data=scores(g, [1, 12])),
        g.p([1, 2, 16], data=priors(g, 4)), dict(DETECTION, decrease_label_id=True))], ACCUM)
PROPOSAL = {"base_size": np.uint32(4), "pre_nms_topn": np.uint32(12), "post_nms_topn": np.uint32(5),
            "nms_thresh": 0.6, "feat_stride": np.uint32(4), "min_size": np.uint32(1), "ratio": [1.0],
            "scale": [1.0, 2.0], "clip_before_nms": True, "clip_after_nms": False,
            "normalize": False, "box_size_scale": 1.0, "box_coordinate_scale": 1.0, "framework": ""}
for version in (1, 4):
    add("Proposal", version, "2 anchors on 3x3",
        lambda g, v=version: outs(fn(v, "proposal")(g.p([1, 4, 3, 3], data=scores(g, [1, 4, 3, 3])),
            g.p([1, 8, 3, 3], lo=-0.3, hi=0.3), g.c([12.0, 12.0, 1.0], np.float32), PROPOSAL)), ACCUM)
add("Proposal", 4, "tensorflow, normalize, clip after",
    lambda g: outs(fn(4, "proposal")(g.p([1, 4, 3, 3], data=scores(g, [1, 4, 3, 3])), g.p([1, 8, 3, 3], lo=-0.3,
        hi=0.3), g.c([12.0, 12.0, 1.0], np.float32), dict(PROPOSAL, framework="tensorflow", normalize=True,
        clip_after_nms=True, ratio=[0.5, 2.0], scale=[1.0]))), ACCUM)


def anchors(g, n, size=12.0):
    """[n, 4] anchors (x1, y1, x2, y2) in an image of `size`."""
    lo = g.random([n, 2], np.float32, 0, size * 0.6)
    return np.concatenate([lo, lo + g.random([n, 2], np.float32, 1, size * 0.4)], -1)


add("GenerateProposals", 9, "2 images 2 anchors on 3x3",
    lambda g: outs(fn(9, "generate_proposals")(g.p([2, 3], data=[[12, 12, 1], [10, 12, 1]]), g.p([3, 3, 2, 4],
        data=anchors(g, 18).reshape(3, 3, 2, 4)), g.p([2, 8, 3, 3], lo=-0.3, hi=0.3), g.p([2, 2, 3, 3],
        data=scores(g, [2, 2, 3, 3])), 1.0, 0.6, 10, 4)), ACCUM)
add("GenerateProposals", 9, "unnormalized, i32 counts",
    lambda g: outs(fn(9, "generate_proposals")(g.p([1, 3], data=[[12, 12, 1]]), g.p([3, 3, 2, 4],
        data=anchors(g, 18).reshape(3, 3, 2, 4)), g.p([1, 8, 3, 3], lo=-0.3, hi=0.3), g.p([1, 2, 3, 3],
        data=scores(g, [1, 2, 3, 3])), 0.5, 0.7, 12, 6, False, 1.0, "i32")), ACCUM)
add("ExperimentalDetectronGenerateProposalsSingleImage", 6, "2 anchors on 3x3",
    lambda g: outs(nf(6, "ExperimentalDetectronGenerateProposalsSingleImage", [g.p([3], data=[12, 12, 1]),
        g.p([18, 4], data=anchors(g, 18)), g.p([8, 3, 3], lo=-0.3, hi=0.3), g.p([2, 3, 3], data=scores(g, [2, 3,
        3]))], {"min_size": 0.5, "nms_threshold": 0.6, "pre_nms_count": 12, "post_nms_count": 5})), ACCUM)
for flatten in (True, False):
    add("ExperimentalDetectronPriorGridGenerator", 6, f"flatten {flatten}",
        lambda g, f=flatten: [nf(6, "ExperimentalDetectronPriorGridGenerator", [g.p([3, 4], data=anchors(g, 3, 4)),
            g.p([1, 2, 3, 4]), g.p([1, 3, 12, 16])], {"flatten": f, "h": 0, "w": 0, "stride_x": 0.0,
            "stride_y": 0.0})], ARITH)
# h, w below the feature map's: OpenVINO CPU leaves the rows past h*w*priors unwritten (garbage), so h, w = its own
add("ExperimentalDetectronPriorGridGenerator", 6, "h 3 w 4 strides 5,6",
    lambda g: [nf(6, "ExperimentalDetectronPriorGridGenerator", [g.p([2, 4], data=anchors(g, 2, 4)),
        g.p([1, 2, 3, 4]), g.p([1, 3, 12, 16])], {"flatten": True, "h": 3, "w": 4, "stride_x": 5.0,
        "stride_y": 6.0})], ARITH)
add("ExperimentalDetectronDetectionOutput", 6, "3 classes, 6 rois",
    lambda g: outs(nf(6, "ExperimentalDetectronDetectionOutput", [g.p([6, 4], data=anchors(g, 6, 20)),
        g.p([6, 12], lo=-0.3, hi=0.3), g.p([6, 3], data=scores(g, [6, 3])), g.p([1, 3], data=[[20, 20, 1]])],
        {"score_threshold": 0.1, "nms_threshold": 0.5, "max_delta_log_wh": 2.0, "num_classes": 3,
         "post_nms_count": 10, "max_detections_per_image": 5, "class_agnostic_box_regression": False,
         "deltas_weights": [10.0, 10.0, 5.0, 5.0]})), ACCUM)
add("ExperimentalDetectronDetectionOutput", 6, "class agnostic",
    lambda g: outs(nf(6, "ExperimentalDetectronDetectionOutput", [g.p([5, 4], data=anchors(g, 5, 20)),
        g.p([5, 12], lo=-0.3, hi=0.3), g.p([5, 3], data=scores(g, [5, 3])), g.p([1, 3], data=[[20, 20, 1]])],
        {"score_threshold": 0.2, "nms_threshold": 0.4, "max_delta_log_wh": 1.5, "num_classes": 3,
         "post_nms_count": 8, "max_detections_per_image": 6, "class_agnostic_box_regression": True,
         "deltas_weights": [1.0, 1.0, 1.0, 1.0]})), ACCUM)
for aligned in (False, True):
    add("ExperimentalDetectronROIFeatureExtractor", 6, f"2 levels, aligned {aligned}",
        lambda g, a=aligned: outs(nf(6, "ExperimentalDetectronROIFeatureExtractor", [g.p([4, 4],
            data=anchors(g, 4, 32)), g.p([1, 2, 8, 8]), g.p([1, 2, 4, 4])], {"output_size": 2, "sampling_ratio": 2,
            "pyramid_scales": [4, 8], "aligned": a})), ACCUM)
add("ExperimentalDetectronTopKROIs", 6, "max_rois 3 of 6",
    lambda g: [nf(6, "ExperimentalDetectronTopKROIs", [g.p([6, 4], data=anchors(g, 6)), g.p([6],
        data=scores(g, [6]))], {"max_rois": 3})], EXACT)


def rois(g, n, size, lead=()):
    """[n, 4] boxes (x1, y1, x2, y2) inside a size x size map, with `lead` columns before (e.g. the batch index)."""
    b = anchors(g, n, size - 1)
    return np.concatenate([np.asarray(lead, np.float32).reshape(n, -1), b], -1) if len(lead) else b


for version in (3, 9):
    for mode in ("avg", "max"):
        add("ROIAlign", version, f"{mode} 2x3 sampling 2",
            lambda g, v=version, m=mode: [fn(v, "roi_align")(g.p([2, 2, 6, 6]), g.p([3, 4], data=rois(g, 3, 6)),
                g.p([3], np.int32, data=[0, 1, 1]), 2, 3, 2, 1.0, m)], ACCUM)
for aligned in ("half_pixel_for_nn", "half_pixel"):
    add("ROIAlign", 9, f"avg {aligned}, scale 0.5, adaptive sampling",
        lambda g, a=aligned: [fn(9, "roi_align")(g.p([1, 2, 6, 6]), g.p([2, 4], data=rois(g, 2, 12)),
            g.p([2], np.int32, data=[0, 0]), 2, 2, 0, 0.5, "avg", a)], ACCUM)
for clockwise in (False, True):
    add("ROIAlignRotated", 15, f"clockwise {clockwise}",
        lambda g, cw=clockwise: [fn(15, "roi_align_rotated")(g.p([1, 2, 6, 6]), g.p([3, 5], data=np.concatenate(
            [g.random([3, 2], np.float32, 2, 4), g.random([3, 2], np.float32, 1, 3), g.random([3, 1], np.float32,
            -1, 1)], -1)), g.p([3], np.int32, data=[0, 0, 0]), 2, 2, 2, 1.0, cw)], ACCUM)
add("ROIAlign", 9, "f16 avg half_pixel",
    lambda g: [fn(9, "roi_align")(g.p([1, 2, 6, 6], np.float16), g.p([2, 4], np.float16, data=rois(g, 2, 6)),
        g.p([2], np.int32, data=[0, 0]), 2, 2, 2, 1.0, "avg", "half_pixel")], F16)
add("ROIPooling", 2, "max 2x2",
    lambda g: [fn(2, "roi_pooling")(g.p([2, 2, 6, 6]), g.p([3, 5], data=rois(g, 3, 6, lead=[0, 1, 1])), [2, 2], 1.0,
        "max")], EXACT)
add("ROIPooling", 2, "bilinear 3x2",
    lambda g: [fn(2, "roi_pooling")(g.p([1, 2, 6, 6]), g.p([2, 5], data=[[0, 0.1, 0.2, 0.7, 0.9], [0, 0.4, 0.0,
        1.0, 0.5]]), [3, 2], 1.0, "bilinear")], ACCUM)
add("PSROIPooling", 1, "average, group 2",
    lambda g: [fn(1, "psroi_pooling")(g.p([1, 8, 6, 6]), g.p([3, 5], data=rois(g, 3, 6, lead=[0, 0, 0])), 2, 2,
        1.0, 1, 1, "average")], ACCUM)
add("PSROIPooling", 1, "bilinear, bins 2x2",
    lambda g: [fn(1, "psroi_pooling")(g.p([1, 8, 6, 6]), g.p([2, 5], data=rois(g, 2, 6, lead=[0, 0])), 2, 3, 1.0, 2,
        2, "bilinear")], ACCUM)
add("DeformablePSROIPooling", 1, "no offsets, group 2",
    lambda g: [fn(1, "deformable_psroi_pooling")(g.p([1, 8, 6, 6]), g.p([2, 5], data=rois(g, 2, 6, lead=[0, 0])), 2,
        1.0, 2, "bilinear_deformable", 2, 2, 1.0, 1)], ACCUM)
add("DeformablePSROIPooling", 1, "offsets, trans_std 0.1, part 2",
    lambda g: [fn(1, "deformable_psroi_pooling")(g.p([1, 8, 6, 6]), g.p([2, 5], data=rois(g, 2, 6, lead=[0, 0])), 2,
        1.0, 2, "bilinear_deformable", 2, 2, 0.1, 2, g.p([2, 2, 2, 2]))], ACCUM)
add("RegionYolo", 1, "softmax, 2 anchors 3 classes",
    lambda g: [fn(1, "region_yolo")(g.p([1, 16, 3, 3], lo=-3, hi=3), 4, 3, 2, True, [], 1, 3)], TRANSC)
add("RegionYolo", 1, "yolov3 mask 0,2",
    lambda g: [fn(1, "region_yolo")(g.p([1, 16, 3, 3], lo=-3, hi=3), 4, 3, 3, False, [0, 2], 1, 3)], TRANSC)
add("ReorgYolo", 2, "stride 2", lambda g: [fn(2, "reorg_yolo")(g.p([1, 8, 4, 6]), [2])], EXACT)
add("ReorgYolo", 2, "stride 3 batch 2", lambda g: [fn(2, "reorg_yolo")(g.p([2, 9, 3, 6]), [3])], EXACT)

# ----------------------------------------------------------------------------------------------- sequences (CTC, beams)
CTC_LABELS = [[1, 1, 2, 0, 0, 0], [2, 0, 1, 1, 0, 2]]  # [N, T]: lengths 3 and 2 below
CTC_MASK = np.float32([[1, 1], [1, 1], [1, 1], [1, 0], [1, 0], [0, 0]])  # [T, N]: lengths 5 and 3
for merge in (True, False):
    add("CTCGreedyDecoder", 1, f"merge_repeated {merge}",
        lambda g, m=merge: [fn(1, "ctc_greedy_decoder")(g.p([6, 2, 4], data=scores(g, [6, 2, 4])), g.p([6, 2],
            data=CTC_MASK), m)], EXACT)
add("CTCGreedyDecoderSeqLen", 6, "default blank, merge",
    lambda g: outs(fn(6, "ctc_greedy_decoder_seq_len")(g.p([2, 6, 4], data=scores(g, [2, 6, 4])), g.p([2], np.int32,
        data=[6, 3]))), EXACT)
add("CTCGreedyDecoderSeqLen", 6, "blank 0, no merge, i64",
    lambda g: outs(fn(6, "ctc_greedy_decoder_seq_len")(g.p([2, 6, 4], data=scores(g, [2, 6, 4])), g.p([2], np.int64,
        data=[4, 6]), g.c(0), False, "i64", "i64")), EXACT)
for collapse, merge, unique in ((False, True, False), (True, False, False), (False, True, True)):
    add("CTCLoss", 4, f"collapse {collapse} merge {merge} unique {unique}",
        lambda g, c=collapse, m=merge, u=unique: [fn(4, "ctc_loss")(g.p([2, 6, 4], lo=-2, hi=2), g.p([2], np.int32,
            data=[6, 5]), g.p([2, 6], np.int32, data=CTC_LABELS), g.p([2], np.int32, data=[3, 2]),
            g.c(3, np.int32), c, m, u)], ACCUM)
add("GatherTree", 1, "f32 ids, 2 batches 3 beams",
    lambda g: [fn(1, "gather_tree")(g.p([4, 2, 3], data=g.random([4, 2, 3], np.int32, 0, 5).astype(np.float32)),
        g.p([4, 2, 3], data=g.random([4, 2, 3], np.int32, 0, 2).astype(np.float32)), g.p([2], data=[4, 3]),
        g.c(2.0, np.float32))], EXACT)
add("GatherTree", 1, "i32 with end tokens",
    lambda g: [fn(1, "gather_tree")(g.p([5, 1, 2], np.int32, 0, 3), g.p([5, 1, 2], np.int32, 0, 1), g.p([1], np.int32,
        data=[5]), g.c(3, np.int32))], EXACT)

# ----------------------------------------------------------------------------------------------- recurrent
RNN_TOL = (1e-5, 1e-4)  # activations over a few steps: a few ulp per step


def cell_inputs(g, gates, hs=4, inp=3, batch=2, bias=None, dtype=np.float32):
    """X [batch, inp], H [batch, hs], W, R and B of `gates` gates."""
    return [g.p(shape, dtype) for shape in ([batch, inp], [batch, hs], [gates * hs, inp], [gates * hs, hs],
                                            [bias or gates * hs])]


add("RNNCell", 1, "tanh",
    lambda g: [fn(3, "rnn_cell")(*cell_inputs(g, 1), 4, ["tanh"], [], [])], RNN_TOL)
add("RNNCell", 1, "relu clip 0.5",
    lambda g: [fn(3, "rnn_cell")(*cell_inputs(g, 1), 4, ["relu"], [], [], 0.5)], RNN_TOL)
add("GRUCell", 3, "default activations",
    lambda g: [fn(3, "gru_cell")(*cell_inputs(g, 3), 4)], RNN_TOL)
add("GRUCell", 3, "linear_before_reset, clip 0.8",
    lambda g: [fn(3, "gru_cell")(*cell_inputs(g, 3, bias=16), 4, clip=0.8, linear_before_reset=True)], RNN_TOL)
for version in (1, 4):
    add("LSTMCell", version, "default activations",
        lambda g, v=version: outs(fn(v, "lstm_cell")(*(lambda a: a[:2] + [g.p([2, 4])] + a[2:])(cell_inputs(g, 4)),
            4)), RNN_TOL)
add("LSTMCell", 4, "relu/tanh/sigmoid, clip 1",
    lambda g: outs(fn(4, "lstm_cell")(*(lambda a: a[:2] + [g.p([2, 4])] + a[2:])(cell_inputs(g, 4)), 4,
        ["relu", "tanh", "sigmoid"], clip=1.0)), RNN_TOL)


add("LSTMCell", 4, "f16",
    lambda g: outs(fn(4, "lstm_cell")(*(lambda a: a[:2] + [g.p([2, 4], np.float16)] + a[2:])(cell_inputs(g, 4,
        dtype=np.float16)), 4)), F16)


def seq_inputs(g, gates, direction, lengths=(4, 2), hs=3, inp=2, cell=False, bias=None):
    """X [B, T=4, inp], H0 (and C0) [B, dirs, hs], lengths [B], W, R, B of `gates` gates."""
    d = 2 if direction == "bidirectional" else 1
    b = len(lengths)
    args = [g.p([b, 4, inp]), g.p([b, d, hs])] + ([g.p([b, d, hs])] if cell else [])
    return args + [g.p([b], np.int32, data=list(lengths)), g.p([d, gates * hs, inp]), g.p([d, gates * hs, hs]),
                   g.p([d, bias or gates * hs])]


for direction in ("forward", "reverse", "bidirectional"):
    add("RNNSequence", 5, direction,
        lambda g, d=direction: outs(fn(5, "rnn_sequence")(*seq_inputs(g, 1, d), 3, d)), RNN_TOL)
    add("GRUSequence", 5, direction,
        lambda g, d=direction: outs(fn(5, "gru_sequence")(*seq_inputs(g, 3, d), 3, d)), RNN_TOL)
    add("LSTMSequence", 5, direction,
        lambda g, d=direction: outs(fn(5, "lstm_sequence")(*seq_inputs(g, 4, d, cell=True), 3, d)), RNN_TOL)
add("GRUSequence", 5, "linear_before_reset, lengths 3,4",
    lambda g: outs(fn(5, "gru_sequence")(*seq_inputs(g, 3, "forward", (3, 4), bias=12), 3, "forward",
        linear_before_reset=True)), RNN_TOL)
add("LSTMSequence", 5, "clip 0.7, lengths 1,4,3",
    lambda g: outs(fn(5, "lstm_sequence")(*seq_inputs(g, 4, "forward", (1, 4, 3), cell=True), 3, "forward",
        clip=0.7)), RNN_TOL)

# ----------------------------------------------------------------------------------------------- signal
SIGNAL = (1e-5, 1e-4)  # sums of n products with cos/sin of a few ulp
add("DFT", 7, "axis 1 of [2,4,2]", lambda g: [fn(7, "dft")(g.p([2, 4, 2]), g.c([1]))], SIGNAL)
add("DFT", 7, "axes 0,1, signal_size 3,-1", lambda g: [fn(7, "dft")(g.p([2, 5, 2]), g.c([0, 1]), g.c([3, -1]))],
    SIGNAL)
add("DFT", 7, "f16 axis -2", lambda g: [fn(7, "dft")(g.p([3, 4, 2], np.float16), g.c([-2]))], F16)
add("IDFT", 7, "axis -2 of [3,4,2]", lambda g: [fn(7, "idft")(g.p([3, 4, 2]), g.c([-2]))], SIGNAL)
add("IDFT", 7, "axes 0,1, signal_size 2,6", lambda g: [fn(7, "idft")(g.p([3, 4, 2]), g.c([0, 1]), g.c([2, 6]))],
    SIGNAL)
add("RDFT", 9, "axis 1 of [2,6]", lambda g: [fn(9, "rdft")(g.p([2, 6]), g.c([1]))], SIGNAL)
add("RDFT", 9, "axes 0,1, signal_size 2,5", lambda g: [fn(9, "rdft")(g.p([3, 6]), g.c([0, 1]), g.c([2, 5]))], SIGNAL)
add("IRDFT", 9, "axis 1 of [2,4,2]", lambda g: [fn(9, "irdft")(g.p([2, 4, 2]), g.c([1]))], SIGNAL)
add("IRDFT", 9, "axes 0,1, signal_size 3,5", lambda g: [fn(9, "irdft")(g.p([3, 4, 2]), g.c([0, 1]), g.c([3, 5]))],
    SIGNAL)
for transpose in (False, True):
    add("STFT", 15, f"frame 4 step 2, transpose_frames {transpose}",
        lambda g, t=transpose: [fn(15, "stft")(g.p([2, 12]), g.p([4], lo=0, hi=1), g.c(4), g.c(2), t)], SIGNAL)
add("STFT", 15, "1-D signal, window 3 of frame 5",
    lambda g: [fn(15, "stft")(g.p([11]), g.p([3], lo=0, hi=1), g.c(5), g.c(3), False)], SIGNAL)
add("ISTFT", 16, "frame 4 step 2, center, normalized",
    lambda g: [fn(16, "istft")(g.p([2, 3, 5, 2]), g.p([4], lo=0.5, hi=1), g.c(4), g.c(2), True, True)], SIGNAL)
add("ISTFT", 16, "frame 4 step 1, signal_length 9",
    lambda g: [fn(16, "istft")(g.p([3, 6, 2]), g.p([4], lo=0.5, hi=1), g.c(4), g.c(1), False, False, g.c(9))], SIGNAL)

# ----------------------------------------------------------------------------------------------- random
# OpenVINO's generators are deterministic for given seeds (Philox; Multinomial draws through RandomUniform):
# compared exactly (f32 values from the same integer bits), Multinomial's indices exactly.
for alignment in ("tensorflow", "pytorch"):
    add("RandomUniform", 8, f"f32 seeds 150,10, {alignment}",
        lambda g, a=alignment: [fn(1, "add")(g.p([3, 5], data=np.zeros((3, 5))), fn(8, "random_uniform")(g.c([3, 5]),
            g.c(-2.0, np.float32), g.c(3.0, np.float32), "f32", 150, 10, a))], EXACT)
add("RandomUniform", 8, "i32 [4,3] seeds 7,0",
    lambda g: [fn(1, "add")(g.p([4, 3], np.int32, 0, 0), fn(8, "random_uniform")(g.c([4, 3]), g.c(-50, np.int32),
        g.c(50, np.int32), "i32", 7, 0))], EXACT)
add("RandomUniform", 8, "f16 seeds 1,2",
    lambda g: [fn(1, "add")(g.p([7], np.float16, 0, 0), fn(8, "random_uniform")(g.c([7]), g.c(0, np.float16),
        g.c(1, np.float16), "f16", 1, 2))], EXACT)
add("Multinomial", 13, "with replacement, seeds 1,2",
    lambda g: [fn(13, "multinomial")(g.p([2, 5], data=scores(g, [2, 5])), g.c(6), "i32", True, False, 1, 2)], EXACT)
add("Multinomial", 13, "log probs, without replacement, i64",
    lambda g: [fn(13, "multinomial")(g.p([3, 6], lo=-3, hi=0), g.c(3), "i64", False, True, 5, 9)], EXACT)

# ----------------------------------------------------------------------------------------------- colour
def yuv(g, h, w, planes, dtype):
    """[1, h*3/2, w, 1] NV12 / I420 data in one plane, or its planes (NV12: Y, UV; I420: Y, U, V)."""
    lo, hi = (0, 255) if dtype == np.uint8 else (0.0, 255.0)
    y = g.p([1, h, w, 1], dtype, lo, hi)
    if planes == "nv12":
        return [y, g.p([1, h // 2, w // 2, 2], dtype, lo, hi)]
    if planes == "i420":
        return [y, g.p([1, h // 2, w // 2, 1], dtype, lo, hi), g.p([1, h // 2, w // 2, 1], dtype, lo, hi)]
    return [g.p([1, h * 3 // 2, w, 1], dtype, lo, hi)]


for op, name, kind in (("NV12toRGB", "nv12_to_rgb", "nv12"), ("NV12toBGR", "nv12_to_bgr", "nv12"),
                       ("I420toRGB", "i420_to_rgb", "i420"), ("I420toBGR", "i420_to_bgr", "i420")):
    add(op, 8, "u8 single plane 4x6",
        lambda g, f=fn(8, name): [f(*yuv(g, 4, 6, "one", np.uint8))], EXACT)
    add(op, 8, "f32 separate planes 4x4",
        lambda g, f=fn(8, name), k=kind: [f(*yuv(g, 4, 4, k, np.float32))], (1e-4, 1e-5))

# ----------------------------------------------------------------------------------------------- control flow, state
def body(params, results):
    return ov.Model([OPSET_MODULES[8].result(r) for r in results], params)


def bparam(shape, dtype=np.float32):
    return OPSET_MODULES[8].parameter(shape, dtype)


def if_case(g, cond):
    """If-8: relu(x) + y or x * y, y an outer value each branch takes."""
    o = OPSET_MODULES[8]
    x, y, c = g.p([2, 3]), g.p([3]), g.p([], np.bool_, data=cond)
    tx, ty, ex, ey = bparam([2, 3]), bparam([3]), bparam([2, 3]), bparam([3])
    then_body, else_body = body([tx, ty], [o.add(o.relu(tx), ty)]), body([ex, ey], [o.multiply(ex, ey)])
    node = o.if_op(c.output(0))
    node.set_then_body(then_body)
    node.set_else_body(else_body)
    node.set_input(x.output(0), tx, ex)
    node.set_input(y.output(0), ty, ey)
    return [node.set_output(then_body.get_results()[0], else_body.get_results()[0])]


def if_shapes(g):
    """If-8 whose branches give different shapes: the first row of x or x twice, on a false condition."""
    o = OPSET_MODULES[8]
    x, c = g.p([4, 3], dynamic=(0,)), g.p([1], np.bool_, data=[False])
    tx, ex = bparam([-1, 3]), bparam([-1, 3])
    then_body = body([tx], [o.slice(tx, g.c([0]), g.c([1]), g.c([1]))])
    else_body = body([ex], [o.concat([ex, ex], 0)])
    node = o.if_op(c.output(0))
    node.set_then_body(then_body)
    node.set_else_body(else_body)
    node.set_input(x.output(0), tx, ex)
    return [node.set_output(then_body.get_results()[0], else_body.get_results()[0])]


add("If", 8, "condition true", lambda g: if_case(g, True), ARITH)
add("If", 8, "branches of different shapes", lambda g: if_shapes(g), ARITH)
add("If", 8, "condition false", lambda g: if_case(g, False), ARITH)


def loop_case(g, trips):
    """Loop-5: x = 2x + i while sum(x) < 40, at most `trips` times; the last x and every x."""
    o = OPSET_MODULES[8]
    x, n = g.p([3], data=[0.5, -1, 2]), g.p([], np.int64, data=trips)
    xi, it = bparam([3]), bparam([1], np.int64)
    xo = o.add(o.multiply(xi, o.constant(np.float32(2))), o.convert(it, "f32"))
    go_on = o.less(o.reduce_sum(xo, g.c([0])), o.constant(np.float32(40)))
    b = body([xi, it], [go_on, xo, o.unsqueeze(xo, g.c([0]))])
    loop = fn(5, "loop")(n, o.constant(True))
    loop.set_function(b)
    loop.set_special_body_ports([1, 0])
    loop.set_merged_input(xi, x.output(0), b.get_results()[1].input_value(0))
    return [loop.get_iter_value(b.get_results()[1].input_value(0), -1),
            loop.get_concatenated_slices(b.get_results()[2].input_value(0), 0, 1, 1, -1, 0)]


add("Loop", 5, "while sum < 40, at most 10", lambda g: loop_case(g, 10), ARITH)
add("Loop", 5, "trip count 2", lambda g: loop_case(g, 2), ARITH)


def ti_case(g, reverse):
    """TensorIterator-1: a running sum over axis 1 (backwards, in parts of 2, when `reverse`)."""
    o = OPSET_MODULES[8]
    x, h0 = g.p([2, 4, 3]), g.p([2, 1, 3])
    part = 2 if reverse else 1
    xi, hi = bparam([2, part, 3]), bparam([2, 1, 3])
    h = o.add(hi, o.reduce_sum(xi, g.c([1]), True))
    b = body([xi, hi], [h, o.tanh(h)])
    ti = fn(1, "tensor_iterator")()
    ti.set_body(b)
    if reverse:
        ti.set_sliced_input(xi, x.output(0), -1, -part, part, 0, 1)
    else:
        ti.set_sliced_input(xi, x.output(0), 0, 1, 1, -1, 1)
    ti.set_merged_input(hi, h0.output(0), b.get_results()[0].input_value(0))
    return [ti.get_iter_value(b.get_results()[0].input_value(0), -1),
            ti.get_concatenated_slices(b.get_results()[1].input_value(0), 0, 1, 1, -1, 1)]


add("TensorIterator", 1, "running sum over axis 1", lambda g: ti_case(g, False), TRANSC)
add("TensorIterator", 1, "backwards in parts of 2", lambda g: ti_case(g, True), TRANSC)


def variable(name):
    """An f32 [2,3] variable of ReadValue-6 and Assign-6."""
    from openvino.op.util import Variable, VariableInfo
    info = VariableInfo()
    info.variable_id, info.data_type, info.data_shape = name, ov.Type.f32, ov.PartialShape([2, 3])
    return Variable(info)


def state_case(g, version):
    """ReadValue (its initial value on the first inference) + x, which Assign stores: the model's sinks."""
    x, init = g.p([2, 3]), g.p([2, 3])
    if version == 3:
        rv = fn(3, "read_value")(init, "v")
        y = fn(1, "add")(rv, x)
        g.sinks.append(fn(3, "assign")(y, "v"))
    else:
        var = variable("v")
        y = fn(1, "add")(fn(6, "read_value")(init, var), x)
        g.sinks.append(fn(6, "assign")(y, var))
    return [y]


def state_zeros(g):
    """ReadValue-6 without an initial value (zeros of the variable's shape) + x, which Assign stores."""
    var = variable("w")
    y = fn(1, "add")(fn(6, "read_value")(var), g.p([2, 3]))
    g.sinks.append(fn(6, "assign")(y, var))
    return [y]


add("ReadValue", 6, "no initial value: zeros", state_zeros, ARITH)
for version in (3, 6):
    add("ReadValue", version, "initial value + x", lambda g, v=version: state_case(g, v), ARITH)
    add("Assign", version, "of ReadValue + x", lambda g, v=version: state_case(g, v), ARITH)

# ----------------------------------------------------------------------------------------------- the rest
add("Reverse", 1, "index axes 0,2", lambda g: [nf(1, "Reverse", [g.p([2, 3, 4]), g.c([0, 2])], {"mode": "index"})],
    EXACT)
add("Reverse", 1, "mask", lambda g: [nf(1, "Reverse", [g.p([2, 3]), g.c([False, True], np.bool_)], {"mode": "mask"})],
    EXACT)
add("Xor", 1, "bool [2,4] and [4]", lambda g: [nf(1, "Xor", [g.p([2, 4], np.bool_), g.p([4], np.bool_)])], EXACT)
add("Col2Im", 15, "kernel 2x2 of 4x5",
    lambda g: [fn(15, "col2im")(g.p([1, 8, 12]), g.c([4, 5]), g.c([2, 2]))], ACCUM)
add("Col2Im", 15, "strides 2 dilations 1,2 pads, unbatched",
    lambda g: [fn(15, "col2im")(g.p([8, 9]), g.c([5, 6]), g.c([2, 2]), [2, 2], [1, 2], [1, 0], [0, 1])], ACCUM)
add("SliceScatter", 15, "negative step, axes",
    lambda g: [fn(15, "slice_scatter")(g.p([4, 6]), g.p([2, 3]), g.c([-1, 0]), g.c([0, 6]), g.c([-2, 2]),
        g.c([0, 1]))], EXACT)
add("SliceScatter", 15, "i32 step 1",
    lambda g: [fn(15, "slice_scatter")(g.p([5, 3], np.int32, -9, 9), g.p([2, 3], np.int32, -9, 9), g.c([1]),
        g.c([3]), g.c([1]))], EXACT)
add("SegmentMax", 16, "fill ZERO, empty segment",
    lambda g: [fn(16, "segment_max")(g.p([5, 2]), g.c([0, 0, 2, 2, 3], np.int32), fill_mode="ZERO")], EXACT)
add("SegmentMax", 16, "num_segments 5, LOWEST, i32",
    lambda g: [fn(16, "segment_max")(g.p([4], np.int32, -9, 9), g.c([1, 1, 1, 3]), g.c(5), "LOWEST")], EXACT)
add("SparseFillEmptyRows", 16, "rows 1 and 3 empty",
    lambda g: outs(fn(16, "sparse_fill_empty_rows")(g.p([3]), g.c([5, 4]), g.c([[0, 1], [2, 0], [4, 3]]),
        g.c(-1.0, np.float32))), EXACT)
add("SparseFillEmptyRows", 16, "i32 indices and values, none empty",
    lambda g: outs(fn(16, "sparse_fill_empty_rows")(g.p([2], np.int32, -9, 9), g.c([2, 3], np.int32),
        g.c([[0, 0], [1, 2]], np.int32), g.c(7, np.int32))), EXACT)
for dst in ("f8e4m3", "f8e5m2"):
    add("FakeConvert", 13, f"{dst}, scale and shift",
        lambda g, d=dst: [fn(13, "fake_convert")(g.p([2, 6], lo=-4, hi=4), g.c([[2.0], [0.5]], np.float32),
            g.c([[0.1], [-0.2]], np.float32), d)], ARITH)
add("FakeConvert", 13, "f8e4m3 saturating, no shift",
    lambda g: [fn(13, "fake_convert")(g.p([8], data=[0, 1e-3, -0.3, 1.7, 300, -500, 1000, 2.5]), g.c(1.0,
        np.float32))], ARITH)
for pad in ("valid", "same_upper", "same_lower"):
    add("ExtractImagePatches", 3, f"2x2 stride 2 rate 1 {pad}",
        lambda g, p=pad: [fn(3, "extract_image_patches")(g.p([1, 2, 5, 5]), [2, 2], [2, 2], [1, 1], p)], EXACT)
add("ExtractImagePatches", 3, "3x3 stride 1 rate 2 valid",
    lambda g: [fn(3, "extract_image_patches")(g.p([2, 1, 6, 6]), [3, 3], [1, 1], [2, 2], "valid")], EXACT)
add("EmbeddingBagOffsetsSum", 3, "default index, weights",
    lambda g: [fn(3, "embedding_bag_offsets_sum")(g.p([5, 3]), g.c([0, 2, 3, 4], np.int32), g.c([0, 2, 2],
        np.int32), g.c(1, np.int32), g.p([4]))], ARITH)
add("EmbeddingBagPackedSum", 3, "weights", lambda g: [fn(3, "embedding_bag_packed_sum")(g.p([5, 3]),
    g.c([[0, 2], [4, 4]]), g.p([2, 2]))], ARITH)
add("EmbeddingSegmentsSum", 3, "4 segments, default index",
    lambda g: [fn(3, "embedding_segments_sum")(g.p([5, 3]), g.c([0, 2, 3, 4]), g.c([0, 0, 2, 2]), g.c(4), g.c(0),
        g.p([4]))], ARITH)
for reduction in ("sum", "mean"):
    add("EmbeddingBagOffsets", 15, reduction,
        lambda g, r=reduction: [fn(15, "embedding_bag_offsets")(g.p([5, 3]), g.c([0, 2, 3, 4]), g.c([0, 2, 2]),
            reduction=r)], ARITH)
    add("EmbeddingBagPacked", 15, reduction,
        lambda g, r=reduction: [fn(15, "embedding_bag_packed")(g.p([5, 3]), g.c([[0, 2], [4, 1]]), reduction=r)],
        ARITH)
for mode, padding, corners in (("bilinear", "zeros", False), ("nearest", "border", True),
                               ("bicubic", "reflection", False), ("bilinear", "reflection", True)):
    add("GridSample", 9, f"{mode} {padding} align_corners {corners}",
        lambda g, m=mode, p=padding, a=corners: [fn(9, "grid_sample")(g.p([1, 2, 4, 5]), g.p([1, 3, 4, 2], lo=-1.2,
            hi=1.2), {"mode": m, "padding_mode": p, "align_corners": a})], ACCUM)
add("GridSample", 9, "f16 bilinear border",
    lambda g: [fn(9, "grid_sample")(g.p([1, 2, 4, 5], np.float16), g.p([1, 3, 4, 2], np.float16, -1.2, 1.2),
        {"mode": "bilinear", "padding_mode": "border", "align_corners": False})], F16)
def u1_filters(g, shape):
    """A u1 constant of random bits (BinaryConvolution's filters)."""
    return ov.op.Constant(ov.Type.u1, ov.Shape(shape), g.random([int(np.prod(shape))], np.int32, 0, 1).tolist())


# C a multiple of 8: OpenVINO CPU's results vary from run to run otherwise (host_ref/binary_conv.cpp)
add("BinaryConvolution", 1, "3x3 pad 1 pad_value -1",
    lambda g: [fn(1, "binary_convolution")(g.p([1, 8, 4, 4]), u1_filters(g, [3, 8, 3, 3]), [1, 1], [1, 1], [1, 1],
        [1, 1], "xnor-popcount", -1.0)], EXACT)
add("BinaryConvolution", 1, "stride 2 dilation 2 pad_value 1",
    lambda g: [fn(1, "binary_convolution")(g.p([2, 16, 7, 7]), u1_filters(g, [2, 16, 2, 2]), [2, 2], [1, 0], [0, 1],
        [2, 2], "xnor-popcount", 1.0)], EXACT)
add("BinaryConvolution", 1, "same_upper pad_value 0",
    lambda g: [fn(1, "binary_convolution")(g.p([1, 8, 5, 5]), u1_filters(g, [2, 8, 2, 2]), [1, 1], [0, 0], [0, 0],
        [1, 1], "xnor-popcount", 0.0, "same_upper")], EXACT)
add("DeformableConvolution", 1, "3x3 pad 1, 2 deformable groups",
    lambda g: [fn(1, "deformable_convolution")(g.p([1, 4, 5, 5]), g.p([1, 36, 5, 5], lo=-0.7, hi=0.7),
        g.p([2, 4, 3, 3]), [1, 1], [1, 1], [1, 1], [1, 1], "explicit", 1, 2)], ACCUM)
add("DeformableConvolution", 8, "mask, 2 groups, stride 2",
    lambda g: [fn(8, "deformable_convolution")(g.p([1, 4, 6, 6]), g.p([1, 8, 3, 3], lo=-0.7, hi=0.7),
        g.p([2, 2, 2, 2]), [2, 2], [0, 0], [0, 0], [1, 1], g.p([1, 4, 3, 3], lo=0, hi=1), "explicit", 2, 1)], ACCUM)
add("DeformableConvolution", 8, "bilinear_interpolation_pad",
    lambda g: [fn(8, "deformable_convolution")(g.p([1, 2, 4, 4]), g.p([1, 8, 3, 3], lo=-1.5, hi=1.5),
        g.p([3, 2, 2, 2]), [1, 1], [0, 0], [0, 0], [1, 1], None, "explicit", 1, 1, True)], ACCUM)


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
        nearby = producers + [i.get_source_output().get_node() for n in producers for i in n.inputs()] + g.sinks
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
        model = ov.Model([OPSET_MODULES[1].result(o) for o in outs], g.sinks, g.params, "case")
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
