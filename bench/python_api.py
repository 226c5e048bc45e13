#!/usr/bin/env python3
"""The Python package against the C++ API and the CLI, in one run on this machine (docs/perf/python.md):

1. call overhead: one synchronous InferRequest.infer() from Python (inputs bound once, as a serving loop does;
   the outputs come back as an OVDict of copies, as OpenVINO's Python returns them) against the same call in C++
   (build/bin/ovcl_bench_infer_call, Google Benchmark) on a tiny model (Relu on [1,16]); target: at most 1.3x.
2. throughput: AsyncInferQueue (jobs 0, PERFORMANCE_HINT THROUGHPUT) against `ovcl benchmark -hint throughput` on
   the same IR with the same f32 input, the same number of requests and streams (checked) and the same duration,
   each side in a process of its own, in alternating rounds (CLI, Python, CLI, ...); the medians of the rounds and
   the range of the rounds' ratios are reported. Target: at least 0.95x.
3. OpenVINO's own binding, for scale: the same tiny-model call through `openvino` on CPU, from Python against
   its C++ API (bench/openvino_infer_call.cpp, built here against the wheel's headers and libraries).

    PYTHONPATH=build/python build/venv/bin/python bench/python_api.py [-t 10] [-d GPU.0] [--rounds 5] [--md FILE]
Needs the `openvino` wheel (it writes the two IRs) and a C++ compiler.
"""
import argparse
import json
import os
import pathlib
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import ovcl

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = ROOT / "build" / "bin"


def write_irs(folder: pathlib.Path):
    import openvino as ov
    import openvino.opset13 as ops

    x = ops.parameter([1, 16], np.float32, name="x")
    relu = ops.relu(x)
    relu.output(0).set_names({"y"})
    tiny = folder / "tiny.xml"
    ov.save_model(ov.Model([relu], [x], "tiny"), str(tiny), compress_to_fp16=False)

    rng = np.random.RandomState(0)
    image = ops.parameter([1, 16, 56, 56], np.float32, name="features")
    h = image
    for _ in range(4):  # 3x3 convolutions + ReLU: a small CNN block, ~0.3 GFLOP
        h = ops.relu(ops.convolution(h, ops.constant(rng.randn(16, 16, 3, 3).astype(np.float32) * 0.1),
                                     [1, 1], [1, 1], [1, 1], [1, 1]))
    pooled = ops.reduce_mean(h, ops.constant(np.array([2, 3], dtype=np.int64)), False)
    pooled.output(0).set_names({"pooled"})
    cnn = folder / "cnn.xml"
    ov.save_model(ov.Model([pooled], [image], "cnn"), str(cnn), compress_to_fp16=False)
    return tiny, cnn


def cpp_call_us(ir: pathlib.Path, device: str) -> float:
    name = "REF" if device == "REF" else "GPU"
    out = subprocess.run([str(BIN / "ovcl_bench_infer_call"), f"--benchmark_filter=BM_InferCall/{name}/",
                          "--benchmark_format=json"], env={**os.environ, "OVCL_BENCH_IR": str(ir)},
                         capture_output=True, text=True, check=True).stdout
    bench = json.loads(out)["benchmarks"][0]
    scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3}[bench["time_unit"]]
    return bench["real_time"] * scale


def timed_calls(call, seconds: float) -> float:
    """us per call: the best of three rounds, as Google Benchmark's repetitions would show the floor."""
    for _ in range(100):
        call()
    best = float("inf")
    for _ in range(3):
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 3:
            for _ in range(100):
                call()
            n += 100
        best = min(best, (time.perf_counter() - start) / n * 1e6)
    return best


def python_call_us(ir: pathlib.Path, device: str, seconds: float) -> float:
    compiled = ovcl.Core().compile_model(str(ir), device)
    request = compiled.create_infer_request()
    for port in compiled.inputs:
        request.set_tensor(port, ovcl.Tensor(np.zeros(port.shape, port.element_type.to_dtype())))
    return timed_calls(request.infer, seconds)


