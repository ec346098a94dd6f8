import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { editorUploadResult, uploadResult } from '../upload.ts';

const base = '/api/com/file';
const oplog = { title: '文件上传', type: 'add' } as const;

/**
 * Uploads (docs/spec-notes.md#validation, #calls): multipart `file` with `rootPath` (a whitelisted folder) and optional `kind`; the server
 * decides the kind from the content and records each file in the resource library.
 */
export const uploadApi = {
  up: defineContract({
    method: 'POST',
    path: `${base}/up`,
    summary: '上传文件（图片、MP4 视频、PDF、Office 文档；multipart: file, rootPath, kind）',
    access: { signedIn: true },
    oplog,
    multipart: true,
    result: uploadResult,
    envelopeKeys: { success: z.literal(true) },
  }),
  editor: defineContract({
    method: 'POST',
    path: `${base}/upWidthWangEdit`,
    summary: '富文本编辑器上传图片或 MP4 视频（multipart: file, rootPath 默认 editor）',
    access: { signedIn: true },
    oplog,
    multipart: true,
    result: editorUploadResult,
    // The editor reads its own keys: errno 0 and data {url, alt, href}.
    envelopeKeys: {
      errno: z.literal(0),
      data: z.object({ url: z.string(), alt: z.string(), href: z.string() }),
    },
  }),
};
