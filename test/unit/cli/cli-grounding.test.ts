// The grounding commands as a researcher drives them on a paper: which keys a draft takes (the related-work
// section, a named section, all), what the grounding report says, and enrich/zotero filling what is missing.
import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../src/cli/main';
import { documentSections, findSection, relatedWorkSection, sectionAround } from '../../../src/core/cites/sections';
import { startScholarlyServer, type ScholarlyServer } from '../../support/scholarly-server';
import { buildZoteroDataDir } from '../../support/zotero-fixture';
import { captureCli } from '../../support/cli-capture';


const BIB = `
@article{kerr2019, author = {Kerr, Isla}, title = {Rainfall Nowcasting from Church Bell Acoustics}, year = {2019}, doi = {10.5555/bells.7}}
@article{lund2020, author = {Lund, Oskar}, title = {Bell Tower Microphones as Weather Stations}, year = {2020},
  abstract = {Microphones in bell towers record rain on the louvres, and we turn their recordings into rainfall estimates.}}
@article{penn1993, author = {Marcus, Mitchell}, title = {Building a Large Annotated Corpus of English}, year = {1993}}
@article{adamw2019, author = {Loshchilov, Ilya}, title = {Decoupled Weight Decay Regularization}, year = {2019}}
@article{pohl2018, author = {Pohl, Vera}, title = {Pigeon Loft Humidity Logs}, year = {2018}}
`;

const TEX = String.raw`\documentclass{article}
\begin{document}
\begin{abstract}We estimate rainfall from the sound of church bells in the rain.\end{abstract}
\section{Introduction}
Weather matters \cite{kerr2019}.
\section{Related Work}
\subsection{Acoustic sensing}
Bells have been heard as sensors \cite{kerr2019,lund2020}.
% \section{Not a section} \cite{pohl2018}
\subsection{Other sensors}
Humidity logs too \citep{pohl2018}.
\section{Experiments}
We train on the Penn Treebank \cite{penn1993} with AdamW \cite{adamw2019}.
\bibliography{refs}
\end{document}
`;