def process_cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far (all its threads)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cli_fps(ir: pathlib.Path, device: str, seconds: int):
    """`ovcl benchmark -hint throughput`: (FPS, infer requests, streams, CPU us per inference). The CPU time is
    read from /proc between the first inference and the report, so it covers the measured loop only."""
    command = ["stdbuf", "-oL", str(BIN / "ovcl"), "benchmark", "-m", str(ir), "-d", device, "-hint", "throughput",
               "-t", str(seconds), "-ip", "f32"]
    lines, cpu = [], []
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        for line in child.stdout:  # line-buffered (stdbuf): the CPU clock is read as each step starts
            if "First inference took" in line or "[Step 11/11]" in line:
                cpu.append(process_cpu_s(child.pid))
            lines.append(line)
    out = "".join(lines)
    if child.returncode != 0 or len(cpu) != 2:
        raise SystemExit(f"ovcl benchmark failed ({child.returncode}):\n{out}")
    count = int(re.search(r"Count:\s+(\d+)", out).group(1))
    return (float(re.search(r"Throughput:\s+([\d.]+)\s*FPS", out).group(1)),
            int(re.search(r"asynchronously, (\d+) inference requests", out).group(1)),
            int(re.search(r"NUM_STREAMS: (\d+)", out).group(1)), (cpu[1] - cpu[0]) / count * 1e6)


def queue_fps(ir: pathlib.Path, device: str, seconds: int):
    """AsyncInferQueue fed as fast as it takes jobs, a callback counting completions: (FPS, requests, streams,
    CPU us per inference over the measured loop)."""
    compiled = ovcl.Core().compile_model(str(ir), device, {"PERFORMANCE_HINT": "THROUGHPUT"})
    queue = ovcl.AsyncInferQueue(compiled, 0)
    rng = np.random.default_rng(0)
    for request in queue:  # inputs filled once per request, as `ovcl benchmark` fills them
        for port in compiled.inputs:
            request.set_tensor(port, ovcl.Tensor(rng.uniform(-1, 1, port.shape).astype(port.element_type.to_dtype())))
    for _ in range(2 * len(queue)):
        queue.start_async()
    queue.wait_all()
    done = [0]
    queue.set_callback(lambda request, userdata: done.__setitem__(0, done[0] + 1))
    cpu, start = process_cpu_s(os.getpid()), time.perf_counter()
    while time.perf_counter() - start < seconds:
        queue.start_async()
    queue.wait_all()
    fps = done[0] / (time.perf_counter() - start)
    cpu_us = (process_cpu_s(os.getpid()) - cpu) / done[0] * 1e6
    return fps, len(queue), int(compiled.get_property("NUM_STREAMS")), cpu_us


def queue_fps_child(ir: pathlib.Path, device: str, seconds: int):
    """queue_fps in a fresh interpreter, as `ovcl benchmark` runs in a fresh process."""
    out = subprocess.run([sys.executable, __file__, "--queue-child", str(ir), "-d", device, "-t", str(seconds)],
                         capture_output=True, text=True, check=True).stdout
    return tuple(json.loads(out.splitlines()[-1]))


def openvino_cpp_call_us(ir: pathlib.Path, folder: pathlib.Path, seconds: float):
    """bench/openvino_infer_call.cpp built against the `openvino` wheel: OpenVINO's C++ infer() on CPU, in us."""
    import openvino

    ov = pathlib.Path(openvino.__file__).parent
    libs = sorted((ov / "libs").glob("libopenvino.so.*"))
    exe = folder / "openvino_infer_call"
    subprocess.run([os.environ.get("CXX", "c++"), "-O2", "-std=c++17", f"-I{ov / 'include'}",
                    str(ROOT / "bench" / "openvino_infer_call.cpp"), str(libs[0]), f"-Wl,-rpath,{ov / 'libs'}",
                    "-o", str(exe)], check=True)
    return float(subprocess.run([str(exe), str(ir), "CPU", str(seconds)], capture_output=True, text=True,
                                check=True).stdout)


