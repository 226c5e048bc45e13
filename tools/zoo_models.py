"""The architectures of tools/model_zoo.py and how each is exported to IR.

Every model is built in code with random weights (torchvision / timm `weights=None`, transformers and diffusers
from tiny configs), so nothing is downloaded but the libraries themselves, and converted by OpenVINO's own
converters: `openvino.convert_model` on the PyTorch module with an example input, or optimum-intel's exporter for
the decoder LLMs (stateful, KV cache in variables, as OpenVINO GenAI expects). Inputs are small so that one
inference stays short on a 2-core machine. Each entry writes <zoo>/<name>/<name>.xml + .bin (f32 weights),
<zoo>/<name>/inputs/<i>.npy (fixed inputs in valid ranges: token ids below the vocabulary, masks of ones) and
<zoo>/<name>/entry.json (what tools/model_zoo.py --run needs).
"""

import json
import os

import numpy as np

SEED = 20261127

# Tolerances on max |ovcl - OpenVINO CPU| <= tol * max |OpenVINO CPU| per output, per family; the report
# explains them.
TOLERANCE = {"cnn": 1e-3, "transformer": 1e-3, "detection": 1e-3, "segmentation": 1e-3, "speech": 1e-3,
             "recurrent": 1e-4, "nlp": 1e-3, "llm": 1e-3, "diffusion": 1e-3}

ZOO = {}  # name -> (family, builder): builder() returns what export() converts


def model(name, family):
    def register(builder):
        ZOO[name] = (family, builder)
        return builder
    return register


def _rng():
    return np.random.default_rng(SEED)


def image(size, batch=1):
    return _rng().standard_normal((batch, 3, size, size)).astype(np.float32)


def tokens(length, vocab):
    return _rng().integers(1, vocab, size=(1, length)).astype(np.int64)


# --- classification: CNNs and vision transformers -------------------------------------------------------------

def _tv(fn_name, size=64, spread=False, **kwargs):
    import torchvision
    net = getattr(torchvision.models, fn_name)(weights=None, **kwargs).eval()
    return (_spread(net) if spread else net), [image(size)]


def _timm(arch, size=64, **kwargs):
    import timm
    return timm.create_model(arch, pretrained=False, **kwargs), [image(size)]


# spread: fresh, these shrink their activations block by block (logits of 1e-14 to 1e-7, or GoogLeNet's = its fc bias)
for _name, _kw in [("resnet18", {}), ("resnet50", {}), ("mobilenet_v3_small", {"spread": True}),
                   ("mobilenet_v3_large", {"spread": True}), ("efficientnet_b0", {"spread": True}),
                   ("convnext_tiny", {}), ("regnet_y_400mf", {}), ("squeezenet1_1", {}),
                   ("densenet121", {}), ("shufflenet_v2_x1_0", {}), ("mnasnet0_5", {"spread": True}),
                   ("googlenet", {"aux_logits": False, "init_weights": True, "spread": True})]:
    model(_name, "cnn")(lambda n=_name, kw=_kw: _tv(n, **kw))

model("swin_t", "transformer")(lambda: _tv("swin_t"))
model("vit_tiny", "transformer")(lambda: _timm("vit_tiny_patch16_224", img_size=64))
model("deit_tiny", "transformer")(lambda: _timm("deit_tiny_patch16_224", img_size=64))
model("mobilevit_xxs", "transformer")(lambda: _timm("mobilevit_xxs"))
model("efficientformer_l1", "transformer")(lambda: _timm("efficientformer_l1", size=224))  # attention biases: 224 only


# --- detection and keypoints: post-processing (NMS, ROIAlign) in the graph -----------------------------------------

def _first_detection(keys):
    import torch

    class FirstImage(torch.nn.Module):
        """Batch tensor in, the first image's detections out as tensors (torchvision returns a list of dicts)."""

        def __init__(self, net):
            super().__init__()
            self.net = net

        def forward(self, x):
            found = self.net(list(x))[0]
            return tuple(found[k] for k in keys)

    return FirstImage


