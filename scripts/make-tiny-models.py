#!/usr/bin/env python3
"""Writes two tiny random-weight ONNX models in the Hugging Face Optimum / transformers.js layout.

  OUTDIR/seq2seq/  BART-like encoder-decoder: onnx/encoder_model.onnx + onnx/decoder_model_merged.onnx
                   (the merged decoder has the `use_cache_branch` If-node and past_key_values.{i}.decoder|encoder.key|value)
  OUTDIR/causal/   Llama/Qwen-like decoder: onnx/model.onnx with attention_mask, position_ids, past_key_values.{i}.key|value
                   (+ onnx/model_fp16.onnx: the same weights with float16 cache and logits, as fp16 exports have)

  OUTDIR/encoder/  BERT-like sentence encoder (feature extraction): onnx/model.onnx with input_ids, attention_mask,
                   token_type_ids -> last_hidden_state; words of one CONCEPT share an embedding (synonyms to it)

All come with config.json, tokenizer.json (WordPiece) and tokenizer_config.json (the generators with
generation_config.json).
The weights are random (numpy RandomState(seed)), so output is nonsense but fully deterministic: the tests use the
models to check mechanics (loading, KV cache, beam search, stop rules), never prose.

Usage: make-tiny-models.py OUTDIR [--seed N] [--external-data] [--hidden 16 --heads 2 --layers 2]
Needs the `onnx` and `numpy` Python packages (Debian: python3-onnx python3-numpy).
"""
import argparse
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
IR_VERSION = 8

WORDS = (
    "This paper we propose introduce present a an the new novel method model approach framework for of and in to on "
    "with by from that which is are show results data learning neural network networks translation summarization "
    "citation citations text language task tasks training dataset benchmark performance state art attention "
    "transformer sequence generation abstract scientific papers REF et al their they this these our work improve "
    "improves outperforms based using use uses domain transfer large pretrained evaluation human"
).split()
PUNCT = list(".,;:()[]{}-'\"!?%/\\")


def build_vocab():
    """WordPiece vocabulary: special tokens, whole words, single characters and ## continuations."""
    tokens = ["<s>", "<pad>", "</s>", "<unk>"]
    seen = set(tokens)

    def add(tok):
        if tok not in seen:
            seen.add(tok)
            tokens.append(tok)

    for w in WORDS:
        add(w)
    for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        add(c)
    for c in "abcdefghijklmnopqrstuvwxyz0123456789":
        add("##" + c)
    for p in PUNCT:
        add(p)
    return tokens


def tokenizer_json(vocab, added_specials, post_processor):
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
             "normalized": False, "special": True}
            for i, t in added_specials
        ],
        "normalizer": None,
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": post_processor,
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {
            "type": "WordPiece",
            "unk_token": "<unk>",
            "continuing_subword_prefix": "##",
            "max_input_chars_per_word": 100,
            "vocab": {t: i for i, t in enumerate(vocab)},
        },
    }


def template_processing(first, last, ids, last_pair_type):
    """The post-processor that wraps a text in its special tokens: `first A last` (and `first A last B last`)."""
    def special(token, type_id=0):
        return {"SpecialToken": {"id": token, "type_id": type_id}}

    return {
        "type": "TemplateProcessing",
        "single": [special(first), {"Sequence": {"id": "A", "type_id": 0}}, special(last)],
        "pair": [special(first), {"Sequence": {"id": "A", "type_id": 0}}, special(last),
                 {"Sequence": {"id": "B", "type_id": 1}}, special(last, last_pair_type)],
        "special_tokens": {t: {"id": t, "ids": [ids[t]], "tokens": [t]} for t in (first, last)},
    }


