// Runtime checks for messages coming from a webview: a webview is untrusted input, so the extension acts only on a
// message whose every field has the type the protocol says.
import type { CheckToExtension, DraftPanelState, DraftSentenceView, DraftSettings, DraftToExtension, DraftView, ScoreToExtension, SourceRef, VerifyToExtension } from './webview';

type Json = unknown;
const isObj = (v: Json): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: Json): v is string => typeof v === 'string';
const isInt = (v: Json): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isStrArray = (v: Json): v is string[] => Array.isArray(v) && v.every(isStr);
/** Request ids are short tokens the webview makes ("r12"), never free text. */
const isId = (v: Json): v is string => isStr(v) && /^[A-Za-z0-9_-]{1,64}$/.test(v);

function isSettings(v: Json): v is DraftSettings {
  return isObj(v) && typeof v.targetWords === 'number' && v.targetWords > 0 && typeof v.subsections === 'boolean' && isStr(v.engine);
}

function isSource(v: Json): v is SourceRef {
  return isObj(v) && isStr(v.key) && isStr(v.text) && isStr(v.section) && (v.page === undefined || isInt(v.page)) && (v.pdfPath === undefined || isStr(v.pdfPath));
}

function isSentence(v: Json): v is DraftSentenceView {
  return isObj(v) && isStr(v.text) && isStrArray(v.keys) && isStr(v.role) && Array.isArray(v.sources) && v.sources.every(isSource);
}

function isDraft(v: Json): v is DraftView {
  return (
    isObj(v) &&
    (v.format === 'latex' || v.format === 'markdown') &&
    Array.isArray(v.paragraphs) &&
    v.paragraphs.every((p) => isObj(p) && isStrArray(p.keys) && Array.isArray(p.sentences) && p.sentences.every(isSentence) && (p.heading === undefined || isStr(p.heading))) &&
    isStrArray(v.citedKeys) &&
    isStrArray(v.unknownKeys) &&
    (v.listedOnly === undefined || isStrArray(v.listedOnly))
  );
}

function isState(v: Json): v is DraftPanelState {
  return isObj(v) && isStrArray(v.keys) && isSettings(v.settings) && (v.draft === undefined || isDraft(v.draft));
}

export function isDraftToExtension(msg: Json): msg is DraftToExtension {
  if (!isObj(msg) || !isStr(msg.type)) return false;
  switch (msg.type) {
    case 'ready':
      return true;
    case 'useDocumentKeys':
      return msg.all === undefined || typeof msg.all === 'boolean';
    case 'cancel':
      return isId(msg.id);
    case 'searchKeys':
      return isStr(msg.query);
    case 'generate':
      return isId(msg.id) && isStrArray(msg.keys) && isSettings(msg.settings);
    case 'regenerateParagraph':
      return isId(msg.id) && isInt(msg.paragraph);
    case 'regenerateSentence':
      return isId(msg.id) && isInt(msg.paragraph) && isInt(msg.sentence);
    case 'stateChanged':
      return isState(msg.state);
    case 'insert':
      return isDraft(msg.draft);
    case 'openSource':
      return isSource(msg.source);
    default:
      return false;
  }
}

export function isScoreToExtension(msg: Json): msg is ScoreToExtension {
  if (!isObj(msg) || !isStr(msg.type)) return false;
  if (msg.type === 'ready') return true;
  if (msg.type === 'revealLine') return (msg.target === 'draft' || msg.target === 'reference') && isInt(msg.line);
  return false;
}

export function isCheckToExtension(msg: Json): msg is CheckToExtension {
  if (!isObj(msg) || !isStr(msg.type)) return false;
  if (msg.type === 'ready') return true;
  if (msg.type === 'revealCitation' || msg.type === 'swapCitation') return isInt(msg.index);
  return false;
}

export function isVerifyToExtension(msg: Json): msg is VerifyToExtension {
  if (!isObj(msg) || !isStr(msg.type)) return false;
  if (msg.type === 'ready') return true;
  if (msg.type === 'revealEntry') return isInt(msg.index);
  return false;
}