def _spread(net):
    """Random batch-norm statistics and noise on constant-initialised parameters, where a fresh torchvision model
    collapses its activations: SSDlite then gives every anchor the same score (1/91 for all 300, and the order of tied
    boxes after TopK and NMS is unspecified), EfficientNet-B0 logits of 1e-14."""
    import torch
    g = torch.Generator().manual_seed(SEED)
    with torch.no_grad():
        for m in net.modules():
            if hasattr(m, "running_var") and m.running_var is not None:
                m.running_mean.copy_(0.1 * torch.randn(m.running_mean.shape, generator=g))
                m.running_var.copy_(0.5 + torch.rand(m.running_var.shape, generator=g))
        for p in net.parameters():
            if p.numel() > 1 and float(p.std()) == 0:
                p.add_(0.05 * torch.randn(p.shape, generator=g))
    return net


def _detection(fn_name, size, keys=("boxes", "scores", "labels"), spread=False, **kwargs):
    import torchvision
    net = getattr(torchvision.models.detection, fn_name)(weights=None, weights_backbone=None, **kwargs).eval()
    return _first_detection(keys)(_spread(net) if spread else net), [image(size)]


model("ssdlite320_mobilenet_v3", "detection")(lambda: _detection("ssdlite320_mobilenet_v3_large", 320, spread=True))
model("fasterrcnn_mobilenet_v3_320", "detection")(
    lambda: _detection("fasterrcnn_mobilenet_v3_large_320_fpn", 320, box_score_thresh=0.0, spread=True))
model("retinanet_resnet50_fpn", "detection")(
    lambda: _detection("retinanet_resnet50_fpn", 256, min_size=256, max_size=256))
model("keypointrcnn_resnet50_fpn", "detection")(
    lambda: _detection("keypointrcnn_resnet50_fpn", 256, keys=("boxes", "scores", "keypoints"),
                       min_size=256, max_size=256, box_score_thresh=0.0))



def _yolo(config, size=320):
    import torch
    import torchvision
    from ultralytics.nn.tasks import DetectionModel

    class WithNms(torch.nn.Module):
        """YOLOv8's head ([1, 4 + classes, anchors]: centre-size boxes and class scores) with the post-processing
        users put in the graph: each anchor's best class, a score threshold, class-wise NMS, the 100 best."""

        def __init__(self, net):
            super().__init__()
            self.net = net

        def forward(self, x):
            head = self.net(x)
            p = (head[0] if isinstance(head, (tuple, list)) else head)[0].transpose(0, 1)
            centre, extent = p[:, :2], p[:, 2:4]
            scores, labels = p[:, 4:].max(1)
            keep = scores > 0.25
            boxes = torch.cat([centre - extent / 2, centre + extent / 2], 1)[keep]
            scores, labels = scores[keep], labels[keep]
            picked = torchvision.ops.batched_nms(boxes, scores, labels, 0.45)[:100]
            return boxes[picked], scores[picked], labels[picked]

    net = DetectionModel(config, nc=80, verbose=False).eval()
    # Fresh, the class biases put every score below 2e-4, so none passes the threshold. Zero biases and class
    # logits scaled to a standard deviation of 1 spread the scores over (0, 1).
    head = net.model[-1]
    with torch.no_grad():
        for branch in head.cv3:
            branch[-1].bias.zero_()
        net = WithNms(net)
        raw = net.net(torch.from_numpy(image(size)))[1]  # the head's raw outputs
        logits = raw["scores"] if isinstance(raw, dict) else torch.cat([f.flatten(2) for f in raw], 2)[:, -head.nc:]
        for branch in head.cv3:
            branch[-1].weight.div_(float(logits.std()))
        net(torch.from_numpy(image(size)))  # the head caches its anchors at the first call: traced as constants
    return net, [image(size)]


