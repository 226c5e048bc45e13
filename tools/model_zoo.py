#!/usr/bin/env python3
"""A zoo of real architectures exported by OpenVINO's converters, run on ovcl against OpenVINO CPU.

    tools/model_zoo.py --install                      # the exporters into build/venv (torch CPU, timm, transformers,
                                                      # optimum-intel, diffusers, ultralytics); only when asked
    tools/model_zoo.py --export                       # every architecture of tools/zoo_models.py into build/zoo
    tools/model_zoo.py --export resnet18,gpt2_tiny    # some
    tools/model_zoo.py --run [names] [-t 3]           # ovcl REF and GPU against OpenVINO CPU f32, one model at a time
    tools/model_zoo.py --report docs/perf/zoo.md      # the table from build/zoo/results/*.json
    tools/model_zoo.py --selftest                     # one IR made with the openvino wheel through run + report

Run with build/venv/bin/python (the openvino wheel; ovcl's Python package from build/python). For each model
--run records: whether ovcl reads, compiles and runs it on REF and GPU; the max error of each against OpenVINO CPU
(INFERENCE_PRECISION_HINT f32) on the same fixed inputs; the share of its ops and of its FLOPs that run as device
kernels (`ovcl query -d GPU`, corrected by the GPU's per-op profiling: exec type `ref` is a host step); host steps
per inference; latency and throughput of `ovcl benchmark -d GPU` against benchmark_app on CPU (f32, same input
files and types) in the same run; for the stateful LLMs, a token-by-token loop through the infer request API on both.
Every stage runs in a subprocess: a failure (or crash) is recorded with its first line and the run goes on.

Known to work with openvino 2026.4.1 (kept as it is): torch 2.15.0 and torchvision 0.29.2 (PyPI's wheels, with their
CUDA libraries, where PyTorch's CPU index is not reachable), timm 1.0.31, transformers 4.57.6 (optimum-intel 1.27.0
keeps it below 4.58), optimum 2.1.0, optimum-intel 1.27.0, diffusers 0.39.0, openvino-tokenizers 2026.4.1.0,
ultralytics 8.4.190.
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

EXPORTERS = ["torch", "torchvision", "timm", "transformers", "optimum-intel[openvino]", "diffusers", "ultralytics"]
TORCH_CPU_INDEX = "https://download.pytorch.org/whl/cpu"
DECODE_TOKENS, DECODE_WARMUP = 192, 8  # the LLMs' timed decode: tokens after the prompt, the first ones not counted


def first_line(error):
    """An exception's type and first non-empty line (a string: its first non-empty line), for the report."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    text = lines[0] if lines else ""
    if not isinstance(error, str):
        text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return text[:300]


def last_line(text):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


# --- install --------------------------------------------------------------------------------------------------

def install():
    """torch and torchvision from PyTorch's CPU index where it is reachable (else PyPI's wheels), then the rest;
    the openvino wheel already in the venv is kept (optimum-intel resolves against it)."""
    pip = [sys.executable, "-m", "pip", "install"]
    if subprocess.run(pip + ["torch", "torchvision", "--index-url", TORCH_CPU_INDEX, "--timeout", "20",
                          "--retries", "0"]).returncode:
        print("PyTorch's CPU index is not reachable: torch from PyPI", flush=True)
        subprocess.run(pip + ["torch", "torchvision"], check=True)
    subprocess.run(pip + EXPORTERS[2:], check=True)


# --- FLOPs from shapes ----------------------------------------------------------------------------------------

def _dims(pshape, fallback):
    """A partial shape as ints: a dynamic dimension takes its upper bound, else `fallback`."""
    if pshape.rank.is_dynamic:
        return None
    out = []
    for d in pshape:
        if d.is_static:
            out.append(d.get_length())
        else:
            top = d.get_max_length()
            out.append(top if 0 < top < 1 << 20 else fallback)
    return out


