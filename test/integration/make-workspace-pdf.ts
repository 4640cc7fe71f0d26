// Writes a PDF of one fixture paper into the integration workspace (argv[2]), so the extension host indexes a real
// PDF, links it to its .bib entry by title and authors, and offers it from the hover. Text written for these tests.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { paperPdf } from '../unit/library/minimal-pdf';

const dir = process.argv[2];
if (!dir) throw new Error('usage: make-workspace-pdf.ts WORKSPACE_DIR');
fs.mkdirSync(path.join(dir, 'papers'), { recursive: true });
fs.writeFileSync(
  path.join(dir, 'papers', 'cross-domain-generation.pdf'),
  paperPdf({
    title: 'Unsupervised Cross-Domain Image Generation',
    authors: 'Yaniv Taigman, Adam Polyak, Lior Wolf',
    abstract: [
      'We study transferring a sample in one domain to an analog sample in another domain.',
      'A perceptual function is kept unchanged while a generative function maps the first domain to the second.',
    ],
    intro: [
      'Humans recognise the same identity in a photograph and in a caricature.',
      'In this paper we propose the Domain Transfer Network, which learns such a mapping without paired examples.',
    ],
  }),
);