class GraphBuilder:
    """Collects nodes with unique output names; `prefix` keeps If-branch names apart from the outer graph."""

    def __init__(self, prefix, initializers):
        self.prefix = prefix
        self.nodes = []
        self.counter = 0
        self.initializers = initializers  # shared dict name -> numpy array (outer graph)

    def name(self, hint):
        self.counter += 1
        return f"{self.prefix}{hint}_{self.counter}"

    def op(self, op_type, inputs, hint=None, **attrs):
        out = self.name(hint or op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [out], **attrs))
        return out

    def op_named(self, op_type, inputs, out, **attrs):
        self.nodes.append(helper.make_node(op_type, inputs, [out], **attrs))
        return out

    def const(self, value, dtype=np.int64, hint="const"):
        arr = np.array(value, dtype=dtype)
        out = self.name(hint)
        self.nodes.append(helper.make_node("Constant", [], [out], value=numpy_helper.from_array(arr, out + "_v")))
        return out

    def weight(self, name, array):
        self.initializers[name] = array.astype(np.float32)
        return name


def make_weights(rng, scale, *shape):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


class TinyTransformer:
    def __init__(self, rng, d_model, n_heads, head_dim, vocab_size, max_positions):
        self.rng = rng
        self.d = d_model
        self.h = n_heads
        self.hd = head_dim
        self.vocab = vocab_size
        self.max_pos = max_positions
        self.initializers = {}

    def w(self, name, *shape, scale=None):
        if name not in self.initializers:
            s = scale if scale is not None else 1.0 / np.sqrt(shape[0])
            self.initializers[name] = make_weights(self.rng, s, *shape)
        return name

    def ln_weights(self, name):
        g, b = name + ".weight", name + ".bias"
        if g not in self.initializers:
            self.initializers[g] = (1.0 + 0.1 * self.rng.standard_normal(self.d)).astype(np.float32)
            self.initializers[b] = (0.1 * self.rng.standard_normal(self.d)).astype(np.float32)
        return g, b

    def layer_norm(self, g, x, name):
        w, b = self.ln_weights(name)
        return g.op("LayerNormalization", [x, w, b], axis=-1, epsilon=1e-5)

    def split_heads(self, g, x):
        """[b, t, d] -> [b, h, t, hd]"""
        shape = g.const([0, 0, self.h, self.hd])
        r = g.op("Reshape", [x, shape])
        return g.op("Transpose", [r], perm=[0, 2, 1, 3])

    def merge_heads(self, g, x):
        """[b, h, t, hd] -> [b, t, d]"""
        t = g.op("Transpose", [x], perm=[0, 2, 1, 3])
        return g.op("Reshape", [t, g.const([0, 0, self.d])])

    def project_heads(self, g, x, name):
        return self.split_heads(g, g.op("MatMul", [x, self.w(name, self.d, self.d)]))

    def attend(self, g, q, k, v, additive_mask, name):
        """q [b,h,tq,hd], k/v [b,h,tk,hd]; additive_mask broadcastable to [b,h,tq,tk]."""
        kt = g.op("Transpose", [k], perm=[0, 1, 3, 2])
        scores = g.op("MatMul", [q, kt])
        scores = g.op("Mul", [scores, g.const(1.0 / np.sqrt(self.hd), np.float32)])
        scores = g.op("Add", [scores, additive_mask])
        probs = g.op("Softmax", [scores], axis=-1)
        ctx = self.merge_heads(g, g.op("MatMul", [probs, v]))
        return g.op("MatMul", [ctx, self.w(name + ".out_proj", self.d, self.d)])

    def mlp(self, g, x, name):
        hdn = g.op("MatMul", [x, self.w(name + ".fc1", self.d, 2 * self.d)])
        hdn = g.op("Tanh", [hdn])
        return g.op("MatMul", [hdn, self.w(name + ".fc2", 2 * self.d, self.d)])

    def padding_mask(self, g, mask_int64):
        """[b, s] int64 (1 keep, 0 pad) -> [b, 1, 1, s] float additive."""
        m = g.op("Cast", [mask_int64], to=TensorProto.FLOAT)
        m = g.op("Sub", [g.const(1.0, np.float32), m])
        m = g.op("Mul", [m, g.const(-1e9, np.float32)])
        return g.op("Unsqueeze", [m, g.const([1, 2])])

    def causal_mask(self, g, past_len, t):
        """Query i (absolute past_len+i) may see keys 0..past_len+i: [t, past_len+t] additive."""
        zero, one = g.const(0), g.const(1)
        q_pos = g.op("Range", [past_len, g.op("Add", [past_len, t]), one])
        k_pos = g.op("Range", [zero, g.op("Add", [past_len, t]), one])
        allowed = g.op("LessOrEqual", [g.op("Unsqueeze", [k_pos, zero]), g.op("Unsqueeze", [q_pos, one])])
        return g.op("Where", [allowed, g.const(0.0, np.float32), g.const(-1e9, np.float32)])

    def dim(self, g, x, axis):
        shape = g.op("Shape", [x])
        return g.op("Gather", [shape, g.const(axis)], axis=0)