def op_flops(node, fallback=1):
    """Multiply-adds x 2 of the compute ops; one per output element elsewhere (element-wise, movement, ...)."""
    kind = node.get_type_name()
    ins = [_dims(node.get_input_partial_shape(i), fallback) for i in range(node.get_input_size())]
    outs = [_dims(node.get_output_partial_shape(i), fallback) for i in range(node.get_output_size())]
    if any(s is None for s in ins + outs):
        return 0
    prod = lambda s: int(np.prod(s)) if s else 1  # noqa: E731
    if kind == "Convolution":
        return 2 * prod(outs[0]) * prod(ins[1][1:])
    if kind == "GroupConvolution":  # weights [G, K/G, C/G, k...]
        return 2 * prod(outs[0]) * prod(ins[1][2:])
    if kind == "ConvolutionBackpropData":  # weights [C, K, k...]: every input pixel scatters K x k taps
        return 2 * prod(ins[0]) * prod(ins[1][1:])
    if kind == "MatMul":
        a = ins[0]
        k = a[-2] if node.get_attributes().get("transpose_a") and len(a) > 1 else a[-1]
        return 2 * prod(outs[0]) * k
    if kind == "ScaledDotProductAttention":  # Q [.., L, E], K [.., S, E]: QK^T and the product with V
        q, k = ins[0], ins[1]
        return 4 * prod(q) * k[-2]
    gates = {"LSTMSequence": 4, "GRUSequence": 3, "RNNSequence": 1, "LSTMCell": 4, "GRUCell": 3, "RNNCell": 1}
    if kind in gates:  # X [B, T, I] (cells: [B, I]), H [B, D, Hd] (cells: [B, Hd])
        x, h = ins[0], ins[1]
        steps = x[1] if kind.endswith("Sequence") else 1
        dirs = h[1] if kind.endswith("Sequence") else 1
        return 2 * x[0] * steps * dirs * gates[kind] * h[-1] * (x[-1] + h[-1])
    if kind in ("Parameter", "Constant", "Result"):
        return 0
    return sum(prod(o) for o in outs)


# --- ovcl query -----------------------------------------------------------------------------------------------

def ovcl_query(ovcl, xml, timeout):
    """`ovcl query -d GPU`: {op name: (type, kind)} and the reasons of the host ops."""
    done = subprocess.run([ovcl, "query", "-m", xml, "-d", "GPU"], capture_output=True, text=True, timeout=timeout)
    if done.returncode:
        raise RuntimeError(first_line(done.stderr or done.stdout))
    ops, reasons = {}, {}
    for line in done.stdout.splitlines():
        cols = line.split()
        if len(cols) >= 4 and re.fullmatch(r"\w+-v\d+", cols[-3]) and cols[-1] in ("kernel", "host", "-"):
            ops[" ".join(cols[:-3])] = (cols[-3], cols[-1])
        m = re.match(r"\s+(.+) \((\w+)\): (.+)", line)
        if m:
            reasons[m.group(1)] = f"{m.group(2)}: {m.group(3)}"
    return ops, reasons


# --- the worker: one API, one device, one model, in its own process ------------------------------------------

def _feed_llm(names, ids, past):
    feed = {"input_ids": ids}
    if "attention_mask" in names:
        feed["attention_mask"] = np.ones((1, past + ids.shape[1]), np.int64)
    if "position_ids" in names:
        feed["position_ids"] = np.arange(past, past + ids.shape[1], dtype=np.int64)[None]
    if "beam_idx" in names:
        feed["beam_idx"] = np.zeros((1,), np.int32)
    return feed


def _llm_loop(request, names, ids, prompt, logits_port):
    """Prefill with the prompt, then the fixed tokens one by one (teacher forcing, so the devices see the same
    tokens): the last position's logits of each step, and the per-token decode latencies."""
    request.reset_state()
    request.infer(_feed_llm(names, ids[:, :prompt], 0))
    rows = [request.get_tensor(logits_port).data[0, -1].copy()]
    latencies = []
    for t in range(prompt, ids.shape[1]):
        start = time.perf_counter()
        request.infer(_feed_llm(names, ids[:, t:t + 1], t))
        latencies.append(time.perf_counter() - start)
        rows.append(request.get_tensor(logits_port).data[0, -1].copy())
    return np.stack(rows), latencies


def _profile(request):
    """Host steps (exec type `ref`) in execution order, their runs of consecutive steps, the bytes moved."""
    steps, host, runs, transfer, previous_host = 0, [], 0, {}, False
    for p in request.get_profiling_info():
        if p.node_type == "TransferBytes":
            transfer[p.node_name] = int(p.exec_type)
            continue
        if p.node_type in ("Stage", "Transfer") or str(p.status).endswith("NOT_RUN"):
            continue
        steps += 1
        is_host = p.exec_type == "ref"
        if is_host:
            host.append([p.node_name, p.node_type])
            runs += not previous_host
        previous_host = is_host
    return {"steps": steps, "host_steps": host, "host_runs": runs, "transfer_bytes": transfer}


