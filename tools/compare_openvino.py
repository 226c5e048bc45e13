#!/usr/bin/env python3
"""ovcl against OpenVINO CPU on the IRs of make_models.py, in one run on one machine.

For each model: `ovcl run` on the fixed inputs, outputs checked against OpenVINO CPU's within a
tolerance; `ovcl benchmark` (-hint latency, then -hint throughput) and OpenVINO's benchmark_app on
CPU with the same hints and time limit, both in f32 with the same input types (-iop: each input's own type,
make_models.input_precision_flags); then a markdown table of the figures and
their ratios (<models>/comparison.md and stdout) and the raw figures (<models>/comparison.json: "meta" says the
machine, date, settings and command, "models" holds each model's figures; bench/report.py reads it).
Builds the models first when <models>/manifest.json is missing. Exits 1 when an output is off.

    tools/compare_openvino.py                              # build/models, build/bin/ovcl, GPU, 20 s runs
    tools/compare_openvino.py -t 5 --models-list resnet50  # quicker
    tools/compare_openvino.py --check-devices REF,GPU      # outputs of REF checked too
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_models  # noqa: E402  (the same folder)


def run(cmd, timeout=None):
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {done.returncode}:\n"
                           f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def check_outputs(ovcl, entry, device, cache_dir, tolerance):
    """`ovcl run` on the fixed inputs; for each output the largest difference from OpenVINO CPU,
    relative to the output's largest magnitude."""
    with tempfile.TemporaryDirectory() as out:
        cmd = [ovcl, "run", "-m", entry["xml"], "-d", device, "-o", out, "--cache_dir", cache_dir]
        for name, path in entry["inputs"].items():
            cmd += ["-i", f"{name}={path}"]
        t0 = time.time()
        run(cmd)
        seconds = time.time() - t0
        result = {"command": " ".join(cmd), "seconds": seconds, "outputs": {}}
        for name, ref_path in entry["openvino_cpu_outputs"].items():
            ref = np.load(ref_path).astype(np.float64)
            got = np.load(os.path.join(out, name + ".npy")).astype(np.float64)
            if got.shape != ref.shape:
                raise RuntimeError(f"{entry['xml']}: output {name} has shape {got.shape}, OpenVINO's {ref.shape}")
            max_abs = float(np.abs(got - ref).max())
            scale = float(np.abs(ref).max()) or 1.0
            result["outputs"][name] = {"max_abs_diff": max_abs, "relative": max_abs / scale,
                                       "ok": bool(max_abs / scale <= tolerance and np.isfinite(got).all())}
    result["ok"] = all(o["ok"] for o in result["outputs"].values())
    return result


def ovcl_benchmark(ovcl, xml, device, hint, seconds, cache_dir):
    with tempfile.TemporaryDirectory() as folder:
        cmd = [ovcl, "benchmark", "-m", xml, "-d", device, "-hint", hint, "-t", str(seconds), "-cache_dir", cache_dir,
               "-report_type", "no_counters", "-json_stats", "-report_folder", folder] + make_models.input_precision_flags(xml)
        run(cmd)
        with open(os.path.join(folder, "benchmark_report.json")) as f:
            return make_models.figures_from_report(json.load(f), cmd)


def ratio(a, b):
    return a / b if b else float("nan")


