// Registry of subcommands. Each command lives in its own file and is listed here once.
import type { CliCommand } from '../command';
import { indexCommand } from './index-library';
import { searchCommand } from './search';
import { scoreCommand } from './score';
import { citeCommand } from './cite';
import { draftCommand } from './draft';
import { evalCommand } from './eval';
import { demoCommand } from './demo';
import { checkCommand, suggestCommand } from './suggest';
import { enrichCommand, zoteroCommand } from './enrich';
import { groundingCommand } from './grounding';
import { modelsCommand } from './models';
import { explainCommand } from './explain';
import { verifyCommand } from './verify';

export const commands: CliCommand[] = [
  indexCommand,
  searchCommand,
  scoreCommand,
  citeCommand,
  draftCommand,
  evalCommand,
  suggestCommand,
  checkCommand,
  zoteroCommand,
  enrichCommand,
  groundingCommand,
  modelsCommand,
  explainCommand,
  verifyCommand,
  demoCommand,
];