def tensor_info(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


EXTERNAL_DATA = False


def save_model(graph, path):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="citescribe-tiny")
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model)
    if EXTERNAL_DATA:
        # As exports over 2 GB do: weights in <file>_data next to the graph.
        onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
                  location=os.path.basename(path) + "_data", size_threshold=0)
    else:
        onnx.save(model, path)


# Model size: tiny by default (tests); `--hidden 256 --layers 4` gives a small model whose compute is not negligible
# next to the per-step overhead (benchmarks).
HIDDEN, HEADS, LAYERS = 16, 2, 2


def make_seq2seq(outdir, seed, vocab):
    rng = np.random.RandomState(seed)
    V = len(vocab)
    d, h, dec_layers, max_pos = HIDDEN, HEADS, LAYERS, 256
    hd = d // h
    tt = TinyTransformer(rng, d, h, hd, V, max_pos)
    tt.w("shared.embed", V, d, scale=1.0)
    tt.w("encoder.embed_positions", max_pos, d, scale=0.3)
    tt.w("decoder.embed_positions", max_pos, d, scale=0.3)

    # Encoder
    g = GraphBuilder("", tt.initializers)
    s = tt.dim(g, "input_ids", 1)
    positions = g.op("Range", [g.const(0), s, g.const(1)])
    x = g.op("Add", [g.op("Gather", ["shared.embed", "input_ids"]), g.op("Gather", ["encoder.embed_positions", positions])])
    x = tt.layer_norm(g, x, "encoder.layernorm_embedding")
    mask = tt.padding_mask(g, "attention_mask")
    q, k, v = (tt.project_heads(g, x, f"encoder.layers.0.self_attn.{p}_proj") for p in "qkv")
    x = tt.layer_norm(g, g.op("Add", [x, tt.attend(g, q, k, v, mask, "encoder.layers.0.self_attn")]), "encoder.layers.0.ln1")
    x = tt.layer_norm(g, g.op("Add", [x, tt.mlp(g, x, "encoder.layers.0")]), "encoder.layers.0.ln2")
    g.op_named("Identity", [x], "last_hidden_state")
    enc_names = set()
    for n in g.nodes:
        enc_names.update(n.input)
    graph = helper.make_graph(
        g.nodes, "encoder",
        [tensor_info("input_ids", TensorProto.INT64, ["batch_size", "encoder_sequence_length"]),
         tensor_info("attention_mask", TensorProto.INT64, ["batch_size", "encoder_sequence_length"])],
        [tensor_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "encoder_sequence_length", d])],
        [numpy_helper.from_array(a, n) for n, a in tt.initializers.items() if n in enc_names],
    )
    save_model(graph, os.path.join(outdir, "onnx", "encoder_model.onnx"))

    # Merged decoder: the If-node runs the same decoder with past (then) or without (else), as Optimum merges them.
    def decoder_branch(use_past):
        prefix = "with_past_" if use_past else "no_past_"
        g = GraphBuilder(prefix, tt.initializers)
        t = tt.dim(g, "input_ids", 1)
        past_len = tt.dim(g, "past_key_values.0.decoder.key", 2) if use_past else g.const(0)
        positions = g.op("Range", [past_len, g.op("Add", [past_len, t]), g.const(1)])
        x = g.op("Add", [g.op("Gather", ["shared.embed", "input_ids"]),
                         g.op("Gather", ["decoder.embed_positions", positions])])
        x = tt.layer_norm(g, x, "decoder.layernorm_embedding")
        self_mask = tt.causal_mask(g, past_len, t)
        cross_mask = tt.padding_mask(g, "encoder_attention_mask")
        outputs = {}
        for i in range(dec_layers):
            L = f"decoder.layers.{i}"
            q = tt.project_heads(g, x, f"{L}.self_attn.q_proj")
            k_new = tt.project_heads(g, x, f"{L}.self_attn.k_proj")
            v_new = tt.project_heads(g, x, f"{L}.self_attn.v_proj")
            if use_past:
                k = g.op("Concat", [f"past_key_values.{i}.decoder.key", k_new], axis=2)
                v = g.op("Concat", [f"past_key_values.{i}.decoder.value", v_new], axis=2)
            else:
                k, v = k_new, v_new
            outputs[f"present.{i}.decoder.key"] = k
            outputs[f"present.{i}.decoder.value"] = v
            x = tt.layer_norm(g, g.op("Add", [x, tt.attend(g, q, k, v, self_mask, f"{L}.self_attn")]), f"{L}.ln1")
            q = tt.project_heads(g, x, f"{L}.encoder_attn.q_proj")
            if use_past:
                ek, ev = f"past_key_values.{i}.encoder.key", f"past_key_values.{i}.encoder.value"
            else:
                ek = tt.project_heads(g, "encoder_hidden_states", f"{L}.encoder_attn.k_proj")
                ev = tt.project_heads(g, "encoder_hidden_states", f"{L}.encoder_attn.v_proj")
            outputs[f"present.{i}.encoder.key"] = g.op("Identity", [ek])
            outputs[f"present.{i}.encoder.value"] = g.op("Identity", [ev])
            x = tt.layer_norm(g, g.op("Add", [x, tt.attend(g, q, ek, ev, cross_mask, f"{L}.encoder_attn")]), f"{L}.ln2")
            x = tt.layer_norm(g, g.op("Add", [x, tt.mlp(g, x, L)]), f"{L}.ln3")
        embed_t = g.op("Transpose", ["shared.embed"], perm=[1, 0])
        logits = g.op("Add", [g.op("MatMul", [x, embed_t]), "final_logits_bias"])
        outputs = {"logits": logits, **outputs}
        out_infos = []
        for name, value in outputs.items():
            final = prefix + name
            g.op_named("Identity", [value], final)
            out_infos.append(helper.make_tensor_value_info(final, TensorProto.FLOAT, None))
        return helper.make_graph(g.nodes, prefix + "branch", [], out_infos), list(outputs)

    tt.initializers["final_logits_bias"] = (0.5 * rng.standard_normal(V)).astype(np.float32)
    # Build the no-past branch first so that every weight exists before the with-past branch reuses it.
    else_graph, output_names = decoder_branch(False)
    then_graph, _ = decoder_branch(True)
    if_node = helper.make_node("If", ["use_cache_branch"], output_names, then_branch=then_graph, else_branch=else_graph)

    inputs = [
        tensor_info("encoder_attention_mask", TensorProto.INT64, ["batch_size", "encoder_sequence_length"]),
        tensor_info("input_ids", TensorProto.INT64, ["batch_size", "decoder_sequence_length"]),
        tensor_info("encoder_hidden_states", TensorProto.FLOAT, ["batch_size", "encoder_sequence_length", d]),
    ]
    outputs = [tensor_info("logits", TensorProto.FLOAT, ["batch_size", "decoder_sequence_length", V])]
    for i in range(dec_layers):
        for kind in ("key", "value"):
            inputs.append(tensor_info(f"past_key_values.{i}.decoder.{kind}", TensorProto.FLOAT,
                                      ["batch_size", h, "past_decoder_sequence_length", hd]))
        for kind in ("key", "value"):
            inputs.append(tensor_info(f"past_key_values.{i}.encoder.{kind}", TensorProto.FLOAT,
                                      ["batch_size", h, "encoder_sequence_length_out", hd]))
    inputs.append(tensor_info("use_cache_branch", TensorProto.BOOL, [1]))
    for name in output_names[1:]:
        seq = "past_decoder_sequence_length + 1" if ".decoder." in name else "encoder_sequence_length_out"
        outputs.append(tensor_info(name, TensorProto.FLOAT, ["batch_size", h, seq, hd]))
    dec_init = [numpy_helper.from_array(a, n) for n, a in tt.initializers.items() if not n.startswith("encoder.")]
    graph = helper.make_graph([if_node], "decoder_merged", inputs, outputs, dec_init)
    save_model(graph, os.path.join(outdir, "onnx", "decoder_model_merged.onnx"))

    config = {
        "_name_or_path": "citescribe/tiny-bart",
        "architectures": ["BartForConditionalGeneration"],
        "model_type": "bart",
        "is_encoder_decoder": True,
        "vocab_size": V,
        "d_model": d,
        "encoder_layers": 1,
        "decoder_layers": dec_layers,
        "encoder_attention_heads": h,
        "decoder_attention_heads": h,
        "encoder_ffn_dim": 2 * d,
        "decoder_ffn_dim": 2 * d,
        "max_position_embeddings": max_pos,
        "bos_token_id": 0,
        "pad_token_id": 1,
        "eos_token_id": 2,
        "decoder_start_token_id": 2,
        "forced_bos_token_id": 0,
        "forced_eos_token_id": 2,
        "use_cache": True,
    }
    generation_config = {
        "bos_token_id": 0,
        "decoder_start_token_id": 2,
        "eos_token_id": 2,
        "forced_bos_token_id": 0,
        "forced_eos_token_id": 2,
        "pad_token_id": 1,
        "num_beams": 4,
        "max_length": 40,
        "min_length": 0,
        "no_repeat_ngram_size": 3,
        "length_penalty": 1.0,
        "early_stopping": True,
    }
    post = template_processing("<s>", "</s>", {"<s>": 0, "</s>": 2}, last_pair_type=0)
    tok = tokenizer_json(vocab, [(0, "<s>"), (1, "<pad>"), (2, "</s>"), (3, "<unk>")], post)
    tok_config = {
        "tokenizer_class": "BartTokenizer",
        "bos_token": "<s>", "eos_token": "</s>", "pad_token": "<pad>", "unk_token": "<unk>",
        "model_max_length": max_pos,
        "clean_up_tokenization_spaces": True,
    }
    write_model_files(outdir, config, tok, tok_config, generation_config)


