"""The model behind `python -m ovcl.serve`: one IR compiled by ovcl, its batching plan, and an inference callable
for PyTriton that runs each batch Triton hands it on an ovcl AsyncInferQueue (docs/serving.md)."""
import asyncio
import logging

import numpy as np

from ovcl import AsyncInferQueue

LOG = logging.getLogger("ovcl.serve")


def _port_name(port, kind: str, index: int) -> str:
    return port.any_name if port.names else f"{kind}{index}"


def _dims(partial_shape) -> list:
    """A port's dimensions as Triton writes them (-1: dynamic); None for a dynamic rank."""
    if partial_shape.rank is None:
        return None
    return [d.get_length() if d.is_static else -1 for d in partial_shape]


def _batchable(model) -> str:
    """Why the first axis cannot be a batch axis, or '' when it can (it may need a reshape first)."""
    for kind, ports in (("input", model.inputs), ("output", model.outputs)):
        for i, port in enumerate(ports):
            dims = _dims(port.partial_shape)
            if not dims:
                return f"{kind} '{_port_name(port, kind, i)}' has no first axis"
            if kind == "input" and dims[0] not in (-1, 1):
                return f"input '{_port_name(port, kind, i)}' has a first axis of {dims[0]}, not 1 or dynamic"
    return ""


def plan_batching(model, max_batch: int) -> int:
    """Makes the model's first axis a batch axis when it allows one; returns the max batch size (0: no batching).

    Batching needs every input's first dimension dynamic or 1 (then reshaped to dynamic) and every output's
    first dimension dynamic once the inputs' are: the outputs are split back along it.
    """
    if max_batch <= 0:
        return 0
    why = _batchable(model)
    if not why:
        shapes = {}
        for i, port in enumerate(model.inputs):
            dims = _dims(port.partial_shape)
            if dims[0] != -1:
                shapes[i] = [-1] + dims[1:]
        try:
            if shapes:
                model.reshape(shapes)
        except Exception as e:  # ovcl's shape inference refuses a dynamic first axis: serve as it is
            why = f"the first axis cannot be made dynamic ({e})"
        else:
            for i, port in enumerate(model.outputs):
                if _dims(port.partial_shape)[0] != -1:
                    why = f"output '{_port_name(port, 'output', i)}' keeps a static first axis"
    if why:
        LOG.warning("dynamic batching off: %s", why)
        return 0
    return max_batch


def _deliver(future, outputs) -> None:
    if not future.done():  # cancelled when the server stops mid-inference
        future.set_result(outputs)


def _fail(future, error) -> None:
    if not future.done():
        future.set_exception(error)


class ServedModel:
    """A compiled model, the Triton tensor specs of its ports, and `await model(requests)` for PyTriton.

    Triton runs `jobs` instances of the model, one batch at a time each; every instance hands its batch to the
    shared queue of `jobs` infer requests, so that many batches run at once.
    """

    def __init__(self, compiled, max_batch: int, jobs: int) -> None:
        self.compiled = compiled
        self.max_batch = max_batch
        self.inputs = [(_port_name(p, "input", i), p) for i, p in enumerate(compiled.inputs)]
        self.outputs = [(_port_name(p, "output", i), p) for i, p in enumerate(compiled.outputs)]
        self.queue = AsyncInferQueue(compiled, jobs)
        self.queue.set_callback(self._done)
        self.queue.set_error_callback(self._failed)  # a failed inference answers its batch with the error

    def tensor_specs(self, kind: str) -> list:
        """(name, dtype, dims) of the inputs or outputs, without the batch axis when batching."""
        specs = []
        for name, port in self.inputs if kind == "input" else self.outputs:
            dims = _dims(port.partial_shape)
            if dims is None:
                raise ValueError(f"{kind} '{name}' has a dynamic rank: Triton needs each tensor's rank")
            specs.append((name, port.element_type.to_dtype(), dims[1:] if self.max_batch else dims))
        return specs

    def warm_up(self) -> int:
        """One inference per batch size (each is a shape the device plans once), when the shapes are known."""
        sizes = range(1, self.max_batch + 1) if self.max_batch else [None]
        request = self.compiled.create_infer_request()
        for size in sizes:
            feed = {}
            for name, dtype, dims in self.tensor_specs("input"):
                dims = [size] + dims if size else dims
                if -1 in dims:
                    return 0
                feed[name] = np.zeros(dims, dtype)
            request.infer(feed)
        return len(sizes)

    def _done(self, request, userdata) -> None:
        loop, future = userdata
        outputs = request.results.to_tuple()
        try:
            loop.call_soon_threadsafe(_deliver, future, outputs)
        except RuntimeError:  # the loop closed: Triton stopped and nobody waits for this answer
            pass

    def _failed(self, request, userdata, error) -> None:
        loop, future = userdata
        try:
            loop.call_soon_threadsafe(_fail, future, error)
        except RuntimeError:  # the loop closed: Triton stopped and nobody waits for this answer
            pass

    async def _infer(self, feed: dict) -> tuple:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        # Waits only while every request is busy: Triton runs at most `jobs` batches at once, one per request.
        self.queue.start_async(feed, (loop, future))
        return await future

    async def __call__(self, requests) -> list:
        names = [name for name, _ in self.outputs]
        if not self.max_batch:
            results = await asyncio.gather(*(self._infer(dict(r.items())) for r in requests))
            return [dict(zip(names, outputs)) for outputs in results]
        feed = {name: np.concatenate([r[name] for r in requests]) for name, _ in self.inputs}
        outputs = await self._infer(feed)
        total = sum(len(r[self.inputs[0][0]]) for r in requests)
        for name, array in zip(names, outputs):
            if len(array) != total:
                raise RuntimeError(f"output '{name}' has {len(array)} rows for a batch of {total}: serve it "
                                   "with --max-batch 0")
        responses, start = [], 0
        for r in requests:
            size = len(r[self.inputs[0][0]])
            responses.append({name: array[start:start + size] for name, array in zip(names, outputs)})
            start += size
        return responses
