#!/usr/bin/env python3
"""Standard architectures as OpenVINO IR, with OpenVINO CPU's outputs and figures for them.

Builds ResNet-50, MobileNet-V2 and a BERT-base-like encoder with OpenVINO's opset Python API
(random weights from a fixed seed, so every run writes the same IR), saves each with
openvino.save_model as <out>/<name>/<name>.xml + .bin, writes fixed inputs as .npy
(<out>/<name>/inputs/), OpenVINO CPU's outputs for them (<out>/<name>/openvino_cpu/), and
runs OpenVINO's benchmark_app (from the wheel) on CPU for latency and throughput
(<out>/<name>/openvino_cpu_benchmark.json). <out>/manifest.json lists it all.

Needs `pip install openvino numpy` (the wheel is used by scripts only, never by ovcl). The files
are large and generated: never commit them (the default folder, build/models, is ignored).

    tools/make_models.py                          # all three models into build/models
    tools/make_models.py --models resnet50 -t 10  # one model, 10 s per benchmark
    tools/make_models.py --no-benchmark           # IR, inputs and outputs only
    tools/make_models.py --models resnet50_int8   # quantized by NNCF (pip install nncf); not in the default set
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

try:
    import openvino as ov
    import openvino.opset13 as ops
except ImportError:  # pragma: no cover - told to the user
    sys.exit("make_models.py needs the openvino wheel: pip install openvino numpy")

MODELS = ("resnet50", "mobilenet_v2", "bert")
SEED = 20240611


class Weights:
    """Fixed-seed random constants, scaled so activations stay near unit scale (as He/LeCun
    initialisation does), which keeps output comparisons meaningful after 50 layers."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def normal(self, shape, std):
        return ops.constant(self.rng.normal(0.0, std, size=shape).astype(np.float32))

    def conv(self, cout, cin, k, groups=1, gain=2.0):
        fan_in = cin // groups * k * k
        shape = (groups, cout // groups, cin // groups, k, k) if groups > 1 else (cout, cin, k, k)
        return self.normal(shape, np.sqrt(gain / fan_in))

    def bias(self, c, rank=4, scale=0.1):
        shape = (1, c) + (1,) * (rank - 2)
        return ops.constant(self.rng.uniform(-scale, scale, size=shape).astype(np.float32))


# ---------------------------------------------------------------------------------------------
# ResNet-50 (He et al. 2015, v1.5: the stride in the 3x3 conv), batch norms folded into biases
# as OpenVINO's converters leave them: Convolution + Add + Relu.

def channels(x):
    """Dimension 1 of a node's first output or of an output port."""
    shape = x.get_partial_shape() if isinstance(x, ov.Output) else x.get_output_partial_shape(0)
    return shape[1].get_length()


def conv_bias(w, x, cout, k, stride=1, relu=True, gain=2.0, groups=1, name=None):
    cin = channels(x)
    pad = (k - 1) // 2
    if groups == 1:
        y = ops.convolution(x, w.conv(cout, cin, k, gain=gain), [stride, stride], [pad, pad], [pad, pad], [1, 1])
    else:
        y = ops.group_convolution(x, w.conv(cout, cin, k, groups=groups, gain=gain), [stride, stride], [pad, pad],
                                  [pad, pad], [1, 1])
    y = ops.add(y, w.bias(cout))
    if relu:
        y = ops.relu(y)
    if name:
        y.set_friendly_name(name)
    return y


def resnet50(w):
    x = ops.parameter([1, 3, 224, 224], np.float32, name="input")
    x.output(0).set_names({"input"})
    y = conv_bias(w, x, 64, 7, stride=2, name="stem")
    y = ops.max_pool(y, [2, 2], [1, 1], [1, 1], [1, 1], [3, 3], rounding_type="floor").output(0)
    cin = 64
    for stage, (width, blocks, stride) in enumerate([(64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)]):
        for b in range(blocks):
            s = stride if b == 0 else 1
            cout = width * 4
            h = conv_bias(w, y, width, 1)
            h = conv_bias(w, h, width, 3, stride=s)
            # The last conv of a block starts small (as zero-init residual training does), so the
            # sum of 16 blocks stays in range with random weights.
            h = conv_bias(w, h, cout, 1, relu=False, gain=0.2)
            shortcut = y if (s == 1 and cin == cout) else conv_bias(w, y, cout, 1, stride=s, relu=False, gain=1.0)
            y = ops.relu(ops.add(h, shortcut))
            y.set_friendly_name(f"layer{stage + 1}.{b}")
            cin = cout
    y = ops.reduce_mean(y, ops.constant(np.array([2, 3], dtype=np.int64)), keep_dims=False)
    y = ops.matmul(y, w.normal((2048, 1000), np.sqrt(1.0 / 2048)), False, False)
    y = ops.add(y, w.bias(1000, rank=2))
    y.set_friendly_name("logits")
    y.output(0).set_names({"logits"})
    return ov.Model([y], [x], "resnet50")


# ---------------------------------------------------------------------------------------------
# MobileNet-V2 (Sandler et al. 2018): inverted residuals, depthwise GroupConvolution, ReLU6 as Clamp.

def mobilenet_v2(w):
    x = ops.parameter([1, 3, 224, 224], np.float32, name="input")
    x.output(0).set_names({"input"})

    def relu6(t):
        return ops.clamp(t, 0.0, 6.0)

    def cbr(t, cout, k, stride=1, groups=1, act=True, gain=2.0):
        y = conv_bias(w, t, cout, k, stride=stride, relu=False, groups=groups, gain=gain)
        return relu6(y) if act else y

    y = cbr(x, 32, 3, stride=2)
    cin = 32
    for t, c, n, s in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2),
                       (6, 320, 1, 1)]:
        for i in range(n):
            stride = s if i == 0 else 1
            hidden = cin * t
            h = y if t == 1 else cbr(y, hidden, 1)
            h = cbr(h, hidden, 3, stride=stride, groups=hidden)
            h = cbr(h, c, 1, act=False, gain=0.5 if (stride == 1 and cin == c) else 1.0)
            y = ops.add(y, h) if (stride == 1 and cin == c) else h
            cin = c
    y = cbr(y, 1280, 1)
    y = ops.reduce_mean(y, ops.constant(np.array([2, 3], dtype=np.int64)), keep_dims=False)
    y = ops.matmul(y, w.normal((1280, 1000), np.sqrt(1.0 / 1280)), False, False)
    y = ops.add(y, w.bias(1000, rank=2))
    y.set_friendly_name("logits")
    y.output(0).set_names({"logits"})
    return ov.Model([y], [x], "mobilenet_v2")