CHAT_TEMPLATE = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def make_causal(outdir, seed, base_vocab):
    rng = np.random.RandomState(seed + 1)
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    vocab = [t for t in base_vocab if t not in ("<s>", "</s>", "<pad>")]
    vocab = vocab + specials
    V = len(vocab)
    ids = {t: i for i, t in enumerate(vocab)}
    d, h, layers, max_pos = HIDDEN, HEADS, LAYERS, 512
    hd = d // h
    tt = TinyTransformer(rng, d, h, hd, V, max_pos)
    tt.w("model.embed_tokens", V, d, scale=1.0)
    tt.w("model.embed_positions", max_pos, d, scale=0.3)
    def causal_graph(io16):
        """The decoder; io16 gives it float16 cache inputs/outputs and logits, as fp16 exports have (math stays fp32)."""
        io_type = TensorProto.FLOAT16 if io16 else TensorProto.FLOAT
        g = GraphBuilder("", tt.initializers)

        def past(name):
            return g.op("Cast", [name], to=TensorProto.FLOAT) if io16 else name

        t = tt.dim(g, "input_ids", 1)
        past_len = tt.dim(g, "past_key_values.0.key", 2)
        x = g.op("Add", [g.op("Gather", ["model.embed_tokens", "input_ids"]),
                         g.op("Gather", ["model.embed_positions", "position_ids"])])
        mask = g.op("Add", [tt.causal_mask(g, past_len, t), tt.padding_mask(g, "attention_mask")])
        outputs = {}
        for i in range(layers):
            L = f"model.layers.{i}"
            hx = tt.layer_norm(g, x, f"{L}.input_layernorm")
            q = tt.project_heads(g, hx, f"{L}.self_attn.q_proj")
            k = g.op("Concat", [past(f"past_key_values.{i}.key"), tt.project_heads(g, hx, f"{L}.self_attn.k_proj")], axis=2)
            v = g.op("Concat", [past(f"past_key_values.{i}.value"), tt.project_heads(g, hx, f"{L}.self_attn.v_proj")], axis=2)
            outputs[f"present.{i}.key"] = k
            outputs[f"present.{i}.value"] = v
            x = g.op("Add", [x, tt.attend(g, q, k, v, mask, f"{L}.self_attn")])
            x = g.op("Add", [x, tt.mlp(g, tt.layer_norm(g, x, f"{L}.post_attention_layernorm"), L)])
        x = tt.layer_norm(g, x, "model.norm")
        logits = g.op("MatMul", [x, tt.w("lm_head", d, V, scale=1.5)])
        outputs = {"logits": logits, **outputs}
        for name, value in outputs.items():
            if io16:
                g.op_named("Cast", [value], name, to=TensorProto.FLOAT16)
            else:
                g.op_named("Identity", [value], name)
        inputs = [
            tensor_info("input_ids", TensorProto.INT64, ["batch_size", "sequence_length"]),
            tensor_info("attention_mask", TensorProto.INT64, ["batch_size", "total_sequence_length"]),
            tensor_info("position_ids", TensorProto.INT64, ["batch_size", "sequence_length"]),
        ]
        outs = [tensor_info("logits", io_type, ["batch_size", "sequence_length", V])]
        for i in range(layers):
            for kind in ("key", "value"):
                inputs.append(tensor_info(f"past_key_values.{i}.{kind}", io_type,
                                          ["batch_size", h, "past_sequence_length", hd]))
                outs.append(tensor_info(f"present.{i}.{kind}", io_type,
                                        ["batch_size", h, "total_sequence_length", hd]))
        return helper.make_graph(g.nodes, "causal_lm", inputs, outs,
                                 [numpy_helper.from_array(a, n) for n, a in tt.initializers.items()])

    save_model(causal_graph(False), os.path.join(outdir, "onnx", "model.onnx"))
    save_model(causal_graph(True), os.path.join(outdir, "onnx", "model_fp16.onnx"))

    config = {
        "_name_or_path": "citescribe/tiny-llama",
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "vocab_size": V,
        "hidden_size": d,
        "intermediate_size": 2 * d,
        "num_hidden_layers": layers,
        "num_attention_heads": h,
        "num_key_value_heads": h,
        "head_dim": hd,
        "max_position_embeddings": max_pos,
        "bos_token_id": ids["<|endoftext|>"],
        "eos_token_id": ids["<|im_end|>"],
        "pad_token_id": ids["<|endoftext|>"],
        "tie_word_embeddings": False,
        "use_cache": True,
    }
    generation_config = {
        "bos_token_id": ids["<|endoftext|>"],
        "eos_token_id": [ids["<|im_end|>"], ids["<|endoftext|>"]],
        "pad_token_id": ids["<|endoftext|>"],
        "max_new_tokens": 48,
        "repetition_penalty": 1.1,
    }
    tok = tokenizer_json(vocab, [(ids["<unk>"], "<unk>")] + [(ids[s], s) for s in specials], None)
    tok_config = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "bos_token": None, "eos_token": "<|im_end|>", "pad_token": "<|endoftext|>", "unk_token": "<unk>",
        "model_max_length": max_pos,
        "chat_template": CHAT_TEMPLATE,
        "clean_up_tokenization_spaces": True,
    }
    write_model_files(outdir, config, tok, tok_config, generation_config)