model("yolov8n", "detection")(lambda: _yolo("yolov8n.yaml"))

# --- segmentation ---------------------------------------------------------------------------------------------

def _segmentation(fn_name, size, **kwargs):
    import torch
    import torchvision

    class OutOnly(torch.nn.Module):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def forward(self, x):
            return self.net(x)["out"]

    net = getattr(torchvision.models.segmentation, fn_name)(weights=None, weights_backbone=None, **kwargs)
    return OutOnly(net), [image(size)]


model("deeplabv3_mobilenet_v3", "segmentation")(lambda: _segmentation("deeplabv3_mobilenet_v3_large", 128))
model("fcn_resnet50", "segmentation")(lambda: _segmentation("fcn_resnet50", 96))
model("lraspp_mobilenet_v3", "segmentation")(lambda: _segmentation("lraspp_mobilenet_v3_large", 128))


@model("unet_small", "segmentation")
def unet_small():
    import torch
    nn = torch.nn

    def block(cin, cout):
        return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(),
                             nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU())

    class UNet(nn.Module):
        """Ronneberger et al.'s shape at 3 levels: max-pool down, transposed convolution up, skip concats."""

        def __init__(self):
            super().__init__()
            self.e1, self.e2, self.e3 = block(3, 16), block(16, 32), block(32, 64)
            self.u2, self.d2 = nn.ConvTranspose2d(64, 32, 2, stride=2), block(64, 32)
            self.u1, self.d1 = nn.ConvTranspose2d(32, 16, 2, stride=2), block(32, 16)
            self.head = nn.Conv2d(16, 2, 1)

        def forward(self, x):
            a = self.e1(x)
            b = self.e2(nn.functional.max_pool2d(a, 2))
            c = self.e3(nn.functional.max_pool2d(b, 2))
            y = self.d2(torch.cat([self.u2(c), b], 1))
            y = self.d1(torch.cat([self.u1(y), a], 1))
            return self.head(y)

    return UNet(), [image(64)]


# --- speech and recurrent ---------------------------------------------------------------------------------------

@model("wav2vec2_tiny", "speech")
def wav2vec2_tiny():
    import transformers as tf
    cfg = tf.Wav2Vec2Config(vocab_size=32, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                            intermediate_size=128, conv_dim=(32, 32, 32), conv_stride=(5, 2, 2),
                            conv_kernel=(10, 3, 3), num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=4,
                            torchscript=True)
    wave = _rng().standard_normal((1, 4000)).astype(np.float32)
    return tf.Wav2Vec2ForCTC(cfg).eval(), [wave]


@model("whisper_tiny_encoder", "speech")
def whisper_tiny_encoder():
    import transformers as tf
    cfg = tf.WhisperConfig(d_model=64, encoder_layers=2, encoder_attention_heads=4, encoder_ffn_dim=128,
                           decoder_layers=1, decoder_attention_heads=4, decoder_ffn_dim=128, num_mel_bins=80,
                           max_source_positions=50, vocab_size=1000, pad_token_id=1, bos_token_id=1,
                           eos_token_id=2, decoder_start_token_id=1, torchscript=True)
    features = _rng().standard_normal((1, 80, 100)).astype(np.float32)
    return tf.WhisperModel(cfg).get_encoder().eval(), [features]


def _recurrent(cell, **kwargs):
    import torch

    class Tagger(torch.nn.Module):
        """A speech-style sequence tagger: stacked recurrent layers and a per-frame classifier."""

        def __init__(self):
            super().__init__()
            self.rnn = cell(40, 64, num_layers=2, batch_first=True, **kwargs)
            self.out = torch.nn.Linear(64 * (2 if kwargs.get("bidirectional") else 1), 10)

        def forward(self, x):
            return self.out(self.rnn(x)[0])

    return Tagger(), [_rng().standard_normal((1, 50, 40)).astype(np.float32)]