# ---------------------------------------------------------------------------------------------
# BERT-base-like encoder (Devlin et al. 2018): 12 layers, hidden 768, 12 heads, FFN 3072,
# sequence 128, vocabulary 30522; post-LayerNorm, Gelu, inputs as the Hugging Face exports.

BERT = dict(layers=12, hidden=768, heads=12, ffn=3072, seq=128, vocab=30522, types=2)


def bert(w):
    cfg = BERT
    d, nh, seq = cfg["hidden"], cfg["heads"], cfg["seq"]
    dh = d // nh
    ids = ops.parameter([1, seq], np.int64, name="input_ids")
    mask = ops.parameter([1, seq], np.int64, name="attention_mask")
    types = ops.parameter([1, seq], np.int64, name="token_type_ids")
    for p in (ids, mask, types):
        p.output(0).set_names({p.get_friendly_name()})

    def layer_norm(t):
        n = ops.mvn(t, ops.constant(np.array([-1], dtype=np.int64)), True, 1e-12, "inside_sqrt")
        gamma = ops.constant((1.0 + w.rng.uniform(-0.1, 0.1, size=(d,))).astype(np.float32))
        return ops.add(ops.multiply(n, gamma), w.normal((d,), 0.02))

    def dense(t, cin, cout, gain=1.0):
        return ops.add(ops.matmul(t, w.normal((cin, cout), np.sqrt(gain / cin)), False, False), w.normal((cout,), 0.02))

    axis0 = ops.constant(np.array(0, dtype=np.int64))
    emb = ops.gather(w.normal((cfg["vocab"], d), 1.0), ids, axis0)
    positions = ops.constant(np.arange(seq, dtype=np.int64).reshape(1, seq))
    emb = ops.add(emb, ops.gather(w.normal((512, d), 0.5), positions, axis0))
    emb = ops.add(emb, ops.gather(w.normal((cfg["types"], d), 0.5), types, axis0))
    h = layer_norm(emb)

    # (1 - mask) * -10000 as [1, 1, 1, seq], added to every head's scores.
    m = ops.convert(ops.reshape(mask, ops.constant(np.array([1, 1, 1, seq], dtype=np.int64)), False), np.float32)
    bias = ops.multiply(ops.subtract(ops.constant(np.float32(1.0)), m), ops.constant(np.float32(-10000.0)))

    to_heads = ops.constant(np.array([1, seq, nh, dh], dtype=np.int64))
    back = ops.constant(np.array([1, seq, d], dtype=np.int64))
    for i in range(cfg["layers"]):
        q, k, v = (ops.transpose(ops.reshape(dense(h, d, d), to_heads, False), ops.constant(np.array(perm)))
                   for perm in ([0, 2, 1, 3], [0, 2, 3, 1], [0, 2, 1, 3]))
        scores = ops.multiply(ops.matmul(q, k, False, False), ops.constant(np.float32(1.0 / np.sqrt(dh))))
        probs = ops.softmax(ops.add(scores, bias), -1)
        ctx = ops.reshape(ops.transpose(ops.matmul(probs, v, False, False), ops.constant(np.array([0, 2, 1, 3]))),
                          back, False)
        h = layer_norm(ops.add(h, dense(ctx, d, d)))
        ff = dense(ops.gelu(dense(h, d, cfg["ffn"], gain=2.0), "erf"), cfg["ffn"], d)
        h = layer_norm(ops.add(h, ff))
        h.set_friendly_name(f"encoder.layer{i}")
    h.output(0).set_names({"last_hidden_state"})
    return ov.Model([h], [ids, mask, types], "bert_base_like")