describe('CLI: grounding, sections, enrich and zotero', function () {
  this.timeout(60_000);
  let dir: string;
  let db: string;
  let tex: string;
  let server: ScholarlyServer;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-cli-grounding-'));
    fs.writeFileSync(path.join(dir, 'refs.bib'), BIB);
    tex = path.join(dir, 'paper.tex');
    fs.writeFileSync(tex, TEX);
    db = path.join(dir, 'library.db');
    const io = captureCli();
    assert.equal(await main(['index', '--db', db, '--bib', path.join(dir, 'refs.bib'), '--json'], io), 0, io.stderr.join('\n'));
    server = await startScholarlyServer([
      { title: 'Rainfall nowcasting from church bell acoustics', year: 2019, authors: ['Isla Kerr'], doi: '10.5555/bells.7', abstract: 'Church bells ring differently in rain, and their recorded spectra predict the next hour of rainfall.' },
    ]);
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds sections: headings with subsections, a commented-out heading ignored, the one around a cursor', () => {
    const sections = documentSections(TEX, 'latex');
    assert.deepEqual(sections.map((s) => `${s.level}:${s.title}`), ['1:Introduction', '1:Related Work', '2:Acoustic sensing', '2:Other sensors', '1:Experiments']);
    assert.equal(relatedWorkSection(sections)!.title, 'Related Work');
    assert.equal(findSection(sections, 'related WORK')!.title, 'Related Work');
    assert.equal(findSection(sections, 'acoustic')!.title, 'Acoustic sensing');
    assert.equal(sectionAround(sections, TEX.indexOf('Humidity'))!.title, 'Related Work', 'a subsection\'s cursor takes its whole section');
    assert.ok(sections[4].end <= TEX.indexOf('\\bibliography'), 'the last section ends at the bibliography');
  });

  it('draft --tex takes the related-work section\'s keys by default, --section another, --section all every key', async () => {
    let io = captureCli();
    assert.equal(await main(['draft', '--db', db, '--tex', tex, '--json'], io), 0, io.stderr.join('\n'));
    assert.deepEqual(JSON.parse(io.stdout.join('')).citedKeys.sort(), ['kerr2019', 'lund2020', 'pohl2018']);
    assert.match(io.stderr[0], /keys from section “Related Work” .*\(3 of 5 cited keys; --section all for every key\)/);
    io = captureCli();
    assert.equal(await main(['draft', '--db', db, '--tex', tex, '--section', 'experiments', '--json'], io), 0, io.stderr.join('\n'));
    assert.deepEqual(JSON.parse(io.stdout.join('')).citedKeys.sort(), ['adamw2019', 'penn1993']);
    io = captureCli();
    assert.equal(await main(['draft', '--db', db, '--tex', tex, '--section', 'all', '--json'], io), 0, io.stderr.join('\n'));
    assert.equal(JSON.parse(io.stdout.join('')).citedKeys.length, 5);
    io = captureCli();
    assert.equal(await main(['draft', '--db', db, '--tex', tex, '--section', 'Conclusion'], io), 1);
    assert.match(io.stderr.join('\n'), /has no section titled “Conclusion”; its sections: “Introduction”, “Related Work”/);
  });

  it('grounding reports title-only works with a fix; enrich against the local services grounds the one with a DOI', async () => {
    let io = captureCli();
    assert.equal(await main(['grounding', '--db', db, '--tex', tex, '--section', 'Related Work'], io), 0, io.stderr.join('\n'));
    assert.match(io.stdout[0], /^1\/3 grounded: 0 with a PDF, 1 with an abstract \(1 \.bib\), 2 title only — section “Related Work”/);
    assert.match(io.stdout.join('\n'), /kerr2019 .*\n\s+fix: find its abstract online by its DOI 10\.5555\/bells\.7/);

    io = captureCli();
    const endpoints = Object.entries(server.endpoints).flatMap(([name, url]) => ['--endpoint', `${name}=${url}`]);
    assert.equal(await main(['enrich', '--db', db, '--tex', tex, '--section', 'Related Work', '--contact', 'me@example.org', ...endpoints, '--no-rate-limit'], io), 0, io.stderr.join('\n'));
    assert.match(io.stdout[0], /^1 of 2 entries without an abstract now have one \(1 from OpenAlex\); 1 had one already/);
    assert.match(io.stdout.join('\n'), /kerr2019: OpenAlex, by doi/);
    assert.match(io.stdout.join('\n'), /not found: pohl2018/);

    io = captureCli();
    await main(['grounding', '--db', db, '--tex', tex, '--json'], io);
    const report = JSON.parse(io.stdout.join(''));
    assert.deepEqual(report.abstractSources, { openalex: 1, bib: 1 });
    assert.equal(report.grounded, 2);
  });

  it('enrich with every service unreachable fails with one message per service and writes nothing', async () => {
    await server.close();
    const io = captureCli();
    const endpoints = Object.entries(server.endpoints).flatMap(([name, url]) => ['--endpoint', `${name}=${url}`]);
    assert.equal(await main(['enrich', '--db', db, ...endpoints, '--no-rate-limit'], io), 1);
    assert.equal(io.stderr.filter((l) => /could not be reached/.test(l)).length, 4);
    assert.match(io.stdout[0], /^0 of 4 entries without an abstract now have one/);
    assert.match(io.stdout.join('\n'), /not looked up \(no service could be reached\): adamw2019, kerr2019, penn1993, pohl2018/);
    server = await startScholarlyServer([]);
  });

  it('rejects a bad --endpoint and an unknown --source before any request', async () => {
    let io = captureCli();
    assert.equal(await main(['enrich', '--db', db, '--endpoint', 'openalex=ftp://x'], io), 2);
    assert.match(io.stderr[0], /is not an http\(s\) URL/);
    io = captureCli();
    assert.equal(await main(['enrich', '--db', db, '--source', 'google'], io), 2);
    assert.match(io.stderr[0], /unknown source 'google'/);
    assert.equal(server.requests.length, 0);
  });

  it('zotero takes abstracts from a Zotero data directory', async () => {
    const zotero = buildZoteroDataDir(path.join(dir, 'Zotero'), [
      { key: 'ABCD2345', title: 'Pigeon loft humidity logs', abstract: 'Humidity in pigeon lofts, logged hourly for a year, predicts when the birds stay in.', date: '2018', creators: [['Vera', 'Pohl']] },
    ]);
    const io = captureCli();
    assert.equal(await main(['zotero', '--db', db, '--data-dir', zotero], io), 0, io.stderr.join('\n'));
    assert.match(io.stdout[0], /^1 of 5 entries matched to 1 Zotero items \(0 by citation key, 0 by DOI, 1 by title\); 1 abstract\(s\) and 0 PDF\(s\) taken/);
    const missing = captureCli();
    assert.equal(await main(['zotero', '--db', db, '--data-dir', dir], missing), 1);
    assert.match(missing.stderr[0], /is not a Zotero data directory/);
  });
});
