// Options several commands take, declared once and spread into each command's declaration, so that `--style long`
// gets the same error from cite, explain and eval ("--style must be citation or tldr, got 'long'"). A command that
// defaults an option differently spreads it with its own default: `style: { ...STYLE_OPTION.style, default: 'citation' }`.
import { declareOptions } from './options';

export const DB_OPTION = declareOptions({
  db: { type: 'string', valueName: 'DB', description: 'the library database (built by `citescribe index`)' },
});

/** The same, for the commands that read nothing but the library. */
export const REQUIRED_DB_OPTION = declareOptions({ db: { ...DB_OPTION.db, required: true } });

export const STYLE_OPTION = declareOptions({
  style: {
    type: 'string',
    choices: ['citation', 'tldr'],
    description: 'citation: the third person, the authors\' names and a citation command; tldr: "This paper …"',
  },
});

export const SYNTAX_OPTION = declareOptions({
  syntax: { type: 'string', choices: ['cite', 'citet', 'citep', 'pandoc'], description: 'the citation command: \\cite, \\citet, \\citep or Pandoc\'s [@key]' },
});

export const TENSE_OPTION = declareOptions({
  tense: { type: 'string', choices: ['past', 'present'], description: 'what the cited works did: past ("proposed"; the engines\' default) or present ("propose")' },
});

/** Both services commands (enrich, verify) ask the public scholarly services politely. */
export const SERVICE_OPTIONS = declareOptions({
  contact: { type: 'string', valueName: 'EMAIL', description: "contact address for the services' polite pools" },
  'no-rate-limit': { type: 'boolean', description: 'do not space requests (only for a local mirror or test server)' },
});