def worker(api, device, entry_path, out):
    with open(entry_path) as f:
        entry = json.load(f)
    result = {"stage": "read"}

    def save():
        with open(os.path.join(out, "result.json"), "w") as f:
            json.dump(result, f)

    try:
        if api == "ovcl":
            sys.path.append(os.path.join(ROOT, "build", "python"))  # after PYTHONPATH: a build tree named there wins
            import ovcl as ov
            config = {"PERF_COUNT": True} if device.startswith("GPU") else {}
        else:
            import openvino as ov
            config = {"INFERENCE_PRECISION_HINT": "f32"}
        core = ov.Core()
        t0 = time.perf_counter()
        model = core.read_model(entry["xml"])
        result.update(stage="compile", read_s=time.perf_counter() - t0)
        save()
        t0 = time.perf_counter()
        compiled = core.compile_model(model, device, config)
        result.update(stage="infer", compile_s=time.perf_counter() - t0)
        save()
        request = compiled.create_infer_request()
        feeds = {name: np.load(path) for name, path in entry["inputs"].items()}
        t0 = time.perf_counter()
        if entry["stateful"]:
            names = {p.any_name for p in compiled.inputs}
            logits = next(i for i, p in enumerate(compiled.outputs) if "logits" in p.get_names())
            rows, _ = _llm_loop(request, names, feeds["input_ids"], entry["prompt"], compiled.outputs[logits])
            result["first_infer_s"] = time.perf_counter() - t0
            outputs = [rows]
            # the figures: on a compiled model without profiling, one pass of DECODE_TOKENS tokens (the test's ids
            # over again), the first few skipped; a length never comes back, so neither side serves a token from
            # what it kept of an earlier run at that length, as a real generation never can
            timed = core.compile_model(model, device, {}) if config.get("PERF_COUNT") else compiled
            ids = np.resize(feeds["input_ids"], (1, entry["prompt"] + DECODE_TOKENS))
            latencies = _llm_loop(timed.create_infer_request(), names, ids, entry["prompt"],
                                  timed.outputs[logits])[1][DECODE_WARMUP:]
            result["decode_ms_median"] = 1e3 * float(np.median(latencies))
            result["decode_tokens_per_s"] = 1.0 / float(np.median(latencies))
        else:
            request.infer(feeds)
            result["first_infer_s"] = time.perf_counter() - t0
            outputs = [request.get_output_tensor(i).data.copy() for i in range(len(compiled.outputs))]
            request.infer(feeds)  # the profile of a steady inference
        if api == "ovcl" and device.startswith("GPU"):
            result["profile"] = _profile(request)
        for i, o in enumerate(outputs):
            np.save(os.path.join(out, f"out_{i}.npy"), o)
        result.update(stage="done", outputs=len(outputs))
    except Exception as e:  # recorded, not raised: the parent reports the stage and reason
        result["error"] = first_line(e)
    save()


def run_worker(api, device, entry_path, out, timeout):
    os.makedirs(out, exist_ok=True)
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", api, device, entry_path, out]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        crashed = done.returncode != 0 and f"exited with {done.returncode}: " + last_line(done.stderr)
    except subprocess.TimeoutExpired:
        crashed = f"timed out after {timeout} s"
    path = os.path.join(out, "result.json")
    result = json.load(open(path)) if os.path.exists(path) else {"stage": "read"}
    if crashed and "error" not in result:
        result["error"] = crashed
    return result


# --- comparison and benchmarks --------------------------------------------------------------------------------

def _as_set(refs, gots, scales):
    """Detections compared as sets of rows (box, score, label: row i of every output): each row of one side against
    the nearest row of the other, relative to each output's scale. The order of detections whose scores are equal
    within rounding is unspecified (sorts, TopK, NMS), so a swap of two such rows is no error."""
    n = refs[0].shape[0]
    cost = np.zeros((n, n))
    for ref, got, scale in zip(refs, gots, scales):
        a, b = ref.reshape(n, -1), got.reshape(n, -1)
        cost = np.maximum(cost, np.abs(a[:, None, :] - b[None, :, :]).max(axis=2) / (scale or 1.0))
    return float(max(cost.min(axis=0).max(), cost.min(axis=1).max()))


