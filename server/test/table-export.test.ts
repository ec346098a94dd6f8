import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  csvField,
  sendTable,
  type TableExport,
  toCsv,
  XLSX_TYPE,
  xlsxBuffer,
} from '../src/lib/export/table-export.ts';

/** The shared export (lib/export/table-export.ts): one description, an .xlsx workbook or CSV with a BOM. */
const SAMPLE: TableExport = {
  fileName: '测试导出',
  asciiName: 'sample',
  sheets: [
    {
      name: '明细[1]: a/b',
      columns: [
        { header: '名称', width: 30 },
        { header: '金额(元)', kind: 'money' },
        { header: '数量', kind: 'integer' },
        { header: '评分', kind: 'decimal' },
        { header: '比例', kind: 'percent' },
        { header: '电话' },
      ],
      rows: [
        ['=HYPERLINK("http://x","y")', 123456, 3, 4.5, 0.6667, 13800000000],
        ['+1-1', -5, 0, null, null, '0351-1234567'],
        ['@SUM(A1:A2)', 0, null, undefined, 1, ''],
        ['-2', 1999, 10, 3, 0, null],
        ['\tcmd', 7, 1, 1, 0.5, null],
        ['含,逗号与"引号"\n换行', 100, 1, 1, 0.5, null],
      ],
    },
  ],
};

async function read(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

describe('xlsx', () => {
  it('strings stay text (never formulas), money in yuan, numbers typed; bold frozen header, widths', async () => {
    const wb = await read(await xlsxBuffer(SAMPLE));
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('明细 1   a b');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(ws.getColumn(1).width).toBe(30);
    expect(ws.getColumn(2).width).toBe(12);

    const formula = ws.getCell('A2');
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.value).toBe('=HYPERLINK("http://x","y")');
    expect(formula.formula).toBeUndefined();
    for (const ref of ['A3', 'A4', 'A5', 'A6']) expect(ws.getCell(ref).type, ref).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('A5').value).toBe('-2');

    expect(ws.getCell('B2').value).toBe(1234.56);
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('B3').value).toBe(-0.05);
    expect(ws.getCell('C2').value).toBe(3);
    expect(ws.getCell('C2').numFmt).toBe('0');
    expect(ws.getCell('D2').numFmt).toBe('0.00');
    expect(ws.getCell('E2').value).toBe(0.6667);
    expect(ws.getCell('E2').numFmt).toBe('0.00%');
    // a text column keeps a number as text (a phone number never becomes 1.38E+10)
    expect(ws.getCell('F2').value).toBe('13800000000');
    expect(ws.getCell('F3').value).toBe('0351-1234567');
    // empty values are empty cells
    expect(ws.getCell('D3').value).toBeNull();
    expect(ws.getCell('F4').value).toBeNull();
    expect(ws.getCell('A7').value).toBe('含,逗号与"引号"\n换行');
    expect(ws.rowCount).toBe(7);
  });

  it('several sheets, names made valid and unique', async () => {
    const sheet = { name: '每日', columns: [{ header: '日期' }], rows: [['2020-03-01']] };
    const wb = await read(await xlsxBuffer({ ...SAMPLE, sheets: [sheet, sheet, { ...sheet, name: '' }] }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['每日', '每日(2)', 'Sheet']);
  });
});

describe('csv', () => {
  it('BOM, CRLF, kinds formatted, leading = + - @ tab CR defused with a quote, quoting when needed', () => {
    const csv = toCsv(SAMPLE);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('名称,金额(元),数量,评分,比例,电话');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",1234.56,3,4.50,66.67%,13800000000`);
    expect(lines[2]).toBe("'+1-1,-0.05,0,,,0351-1234567");
    expect(lines[3]).toBe("'@SUM(A1:A2),0.00,,,100.00%,");
    expect(lines[4]).toBe("'-2,19.99,10,3.00,0.00%,");
    expect(lines[5]).toBe("'\tcmd,0.07,1,1.00,50.00%,");
    expect(csv).toContain('"含,逗号与""引号""\n换行",1.00,');
    expect(csv.endsWith('\r\n')).toBe(true);
    // a negative amount is a number, not defused text
    expect(csvField(-150, 'money')).toBe('-1.50');
    expect(csvField('\rx')).toBe(`"'\rx"`);
  });

  it('several sheets follow one another after an empty line', () => {
    const csv = toCsv({
      ...SAMPLE,
      sheets: [
        { name: 'a', columns: [{ header: 'A' }], rows: [['1']] },
        { name: 'b', columns: [{ header: 'B', kind: 'integer' }], rows: [[2]] },
      ],
    });
    expect(csv).toBe('\uFEFFA\r\n1\r\n\r\nB\r\n2\r\n');
  });
});

describe('names and the reply', () => {
  it('filename* (UTF-8) first, then an ASCII filename, both with the Shanghai timestamp', () => {
    // 2024-01-31 17:30:05 UTC is 2024-02-01 01:30:05 in Shanghai
    const d = contentDisposition(
      { fileName: "员工数据_2024-01-01_2024-01-31 (1)'*", asciiName: 'employee stats' },
      'xlsx',
      new Date('2024-01-31T17:30:05Z'),
    );
    expect(d).toBe(
      "attachment; filename*=UTF-8''%E5%91%98%E5%B7%A5%E6%95%B0%E6%8D%AE_2024-01-01_2024-01-31%20%281%29%27%2A_20240201013005.xlsx; " +
        'filename="employee_stats_20240201013005.xlsx"',
    );
    // the web client takes the first name it finds (web/src/lib/api-client.ts fileNameOf)
    const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(d)!;
    expect(decodeURIComponent(m[1])).toBe("员工数据_2024-01-01_2024-01-31 (1)'*_20240201013005.xlsx");
  });

  it('sendTable streams the workbook, or answers CSV, with the headers', async () => {
    const app = Fastify();
    app.get('/x', (req, reply) => sendTable(reply, (req.query as { f?: 'csv' }).f ?? 'xlsx', SAMPLE));
    const x = await app.inject({ url: '/x' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toBe(XLSX_TYPE);
    expect(String(x.headers['content-disposition'])).toMatch(/\.xlsx"$/);
    expect(x.headers['content-length']).toBeUndefined(); // streamed, not buffered
    expect((await read(x.rawPayload)).worksheets[0].getCell('B2').value).toBe(1234.56);
    const c = await app.inject({ url: '/x?f=csv' });
    expect(c.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(c.headers['content-disposition'])).toMatch(
      /^attachment; filename\*=UTF-8''.+\.csv; filename="sample_\d{14}\.csv"$/,
    );
    expect(c.body).toBe(toCsv(SAMPLE));
    await app.close();
  });
});