def machine():
    """The CPU's model name (else the platform's) and the number of logical CPUs."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} logical CPUs"


def table(results, device, seconds, tolerance):
    lines = [
        f"| model | ovcl {device} latency (ms) | OpenVINO CPU latency (ms) | latency ratio ovcl/OV | "
        f"ovcl {device} throughput (FPS) | OpenVINO CPU throughput (FPS) | throughput ratio ovcl/OV | "
        f"output error (max abs / max abs ref) |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, r in results.items():
        ol, vl = r["ovcl"]["latency"]["latency_median_ms"], r["openvino"]["latency"]["latency_median_ms"]
        ot, vt = r["ovcl"]["throughput"]["throughput_fps"], r["openvino"]["throughput"]["throughput_fps"]
        errs = []
        for dev, check in r["outputs"].items():
            worst = max(o["relative"] for o in check["outputs"].values())
            errs.append(f"{dev} {worst:.1e} {'ok' if check['ok'] else 'OFF'}")
        lines.append(f"| {name} | {ol:.2f} | {vl:.2f} | {ratio(ol, vl):.2f} | {ot:.2f} | {vt:.2f} | "
                     f"{ratio(ot, vt):.3f} | {', '.join(errs)} |")
    cpu = machine()
    lines += [
        "",
        f"Latency: median with -hint latency (sync API, one request); throughput: FPS with -hint throughput "
        f"(async, the device's optimal number of requests); {seconds} s per run, f32 on both sides "
        f"(OpenVINO: -infer_precision f32). A latency ratio above 1 or a throughput ratio below 1 means ovcl is "
        f"slower. Outputs match when the error is at most {tolerance:g}.",
        f"Machine: {cpu}; OpenVINO {make_models.ov.get_version()}.",
        f"Reproduce: `python3 tools/compare_openvino.py -t {seconds}` (after building ovcl: scripts/setup).",
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default="build/models", help="folder of make_models.py (default build/models)")
    parser.add_argument("--models-list", default=",".join(make_models.MODELS), help="which models")
    parser.add_argument("--ovcl", default="build/bin/ovcl", help="the ovcl binary (default build/bin/ovcl)")
    parser.add_argument("-d", "--device", default="GPU", help="ovcl device to benchmark (default GPU)")
    parser.add_argument("--check-devices", default="GPU", help="ovcl devices whose outputs are checked")
    parser.add_argument("-t", "--time", type=int, default=20, help="seconds per benchmark run (default 20)")
    parser.add_argument("--tolerance", type=float, default=1e-3,
                        help="largest output difference relative to the output's largest magnitude (default 1e-3)")
    args = parser.parse_args(argv)
    if not os.access(args.ovcl, os.X_OK):
        parser.error(f"--ovcl {args.ovcl}: not an executable (build ovcl first)")
    names = [n for n in args.models_list.split(",") if n]

    manifest_path = os.path.join(args.models, "manifest.json")
    manifest = {}
    if os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
    missing = [n for n in names if n not in manifest.get("models", {})]
    if missing:
        make_models.main(["--out", args.models, "--models", ",".join(missing), "--no-benchmark"])
        with open(manifest_path) as f:
            manifest = json.load(f)

    cache_dir = os.path.join(args.models, "ovcl_cache")
    results, all_ok = {}, True
    for name in names:
        entry = manifest["models"][name]
        print(f"== {name}", flush=True)
        r = {"outputs": {}}
        for dev in [d for d in args.check_devices.split(",") if d]:
            r["outputs"][dev] = check_outputs(args.ovcl, entry, dev, cache_dir, args.tolerance)
            all_ok &= r["outputs"][dev]["ok"]
            print(f"   outputs on {dev}: " + ", ".join(f"{k} {v['relative']:.2e}" for k, v in
                                                     r["outputs"][dev]["outputs"].items()), flush=True)
        r["ovcl"] = {hint: ovcl_benchmark(args.ovcl, entry["xml"], args.device, hint, args.time, cache_dir)
                     for hint in ("latency", "throughput")}
        r["openvino"] = make_models.openvino_cpu_benchmark(entry["xml"], args.time)
        print(f"   ovcl {args.device}: {r['ovcl']['latency']['latency_median_ms']:.2f} ms, "
              f"{r['ovcl']['throughput']['throughput_fps']:.2f} FPS; OpenVINO CPU: "
              f"{r['openvino']['latency']['latency_median_ms']:.2f} ms, "
              f"{r['openvino']['throughput']['throughput_fps']:.2f} FPS", flush=True)
        results[name] = r

    md = table(results, args.device, args.time, args.tolerance)
    with open(os.path.join(args.models, "comparison.md"), "w") as f:
        f.write(md + "\n")
    # The raw figures with what bench/report.py needs to present them: the machine, the date, the settings and the
    # command that reproduces the table.
    meta = {"device": args.device, "seconds": args.time, "tolerance": args.tolerance, "machine": machine(),
            "openvino_version": make_models.ov.get_version(), "all_outputs_ok": bool(all_ok),
            "date": time.strftime("%Y-%m-%d %H:%M %Z"),
            "command": " ".join(["python3", "tools/compare_openvino.py"] +
                                list(sys.argv[1:] if argv is None else argv))}
    with open(os.path.join(args.models, "comparison.json"), "w") as f:
        json.dump({"meta": meta, "models": results}, f, indent=2)
    print()
    print(md)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