# Words the tiny encoder treats as synonyms: each group shares one embedding row, so texts that use different words
# of a group embed close together although they share no word (what TF-IDF cannot see).
CONCEPTS = (
    ("translation", "transfer", "domain"),
    ("summarization", "abstract", "citation", "citations", "text"),
)


def make_encoder(outdir, seed, base_vocab):
    rng = np.random.RandomState(seed + 2)
    specials = ["[CLS]", "[SEP]", "[PAD]"]
    vocab = base_vocab + specials
    V = len(vocab)
    ids = {t: i for i, t in enumerate(vocab)}
    d, max_pos = HIDDEN, 128
    table = make_weights(rng, 1.0, V, d)
    for group in CONCEPTS:
        for word in group[1:]:
            table[ids[word]] = table[ids[group[0]]]
    initializers = {
        "embeddings.word_embeddings.weight": table,
        "embeddings.token_type_embeddings.weight": make_weights(rng, 0.01, 2, d),
        "encoder.layer.0.dense.weight": make_weights(rng, 1.0 / np.sqrt(d), d, d),
    }
    g = GraphBuilder("", initializers)
    x = g.op("Add", [g.op("Gather", ["embeddings.word_embeddings.weight", "input_ids"]),
                     g.op("Gather", ["embeddings.token_type_embeddings.weight", "token_type_ids"])])
    # One small nonlinear layer on top, then padding positions zeroed (what a real encoder's mask achieves).
    h = g.op("Add", [x, g.op("Mul", [g.op("Tanh", [g.op("MatMul", [x, "encoder.layer.0.dense.weight"])]),
                                     g.const(0.1, dtype=np.float32)])])
    mask = g.op("Unsqueeze", [g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT), g.const([2])])
    g.op_named("Mul", [h, mask], "last_hidden_state")
    graph = helper.make_graph(
        g.nodes, "tiny-encoder",
        [tensor_info(n, TensorProto.INT64, ["batch_size", "sequence_length"]) for n in ("input_ids", "attention_mask", "token_type_ids")],
        [tensor_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", d])],
        [numpy_helper.from_array(v, k) for k, v in initializers.items()],
    )
    save_model(graph, os.path.join(outdir, "onnx", "model.onnx"))
    config = {
        "architectures": ["BertModel"],
        "model_type": "bert",
        "vocab_size": V,
        "hidden_size": d,
        "num_hidden_layers": 1,
        "max_position_embeddings": max_pos,
        "pad_token_id": ids["[PAD]"],
    }
    post = template_processing("[CLS]", "[SEP]", ids, last_pair_type=1)
    tok = tokenizer_json(vocab, [(ids["<unk>"], "<unk>")] + [(ids[s], s) for s in specials], post)
    tok_config = {
        "tokenizer_class": "BertTokenizer",
        "cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]", "unk_token": "<unk>",
        "model_max_length": max_pos,
        "clean_up_tokenization_spaces": True,
    }
    write_model_files(outdir, config, tok, tok_config)


def write_model_files(outdir, config, tok, tok_config, generation_config=None):
    """config.json, tokenizer.json, tokenizer_config.json and, for the generators, generation_config.json."""
    write_json(outdir, "config.json", config)
    if generation_config is not None:
        write_json(outdir, "generation_config.json", generation_config)
    write_json(outdir, "tokenizer.json", tok)
    write_json(outdir, "tokenizer_config.json", tok_config)


def write_json(outdir, name, obj):
    with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--external-data", action="store_true", help="store weights in onnx/<file>.onnx_data")
    parser.add_argument("--hidden", type=int, default=16, help="hidden size (default 16)")
    parser.add_argument("--heads", type=int, default=2, help="attention heads (default 2)")
    parser.add_argument("--layers", type=int, default=2, help="decoder layers (default 2)")
    args = parser.parse_args(argv)
    global EXTERNAL_DATA, HIDDEN, HEADS, LAYERS
    EXTERNAL_DATA = args.external_data
    if args.hidden % args.heads:
        parser.error("--hidden must be a multiple of --heads")
    HIDDEN, HEADS, LAYERS = args.hidden, args.heads, args.layers
    seed = args.seed
    outdir = os.path.abspath(args.outdir)
    vocab = build_vocab()
    for kind, make in (("seq2seq", make_seq2seq), ("causal", make_causal), ("encoder", make_encoder)):
        target = os.path.join(outdir, kind)
        os.makedirs(os.path.join(target, "onnx"), exist_ok=True)
        make(target, seed, vocab)
        print(f"[make-tiny-models] wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
