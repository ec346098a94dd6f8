import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { uploadApi as c } from '@jz/contracts/api/upload';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { DOWNLOAD_ONLY, STORAGE_KEY, storageOf, UPLOAD_URL_PREFIX, uploadsRoot } from '../../../lib/storage/storage.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { parserLimit, receive, storeUpload, uploadSettings } from './upload.service.ts';

/**
 * spec §7 uploads, registered from their contracts (packages/contracts/src/api/upload.ts). Files are served from
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
    allowedPath: (pathName) => STORAGE_KEY.test(pathName.replace(/^\//, '')),
    setHeaders: (res, filePath) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (DOWNLOAD_ONLY.test(filePath)) res.setHeader('Content-Disposition', 'attachment');
    },
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
