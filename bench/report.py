#!/usr/bin/env python3
"""The README's performance figures from the bench suite and the OpenVINO comparison, in one command.

Runs the Google Benchmark executables (build/bin/ovcl_bench_*) with JSON output into --json-dir, runs
tools/compare_openvino.py (ovcl GPU on PoCL against OpenVINO CPU on the IRs of tools/make_models.py) and
tools/cold_start.py (read + compile + first inference, with and without caches) when the `openvino` wheel can be
imported, and writes from those JSON files:
  docs/perf/bench.md             a table per bench (time, the ratio counters, the other counters, the command that
                                 reproduces each row), the OpenVINO and start-up tables, the machine and the date;
  docs/img/bench_async_throughput.png   inferences/s against the number of requests in flight (BM_Async, BM_Sync);
  docs/img/bench_async_stages.png       where one inference's time goes (BM_Stages);
  docs/img/bench_vs_host_ref.png        GPU kernels and models over host_ref / REF (BM_GpuOp, BM_ModelLatency).
  README.md                      the headline table (the figures with a target) between its markers.
Plots need matplotlib; without it the tables are still written and a message says the plots were left out.

    bench/report.py --all                      # everything (run it on an idle machine: ~20 min)
    bench/report.py --all --repetitions 3      # each figure the median of 3 runs (steadier on a shared machine)
    bench/report.py --run gpu_ops,models       # only these benches, then the report from every JSON there is
    bench/report.py                            # the report from the JSON files already in --json-dir
    bench/report.py --all --min-time 0.01 -t 2 --md /tmp/bench.md --img /tmp/img   # a quick check of the pipeline
"""

import argparse
import datetime
import glob
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Counters that compare with a baseline measured in the same run: shown first, right after the time.
RATIO = re.compile(r"^(vs_|pct_|speedup)|_vs_|_over_|_pct")


def rel(path):
    """A path as the reproducing commands print it: relative to the repository when inside it."""
    p = os.path.relpath(os.path.abspath(path), ROOT)
    return path if p.startswith("..") else p


def bench_executables(bindir):
    return sorted(p for p in glob.glob(os.path.join(bindir, "ovcl_bench_*")) if os.access(p, os.X_OK))


def short_name(exe):
    return os.path.basename(exe)[len("ovcl_bench_"):]


def run_bench(exe, json_dir, min_time, repetitions):
    """Runs one bench with JSON output; returns the command (as a string) and whether it exited 0."""
    out = os.path.join(json_dir, short_name(exe) + ".json")
    cmd = [rel(exe), f"--benchmark_out={rel(out)}", "--benchmark_out_format=json"]
    if min_time is not None:
        cmd.append(f"--benchmark_min_time={min_time}")
    if repetitions and repetitions > 1:
        cmd += [f"--benchmark_repetitions={repetitions}", "--benchmark_report_aggregates_only=true"]
    print("==", " ".join(cmd), flush=True)
    t0 = time.time()
    code = subprocess.call(cmd, cwd=ROOT)
    print(f"   {time.time() - t0:.0f} s, exit code {code}", flush=True)
    # The command that made the JSON file, kept beside it for the report.
    meta = {"command": " ".join(shlex.quote(c) for c in cmd), "exit_code": code,
            "finished": datetime.datetime.now().astimezone().isoformat(timespec="seconds")}
    with open(os.path.join(json_dir, short_name(exe) + ".cmd.json"), "w") as f:
        json.dump(meta, f, indent=2)
    return code == 0


