"""Requests per second through `python -m ovcl.serve` (Triton, KServe v2 over HTTP and gRPC) against ovcl's
AsyncInferQueue in this process, at concurrency 1, 4 and 16, on one model and device (docs/serving.md).

    PYTHONPATH=build/python build/venv-serve/bin/python bench/serve_bench.py -m model.xml -d GPU.0 [-t 8]

Each request is one sample (batch 1). Concurrency c: c client threads, each sending its next request when the
last one is answered; in-process, an AsyncInferQueue of c requests kept full. The clients run on the same machine
as the server, so they take CPU from it (and from an OpenCL CPU device).
"""
import argparse
import json
import pathlib
import sys
import threading
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python" / "tests_serve"))
from server_process import ServerProcess  # noqa: E402

import ovcl  # noqa: E402


def sample_inputs(compiled) -> dict:
    rng = np.random.RandomState(0)
    feed = {}
    for port in compiled.inputs:
        dims = [d.get_length() if d.is_static else 1 for d in port.partial_shape]
        feed[port.any_name] = rng.rand(*dims).astype(port.element_type.to_dtype())
    return feed


def in_process(compiled, feed: dict, concurrency: int, seconds: float) -> float:
    done = [0]
    queue = ovcl.AsyncInferQueue(compiled, concurrency)
    queue.set_callback(lambda request, userdata: done.__setitem__(0, done[0] + 1))
    for _ in range(concurrency):  # one warm-up inference per request
        queue.start_async(feed)
    queue.wait_all()
    done[0] = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        queue.start_async(feed)
    queue.wait_all()
    return done[0] / (time.perf_counter() - start)


def through_server(module, url: str, name: str, feed: dict, concurrency: int, seconds: float) -> float:
    from tritonclient.utils import np_to_triton_dtype

    counts = [0] * concurrency
    barrier = threading.Barrier(concurrency + 1)

    def client_loop(slot: int) -> None:
        client = module.InferenceServerClient(url)
        inputs = []
        for key, array in feed.items():
            i = module.InferInput(key, list(array.shape), np_to_triton_dtype(array.dtype))
            i.set_data_from_numpy(array)
            inputs.append(i)
        client.infer(name, inputs)  # connection and warm-up
        barrier.wait()
        began = time.perf_counter()
        while time.perf_counter() - began < seconds:
            client.infer(name, inputs)
            counts[slot] += 1

    threads = [threading.Thread(target=client_loop, args=(i,)) for i in range(concurrency)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - start)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-m", "--model", required=True)
    p.add_argument("-d", "--device", default="GPU.0")
    p.add_argument("-t", "--seconds", type=float, default=8.0, help="per measurement (default 8)")
    p.add_argument("-c", "--concurrency", type=int, nargs="+", default=[1, 4, 16])
    p.add_argument("--server-args", default="", help="more `ovcl.serve` arguments, e.g. '--max-batch 0'")
    p.add_argument("--json", help="write the figures here too")
    args = p.parse_args()
    import tritonclient.grpc as grpcclient
    import tritonclient.http as httpclient

    core = ovcl.Core()
    compiled = core.compile_model(args.model, args.device, {"PERFORMANCE_HINT": "THROUGHPUT"})
    feed = sample_inputs(compiled)
    rows = [{"concurrency": c, "in_process": in_process(compiled, feed, c, args.seconds)} for c in args.concurrency]
    with ServerProcess(args.model, args.device, "bench", *args.server_args.split()) as server:
        for row in rows:
            c = row["concurrency"]
            row["http"] = through_server(httpclient, f"127.0.0.1:{server.http}", "bench", feed, c, args.seconds)
            row["grpc"] = through_server(grpcclient, f"127.0.0.1:{server.grpc}", "bench", feed, c, args.seconds)
    print(f"{pathlib.Path(args.model).name} on {args.device}, {args.seconds:g} s per figure, requests of batch 1")
    print("| concurrency | in-process req/s | HTTP req/s | gRPC req/s | HTTP / in-process | gRPC / in-process |")
    print("|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['concurrency']} | {r['in_process']:.1f} | {r['http']:.1f} | {r['grpc']:.1f} | "
              f"{r['http'] / r['in_process']:.2f} | {r['grpc'] / r['in_process']:.2f} |")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({"model": args.model, "device": args.device, "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