model("lstm_bidirectional", "recurrent")(lambda: _recurrent(__import__("torch").nn.LSTM, bidirectional=True))
model("gru", "recurrent")(lambda: _recurrent(__import__("torch").nn.GRU))
model("rnn_tanh", "recurrent")(lambda: _recurrent(__import__("torch").nn.RNN))


# --- NLP encoders -----------------------------------------------------------------------------------------------

VOCAB = 1000


def _encoder(make, with_types=False):
    ids = tokens(32, VOCAB)
    inputs = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
    if with_types:
        inputs["token_type_ids"] = np.zeros_like(ids)
    return make().eval(), inputs


@model("bert_tiny", "nlp")
def bert_tiny():
    import transformers as tf
    cfg = tf.BertConfig(vocab_size=VOCAB, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=128, torchscript=True)
    return _encoder(lambda: tf.BertModel(cfg), with_types=True)


@model("distilbert_tiny", "nlp")
def distilbert_tiny():
    import transformers as tf
    cfg = tf.DistilBertConfig(vocab_size=VOCAB, dim=64, n_layers=2, n_heads=4, hidden_dim=128, torchscript=True)
    return _encoder(lambda: tf.DistilBertModel(cfg))


@model("t5_tiny_encoder", "nlp")
def t5_tiny_encoder():
    import transformers as tf
    cfg = tf.T5Config(vocab_size=VOCAB, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4, torchscript=True)
    return _encoder(lambda: tf.T5EncoderModel(cfg))


@model("roberta_tiny", "nlp")
def roberta_tiny():
    import transformers as tf
    cfg = tf.RobertaConfig(vocab_size=VOCAB, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                           intermediate_size=128, torchscript=True)
    return _encoder(lambda: tf.RobertaModel(cfg))


# --- decoder LLMs: optimum-intel's stateful export -------------------------------------------------------------

def _llm(config):
    return ("optimum", config)


@model("gpt2_tiny", "llm")
def gpt2_tiny():
    import transformers as tf
    return _llm(tf.GPT2Config(vocab_size=VOCAB, n_positions=256, n_embd=64, n_layer=2, n_head=4))


@model("llama_tiny", "llm")
def llama_tiny():
    import transformers as tf
    return _llm(tf.LlamaConfig(vocab_size=VOCAB, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                               num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256))


@model("qwen2_tiny", "llm")
def qwen2_tiny():
    import transformers as tf
    return _llm(tf.Qwen2Config(vocab_size=VOCAB, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                               num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256))


# --- diffusion --------------------------------------------------------------------------------------------------

