import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { currentUser } from '../../../plugins/auth.ts';
import { defineModule } from '../../types.ts';
import { receive, storeUpload, parserLimit, uploadSettings } from './upload.service.ts';
import { DOWNLOAD_ONLY, STORAGE_KEY, storageOf, UPLOAD_URL_PREFIX, uploadsRoot } from '../../../lib/storage/storage.ts';

/**
 * spec §7 uploads: POST /api/com/file/up (multipart: file, rootPath) and POST /api/com/file/upWidthWangEdit.
 * Files are served from DATA_DIR/uploads under /tmpl/uploads/<rootPath>/<generated name> with their real type; PDF and
 * Office files as attachments.
 */
export default defineModule({
  name: 'upload',
  order: 45,
  async routes(app) {
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

    const oplog = { title: '文件上传', type: 'add' } as const;
    app.post('/tmpl/api/com/file/up', { config: { signedIn: true, oplog } }, async (req) => {
      const r = await receive(req, s);
      const result = await storeUpload(app, currentUser(req), r, { s });
      return { code: 200, message: '上传成功', success: true, result };
    });

    /** The rich-text editor's upload: images and MP4 video; answers url and name (plus the editor's errno/data). */
    app.post('/tmpl/api/com/file/upWidthWangEdit', { config: { signedIn: true, oplog } }, async (req) => {
      const r = await receive(req, s);
      const u = await storeUpload(app, currentUser(req), r, { s, defaultRoot: 'editor', allowed: ['image', 'video'] });
      return {
        code: 200,
        message: '上传成功',
        result: { url: u.url, name: u.name, type: u.type },
        errno: 0,
        data: { url: u.url, alt: u.name, href: u.url },
      };
    });
  },
});
