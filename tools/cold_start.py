#!/usr/bin/env python3
"""Start-up cost of ovcl GPU against OpenVINO CPU on the IRs of make_models.py, in one run on one machine.

What a new process pays before its first result: read model + compile model + first inference, as each tool prints
them (`ovcl benchmark` and OpenVINO's benchmark_app print the same three lines), f32 on both sides, one process per
figure. Each round runs, for each model, OpenVINO then ovcl, in these states:

  empty       no CACHE_DIR, and ovcl on a new, empty PoCL kernel cache (POCL_CACHE_DIR): a first start anywhere
  fill        -cdir on an empty cache folder: the first start that writes the cache
  cache_dir   -cdir on the folder `fill` wrote, PoCL's cache as `fill` left it: every later start on that machine
  new_driver  (ovcl only) the same CACHE_DIR but a new, empty PoCL cache: CACHE_DIR carried to another machine, or a
              driver cache that was cleared

Medians over the rounds; ratios ovcl / OpenVINO (above 1: ovcl starts slower). Writes <models>/cold_start.json (read
by bench/report.py) and prints a table.

    tools/cold_start.py                          # build/models, 3 rounds
    tools/cold_start.py --rounds 1 --models-list mobilenet_v2
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_models  # noqa: E402  (the same folder)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEPS = {"read": "Read model took", "compile": "Compile model took", "first": "First inference took"}


def start_up(cmd, env):
    """Runs one benchmark process and returns its read / compile / first-inference times (ms) and their sum."""
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    out = {}
    for key, label in STEPS.items():
        m = re.search(re.escape(label) + r"\s+([0-9.]+)\s*ms", done.stdout)
        if not m:
            raise RuntimeError(f"{' '.join(cmd)} printed no '{label} ... ms' line:\n{done.stdout[-3000:]}")
        out[key] = float(m.group(1))
    out["total"] = sum(out[k] for k in STEPS)
    return out


def measure(args, name, xml, folder):
    """One round for one model: every state of the docstring, OpenVINO first, each in a new process."""
    flags = ["-m", xml, "-hint", "latency", "-niter", "1", "-nireq", "1"] + make_models.input_precision_flags(xml)
    ov = [args.benchmark_app] + flags + ["-d", "CPU", "-infer_precision", "f32"]
    ovcl = [args.ovcl, "benchmark"] + flags + ["-d", args.device]
    base = dict(os.environ)

    def pocl(tag):  # each state names its own PoCL kernel cache folder; a new name is an empty cache
        env = dict(base)
        env["POCL_CACHE_DIR"] = os.path.join(folder, "pocl_" + tag)
        env.pop("POCL_KERNEL_CACHE", None)
        return env

    ov_cache, ovcl_cache = os.path.join(folder, "ov_cache"), os.path.join(folder, "ovcl_cache")
    r = {"openvino": {}, "ovcl": {}}
    r["openvino"]["empty"] = start_up(ov, base)
    r["ovcl"]["empty"] = start_up(ovcl, pocl("empty"))
    r["openvino"]["fill"] = start_up(ov + ["-cdir", ov_cache], base)
    r["ovcl"]["fill"] = start_up(ovcl + ["-cdir", ovcl_cache], pocl("filled"))
    r["openvino"]["cache_dir"] = start_up(ov + ["-cdir", ov_cache], base)
    r["ovcl"]["cache_dir"] = start_up(ovcl + ["-cdir", ovcl_cache], pocl("filled"))
    r["ovcl"]["new_driver"] = start_up(ovcl + ["-cdir", ovcl_cache], pocl("new"))
    return r


def median_of(rounds, side, state):
    runs = [r[side][state] for r in rounds if state in r[side]]
    return {k: statistics.median(run[k] for run in runs) for k in list(STEPS) + ["total"]} if runs else None


def summary(rounds):
    out = {"openvino": {}, "ovcl": {}, "ratio": {}}
    for side in ("openvino", "ovcl"):
        for state in ("empty", "fill", "cache_dir", "new_driver"):
            m = median_of(rounds, side, state)
            if m:
                out[side][state] = m
    for state in ("empty", "fill", "cache_dir"):
        out["ratio"][state] = out["ovcl"][state]["total"] / out["openvino"][state]["total"]
    out["ratio"]["new_driver"] = out["ovcl"]["new_driver"]["total"] / out["openvino"]["cache_dir"]["total"]
    return out


def table(results):
    lines = ["| model | state | ovcl read / compile / 1st (ms) | ovcl total (ms) | OpenVINO CPU read / compile / 1st (ms) "
             "| OpenVINO total (ms) | **ratio ovcl/OV** |", "|---|---|---:|---:|---:|---:|---:|"]
    for name, s in results.items():
        for state in ("empty", "fill", "cache_dir", "new_driver"):
            o = s["ovcl"][state]
            v = s["openvino"]["cache_dir" if state == "new_driver" else state]
            lines.append(f"| {name} | {state} | {o['read']:.0f} / {o['compile']:.0f} / {o['first']:.0f} | "
                         f"{o['total']:.0f} | {v['read']:.0f} / {v['compile']:.0f} / {v['first']:.0f} | {v['total']:.0f} "
                         f"| {s['ratio'][state]:.2f}x |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default=os.path.join(ROOT, "build", "models"), help="make_models.py's folder")
    parser.add_argument("--models-list", default="", help="comma-separated model names (default: all)")
    parser.add_argument("--ovcl", default=os.path.join(ROOT, "build", "bin", "ovcl"))
    parser.add_argument("--benchmark-app", default=None, help="OpenVINO's benchmark_app (default: from PATH)")
    parser.add_argument("-d", "--device", default="GPU")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if not os.access(args.ovcl, os.X_OK):
        parser.error(f"--ovcl {args.ovcl}: not an executable (build ovcl first)")
    args.benchmark_app = args.benchmark_app or make_models.benchmark_app_path()
    manifest_path = os.path.join(args.models, "manifest.json")
    if not os.path.exists(manifest_path):
        make_models.main(["--out", args.models, "--no-benchmark"])
    with open(manifest_path) as f:
        manifest = json.load(f)["models"]
    names = [n for n in args.models_list.split(",") if n] or list(manifest)
    unknown = [n for n in names if n not in manifest]
    if unknown:
        parser.error(f"--models-list: no model {', '.join(unknown)} in {manifest_path}")

    rounds = {n: [] for n in names}
    for i in range(args.rounds):
        for name in names:
            xml = manifest[name]["xml"]
            xml = xml if os.path.isabs(xml) else os.path.join(ROOT, xml)
            with tempfile.TemporaryDirectory(prefix="ovcl_cold_") as folder:
                rounds[name].append(measure(args, name, xml, folder))
            print(f"   round {i + 1}/{args.rounds} {name}: ovcl empty "
                  f"{rounds[name][-1]['ovcl']['empty']['total']:.0f} ms, OpenVINO "
                  f"{rounds[name][-1]['openvino']['empty']['total']:.0f} ms", flush=True)
    results = {n: summary(r) for n, r in rounds.items()}
    meta = {"date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"), "rounds": args.rounds,
            "device": args.device, "command": " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:])}
    with open(os.path.join(args.models, "cold_start.json"), "w") as f:
        json.dump({"meta": meta, "models": results, "table": table(results), "rounds": rounds}, f, indent=1)
    print("\n".join(table(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
