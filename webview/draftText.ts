// The text a draft view becomes in the document (Insert) and whose words the panel counts.
import type { DraftView } from '../src/protocol/webview';

/** Renders a draft view as the text that goes into the document. */
export function renderDraftText(draft: DraftView): string {
  const blocks: string[] = [];
  for (const p of draft.paragraphs) {
    if (p.heading) blocks.push(draft.format === 'latex' ? `\\subsection{${p.heading}}` : `### ${p.heading}`);
    blocks.push(p.sentences.map((s) => s.text.trim()).filter(Boolean).join(' '));
  }
  return blocks.join('\n\n') + '\n';
}