def compare(out_dir, ref_dir, count, tolerance, as_set=False):
    """Per output, max |got - ref| relative to max |ref| (absolute where ref is all zeros); the worst over the
    outputs against the tolerance. A shape that differs fails (data-dependent outputs: detections). With as_set,
    outputs of equal row counts that fail are compared again as sets of rows (_as_set), which then decides."""
    worst_abs, worst_rel, notes = 0.0, 0.0, []
    refs, gots, scales = [], [], []
    for i in range(count):
        ref = np.load(os.path.join(ref_dir, f"out_{i}.npy")).astype(np.float64)
        got = np.load(os.path.join(out_dir, f"out_{i}.npy")).astype(np.float64)
        refs.append(ref)
        gots.append(got)
        scales.append(float(np.abs(ref[np.isfinite(ref)]).max(initial=0.0)))
        if got.shape != ref.shape:
            notes.append(f"output {i} has shape {list(got.shape)}, OpenVINO CPU's {list(ref.shape)}")
            worst_rel = float("inf")
            continue
        if ref.size == 0:
            continue
        diff = np.abs(got - ref)
        diff[np.isnan(got) & np.isnan(ref)] = 0
        diff[np.isnan(diff)] = np.inf
        scale = float(np.abs(ref[np.isfinite(ref)]).max(initial=0.0))
        worst_abs = max(worst_abs, float(diff.max()))
        worst_rel = max(worst_rel, float(diff.max()) / (scale or 1.0))
    result = {"max_abs": worst_abs, "max_rel": worst_rel, "ok": bool(not notes and worst_rel <= tolerance),
              "notes": notes}
    rows = {r.shape[0] if r.ndim else -1 for r in refs + gots}
    if as_set and not notes and worst_rel > tolerance and len(rows) == 1 and rows != {0} and rows != {-1}:
        result["as_set"] = _as_set(refs, gots, scales)
        result["ok"] = result["as_set"] <= tolerance
    return result


def compare_all(res, zoo):
    """Fills res's comparisons from the outputs kept under <zoo>/work/<name>: REF and GPU against OpenVINO CPU, GPU
    against REF (an error REF shares is the model's conditioning or a host_ref semantic, one only the GPU has is its
    kernels'), and each of the three against PyTorch's outputs where the export saved them (<zoo>/<name>/torch)."""
    work = os.path.join(zoo, "work", res["name"])
    count, tol, as_set = res.get("openvino_cpu", {}).get("outputs"), res["tolerance"], res["family"] == "detection"
    torch_dir = os.path.join(zoo, res["name"], "torch")
    has_torch = count and os.path.exists(os.path.join(torch_dir, f"out_{count - 1}.npy"))
    done = [d for d in ("openvino_cpu", "REF", "GPU") if res.get(d, {}).get("stage") == "done"]
    if "openvino_cpu" not in done:
        return
    for device in done:
        folder = os.path.join(work, device)
        if device != "openvino_cpu":
            res[device]["compare"] = compare(folder, os.path.join(work, "openvino_cpu"), count, tol, as_set)
        if has_torch:
            res[device]["vs_torch"] = compare(folder, torch_dir, count, tol, as_set)
    if "REF" in done and "GPU" in done:
        res["GPU"]["vs_ref"] = compare(os.path.join(work, "GPU"), os.path.join(work, "REF"), count, tol, as_set)


def recompare(zoo):
    """The comparisons of <zoo>/results again from the outputs the run kept, under today's rules."""
    for path in glob.glob(os.path.join(zoo, "results", "*.json")):
        with open(path) as f:
            res = json.load(f)
        compare_all(res, zoo)
        with open(path, "w") as f:
            json.dump(res, f, indent=1)


def benchmark(tool, xml, device, hint, seconds, entry, cache_dir, timeout):
    import make_models
    with tempfile.TemporaryDirectory() as folder:
        cmd = [tool, "-m", xml, "-d", device, "-hint", hint, "-t", str(seconds), "-report_type", "no_counters",
               "-json_stats", "-report_folder", folder, "-i",
               ",".join(f"{n}:{p}" for n, p in entry["inputs"].items())] + make_models.input_precision_flags(xml)
        if device == "CPU":
            cmd += ["-infer_precision", "f32"]
        else:
            cmd[1:1] = ["benchmark"]
            cmd += ["-cache_dir", cache_dir]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if done.returncode:
            raise RuntimeError(last_line(done.stderr) or last_line(done.stdout))
        with open(os.path.join(folder, "benchmark_report.json")) as f:
            figures = make_models.figures_from_report(json.load(f), cmd)
    return {k: figures[k] for k in ("latency_median_ms", "throughput_fps", "requests", "iterations")}


