#!/usr/bin/env python3
"""Image classification with an AsyncInferQueue, written as OpenVINO's classification_sample_async is.

It runs unchanged under OpenVINO: replace the import below with `import openvino as ov` (device CPU).
    python classification_async.py model.xml DEVICE [image.npy ...]
Images are u8 HxWx3 (BGR) .npy files; without any, three random images are classified.
"""
import sys

import numpy as np

import ovcl as ov


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    model_path, device, image_paths = argv[1], argv[2], argv[3:]
    core = ov.Core()
    model = core.read_model(model_path)
    if len(model.inputs) != 1 or len(model.outputs) < 1:
        print("the sample takes a model of one input", file=sys.stderr)
        return 1
    _, _, height, width = model.input().shape
    if image_paths:
        images = [np.load(p) for p in image_paths]
    else:
        rng = np.random.default_rng(0)
        images = [rng.integers(0, 256, (height, width, 3), dtype=np.uint8) for _ in range(3)]

    # The application's images are u8 NHWC BGR; the model takes f32 NCHW RGB.
    ppp = ov.preprocess.PrePostProcessor(model)
    ppp.input().tensor().set_element_type(ov.Type.u8).set_layout(ov.Layout("NHWC")).set_color_format(
        ov.preprocess.ColorFormat.BGR)
    ppp.input().model().set_layout(ov.Layout("NCHW"))
    ppp.input().preprocess().convert_element_type(ov.Type.f32).convert_color(ov.preprocess.ColorFormat.RGB)
    ppp.output().tensor().set_element_type(ov.Type.f32)
    model = ppp.build()

    compiled = core.compile_model(model, device)
    queue = ov.AsyncInferQueue(compiled)
    top = {}

    def completed(request, index):
        scores = request.get_output_tensor(0).data.reshape(-1)
        top[index] = np.argsort(scores)[::-1][:10]

    queue.set_callback(completed)
    for i, image in enumerate(images):
        queue.start_async({0: image[None]}, i)
    queue.wait_all()
    for i in range(len(images)):
        print(f"image {i}: top classes {' '.join(str(c) for c in top[i])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