def openvino_python(build):
    """A Python that can import the openvino wheel (build/venv's, made by scripts/setup, first), or None."""
    for py in (os.path.join(build, "venv", "bin", "python3"), sys.executable):
        if os.access(py, os.X_OK) and subprocess.call([py, "-c", "import openvino, numpy"],
                                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
            return py
    return None


def python_with_plots(build):
    """build/venv's Python (scripts/setup puts matplotlib there) when this one lacks matplotlib, else None."""
    try:
        import matplotlib  # noqa: F401
        return None
    except ImportError:
        pass
    py = os.path.join(build, "venv", "bin", "python3")
    if not os.access(py, os.X_OK):
        return None
    # It can import what this one cannot, so it is another environment: no loop.
    found = subprocess.call([py, "-c", "import matplotlib"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return py if found == 0 else None


def run_openvino_tool(build, models, tool, extra):
    """Runs tools/<tool> (compare_openvino.py, cold_start.py) under a Python that has the openvino wheel."""
    py = openvino_python(build)
    if not py:
        print(f"== {tool} left out: no Python here imports openvino and numpy "
              "(scripts/setup installs them into build/venv)", flush=True)
        return
    cmd = [rel(py), f"tools/{tool}", "--models", rel(models), "--ovcl", rel(os.path.join(build, "bin", "ovcl"))] + extra
    print("==", " ".join(cmd), flush=True)
    # benchmark_app comes with the wheel, beside its Python (make_models.py finds it on PATH).
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(py)) + os.pathsep + os.environ.get("PATH", ""))
    code = subprocess.call(cmd, cwd=ROOT, env=env)
    if code != 0:
        print(f"   {tool} exited with {code} (outputs off, or a run failed): see above", flush=True)


# ---------------------------------------------------------------------------------------------------------------
# Reading Google Benchmark's JSON


def load_bench(path):
    with open(path) as f:
        data = json.load(f)
    meta_path = path[:-len(".json")] + ".cmd.json"
    meta = {}
    if os.path.exists(meta_path):
        with open(meta_path) as f:
            meta = json.load(f)
    rows = []
    aggregated = any(b.get("run_type") == "aggregate" for b in data.get("benchmarks", []))
    for b in data.get("benchmarks", []):
        if aggregated and b.get("aggregate_name") != "median":
            continue  # with repetitions: the median of each figure
        name = b.get("run_name", b["name"])
        counters = {k: v for k, v in b.items() if k not in KNOWN_KEYS and isinstance(v, (int, float))}
        rows.append({"name": name, "label": b.get("label", ""), "error": b.get("error_message") if
                     b.get("error_occurred") else None, "time": b.get("real_time"), "unit": b.get("time_unit", "ns"),
                     "counters": counters})
    return {"context": data.get("context", {}), "rows": rows, "meta": meta, "aggregated": aggregated}


KNOWN_KEYS = {"name", "run_name", "run_type", "repetitions", "repetition_index", "threads", "iterations",
              "real_time", "cpu_time", "time_unit", "family_index", "per_family_instance_index", "label",
              "error_occurred", "error_message", "aggregate_name", "aggregate_unit", "bytes_per_second",
              "items_per_second"}


def description(bench):
    """The first sentence of the bench source's opening comment: what it measures, from the code itself."""
    src = os.path.join(ROOT, "bench", f"bench_{bench}.cpp")
    if not os.path.exists(src):
        return ""
    lines = []
    with open(src) as f:
        for line in f:
            if not line.startswith("//"):
                break
            lines.append(line[2:].strip())
    text = " ".join(lines).split(" - ")[0]  # up to a list, if the comment has one
    end = text.find(". ")
    return text if end < 0 else text[:end + 1]


def fmt(v):
    if v is None:
        return ""
    if isinstance(v, float) and (v != v):
        return "nan"
    a = abs(v)
    if a != 0 and (a >= 1e5 or a < 1e-3):
        return f"{v:.3g}"
    return f"{v:.3g}" if a < 100 else f"{v:.0f}"


def filter_command(bench, meta, name):
    """The command that measures one row again: the bench's executable with a filter matching only that row."""
    exe = f"build/bin/ovcl_bench_{bench}"
    if meta.get("command"):
        exe = shlex.split(meta["command"])[0]
    return f"`{exe} --benchmark_filter='^{re.escape(name)}$'`"


def display_name(name):
    """A run name without what Google Benchmark appends for fixed settings (min_time, iterations, real_time)."""
    return re.sub(r"/(min_time:[0-9.]+|iterations:\d+|real_time|manual_time)", "", name)


def bench_tables(bench, b):
    """One table per benchmark function (rows of one function share their counters): name, label, time, the ratio
    counters, the other counters, the command that measures the row again."""
    families = {}
    for r in b["rows"]:
        families.setdefault(r["name"].split("/")[0], []).append(r)
    lines = []
    for rows in families.values():
        counters = []
        for r in rows:
            counters += [k for k in r["counters"] if k not in counters]
        ratio = [k for k in counters if RATIO.search(k)]
        other = [k for k in counters if k not in ratio]
        head = ["benchmark", "what", "time"] + [f"**{k}**" for k in ratio] + other + ["reproduce"]
        lines += ["| " + " | ".join(head) + " |",
                  "|" + "|".join(["---", "---"] + ["---:"] * (1 + len(counters)) + ["---"]) + "|"]
        for r in rows:
            if r["error"]:
                cells = [display_name(r["name"]), f"skipped: {r['error']}", ""] + [""] * len(counters)
            else:
                cells = [display_name(r["name"]), r["label"], f"{fmt(r['time'])} {r['unit']}"] + \
                    [fmt(r["counters"].get(k)) for k in ratio + other]
            cells.append(filter_command(bench, b["meta"], r["name"]))
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        lines.append("")
    return lines


def machine_line(context):
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {context.get('num_cpus', os.cpu_count())} logical CPUs"


def opencl_device(build):
    ovcl = os.path.join(build, "bin", "ovcl")
    try:
        out = subprocess.run([ovcl, "devices"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(r"FULL_DEVICE_NAME\s*\(RO\)\s*=\s*(.+)", out)
    return m.group(1).strip() if m else None


# ---------------------------------------------------------------------------------------------------------------
# The OpenVINO table (tools/compare_openvino.py's comparison.json)


def openvino_section(models):
    path = os.path.join(models, "comparison.json")
    lines = ["## ovcl GPU on PoCL vs OpenVINO CPU", ""]
    if not os.path.exists(path):
        return lines + [f"Not measured: {rel(path)} is missing. It needs the openvino wheel "
                        "(`pip install openvino numpy`, or scripts/setup's build/venv); then "
                        "`bench/report.py --all` runs tools/compare_openvino.py.", ""]
    with open(path) as f:
        data = json.load(f)
    meta, results = (data.get("meta", {}), data["models"]) if "models" in data else ({}, data)
    device = meta.get("device", "GPU")
    lines += [
        f"| model | ovcl {device} latency (ms) | OpenVINO CPU latency (ms) | **latency ratio ovcl/OV** | "
        f"ovcl {device} throughput (FPS) | OpenVINO CPU throughput (FPS) | **throughput ratio ovcl/OV** | "
        "outputs: max abs diff / max abs ref |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, r in results.items():
        ol, vl = r["ovcl"]["latency"]["latency_median_ms"], r["openvino"]["latency"]["latency_median_ms"]
        ot, vt = r["ovcl"]["throughput"]["throughput_fps"], r["openvino"]["throughput"]["throughput_fps"]
        errs = []
        for dev, check in r.get("outputs", {}).items():
            worst = max(o["relative"] for o in check["outputs"].values())
            errs.append(f"{dev} {worst:.1e} {'ok' if check['ok'] else 'OFF'}")
        lines.append(f"| {name} | {ol:.2f} | {vl:.2f} | {ol / vl if vl else float('nan'):.2f} | {ot:.2f} | "
                     f"{vt:.2f} | {ot / vt if vt else float('nan'):.3f} | {', '.join(errs)} |")
    lines += [
        "",
        "Latency: the median with `-hint latency` (sync API, one request); throughput: FPS with `-hint throughput` "
        "(async, the device's optimal number of requests); f32 on both sides. A latency ratio above 1 or a throughput "
        "ratio below 1 means ovcl is slower. Each model's own commands (ovcl benchmark, benchmark_app) are in "
        f"{rel(path)}.",
    ]
    if meta:
        lines.append(f"Measured {meta.get('date', '?')} on {meta.get('machine', '?')}; OpenVINO "
                     f"{meta.get('openvino_version', '?')}; {meta.get('seconds', '?')} s per run; outputs match when "
                     f"the error is at most {meta.get('tolerance', '?')}.")
        if meta.get("command"):
            lines.append(f"Reproduce: `{meta['command']}`")
    return lines + [""]


def cold_start_section(models):
    path = os.path.join(models, "cold_start.json")
    lines = ["## Start-up: ovcl GPU on PoCL vs OpenVINO CPU", ""]
    if not os.path.exists(path):
        return lines + [f"Not measured: {rel(path)} is missing (`bench/report.py --all` runs tools/cold_start.py).", ""]
    with open(path) as f:
        data = json.load(f)
    meta = data.get("meta", {})
    return lines + data["table"] + [
        "", "Read model + compile model + first inference as `ovcl benchmark` and benchmark_app print them, one new "
        "process per figure, f32 on both sides; medians of the rounds. empty: no CACHE_DIR and a new PoCL kernel cache; "
        "fill: the first start with -cdir; cache_dir: a later start with both caches as fill left them; new_driver: "
        "ovcl's CACHE_DIR with a new PoCL kernel cache, against OpenVINO's cache_dir figure.",
        f"Measured {meta.get('date', '?')}, {meta.get('rounds', '?')} rounds. Reproduce: `{meta.get('command', '')}`",
        ""]


def counter(benches, bench, row, name):
    """A counter of one bench row (exact run name), or None when that bench or row was not run."""
    for r in benches.get(bench, {}).get("rows", []):
        if r["name"] == row and not r["error"]:
            return r["counters"].get(name)
    return None


def headline(benches, models):
    """The figures the project's performance targets are about (issues 4, 8 and 28), each with its target and where
    it comes from: the table the README shows between its headline markers."""
    rows = []

    def add(what, value, fmt_, target, ok, source):
        shown = "not measured" if value is None else fmt_.format(value)
        verdict = "" if value is None or ok is None else (" (met)" if ok(value) else " (**not met**)")
        rows.append(f"| {what} | {shown} | {target}{verdict} | {source} |")

    path = os.path.join(models, "comparison.json")
    results = {}
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
        results = data["models"] if "models" in data else data
    models3 = (("resnet50", "ResNet-50"), ("bert", "BERT-base-like"), ("mobilenet_v2", "MobileNet-V2"))
    for name, label in models3:  # issue 28's targets
        r = results.get(name)
        target = 1.3 if name == "mobilenet_v2" else 1.0
        value = None
        if r:
            value = r["ovcl"]["latency"]["latency_median_ms"] / r["openvino"]["latency"]["latency_median_ms"]
        add(f"{label} latency, ovcl GPU (PoCL) / OpenVINO CPU", value, "{:.2f}x", f"<= {target}x",
            lambda v, t=target: v <= t, "tools/compare_openvino.py")
    for name, label in models3:
        r = results.get(name)
        value = None
        if r:
            value = r["ovcl"]["throughput"]["throughput_fps"] / r["openvino"]["throughput"]["throughput_fps"]
        add(f"{label} throughput, ovcl GPU (PoCL) / OpenVINO CPU", value, "{:.2f}x", ">= 1.0x",
            lambda v: v >= 1.0, "tools/compare_openvino.py")
    cold = {}
    cold_path = os.path.join(models, "cold_start.json")
    if os.path.exists(cold_path):
        with open(cold_path) as f:
            cold = json.load(f)["models"]
    for state, what, target in (("empty", "empty caches", 3.0), ("cache_dir", "with CACHE_DIR", 1.2)):
        for name, label in models3:
            value = cold.get(name, {}).get("ratio", {}).get(state)
            add(f"{label} read + compile + 1st inference, {what}: ovcl / OpenVINO CPU", value, "{:.2f}x",
                f"<= {target}x", lambda v, t=target: v <= t, "tools/cold_start.py")
    add("ResNet-50 / MobileNet-V2 int8 (NNCF) latency, ovcl GPU / OpenVINO CPU int8", None, "{:.2f}x", "<= 1.5x", None,
        "not measured: quantized models run in f32 (issue 28)")
    lat = results.get("resnet50", {}).get("ovcl", {}).get("latency", {})
    if lat.get("memory_peak_bytes") and lat.get("memory_live_set_bytes"):
        value = lat["memory_peak_bytes"] / lat["memory_live_set_bytes"]
    else:
        value = None
    add("ResNet-50 device memory peak / largest live set", value, "{:.2f}x", "<= 1.3x", lambda v: v <= 1.3,
        "ovcl benchmark (tools/compare_openvino.py)")
    for n in (1024, 2048):
        for b, what in ((0, "B variable"), (1, "B constant")):
            add(f"MatMul {n}^3 f32, {what}: % of the CPU's FMA peak (same run)",
                counter(benches, "gpu_matmul", f"BM_GpuMatMul/{n}/{b}/real_time", "pct_peak"), "{:.0f}%", ">= 50%",
                lambda v: v >= 50, "ovcl_bench_gpu_matmul")
    add("3x3 conv N1 C64 K64 56x56: time / oneDNN's (same run)",
        counter(benches, "gpu_conv", "BM_GpuConv3x3/real_time", "time_over_onednn"), "{:.2f}x", "<= 1.5x",
        lambda v: v <= 1.5, "ovcl_bench_gpu_conv")
    rows_async = benches.get("async", {}).get("rows", [])
    optimal = next((int(r["counters"]["optimal_nireq"]) for r in rows_async if "optimal_nireq" in r["counters"]), None)
    value = None
    if optimal:
        value = counter(benches, "async", f"BM_Async/nireq:{optimal}/streams:0/callbacks:0/iterations:12/real_time",
                        "vs_sync")
    add(f"async throughput at the optimal nireq ({optimal or '?'}) / the sync loop", value, "{:.2f}x", ">= 1.3x",
        lambda v: v >= 1.3, "ovcl_bench_async")
    for a, what in ((0, "sync infer()"), (1, "start_async() + wait()")):
        add(f"one-op model, {what} / a bare OpenCL enqueue + wait", counter(
            benches, "async", f"BM_OneOp/async:{a}/iterations:12/real_time", "vs_bare_opencl"), "{:.2f}x",
            "<= 1.5x", lambda v: v <= 1.5, "ovcl_bench_async")
    return ["| figure | measured | target | from |", "|---|---:|---|---|"] + rows


README_BEGIN = "<!-- bench/report.py headline: begin -->"
README_END = "<!-- bench/report.py headline: end -->"


def update_readme(path, lines, when):
    """Replaces the table between the README's headline markers; a README without them is left alone."""
    with open(path) as f:
        text = f.read()
    begin, end = text.find(README_BEGIN), text.find(README_END)
    if begin < 0 or end < begin:
        print(f"   {rel(path)} has no headline markers: left alone")
        return
    block = "\n".join([README_BEGIN, f"Generated by `bench/report.py` on {when} (docs/perf/bench.md has every figure):",
                       ""] + lines + [""])
    with open(path, "w") as f:
        f.write(text[:begin] + block + text[end:])
    print(f"== wrote the headline table into {rel(path)}")


# ---------------------------------------------------------------------------------------------------------------
# Plots


def plots(benches, img_dir, stamp):
    """Writes the PNGs; returns their paths, or a message saying why there are none."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "plots left out: matplotlib is not installed (pip install matplotlib)"
    os.makedirs(img_dir, exist_ok=True)
    written = []

    def save(fig, name):
        fig.text(0.99, 0.01, stamp, ha="right", va="bottom", fontsize=7, color="#666666")
        fig.tight_layout(rect=(0, 0.03, 1, 1))
        path = os.path.join(img_dir, name)
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)

    rows = {r["name"]: r for r in benches.get("async", {}).get("rows", []) if not r["error"]}
    # BM_Async/nireq:<n>/streams:<s>/callbacks:<c>: a line per driver (restarted from callbacks or waited in turn)
    # and streams setting (0: what the THROUGHPUT hint picks).
    series = {}
    for n, r in rows.items():
        m = re.match(r"^BM_Async/nireq:(\d+)/streams:(\d+)/callbacks:(\d+)", n)
        if m and "infer_per_s" in r["counters"]:
            key = ("BM_AsyncCallbacks" if m.group(3) == "1" else "BM_Async", int(m.group(2)))
            series.setdefault(key, []).append((int(m.group(1)), r["counters"]["infer_per_s"]))
    sync = next((r["counters"].get("infer_per_s") for n, r in rows.items() if n.startswith("BM_Sync")), None)
    if series:
        fig, ax = plt.subplots(figsize=(6.4, 3.8))
        ticks = set()
        for (family, streams), points in sorted(series.items()):
            points.sort()
            ticks.update(p[0] for p in points)
            how = "restarted from callbacks" if family == "BM_AsyncCallbacks" else "waited in turn"
            label = f"async, {how}, " + ("THROUGHPUT's streams" if streams == 0 else f"{streams} stream(s)")
            ax.plot([p[0] for p in points], [p[1] for p in points], "o-", label=label)
        if sync:
            ax.axhline(sync, color="#c44e52", ls="--", label="sync infer() loop")
        ax.set_xscale("log", base=2)
        ax.set_xticks(sorted(ticks), [str(t) for t in sorted(ticks)])
        ax.set_xlabel("infer requests in flight (nireq)")
        ax.set_ylabel("inferences / s")
        ax.set_ylim(bottom=0)
        ax.set_title("Async throughput on GPU.0 (1x1 conv + Relu, 1 MiB in/out)")
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
        save(fig, "bench_async_throughput.png")

    stages = next((r for n, r in rows.items() if n.startswith("BM_Stages")), None)
    if stages:
        items = [(k[:-3], v) for k, v in stages["counters"].items() if k.endswith("_us")]
        # The request's stages in pipeline order, then the device's share (OpenCL event times), which the
        # WaitPipeline stage spans.
        order = ["Preprocess", "Upload+StartPipeline", "Upload", "StartPipeline", "WaitPipeline", "Postprocess",
                 "input writes", "kernels", "output reads"]
        items.sort(key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
        device = {"input writes", "kernels", "output reads"}
        if items:
            fig, ax = plt.subplots(figsize=(6, 0.45 * len(items) + 1.2))
            ax.barh([k for k, _ in items], [v for _, v in items],
                    color=["#dd8452" if k in device else "#4c72b0" for k, _ in items])
            for i, (_, v) in enumerate(items):
                ax.text(v, i, f" {v:.0f}", va="center", fontsize=8)
            ax.legend(handles=[plt.Rectangle((0, 0), 1, 1, color="#4c72b0"),
                               plt.Rectangle((0, 0), 1, 1, color="#dd8452")],
                      labels=["request stage (host)", "device work (OpenCL events)"], fontsize=8, loc="lower right")
            ax.invert_yaxis()
            ax.set_xlabel("us per inference (PERF_COUNT, one sync request)")
            ax.set_title("Where one inference's time goes (BM_Stages)")
            ax.grid(axis="x", alpha=0.3)
            save(fig, "bench_async_stages.png")

    ratios = []
    for bench, counter, prefix in (("gpu_ops", "vs_host_ref", "BM_GpuOp/"), ("models", "vs_ref", "BM_ModelLatency/")):
        for r in benches.get(bench, {}).get("rows", []):
            if not r["error"] and counter in r["counters"]:
                name = (f"model {r['label'].split(' on ')[0]} (GPU vs REF)" if bench == "models"
                        else display_name(r["name"])[len(prefix):])
                ratios.append((name, r["counters"][counter]))
    if ratios:
        fig, ax = plt.subplots(figsize=(6.5, 0.32 * len(ratios) + 1.4))
        ax.barh([n for n, _ in ratios], [v for _, v in ratios],
                color=["#55a868" if v >= 1 else "#c44e52" for _, v in ratios])
        ax.axvline(1, color="black", lw=0.8)
        ax.set_xscale("log")
        ax.invert_yaxis()
        ax.tick_params(axis="y", labelsize=7)
        ax.set_xlabel("host_ref (REF) time / GPU time, same run (> 1: GPU faster)")
        ax.set_title("GPU kernels and models vs the host reference")
        ax.grid(axis="x", alpha=0.3)
        save(fig, "bench_vs_host_ref.png")
    return written


# ---------------------------------------------------------------------------------------------------------------


def write_report(args):
    benches = {}
    for path in sorted(glob.glob(os.path.join(args.json_dir, "*.json"))):
        if path.endswith(".cmd.json"):
            continue
        try:
            benches[os.path.basename(path)[:-len(".json")]] = load_bench(path)
        except (OSError, ValueError, KeyError) as e:
            print(f"   {rel(path)} left out: {e}", file=sys.stderr)
    now = datetime.datetime.now().astimezone()
    stamp = f"ovcl bench/report.py, {now:%Y-%m-%d}"
    img = plots(benches, args.img, stamp)
    context = next((b["context"] for b in benches.values() if b["context"]), {})
    device = opencl_device(args.build)

    md = ["# ovcl performance figures", "",
          f"Generated by `bench/report.py` on {now:%Y-%m-%d %H:%M %Z} from the JSON files in {rel(args.json_dir)}/ "
          "(and tools/compare_openvino.py's comparison.json): do not edit by hand, run "
          "`bench/report.py --all` again.", "",
          f"Machine: {machine_line(context)}; OpenCL device GPU.0: {device or 'unknown'}. The machine may be shared "
          "with other jobs (each bench says the load average when it started): compare ratios measured in the same "
          "run rather than absolute times across runs.", ""]
    top = headline(benches, args.models)
    md += ["## Targets", ""] + top + [""]
    md += openvino_section(args.models)
    md += cold_start_section(args.models)
    if isinstance(img, str):
        md += [f"({img})", ""]
    elif img:
        md += ["## Plots", ""] + [f"![{os.path.basename(p)}]({os.path.relpath(p, os.path.dirname(args.md))})"
                                  for p in img] + [""]
    md += ["## Bench suite", "",
           "Each bench is a Google Benchmark executable (`bench/bench_<name>.cpp` -> `build/bin/ovcl_bench_<name>`) "
           "that measures its baseline in the same run; the **bold** columns are those ratios (`vs_*`, `*_vs_*`, "
           "`pct_*`, `*_over_*`, `speedup*`). Time is wall-clock per iteration. What each counter means is in the "
           "comment at the top of the bench's source.", ""]
    for name, b in benches.items():
        md += [f"### {name}", ""]
        desc = description(name)
        if desc:
            md += [desc, ""]
        when = b["context"].get("date", "?")
        load = b["context"].get("load_avg")
        md.append(f"Run {when}" + (f" with `{b['meta']['command']}`" if b["meta"].get("command") else "") +
                  (" (medians of the repetitions)" if b["aggregated"] else "") +
                  (f"; load average then {', '.join(f'{x:.2f}' for x in load)}" if load else "") + ".")
        md.append("")
        md += bench_tables(name, b)
    os.makedirs(os.path.dirname(os.path.abspath(args.md)), exist_ok=True)
    with open(args.md, "w") as f:
        f.write("\n".join(md))
    print(f"== wrote {rel(args.md)}" + ("" if isinstance(img, str) else "".join(f", {rel(p)}" for p in img)))
    if isinstance(img, str):
        print(f"   {img}")
    if args.readme:
        update_readme(args.readme, top, f"{now:%Y-%m-%d %H:%M %Z}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--all", action="store_true", help="run every bench and the OpenVINO comparison, then report")
    parser.add_argument("--run", default="", help="comma-separated benches to run first (e.g. gpu_ops,models)")
    parser.add_argument("--openvino", action="store_true", help="run tools/compare_openvino.py first")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="build folder (default build/)")
    parser.add_argument("--json-dir", help="the benches' JSON files (default <build>/bench_json)")
    parser.add_argument("--models", help="tools/make_models.py's folder (default <build>/models)")
    parser.add_argument("--min-time", type=float, help="--benchmark_min_time for every bench (a quick run)")
    parser.add_argument("--repetitions", type=int, default=1, help="repetitions per bench; the report shows medians")
    parser.add_argument("-t", "--time", type=int, default=20, help="seconds per run of the OpenVINO comparison")
    parser.add_argument("--cold-rounds", type=int, default=3, help="rounds of tools/cold_start.py (medians)")
    parser.add_argument("--md", default=os.path.join(ROOT, "docs", "perf", "bench.md"), help="the report")
    parser.add_argument("--img", default=os.path.join(ROOT, "docs", "img"), help="folder of the plots")
    parser.add_argument("--readme", help="the README whose headline table to replace (default README.md when --md "
                        "is the default report; none otherwise)")
    args = parser.parse_args(argv)
    py = python_with_plots(args.build)
    if py:  # the same command under the Python that can draw the plots
        os.execv(py, [py, os.path.abspath(__file__)] + (sys.argv[1:] if argv is None else list(argv)))
    args.json_dir = args.json_dir or os.path.join(args.build, "bench_json")
    args.models = args.models or os.path.join(args.build, "models")
    if args.readme is None and os.path.abspath(args.md) == os.path.join(ROOT, "docs", "perf", "bench.md"):
        args.readme = os.path.join(ROOT, "README.md")

    exes = bench_executables(os.path.join(args.build, "bin"))
    wanted = [n for n in args.run.split(",") if n]
    if args.all or wanted:
        if not exes:
            parser.error(f"no ovcl_bench_* in {rel(os.path.join(args.build, 'bin'))}: build with "
                         "-DOVCL_BUILD_BENCH=ON first")
        known = {short_name(e): e for e in exes}
        unknown = [n for n in wanted if n not in known]
        if unknown:
            parser.error(f"--run: no bench named {', '.join(unknown)} (built: {', '.join(known)})")
        os.makedirs(args.json_dir, exist_ok=True)
        failed = [n for n in (known if args.all else wanted)
                  if not run_bench(known[n], args.json_dir, args.min_time, args.repetitions)]
        if failed:
            print(f"== benches that exited non-zero (their JSON may be partial): {', '.join(failed)}", flush=True)
    else:
        failed = []
    if args.all or args.openvino:
        run_openvino_tool(args.build, args.models, "compare_openvino.py", ["-t", str(args.time)])
        run_openvino_tool(args.build, args.models, "cold_start.py", ["--rounds", str(args.cold_rounds)])
    if not glob.glob(os.path.join(args.json_dir, "*.json")):
        parser.error(f"no bench JSON in {rel(args.json_dir)}: run with --all or --run first")
    write_report(args)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
