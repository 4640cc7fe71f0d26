// Builds small, valid text PDFs for tests (Helvetica, one text line per entry, explicit font sizes), so the index
// tests run the real PDF extraction on our own files.

export interface PdfLine {
  text: string;
  size: number;
}

function escapePdfString(s: string): string {
  return s.replace(/[\\()]/g, (c) => '\\' + c);
}

/** One PDF page per element of `pages`; `info` becomes the document information dictionary. */
export function buildPdf(pages: PdfLine[][], info: { Title?: string; Author?: string } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const lines of pages) {
    let y = 740;
    const ops = lines
      .map((l) => {
        const op = `BT /F1 ${l.size} Tf 72 ${y} Td (${escapePdfString(l.text)}) Tj ET`;
        y -= Math.round(l.size * 1.6);
        return op;
      })
      .join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`);
    pageIds.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const infoEntries = Object.entries(info)
    .map(([k, v]) => `/${k} (${escapePdfString(v)})`)
    .join(' ');
  const infoId = add(`<< ${infoEntries} >>`);

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A one-column paper: title, authors, an abstract and an introduction. */
export function paperPdf(p: { title: string; authors: string; abstract: string[]; intro: string[]; doi?: string; infoTitle?: string }): Buffer {
  const first: PdfLine[] = [
    { text: p.title, size: 20 },
    { text: p.authors, size: 12 },
    ...(p.doi ? [{ text: `doi:${p.doi}`, size: 9 }] : []),
    { text: 'Abstract', size: 12 },
    ...p.abstract.map((text) => ({ text, size: 10 })),
    { text: '1 Introduction', size: 12 },
    ...p.intro.map((text) => ({ text, size: 10 })),
  ];
  return buildPdf([first], p.infoTitle ? { Title: p.infoTitle } : {});
}
