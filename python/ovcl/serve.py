"""Serves one IR over the KServe v2 HTTP and gRPC protocols with Triton Inference Server (NVIDIA PyTriton).

    python -m ovcl.serve -m model.xml -d GPU[,GPU.1,...] [--name NAME] [--max-batch N] [--jobs N]
                         [--http-port P] [--grpc-port P] [--config KEY=VALUE ...]

Triton's dynamic batcher groups requests along the first axis when the model allows it; each batch runs on an
ovcl AsyncInferQueue of one of the devices, several at once. SIGINT or SIGTERM stops it. See docs/serving.md.
"""
import argparse
import logging
import os
import pathlib
import signal
import socket
import sys
import sysconfig

import ovcl
from ovcl._served_model import ServedModel, plan_batching

LOG = logging.getLogger("ovcl.serve")


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m ovcl.serve", description=__doc__.split("\n\n")[0])
    p.add_argument("-m", "--model", required=True, help="the IR's .xml (its .bin beside it)")
    p.add_argument("-d", "--device", default="GPU",
                   help="ovcl device (GPU, GPU.N, REF), or several: GPU.0,GPU.1 (default GPU)")
    p.add_argument("--name", help="the model's name on the server (default: the .xml's stem)")
    p.add_argument("--max-batch", type=int, default=8,
                   help="Triton's max batch size; 0 turns dynamic batching off (default 8)")
    p.add_argument("--max-queue-delay-us", type=int, default=0,
                   help="how long Triton holds a request to grow its batch (default 0: batch what is queued)")
    p.add_argument("--jobs", type=int, default=0,
                   help="infer requests, and Triton model instances, per device (default 0: the device's optimum)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--http-port", type=int, default=8000)
    p.add_argument("--grpc-port", type=int, default=8001)
    p.add_argument("--metrics-port", type=int, default=0, help="Prometheus metrics port (default 0: off)")
    p.add_argument("--config", nargs="*", default=[], metavar="KEY=VALUE",
                   help="compile_model properties (default PERFORMANCE_HINT=THROUGHPUT)")
    p.add_argument("-v", "--verbose", action="store_true", help="log Triton's and PyTriton's steps")
    args = p.parse_args(argv)
    bad = [c for c in args.config if "=" not in c or c.startswith("=")]
    if bad:
        p.error(f"--config takes KEY=VALUE pairs, not {' '.join(bad)}")
    if args.max_batch < 0 or args.jobs < 0:
        p.error("--max-batch and --jobs take a number >= 0")
    return args


def load(args) -> list:
    """Reads the IR, makes its first axis a batch axis where it can, compiles it on each device and warms it up."""
    config = {"PERFORMANCE_HINT": "THROUGHPUT"}
    config.update(c.split("=", 1) for c in args.config)
    core = ovcl.Core()
    model = core.read_model(args.model)
    max_batch = plan_batching(model, args.max_batch)
    served = []
    for device in args.device.split(","):
        served.append(ServedModel(core.compile_model(model, device, config), max_batch, args.jobs))
        for kind in ("input", "output"):
            served[-1].tensor_specs(kind)  # a dynamic rank fails here, before Triton starts
        warmed = served[-1].warm_up()
        LOG.info("%s on %s: %d requests, %s, %d shapes warmed up", args.model, device, len(served[-1].queue),
                 f"batches of up to {max_batch}" if max_batch else "no batching", warmed)
    return served


def check_ports(args) -> None:
    """A port in use fails here, at once: Triton would only time out after a minute."""
    ports = [args.http_port, args.grpc_port] + ([args.metrics_port] if args.metrics_port else [])
    for port in ports:
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind((args.host, port))
            except OSError as e:
                raise OSError(f"cannot listen on {args.host}:{port}: {e.strerror}") from None


def _stub_libpython() -> None:
    """Triton's Python backend stub links libpython3.X.so.1.0 and runs this interpreter's standard library: it
    must load this interpreter's libpython, not another 3.X's that the loader finds first (pyenv vs Debian)."""
    libdir, soname = sysconfig.get_config_var("LIBDIR"), sysconfig.get_config_var("INSTSONAME")
    if libdir and soname and os.path.exists(os.path.join(libdir, soname)):
        paths = os.environ.get("LD_LIBRARY_PATH", "")
        os.environ["LD_LIBRARY_PATH"] = f"{libdir}:{paths}" if paths else libdir


def serve(served: list, args) -> None:
    """Binds the model into Triton, one instance per infer request of each device, and serves until a signal."""
    from pytriton.model_config import DynamicBatcher, ModelConfig, Tensor
    from pytriton.triton import Triton, TritonConfig

    def tensors(kind):
        return [Tensor(name=n, dtype=dtype, shape=tuple(dims)) for n, dtype, dims in served[0].tensor_specs(kind)]

    metrics = {"allow_metrics": True, "metrics_port": args.metrics_port} if args.metrics_port else \
        {"allow_metrics": False}
    config = TritonConfig(http_address=args.host, http_port=args.http_port, grpc_address=args.host,
                          grpc_port=args.grpc_port, log_verbose=int(args.verbose), **metrics)
    batching = ModelConfig(batching=bool(served[0].max_batch), max_batch_size=served[0].max_batch,
                           batcher=DynamicBatcher(max_queue_delay_microseconds=args.max_queue_delay_us))
    name = args.name or pathlib.Path(args.model).stem
    _stub_libpython()
    with Triton(config=config) as triton:
        # One Triton instance per infer request: an instance runs one batch at a time, the queues run them all,
        # and Triton hands each batch to an idle instance, so to the device with a request free.
        instances = [s for s in served for _ in range(len(s.queue))]
        triton.bind(model_name=name, infer_func=instances, inputs=tensors("input"), outputs=tensors("output"),
                    config=batching, strict=False)
        print(f"ovcl.serve: '{name}' on {args.device} at http://{args.host}:{args.http_port} and "
              f"grpc {args.host}:{args.grpc_port}", flush=True)
        triton.serve()  # returns on SIGINT (KeyboardInterrupt), then the with block stops Triton
    for s in served:
        s.queue.wait_all()


def _interrupt(signum, frame):
    raise KeyboardInterrupt(signal.Signals(signum).name)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s: %(message)s")
    if not args.verbose:  # PyTriton logs every endpoint and model event at INFO
        logging.getLogger("pytriton").setLevel(logging.WARNING)
    try:
        import pytriton  # noqa: F401
    except ImportError:
        print("ovcl.serve: error: needs NVIDIA PyTriton (pip install nvidia-pytriton; scripts/setup puts it in "
              "build/venv-serve)", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _interrupt)  # SIGTERM stops as SIGINT does: Triton and its workspace cleaned
    try:
        check_ports(args)
        served = load(args)
    except (ovcl.Error, OSError, ValueError) as e:
        message = e.args[0] if e.args else str(e)
        print(f"ovcl.serve: error: {message}", file=sys.stderr)
        return 1
    try:
        serve(served, args)
    except KeyboardInterrupt:  # a signal before Triton was up
        pass
    except Exception as e:  # Triton did not start (a port in use, a stub that failed): PyTriton's message
        LOG.debug("Triton failed", exc_info=True)
        print(f"ovcl.serve: error: Triton: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
