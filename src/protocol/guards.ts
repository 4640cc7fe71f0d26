// Runtime checks for what comes from a webview: a webview is untrusted input, so the extension acts only on a message
// whose every field has the type the protocol says. Each check is its message's schema in webview.ts, the declaration
// the TypeScript type is inferred from, so a field added to a message is checked as soon as it is typed.
import * as v from 'valibot';
import {
  CheckToExtensionSchema,
  DraftSettingsSchema,
  DraftToExtensionSchema,
  DraftViewSchema,
  ScoreToExtensionSchema,
  VerifyToExtensionSchema,
  type CheckToExtension,
  type DraftPanelState,
  type DraftSettings,
  type DraftToExtension,
  type ScoreToExtension,
  type VerifyToExtension,
} from './webview';

export const isDraftToExtension = (msg: unknown): msg is DraftToExtension => v.is(DraftToExtensionSchema, msg);
export const isScoreToExtension = (msg: unknown): msg is ScoreToExtension => v.is(ScoreToExtensionSchema, msg);
export const isCheckToExtension = (msg: unknown): msg is CheckToExtension => v.is(CheckToExtensionSchema, msg);
export const isVerifyToExtension = (msg: unknown): msg is VerifyToExtension => v.is(VerifyToExtensionSchema, msg);

/**
 * The draft panel's saved state, as the webview restores it after a reload (its own webview state, or the workspace
 * copy the extension sends in `init`). It is untrusted across versions, so it is restored part by part rather than
 * all or nothing: the keys that are strings, each setting that fits its schema (else the panel's default: a
 * `targetWords` of 0 becomes `defaults.targetWords`), and the draft only when it is a whole `DraftView` (a draft the
 * panel could not render is dropped, the keys and settings stay). Without a list of keys and a settings object it is
 * no panel state at all: undefined.
 */
export function restoreDraftPanelState(saved: unknown, defaults: DraftSettings): DraftPanelState | undefined {
  const settings = DraftSettingsSchema.entries;
  const restorable = v.object({
    keys: v.pipe(
      v.array(v.unknown()),
      v.transform((keys) => keys.filter((key): key is string => typeof key === 'string')),
    ),
    settings: v.object({
      targetWords: v.fallback(settings.targetWords, defaults.targetWords),
      subsections: v.fallback(settings.subsections, defaults.subsections),
      engine: v.fallback(settings.engine, defaults.engine),
    }),
    draft: v.fallback(v.optional(DraftViewSchema), undefined),
  });
  const result = v.safeParse(restorable, saved);
  return result.success ? result.output : undefined;
}
