#!/usr/bin/env python3
"""Renders a Gantt chart (PNG) of requests in flight from an ovcl timeline (OVCL_TRACE=file.json).

One row per request (its pipeline stages) and one row per device queue (input writes, kernels,
output reads from OpenCL event timestamps), over a window in the steady state, so a reader sees
one request upload while another computes and a third reads back.

    OVCL_TRACE=/tmp/async.json build/bin/ovcl_bench_async --benchmark_filter='BM_Async/nireq:4/streams:0/callbacks:0'
    python3 bench/plot_async_timeline.py /tmp/async.json docs/img/async_timeline.png

Needs matplotlib (pip install matplotlib); not part of CI.
"""
import argparse
import json
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

ASYNC_STAGES = ["Preprocess", "Upload+StartPipeline", "WaitPipeline", "Postprocess"]
STAGE_COLORS = {"Preprocess": "#8172b3", "Upload+StartPipeline": "#dd8452", "WaitPipeline": "#c8c8c8",
                "Postprocess": "#55a868"}
DEVICE_COLORS = {"write input": "#4c72b0", "read output": "#55a868"}
KERNEL_COLOR = "#c44e52"


def load(path):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    processes, tracks = {}, {}
    for e in events:
        if e["ph"] == "M" and e["name"] == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        elif e["ph"] == "M" and e["name"] == "thread_name":
            tracks[(e["pid"], e["tid"])] = e["args"]["name"]
    slices = defaultdict(list)  # (group, track name) -> [(start us, dur us, name)]
    for e in events:
        if e["ph"] == "X":
            key = (processes.get(e["pid"], "?"), tracks.get((e["pid"], e["tid"]), str(e["tid"])))
            slices[key].append((e["ts"], e["dur"], e["name"]))
    return slices


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace")
    ap.add_argument("png")
    ap.add_argument("--requests", type=int, default=4, help="request tracks to show (the busiest)")
    ap.add_argument("--periods", type=float, default=3.0, help="window length in mean inference periods")
    args = ap.parse_args()

    slices = load(args.trace)
    tracks = {k[1]: sorted(v) for k, v in slices.items()
              if k[0] == "requests" and any(s[2] in ASYNC_STAGES for s in v)}
    starts = {name: [s[0] for s in v if s[2] == ASYNC_STAGES[0]] for name, v in tracks.items()}
    starts = {name: v for name, v in starts.items() if len(v) >= 2}
    if not starts:
        raise SystemExit("no request track with two inferences in " + args.trace)
    # The period: the slowest track's median gap between inference starts (the median, because a bench may pause
    # requests between rounds: bench_async interleaves sync rounds on a request of its own).
    period = max(sorted(b - a for a, b in zip(v, v[1:]))[(len(v) - 1) // 2] for v in starts.values())
    length = args.periods * period

    # The window: the one nearest the middle of the run in which the requests in flight are steadily so: every
    # track with a stage in the window starts one in both of its halves (not the end of one round and the start
    # of the next), and there are as many as asked (or as there are).
    def in_flight(t0):
        active = [n for n, v in tracks.items() if any(ts < t0 + length and ts + dur > t0 for ts, dur, _ in v)]
        steady = all(any(t0 <= t < t0 + length / 2 for t in starts.get(n, [])) and
                     any(t0 + length / 2 <= t < t0 + length for t in starts.get(n, [])) for n in active)
        return active if steady else []

    wanted = min(args.requests, len(starts))
    candidates = sorted({t for v in starts.values() for t in v})
    middle = (candidates[0] + candidates[-1]) / 2
    candidates.sort(key=lambda t: abs(t - middle))
    t0, chosen = None, []
    for t in candidates[:4000]:
        chosen = in_flight(t)
        if len(chosen) >= wanted:
            t0 = t
            break
    if t0 is None:
        raise SystemExit(f"no window of {length / 1000.0:.2f} ms with {wanted} requests steadily in flight")
    t1 = t0 + length
    requests = [((None, n), tracks[n]) for n in sorted(chosen)[: args.requests]]
    queues = sorted((k, v) for k, v in slices.items() if k[0] == "device")

    rows = [(name, v, True) for (_, name), v in requests] + [(name, v, False) for (_, name), v in queues]
    fig, ax = plt.subplots(figsize=(12, 0.55 * len(rows) + 1.6))
    for y, (name, spans, is_request) in enumerate(rows):
        for ts, dur, label in spans:
            if ts + dur < t0 or ts > t1:
                continue
            color = STAGE_COLORS.get(label) if is_request else DEVICE_COLORS.get(label, KERNEL_COLOR)
            if color is None:
                continue
            ax.broken_barh([((ts - t0) / 1000.0, max(dur, 1.0) / 1000.0)], (y - 0.38, 0.76), facecolors=color,
                           edgecolor="black", linewidth=0.3)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([r[0] for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, (t1 - t0) / 1000.0)
    ax.set_xlabel("time (ms)")
    ax.set_title(f"{len(requests)} requests in flight: host stages per request, commands per device queue")
    legend = [Patch(color=c, label=s) for s, c in STAGE_COLORS.items()]
    legend += [Patch(color=DEVICE_COLORS["write input"], label="device: write input"),
               Patch(color=KERNEL_COLOR, label="device: kernel"),
               Patch(color=DEVICE_COLORS["read output"], label="device: read output")]
    ax.legend(handles=legend, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=4, fontsize=8)
    fig.tight_layout()
    fig.savefig(args.png, dpi=110)
    print(f"wrote {args.png}: window {(t1 - t0) / 1000.0:.2f} ms, {len(requests)} requests, {len(queues)} queues")


if __name__ == "__main__":
    main()