def openvino_python_call_us(ir: pathlib.Path, seconds: float) -> float:
    """OpenVINO's Python InferRequest.infer() on CPU, measured as python_call_us measures ovcl's."""
    import openvino as ov

    request = ov.Core().compile_model(str(ir), "CPU").create_infer_request()
    for port in request.model_inputs:
        request.set_tensor(port, ov.Tensor(np.zeros(list(port.shape), port.element_type.to_dtype())))
    return timed_calls(request.infer, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-t", type=int, default=10, help="seconds per throughput measurement")
    parser.add_argument("-d", default="GPU.0", help="device of the throughput comparison")
    parser.add_argument("--rounds", type=int, default=5, help="alternating throughput rounds (their median)")
    parser.add_argument("--md", help="write the table here as well")
    parser.add_argument("--queue-child", metavar="IR", help=argparse.SUPPRESS)  # one queue_fps, as JSON
    args = parser.parse_args()
    if args.queue_child:
        print(json.dumps(queue_fps(pathlib.Path(args.queue_child), args.d, args.t)))
        return 0
    devices = ["REF"] + ([args.d] if args.d != "REF" else [])
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        tiny, cnn = write_irs(pathlib.Path(tmp))
        rows = ["| measure | device | C++ / CLI | Python | Python / C++ | target |", "|---|---|---:|---:|---:|---|"]
        for d in devices:
            cpp, py = cpp_call_us(tiny, d), python_call_us(tiny, d, 3.0)
            rows.append(f"| infer() call, tiny model (us per call) | {d} | {cpp:.2f} | {py:.2f} | {py / cpp:.2f}x "
                        f"| <= 1.3x |")
        ov_cpp, ov_py = openvino_cpp_call_us(tiny, pathlib.Path(tmp), 3.0), openvino_python_call_us(tiny, 3.0)
        rows.append(f"| OpenVINO's infer() call, tiny model (us per call) | OpenVINO CPU | {ov_cpp:.2f} | {ov_py:.2f} "
                    f"| {ov_py / ov_cpp:.2f}x | (for scale) |")
        # Alternating rounds, each side in a fresh process: the machine's other load moves both sides alike.
        cli, py, ratios, cli_cpu, py_cpu = [], [], [], [], []
        for _ in range(args.rounds):
            c_fps, c_req, c_streams, c_cpu = cli_fps(cnn, args.d, args.t)
            p_fps, p_req, p_streams, p_cpu = queue_fps_child(cnn, args.d, args.t)
            if (c_req, c_streams) != (p_req, p_streams):
                raise SystemExit(f"not the same setup: ovcl benchmark ran {c_req} requests on {c_streams} streams, "
                                 f"the queue {p_req} requests on {p_streams} streams")
            cli.append(c_fps)
            py.append(p_fps)
            ratios.append(p_fps / c_fps)
            cli_cpu.append(c_cpu)
            py_cpu.append(p_cpu)
            print(f"round {len(cli)}: ovcl benchmark {c_fps:.1f} FPS ({c_cpu:.0f} us CPU per inference), "
                  f"AsyncInferQueue {p_fps:.1f} FPS ({p_cpu:.0f} us): {p_fps / c_fps:.2f}x; {c_req} requests, "
                  f"{c_streams} streams; load average {os.getloadavg()[0]:.2f}", flush=True)
        med = statistics.median
        rows.append(f"| throughput, 4-conv CNN [1,16,56,56] (FPS, median of {args.rounds} rounds) | {args.d} | "
                    f"{med(cli):.1f} | {med(py):.1f} | {med(ratios):.2f}x ({min(ratios):.2f}x-{max(ratios):.2f}x) "
                    f"| >= 0.95x |")
        rows.append(f"| CPU time per inference in those rounds (us, median) | {args.d} | {med(cli_cpu):.0f} | "
                    f"{med(py_cpu):.0f} | {med(py_cpu) / med(cli_cpu):.2f}x | |")
    load_after = os.getloadavg()[0]
    table = "\n".join(rows)
    print(table)
    print(f"load average (1 min): {load_before:.2f} before, {load_after:.2f} after")
    if args.md:
        header = (f"Measured {time.strftime('%Y-%m-%d')} on {platform.node()} ({os.cpu_count()} cores, load average "
                  f"{load_before:.2f} before, {load_after:.2f} after) by\n"
                  f"`PYTHONPATH=build/python build/venv/bin/python bench/python_api.py -t {args.t} -d {args.d} "
                  f"--rounds {args.rounds} --md {args.md}`.\n\n")
        pathlib.Path(args.md).write_text("# The Python package against C++ and the CLI\n\n" + header + table + "\n")


if __name__ == "__main__":
    sys.exit(main())