def count_ops(entry, res, ovcl, timeout):
    """Ops and FLOPs on the device: the query's kinds, less the kernels the GPU's profile saw run on the host (the
    plan puts a step there when an input's shape is known only at run time); shapes from the IR. The ops on the host
    in two lists: refused by the device (`ovcl query`), and kernels the plan moved there; and the first host step."""
    import openvino as ov
    kinds, reasons = ovcl_query(ovcl, entry["xml"], timeout)
    steps = res["GPU"].get("profile", {}).get("host_steps", [])
    ran_on_host = {n for n, _ in steps}
    counted = {"ops": 0, "device_ops": 0, "flops": 0, "device_flops": 0}
    refused, moved = {}, {}
    for node in ov.Core().read_model(entry["xml"]).get_ordered_ops():
        kind = node.get_type_name()
        if kind in ("Parameter", "Constant", "Result"):
            continue
        name = node.get_friendly_name()
        label, how = kinds.get(name, (f"{kind}-{node.get_type_info().version_id.replace('opset', 'v')}", "-"))
        on_device = how == "kernel" and name not in ran_on_host
        flops = op_flops(node, fallback=entry.get("prompt") or 1)
        counted["ops"] += 1
        counted["flops"] += flops
        counted["device_ops"] += on_device
        counted["device_flops"] += flops if on_device else 0
        if not on_device:
            where = moved if how == "kernel" else refused
            where[label] = where.get(label, 0) + 1
    res.update(ops=counted, host_refused=refused, host_moved=moved, host_reasons=sorted(set(reasons.values())),
               first_host_step=steps[0] if steps else None)


def run_model(entry, args):
    """Every measurement of one model; each stage's failure recorded with its reason."""
    name, zoo = entry["name"], args.zoo
    work = os.path.join(zoo, "work", name)
    res = {"name": name, "family": entry["family"], "tolerance": entry["tolerance"], "stateful": entry["stateful"]}
    entry_path = os.path.join(zoo, name, "entry.json")
    ref = run_worker("openvino", "CPU", entry_path, os.path.join(work, "openvino_cpu"), args.timeout)
    res["openvino_cpu"] = ref
    for device in ("REF", "GPU"):
        res[device] = run_worker("ovcl", device, entry_path, os.path.join(work, device), args.timeout)
    compare_all(res, zoo)
    for device in ("REF", "GPU"):
        got = res[device]
        print(f"   {device}: {got.get('stage')} {got.get('error', '')} {got.get('compare', {}).get('max_rel', '')}",
              flush=True)

    try:
        count_ops(entry, res, args.ovcl, args.timeout)
    except Exception as e:
        res["ops_error"] = first_line(e)

    if not args.no_bench and res["GPU"].get("stage") == "done" and entry["stateful"]:
        # The decode figure in rounds too, alternating the two sides, each keeping its fastest median.
        for r in range(1, args.rounds):
            for key, api, device in (("openvino_cpu", "openvino", "CPU"), ("GPU", "ovcl", "GPU")):
                again = run_worker(api, device, entry_path, os.path.join(work, f"{key}_round{r}"), args.timeout)
                if again.get("decode_ms_median", float("inf")) < res[key].get("decode_ms_median", float("inf")):
                    for figure in ("decode_ms_median", "decode_tokens_per_s"):
                        res[key][figure] = again[figure]
    if not args.no_bench and res["GPU"].get("stage") == "done" and not entry["stateful"]:
        cache = os.path.join(zoo, "ovcl_cache")
        for hint in args.hints.split(","):
            # Rounds alternate the two sides and each keeps its best: a slow phase of a shared machine that meets one
            # round of one side does not decide the ratio.
            for _ in range(args.rounds):
                for key, tool, device in (("ovcl", args.ovcl, "GPU"), ("openvino", _benchmark_app(), "CPU")):
                    try:
                        got = benchmark(tool, entry["xml"], device, hint, args.time, entry, cache, args.timeout)
                    except Exception as e:
                        res.setdefault("bench_errors", []).append(f"{key} {hint}: {first_line(e)}")
                        continue
                    figures = res.setdefault("bench", {}).setdefault(key, {})
                    if hint not in figures or better(got, figures[hint], hint):
                        figures[hint] = got
    return res