@model("sd_unet_tiny", "diffusion")
def sd_unet_tiny():
    import diffusers
    import torch

    unet = diffusers.UNet2DConditionModel(
        sample_size=16, in_channels=4, out_channels=4, layers_per_block=1, block_out_channels=(32, 64),
        down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"), up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"),
        cross_attention_dim=32, attention_head_dim=8, norm_num_groups=8)

    class Denoise(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.unet = unet

        def forward(self, sample, timestep, encoder_hidden_states):
            return self.unet(sample, timestep, encoder_hidden_states, return_dict=False)[0]

    rng = _rng()
    return Denoise().eval(), [rng.standard_normal((1, 4, 16, 16)).astype(np.float32),
                              np.array([10.0], np.float32), rng.standard_normal((1, 8, 32)).astype(np.float32)]


@model("vae_decoder_tiny", "diffusion")
def vae_decoder_tiny():
    import diffusers
    import torch

    vae = diffusers.AutoencoderKL(block_out_channels=(32, 64), latent_channels=4, norm_num_groups=8,
                                  down_block_types=("DownEncoderBlock2D",) * 2,
                                  up_block_types=("UpDecoderBlock2D",) * 2)

    class Decode(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.vae = vae

        def forward(self, latent):
            return self.vae.decode(latent, return_dict=False)[0]

    return Decode().eval(), [_rng().standard_normal((1, 4, 16, 16)).astype(np.float32)]


# --- export ---------------------------------------------------------------------------------------------------

LLM_PROMPT = 8  # prompt tokens of the stateful LLMs' prefill; model_zoo.py then decodes token by token


def _save_inputs(folder, names, arrays):
    os.makedirs(os.path.join(folder, "inputs"), exist_ok=True)
    paths = {}
    for i, (name, array) in enumerate(zip(names, arrays)):
        paths[name] = os.path.join(folder, "inputs", f"{i}.npy")
        np.save(paths[name], array)
    return paths


def _export_torch(net, example, xml):
    """convert_model on the traced module; inputs then fixed to the example's shapes (small static models)."""
    import openvino as ov
    import torch

    torch.manual_seed(SEED)
    arrays = list(example.values()) if isinstance(example, dict) else list(example)
    tensors = {k: torch.from_numpy(v) for k, v in example.items()} if isinstance(example, dict) else \
        tuple(torch.from_numpy(v) for v in example)
    with torch.no_grad():
        converted = ov.convert_model(net.eval(), example_input=tensors)
        found = net(**tensors) if isinstance(tensors, dict) else net(*tensors)
    converted.reshape({port: ov.PartialShape(list(a.shape)) for port, a in zip(converted.inputs, arrays)})
    ov.save_model(converted, xml, compress_to_fp16=False)
    # PyTorch's own outputs, a third opinion where ovcl and OpenVINO CPU disagree (kept when they line up with the
    # IR's outputs one to one)
    flat = []
    flatten = lambda x: [flatten(y) for y in x] if isinstance(x, (tuple, list)) else flat.append(x)  # noqa: E731
    flatten(found)
    if len(flat) == len(converted.outputs) and all(isinstance(t, torch.Tensor) for t in flat):
        folder = os.path.join(os.path.dirname(xml), "torch")
        os.makedirs(folder, exist_ok=True)
        for i, t in enumerate(flat):
            np.save(os.path.join(folder, f"out_{i}.npy"), t.numpy())
    return [p.any_name for p in converted.inputs], arrays


def _export_llm(config, folder, xml):
    """A random tiny checkpoint saved locally, exported by optimum-intel as OpenVINO GenAI expects (stateful)."""
    import openvino as ov
    import torch
    import transformers as tf
    from optimum.intel import OVModelForCausalLM

    torch.manual_seed(SEED)
    checkpoint = os.path.join(folder, "checkpoint")
    tf.AutoModelForCausalLM.from_config(config).save_pretrained(checkpoint)
    exported = OVModelForCausalLM.from_pretrained(checkpoint, export=True, compile=False, stateful=True,
                                                  load_in_8bit=False)
    ov.save_model(exported.model, xml, compress_to_fp16=False)
    ids = tokens(LLM_PROMPT + 32, config.vocab_size)  # the prompt, then the tokens fed one by one
    return ["input_ids"], [ids]


def export(name, zoo_dir):
    """Exports one architecture; returns its entry (also written to <zoo>/<name>/entry.json)."""
    family, builder = ZOO[name]
    folder = os.path.join(zoo_dir, name)
    os.makedirs(folder, exist_ok=True)
    xml = os.path.join(folder, name + ".xml")
    import torch
    torch.manual_seed(SEED)  # the random weights: the same IR every run
    built = builder()
    stateful = isinstance(built, tuple) and len(built) == 2 and built[0] == "optimum"
    if stateful:
        names, arrays = _export_llm(built[1], folder, xml)
    else:
        names, arrays = _export_torch(built[0], built[1], xml)
    entry = {"name": name, "family": family, "xml": xml, "tolerance": TOLERANCE[family], "stateful": stateful,
             "prompt": LLM_PROMPT if stateful else None, "inputs": _save_inputs(folder, names, arrays)}
    with open(os.path.join(folder, "entry.json"), "w") as f:
        json.dump(entry, f, indent=1)
    return entry
