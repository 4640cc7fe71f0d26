// Every field of every message a webview may send, taken from the schemas: a well-formed sample passes its panel's
// guard, and the sample with one field taken away (a required one) or given a value of the wrong type is refused; an
// optional field may be left out. Nested objects and array items are walked too, so a field added to a message, at
// any depth, is tested as soon as it is declared (the sample must then carry it, or the test says which is missing).
import { strict as assert } from 'assert';
import type * as v from 'valibot';
import { isCheckToExtension, isDraftToExtension, isScoreToExtension, isVerifyToExtension } from '../../../src/protocol/guards';
import {
  CheckToExtensionSchema,
  DraftToExtensionSchema,
  ScoreToExtensionSchema,
  VerifyToExtensionSchema,
  type CheckToExtension,
  type DraftPanelState,
  type DraftToExtension,
  type ScoreToExtension,
  type SourceRef,
  type VerifyToExtension,
} from '../../../src/protocol/webview';

/** One well-formed sample per message type, every optional field present so that its type is tested too. */
type Samples<M extends { type: string }> = { [K in M['type']]: Extract<M, { type: K }> };

const source: SourceRef = { key: 'doe2020', text: 'We propose a parser.', section: 'abstract', page: 2, pdfPath: '/papers/doe2020.pdf' };
const evidence = { text: 'We propose a parser.', source: 'pdf' as const, page: 3 };
const check = { key: 'doe2020', verdict: 'misattributed' as const, support: 0.4, evidence, better: { key: 'roe2021', support: 0.9, evidence }, unsupportedDetails: ['97.1%'] };
const settings = { targetWords: 200, subsections: true, engine: 'default' };
const draft = {
  paragraphs: [{ heading: 'Parsing', subject: 'parsing', keys: ['doe2020'], sentences: [{ text: 'Doe proposes a parser.', keys: ['doe2020'], role: 'work' as const, sources: [source], edited: true, checks: [check], flags: ['written by the default engine'] }] }],
  format: 'latex' as const,
  citedKeys: ['doe2020'],
  unknownKeys: ['ghost2019'],
  listedOnly: ['roe2021'],
  engine: 'default',
  elapsedMs: 41,
};
const state: DraftPanelState = { keys: ['doe2020'], settings, draft };

const DRAFT_SAMPLES: Samples<DraftToExtension> = {
  ready: { type: 'ready' },
  useDocumentKeys: { type: 'useDocumentKeys', all: true },
  searchKeys: { type: 'searchKeys', query: 'parser' },
  generate: { type: 'generate', id: 'r1', keys: ['doe2020'], settings },
  regenerateParagraph: { type: 'regenerateParagraph', id: 'r2', paragraph: 0 },
  regenerateSentence: { type: 'regenerateSentence', id: 'r3', paragraph: 0, sentence: 1 },
  cancel: { type: 'cancel', id: 'r3' },
  stateChanged: { type: 'stateChanged', state },
  insert: { type: 'insert', draft },
  openSource: { type: 'openSource', source },
};
const SCORE_SAMPLES: Samples<ScoreToExtension> = { ready: { type: 'ready' }, revealLine: { type: 'revealLine', target: 'reference', line: 12 } };
const CHECK_SAMPLES: Samples<CheckToExtension> = { ready: { type: 'ready' }, revealCitation: { type: 'revealCitation', index: 3 }, swapCitation: { type: 'swapCitation', index: 5 } };
const VERIFY_SAMPLES: Samples<VerifyToExtension> = { ready: { type: 'ready' }, revealEntry: { type: 'revealEntry', index: 0 } };

type AnySchema = v.GenericSchema & { entries?: Record<string, AnySchema>; wrapped?: AnySchema; item?: AnySchema; options?: AnySchema[] };

const PANELS: { panel: string; schema: AnySchema; guard: (msg: unknown) => boolean; samples: Record<string, unknown> }[] = [
  { panel: 'draft panel', schema: DraftToExtensionSchema as AnySchema, guard: isDraftToExtension, samples: DRAFT_SAMPLES },
  { panel: 'score panel', schema: ScoreToExtensionSchema as AnySchema, guard: isScoreToExtension, samples: SCORE_SAMPLES },
  { panel: 'check panel', schema: CheckToExtensionSchema as AnySchema, guard: isCheckToExtension, samples: CHECK_SAMPLES },
  { panel: 'verify panel', schema: VerifyToExtensionSchema as AnySchema, guard: isVerifyToExtension, samples: VERIFY_SAMPLES },
];

type Path = (string | number)[];
interface Mutation {
  /** "draft.paragraphs[0].sentences[0].role: not one of its choices" */
  what: string;
  message: unknown;
  accepted: boolean;
}

/** Each field under `schema` (at `path` in the sample): removed, and given a value of another type. */
function* mutations(schema: AnySchema, sample: unknown, path: Path, optional: boolean): Generator<Mutation> {
  if (schema.type === 'optional') return yield* mutations(schema.wrapped!, sample, path, true);
  const here = at(sample, path);
  const name = pathName(path);
  if (path.length > 0) {
    assert.notEqual(here, undefined, `the sample lacks ${name}: add it, so that its check is tested`);
    // An array's items are not fields: the array may be shorter.
    if (typeof path.at(-1) === 'string') yield { what: `${name} left out`, message: changed(sample, path, undefined), accepted: optional };
    yield { what: `${name} of the wrong type`, message: changed(sample, path, typeof here === 'string' ? 7 : 'seven'), accepted: false };
    if (schema.type === 'picklist') yield { what: `${name}: not one of its choices`, message: changed(sample, path, `not-${String(here)}`), accepted: false };
  }
  if (schema.entries) {
    for (const [key, entry] of Object.entries(schema.entries)) yield* mutations(entry, sample, [...path, key], false);
  } else if (schema.item) {
    assert.ok(Array.isArray(here) && here.length > 0, `the sample's ${name} is empty: give it an item, so that the items' check is tested`);
    yield* mutations(schema.item, sample, [...path, 0], false);
  }
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, step) => (v as Record<string | number, unknown> | undefined)?.[step], value);
}

/** A copy of `sample` with the value at `path` replaced, or deleted when `value` is undefined. */
function changed(sample: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(sample);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

function pathName(path: Path): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
}

describe('webview message fields, from the schemas', () => {
  for (const { panel, schema, guard, samples } of PANELS) {
    for (const option of schema.options!) {
      const type = (option.entries!.type as unknown as { literal: string }).literal;
      it(`${panel} → extension: '${type}' passes whole and is refused with any required field missing or mistyped`, () => {
        const sample = samples[type];
        assert.ok(sample, `no sample of '${type}'`);
        assert.equal(guard(sample), true, `the well-formed sample is refused: ${JSON.stringify(sample)}`);
        const wrong = [...mutations(option, sample, [], false)].filter((m) => guard(m.message) !== m.accepted);
        assert.deepEqual(
          wrong.map((m) => `${m.what}: ${m.accepted ? 'refused' : 'accepted'}`),
          [],
        );
      });
    }
  }

  it('has a sample for every message type and no other', () => {
    for (const { panel, schema, samples } of PANELS) {
      const types = schema.options!.map((o) => (o.entries!.type as unknown as { literal: string }).literal);
      assert.deepEqual(Object.keys(samples).sort(), types.sort(), panel);
    }
  });
});
