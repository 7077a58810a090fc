// Files made to attack the upload: polyglots, bombs, impossible pages. Built by hand so that
// each one is exactly the attack it is named after.

/** Assembles a PDF from its objects (object i is number i + 1), computing the xref table. */
export function pdfFromObjects(objects: string[]): Buffer {
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const textStream = (lines: string[]) => {
  const content = [
    'BT /F1 12 Tf 14 TL 30 380 Td',
    ...lines.map((line) => `(${line}) Tj T*`),
    'ET',
  ].join('\n');
  return `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
};

/** A PDF of `pages` pages (each a receipt), to see that reading stops at the first. */
export function manyPagesPdf(pages: number, lines: string[]): Buffer {
  // 1 catalog, 2 pages tree, 3 font, 4 content, then one object per page.
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    textStream(lines),
    ...Array.from(
      { length: pages },
      () =>
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
    ),
  ]);
}

/** One page of the given size in points, with or without a text layer. */
export function sizedPagePdf(width: number, height: number, lines: string[] = []): Buffer {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    textStream(lines),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF that asks the viewer to run JavaScript when opened. */
export function javascriptPdf(lines: string[]): Buffer {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    textStream(lines),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /S /JavaScript /JS (app.alert\\("pwned"\\)) >>',
  ]);
}

/** Starts like a PDF, is an HTML page: what a browser sniffing content would render. */
export function pdfHtmlPolyglot(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n<html><body><script>fetch("/api/auth/me").then(r=>r.text()).then(alert)</script></body></html>\n%%EOF\n',
    'latin1',
  );
}

/** An HTML page: the same as a "receipt" of any name. */
export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.domain)</script></body></html>',
);

/** An SVG, which can carry script: not an accepted type whatever it is called. */
export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><text y="20">TOTAL 9.99</text></svg>',
);