def better(a, b, hint):
    """Whether benchmark figures `a` beat `b` for `hint`: a lower median latency, or more FPS."""
    if hint == "latency":
        return a["latency_median_ms"] < b["latency_median_ms"]
    return a["throughput_fps"] > b["throughput_fps"]


def _benchmark_app():
    return os.path.join(os.path.dirname(sys.executable), "benchmark_app")


def entries(zoo, names):
    found = {}
    for path in sorted(glob.glob(os.path.join(zoo, "*", "entry.json"))):
        with open(path) as f:
            e = json.load(f)
        found[e["name"]] = e
    return [found[n] for n in (names or found) if n in found]


# --- main -----------------------------------------------------------------------------------------------------

def split(text):
    return [n for n in (text or "").split(",") if n and n != "all"]


def main(argv=None):
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--worker":
        return worker(*sys.argv[2:6])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--install", action="store_true", help="pip-install the exporters into this Python's venv")
    parser.add_argument("--export", nargs="?", const="all", help="export these models (comma list; all without)")
    parser.add_argument("--run", nargs="?", const="all", help="run these exported models (comma list; all without)")
    parser.add_argument("--report", help="write the markdown report here from <zoo>/results")
    parser.add_argument("--selftest", action="store_true", help="a wheel-made IR through --run and --report")
    parser.add_argument("--zoo", default=os.path.join(ROOT, "build", "zoo"), help="folder of the IRs (build/zoo)")
    parser.add_argument("--ovcl", default=os.path.join(ROOT, "build", "bin", "ovcl"), help="the ovcl binary")
    parser.add_argument("-t", "--time", type=int, default=3, help="seconds per benchmark run (default 3)")
    parser.add_argument("--hints", default="latency,throughput", help="benchmark hints (default both)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="benchmark rounds alternating ovcl and OpenVINO; each keeps its best (default 2)")
    parser.add_argument("--no-bench", action="store_true", help="outputs, ops and FLOPs only")
    parser.add_argument("--timeout", type=int, default=900, help="seconds per stage before it counts as failed")
    args = parser.parse_args(argv)
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]
    if not (args.install or args.export or args.run or args.report or args.selftest):
        parser.error("nothing to do: give --install, --export, --run, --report or --selftest")
    if args.selftest:
        try:
            import openvino  # noqa: F401
        except ImportError:
            print("skipped: this Python has no openvino wheel (pip install openvino)")
            return 77
        import zoo_selftest
        return zoo_selftest.main(args, run_model)
    if args.install:
        install()
    if args.export:
        import zoo_models
        names = split(args.export) or list(zoo_models.ZOO)
        unknown = [n for n in names if n not in zoo_models.ZOO]
        if unknown:
            parser.error(f"--export: unknown models {unknown}; known: {', '.join(zoo_models.ZOO)}")
        for name in names:
            t0 = time.time()
            try:
                zoo_models.export(name, args.zoo)
                print(f"exported {name} ({time.time() - t0:.0f} s)", flush=True)
                if os.path.exists(os.path.join(args.zoo, name, "export_error.txt")):
                    os.remove(os.path.join(args.zoo, name, "export_error.txt"))
            except Exception as e:
                print(f"export of {name} failed: {first_line(e)}", flush=True)
                with open(os.path.join(args.zoo, name, "export_error.txt"), "w") as f:
                    f.write(first_line(e) + "\n")
    if args.run:
        os.makedirs(os.path.join(args.zoo, "results"), exist_ok=True)
        for entry in entries(args.zoo, split(args.run)):
            print(f"== {entry['name']}", flush=True)
            t0 = time.time()
            res = run_model(entry, args)
            res["seconds"] = time.time() - t0
            res["date"] = time.strftime("%Y-%m-%d %H:%M %Z")
            res["command"] = " ".join(["tools/model_zoo.py"] + (sys.argv[1:] if argv is None else list(argv)))
            with open(os.path.join(args.zoo, "results", entry["name"] + ".json"), "w") as f:
                json.dump(res, f, indent=1)
    if args.report:
        import zoo_report
        recompare(args.zoo)
        zoo_report.write(args.zoo, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