def quantized(builder, name):
    """`builder`'s model quantized to int8 by NNCF (post-training, its default scheme for CPU: per-tensor activation
    FakeQuantize, per-channel weights), calibrated on 8 fixed-seed inputs: the IR a user's quantized model is.
    Needs `pip install nncf` (imported here only, so the f32 models do not need it)."""
    def build(w):
        try:
            import nncf
        except ImportError:  # pragma: no cover - told to the user
            sys.exit(f"{name} needs NNCF: pip install nncf")
        model = builder(w)
        rng = np.random.default_rng(SEED + 2)
        calibration = [{p.get_any_name(): rng.uniform(-1.0, 1.0, size=tuple(p.get_shape())).astype(np.float32)
                        for p in model.inputs} for _ in range(8)]
        q = nncf.quantize(model, nncf.Dataset(calibration), subset_size=len(calibration))
        q.set_friendly_name(name)
        return q
    return build


BUILDERS = {"resnet50": resnet50, "mobilenet_v2": mobilenet_v2, "bert": bert,
            "resnet50_int8": quantized(resnet50, "resnet50_int8"),
            "mobilenet_v2_int8": quantized(mobilenet_v2, "mobilenet_v2_int8")}


def fixed_inputs(model, seed):
    """Inputs the outputs are recorded for: images uniform in [-1, 1]; token ids below the
    vocabulary, a mask with the last 16 positions padded, token types 0 then 1."""
    rng = np.random.default_rng(seed + 1)
    inputs = {}
    for port in model.inputs:
        name = port.get_any_name()
        shape = tuple(port.get_shape())
        if name == "input_ids":
            inputs[name] = rng.integers(0, BERT["vocab"], size=shape, dtype=np.int64)
        elif name == "attention_mask":
            a = np.ones(shape, dtype=np.int64)
            a[:, -16:] = 0
            inputs[name] = a
        elif name == "token_type_ids":
            a = np.zeros(shape, dtype=np.int64)
            a[:, shape[1] // 2:] = 1
            inputs[name] = a
        else:
            inputs[name] = rng.uniform(-1.0, 1.0, size=shape).astype(np.float32)
    return inputs


def benchmark_app_path():
    found = shutil.which("benchmark_app")
    if not found:
        sys.exit("benchmark_app (from the openvino wheel) is not on PATH")
    return found


def input_precision_flags(xml):
    """-iop giving every input the model's own element type: benchmark_app (and `ovcl benchmark`, which follows it)
    would otherwise feed image inputs as u8 through a Convert; passed to both, they feed the same tensors."""
    model = ov.Core().read_model(xml)
    pairs = [f"{port.any_name}:{port.element_type.get_type_name()}" for port in model.inputs]
    return ["-iop", ",".join(pairs)] if pairs else []


def run_benchmark_app(xml, hint, seconds, threads=None):
    """OpenVINO's benchmark_app on CPU in f32 (the precision ovcl runs): its JSON report's figures."""
    with tempfile.TemporaryDirectory() as folder:
        cmd = [benchmark_app_path(), "-m", xml, "-d", "CPU", "-hint", hint, "-t", str(seconds), "-infer_precision",
               "f32", "-report_type", "no_counters", "-json_stats", "-report_folder", folder] + input_precision_flags(xml)
        if threads:
            cmd += ["-nthreads", str(threads)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        with open(os.path.join(folder, "benchmark_report.json")) as f:
            report = json.load(f)
    return figures_from_report(report, cmd)


def figures_from_report(report, cmd):
    """The figures of a benchmark_app / ovcl benchmark JSON statistics report (same format)."""
    res, cfg = report["execution_results"], report["configuration_setup"]
    return {
        "command": " ".join(cmd),
        "api": cfg.get("API"),
        "requests": int(cfg.get("number of parallel infer requests", "1")),
        "iterations": int(res["total number of iterations"]),
        "duration_ms": float(res["total execution time (ms)"]),
        "latency_median_ms": float(res["latency (ms)"]),
        "latency_avg_ms": float(res["avg latency"]),
        "latency_min_ms": float(res["min latency"]),
        "latency_max_ms": float(res["max latency"]),
        "throughput_fps": float(res["throughput"]),
        "compile_ms": float(res.get("compile model time (ms)", "nan")),
        "first_inference_ms": float(res.get("first inference time (ms)", "nan")),
        # ovcl's GPU plugin only: its memory plan (what one stream allocates, the largest set of tensors alive at
        # one step, all tensors); None from benchmark_app and other devices.
        "memory_peak_bytes": _int_or_none(res.get("device memory peak (bytes)")),
        "memory_live_set_bytes": _int_or_none(res.get("device memory largest live set (bytes)")),
        "memory_all_tensors_bytes": _int_or_none(res.get("device memory all tensors (bytes)")),
    }


def _int_or_none(text):
    return int(text) if text is not None else None


def openvino_cpu_benchmark(xml, seconds):
    return {"latency": run_benchmark_app(xml, "latency", seconds),
            "throughput": run_benchmark_app(xml, "throughput", seconds)}


def make_model(name, out, seed, seconds, benchmark=True):
    folder = os.path.join(out, name)
    os.makedirs(os.path.join(folder, "inputs"), exist_ok=True)
    os.makedirs(os.path.join(folder, "openvino_cpu"), exist_ok=True)
    model = BUILDERS[name](Weights(seed))
    xml = os.path.join(folder, name + ".xml")
    # f32 weights: the IR holds exactly the numbers both runtimes compute with.
    ov.save_model(model, xml, compress_to_fp16=False)

    core = ov.Core()
    compiled = core.compile_model(core.read_model(xml), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    inputs = fixed_inputs(model, seed)
    input_files = {}
    for k, v in inputs.items():
        input_files[k] = os.path.join(folder, "inputs", k + ".npy")
        np.save(input_files[k], v)
    results = compiled.create_infer_request().infer(inputs)
    output_files = {}
    for port, value in results.items():
        oname = port.get_any_name()
        output_files[oname] = os.path.join(folder, "openvino_cpu", oname + ".npy")
        np.save(output_files[oname], np.asarray(value))
    entry = {"xml": xml, "inputs": input_files, "openvino_cpu_outputs": output_files,
             "ops": sorted({f"{op.get_type_name()}-{op.get_type_info().version_id}" for op in model.get_ordered_ops()})}
    if benchmark:
        figures = openvino_cpu_benchmark(xml, seconds)
        with open(os.path.join(folder, "openvino_cpu_benchmark.json"), "w") as f:
            json.dump(figures, f, indent=2)
        entry["openvino_cpu_benchmark"] = figures
    return entry


def write_manifest(out, entries):
    path = os.path.join(out, "manifest.json")
    manifest = {}
    if os.path.exists(path):
        with open(path) as f:
            manifest = json.load(f)
    manifest.update({"openvino_version": ov.get_version(), "seed": SEED})
    manifest.setdefault("models", {}).update(entries)
    with open(path, "w") as f:
        json.dump(manifest, f, indent=2)
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="build/models", help="output folder (default: build/models)")
    parser.add_argument("--models", default=",".join(MODELS),
                        help="comma-separated, of " + ", ".join(BUILDERS) + " (default: " + ",".join(MODELS) + ")")
    parser.add_argument("--seed", type=int, default=SEED, help="seed of the weights and inputs")
    parser.add_argument("-t", "--time", type=int, default=20, help="seconds per OpenVINO CPU benchmark (default 20)")
    parser.add_argument("--no-benchmark", action="store_true", help="skip the OpenVINO CPU benchmarks")
    args = parser.parse_args(argv)
    names = [n for n in args.models.split(",") if n]
    for n in names:
        if n not in BUILDERS:
            parser.error(f"--models: unknown model '{n}' (known: {', '.join(BUILDERS)})")
    entries = {}
    for n in names:
        print(f"== {n}: building IR, OpenVINO CPU outputs" + ("" if args.no_benchmark else " and benchmarks"),
              flush=True)
        entries[n] = make_model(n, args.out, args.seed, args.time, benchmark=not args.no_benchmark)
        bench = entries[n].get("openvino_cpu_benchmark")
        if bench:
            print(f"   OpenVINO CPU: latency {bench['latency']['latency_median_ms']:.2f} ms, "
                  f"throughput {bench['throughput']['throughput_fps']:.2f} FPS", flush=True)
    print("manifest:", write_manifest(args.out, entries))


if __name__ == "__main__":
    main()
