// `citescribe models`: every engine that can write here — the default engine, ONNX models already downloaded, and
// the local model servers that answer (Ollama, LM Studio, llama.cpp server, vLLM, and any --url), with their models.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError } from '../args';
import { defineCommand } from '../command';
import { describeModel, discoverServers, type DiscoveredServer } from '../../core/models/discovery';
import { COMPLETE_MARKER } from '../../core/neural/download';
import { REPLY_LIMITS } from '../../core/util/bounded-read';

/** Hugging Face ids downloaded into the model cache (models--owner--name/<revision>/ with its completion marker). */
function downloadedModels(cacheDir: string): string[] {
  if (!fs.existsSync(cacheDir)) return [];
  const out: string[] = [];
  for (const dir of fs.readdirSync(cacheDir)) {
    const m = /^models--(.+?)--(.+)$/.exec(dir);
    if (!m) continue;
    for (const revision of fs.readdirSync(path.join(cacheDir, dir))) {
      if (fs.existsSync(path.join(cacheDir, dir, revision, COMPLETE_MARKER))) out.push(`${m[1]}/${m[2]}${revision === 'main' ? '' : `@${revision}`}`);
    }
  }
  return out.sort();
}

export const modelsCommand = defineCommand(
  {
    name: 'models',
    summary: 'list the engines and local model servers (Ollama, LM Studio, llama.cpp, vLLM) available here',
    synopsis: ['citescribe models [--url URL]... [--timeout MS] [--json]'],
    about: `Lists what can write drafts here: the default engine (model-free), ONNX models already downloaded into
$CITESCRIBE_MODEL_CACHE (~/.cache/citescribe/models), and the local model servers that answer on this machine —
Ollama (127.0.0.1:11434), LM Studio (:1234), the llama.cpp server (:8080), vLLM (:8000) — and at each --url, with
their models (size and context length where the server says). Use one with
  citescribe draft --engine server --url BASE_URL --model NAME …`,
    options: {
      url: { type: 'string', valueName: 'URL', multiple: true, description: 'another server to ask, e.g. http://gpu-box:11434 or http://10.0.0.5:8000/v1' },
      timeout: { type: 'string', valueName: 'MS', number: { integer: true, min: 50 }, default: 600, description: 'how long to wait for each server' },
      json: {
        type: 'boolean',
        description: 'print {engines: [...], servers: [{kind, label, baseUrl, models: [{id, sizeBytes, contextLength, details}], error}]}',
      },
    },
  },
  async ({ values }, io) => {
    const urls = values.url ?? [];
    for (const u of urls) {
      if (!/^https?:\/\/\S+$/.test(u)) throw new UsageError(`--url must be an http(s) URL, got '${u}'`);
    }
    const timeoutMs = values.timeout;
    const cacheDir = process.env.CITESCRIBE_MODEL_CACHE ?? path.join(os.homedir(), '.cache', 'citescribe', 'models');
    const onnx = downloadedModels(cacheDir);
    const servers: DiscoveredServer[] = await discoverServers({ urls, timeoutMs });
    if (values.json) {
      io.out(JSON.stringify({ engines: ['default', ...onnx.map((id) => `onnx:${id}`)], servers }));
      return 0;
    }
    io.out('default    model-free, offline (citescribe draft … with no --engine)');
    for (const id of onnx) io.out(`onnx       ${id}  (--engine onnx --model ${id})`);
    if (!servers.length) io.out('servers    none answered (Ollama :11434, LM Studio :1234, llama.cpp :8080, vLLM :8000); give others with --url');
    for (const s of servers) {
      if (s.error) {
        io.out(`server     ${s.baseUrl}: ${s.error}`);
        // A list cut at a limit is a problem with a server that answered, not one that is not there.
        if (/stopped reading/.test(s.error)) io.err(`problem: ${s.error}`);
        continue;
      }
      io.out(`server     ${s.label} at ${s.baseUrl} — ${s.models.length} model(s)${s.modelsLeftOut ? ` listed, ${s.modelsLeftOut} left out` : ''}`);
      for (const m of s.models) {
        const about = describeModel(m);
        io.out(`             ${m.id}${about ? `  (${about})` : ''}  → --engine server --url ${s.baseUrl} --model ${m.id}`);
      }
      if (s.modelsLeftOut) io.err(`problem: ${s.baseUrl} lists more models than the ${REPLY_LIMITS['model-list'].maxItems} shown (or ids over 256 characters): ${s.modelsLeftOut} left out`);
    }
    return 0;
  },
);
