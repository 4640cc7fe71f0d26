// The model proposes the grouping of a long list of works (more than MODEL_PLAN_ABOVE): it is asked for a JSON plan,
// groups with a name and their placeholders (paragraph-prompts.ts: groupingMessages), and the plan is used only when
// it passes every check: valid JSON, every work exactly once, no unknown placeholder, at least two groups, names
// non-empty and short. Anything else and our planner's grouping is used, with a note saying why, so that a model's
// plan can never lose, double or invent a work.
import type { PaperRecord } from '../types';
import { CancelledError, throwIfCancelled } from '../types';
import type { ChatMessage } from './prompts';
import { groupingMessages, type PlaceholderWork } from './paragraph-prompts';

/** Above this many works the model is asked for the grouping; up to it, a list is short enough for our planner alone. */
export const MODEL_PLAN_ABOVE = 6;
/** A group name is a plan line's subject and maybe a heading: "Unpaired image translation", not a sentence. */
const MAX_NAME_WORDS = 8;
const MAX_NAME_CHARS = 80;

export type ModelPlan = { ok: true; groups: { name: string; papers: PaperRecord[] }[] } | { ok: false; reason: string };

/** The JSON object of a reply: a model may wrap it in a code fence or think aloud first. */
function jsonOf(reply: string): unknown {
  const body = reply.replace(/<think>[\s\S]*?<\/think>/g, '').replace(/```(?:json)?/gi, '');
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** Checks the model's grouping against the works it was given; the first thing wrong is the reason it is refused. */
export function readModelPlan(reply: string, works: readonly PlaceholderWork[]): ModelPlan {
  const json = jsonOf(reply) as { groups?: unknown } | undefined;
  if (!json || !Array.isArray(json.groups)) return { ok: false, reason: 'the reply is not a JSON object with "groups"' };
  const byPlaceholder = new Map(works.map((w) => [w.placeholder, w.paper]));
  const placed = new Map<string, string>();
  const groups: { name: string; papers: PaperRecord[] }[] = [];
  for (const [gi, raw] of json.groups.entries()) {
    const group = raw as { name?: unknown; works?: unknown };
    const name = typeof group?.name === 'string' ? group.name.trim() : '';
    if (!name) return { ok: false, reason: `group ${gi + 1} has no name` };
    const words = name.split(/\s+/);
    if (name.length > MAX_NAME_CHARS || words.length > MAX_NAME_WORDS) {
      return { ok: false, reason: `the name of group ${gi + 1} is not short ("${words.slice(0, 6).join(' ')}…")` };
    }
    if (!Array.isArray(group.works) || !group.works.length) return { ok: false, reason: `group "${name}" lists no work` };
    const papers: PaperRecord[] = [];
    for (const item of group.works) {
      // "[W3]", "W3" and "[w 3]" name the same work.
      const n = typeof item === 'string' ? /^\s*\[?\s*[Ww]\s*(\d+)\s*\]?\s*$/.exec(item)?.[1] : undefined;
      const placeholder = n ? `[W${Number(n)}]` : String(item);
      const paper = byPlaceholder.get(placeholder);
      if (!paper) return { ok: false, reason: `${placeholder} is not a work given` };
      if (placed.has(placeholder)) return { ok: false, reason: `${placeholder} is in two groups ("${placed.get(placeholder)}" and "${name}")` };
      placed.set(placeholder, name);
      papers.push(paper);
    }
    groups.push({ name, papers });
  }
  const missing = works.filter((w) => !placed.has(w.placeholder)).map((w) => w.placeholder);
  if (missing.length) return { ok: false, reason: `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} in no group` };
  if (works.length > MODEL_PLAN_ABOVE && groups.length < 2) return { ok: false, reason: `one group for ${works.length} works` };
  return { ok: true, groups };
}

export interface ModelPlanRequest {
  papers: readonly PaperRecord[];
  /** How many paragraphs our planner would write: the model is asked for about as many. */
  groups: number;
  ownAbstract?: string;
  chat: (messages: ChatMessage[], signal?: AbortSignal) => Promise<{ text: string }>;
  fits: (messages: ChatMessage[]) => boolean;
  signal?: AbortSignal;
}

/**
 * Asks the model for the grouping once; the checked plan, or why it was refused. A failed request (a timeout, an HTTP
 * 400 for a too-long prompt, a local model refusing it) is a refusal like a bad plan: the draft goes on with our
 * planner. Only a cancel ends it.
 */
export async function proposeModelPlan(req: ModelPlanRequest): Promise<ModelPlan> {
  const works: PlaceholderWork[] = req.papers.map((paper, i) => ({ placeholder: `[W${i + 1}]`, paper }));
  const messages = groupingMessages(works, Math.max(2, req.groups), req.ownAbstract, req.fits);
  if (!messages) return { ok: false, reason: `the titles of the ${works.length} works alone do not fit the model's context` };
  let reply: { text: string };
  try {
    reply = await req.chat(messages, req.signal);
  } catch (err) {
    if (err instanceof CancelledError || req.signal?.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: `the request failed: ${message.split('\n')[0].slice(0, 200)}` };
  }
  throwIfCancelled(req.signal);
  return readModelPlan(reply.text, works);
}
