/**
 * The smallest real PDF: a catalog, a page tree and one page, uncompressed (the upload check parses PDFs and refuses a
 * file that only starts with %PDF-). `catalog` adds entries to the catalog, `objects` more indirect objects.
 */
export const minimalPdf = (catalog = '', objects = '') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R${catalog}>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n` +
      `3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>> endobj\n${objects}trailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
