import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { uploadApi as c } from '@jz/contracts/api/upload';
import { isPrivatePath, PRIVATE_FILE_PREFIX } from '@jz/contracts/upload';
import { ok } from '../../../lib/envelope.ts';
import { notFound, unauthorized } from '../../../lib/errors.ts';
import { route } from '../../../lib/route.ts';
import { signedUrlOf, verifyLocal } from '../../../lib/storage/private-files.ts';
import {
  DOWNLOAD_ONLY,
  LocalDiskStorage,
  mimeOfKey,
  STORAGE_KEY,
  storageOf,
  UPLOAD_URL_PREFIX,
  uploadsRoot,
} from '../../../lib/storage/storage.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { parserLimit, receive, storeUpload, uploadSettings } from './upload.service.ts';

/**
 * uploads in docs/spec-notes.md#calls, registered from their contracts (packages/contracts/src/api/upload.ts). Files are served from
 * DATA_DIR/uploads under /tmpl/uploads/<rootPath>/<generated name> with their real type; PDF and Office files as
 * attachments.
 */
export async function uploadRoutes(app: App) {
  const s = uploadSettings();
  await app.register(multipart, {
    limits: { fileSize: parserLimit(s), files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });

  storageOf(app);
  await app.register(fastifyStatic, {
    root: uploadsRoot(app),
    prefix: UPLOAD_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    list: false,
    maxAge: '30d',
    immutable: true,
    // Private folders are never served here (their files live under DATA_DIR/private; older ones are moved there).
    allowedPath: (pathName) => {
      const key = pathName.replace(/^\//, '');
      return STORAGE_KEY.test(key) && !isPrivatePath(key);
    },
    setHeaders: (res, filePath) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (DOWNLOAD_ONLY.test(filePath)) res.setHeader('Content-Disposition', 'attachment');
    },
  });

  /**
   * Private files, by signed URL only (private-files.ts): no session is asked for, since an <img> sends none; the
   * signature was made for a reader the answer carrying it was for. Never cached by anyone.
   */
  app.get(`${PRIVATE_FILE_PREFIX}*`, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    reply.header('referrer-policy', 'no-referrer');
    const key = (req.params as { '*': string })['*'];
    if (!STORAGE_KEY.test(key) || !isPrivatePath(key)) throw notFound('文件不存在');
    const verdict = verifyLocal(app.config.APP_SECRET, key, req.query as Record<string, unknown>);
    if (verdict === 'unsigned') throw unauthorized('请登录后在页面中查看此文件');
    if (verdict === 'expired') throw unauthorized('文件链接已过期，请刷新页面后重试');
    if (verdict === 'invalid') throw unauthorized('文件链接无效，请刷新页面后重试');
    const storage = storageOf(app);
    if (!(storage instanceof LocalDiskStorage)) {
      const q = req.query as { m: string };
      return reply.redirect(await signedUrlOf(storage, app.config.APP_SECRET, key, Number(q.m), Date.now()), 302);
    }
    const file = storage.resolve(key);
    const size = await stat(file).then(
      (s) => (s.isFile() ? s.size : undefined),
      () => undefined,
    );
    if (size === undefined) throw notFound('文件不存在');
    reply.header('x-content-type-options', 'nosniff');
    if (DOWNLOAD_ONLY.test(key)) reply.header('content-disposition', 'attachment');
    return reply.type(mimeOfKey(key)).header('content-length', size).send(createReadStream(file));
  });

  route(app, c.up, async (req) => {
    const r = await receive(req, s);
    const result = await storeUpload(app, currentUser(req), r, { s });
    return Object.assign(ok(result, '上传成功'), { success: true });
  });

  /** The rich-text editor's upload: images and MP4 video; answers url and name (plus the editor's errno/data). */
  route(app, c.editor, async (req) => {
    const r = await receive(req, s);
    const u = await storeUpload(app, currentUser(req), r, { s, defaultRoot: 'editor', allowed: ['image', 'video'] });
    return Object.assign(ok({ url: u.url, name: u.name, type: u.type }, '上传成功'), {
      errno: 0,
      data: { url: u.url, alt: u.name, href: u.url },
    });
  });
}
