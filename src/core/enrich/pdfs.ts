// Open-access PDFs for entries that have none: arXiv's copy for an arXiv id, the anthology's for an ACL id, or the
// open-access URL a service named. Saved whole or not at all (temp file, then rename), and only if it is a PDF.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FoundSource } from '../library/store-types';
import { ServiceError, type PoliteClient } from './http';
import type { WorkIds } from './identifiers';
import type { EndpointName } from './endpoint-names';

interface PdfCandidate {
  url: string;
  host: 'arxiv-pdf' | 'aclanthology' | 'open-access';
  source: FoundSource;
}

export function pdfCandidates(ids: WorkIds, named: readonly { url: string; source: FoundSource }[], endpoints: Record<EndpointName, string>): PdfCandidate[] {
  const out: PdfCandidate[] = [];
  if (ids.arxiv) out.push({ url: `${endpoints['arxiv-pdf'].replace(/\/+$/, '')}/pdf/${ids.arxiv}`, host: 'arxiv-pdf', source: 'arxiv' });
  if (ids.acl) out.push({ url: `${endpoints.aclanthology.replace(/\/+$/, '')}/${ids.acl}.pdf`, host: 'aclanthology', source: 'aclanthology' });
  for (const n of named) if (!out.some((c) => c.url === n.url)) out.push({ url: n.url, host: 'open-access', source: n.source });
  return out;
}

/** Downloads `url` to `target` when the answer is a PDF; undefined when it is not there or not a PDF. */
export async function downloadPdf(client: PoliteClient, url: string, target: string): Promise<string | undefined> {
  // Read within the limits of a PDF (REPLY_LIMITS.pdf: 200 MiB): a larger one is a ServiceError that says so.
  const answer = await client.get(url, 'application/pdf', 'pdf');
  if (answer.status === 404 || answer.status === 403 || answer.status === 400) return undefined;
  if (answer.status < 200 || answer.status >= 300) throw new ServiceError(client.service, `HTTP ${answer.status} for ${url}`);
  // A landing page or a captcha answers 200 too: only bytes that start like a PDF are kept.
  if (answer.body.subarray(0, 1024).indexOf('%PDF-') < 0) return undefined;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.part`;
  fs.writeFileSync(temp, answer.body);
  fs.renameSync(temp, target);
  return path.resolve(target);
}
