import type { IDomEditor, IEditorConfig, IToolbarConfig } from '@wangeditor-next/editor';
import { failureText, fileUrl, uploadForEditor } from '../upload/upload-api.ts';
import { imageSizeProblem } from '../upload/file-rules.ts';

/** docs/spec-notes.md#constants: font sizes from 8pt to 36pt. */
export const FONT_SIZES = [
  '8pt',
  '9pt',
  '10pt',
  '11pt',
  '12pt',
  '14pt',
  '16pt',
  '18pt',
  '20pt',
  '22pt',
  '24pt',
  '26pt',
  '28pt',
  '36pt',
];
export const DEFAULT_HEIGHT = 350;
export const VIDEO_LIMIT = 30 * 1024 * 1024;

/** docs/spec-notes.md#validation: editor video uploads are MP4 only and at most 30 MB. */
export function videoProblem(file: { name: string; type?: string; size: number }): string | undefined {
  const mp4 = file.type ? file.type === 'video/mp4' : /\.mp4$/i.test(file.name);
  if (!mp4 || !/\.mp4$/i.test(file.name)) return '上传视频必须为 MP4 格式！';
  if (file.size > VIDEO_LIMIT) return '上传视频大小限制 30M 以内！';
  return undefined;
}

export const toolbarConfig: Partial<IToolbarConfig> = {
  // Code blocks and emotions have no place in platform texts; groups keep the bar on one or two rows.
  excludeKeys: ['group-more-style', 'codeBlock', 'emotion', 'todo', 'fullScreen'],
};

/** An empty editor answers <p><br></p>; the form sees '' so "required" rules work. */
export const normaliseHtml = (html: string) => (/^(<p><br><\/p>\s*)*$/.test(html.trim()) ? '' : html);

interface Hooks {
  rootPath: string;
  placeholder?: string;
  warn: (text: string) => void;
  success: (text: string) => void;
  error: (text: string) => void;
}

/** The editor's configuration: Chinese UI, pt sizes, uploads through /api/com/file/upWidthWangEdit. */
export function editorConfig({
  rootPath,
  placeholder = '请输入内容…',
  warn,
  success,
  error,
}: Hooks): Partial<IEditorConfig> {
  const upload = async (file: File, insert: (url: string, ...rest: string[]) => void, kind: 'image' | 'video') => {
    try {
      const r = await uploadForEditor(file, { rootPath, kind });
      if (kind === 'image') insert(fileUrl(r.url), r.name, fileUrl(r.url));
      else insert(fileUrl(r.url), '');
      success('上传成功');
    } catch (e) {
      error(failureText(e));
    }
  };
  return {
    placeholder,
    customAlert: (info, type) => (type === 'error' ? error(info) : type === 'success' ? success(info) : warn(info)),
    MENU_CONF: {
      fontSize: { fontSizeList: FONT_SIZES },
      uploadImage: {
        allowedFileTypes: [
          'image/png',
          'image/jpeg',
          'image/webp',
          'image/gif',
          'image/x-icon',
          'image/vnd.microsoft.icon',
        ],
        customUpload: (file: File, insert: (url: string, alt?: string, href?: string) => void) => {
          const p = imageSizeProblem(file.size);
          if (p) return warn(p);
          void upload(file, insert, 'image');
        },
      },
      uploadVideo: {
        allowedFileTypes: ['video/mp4'],
        customUpload: (file: File, insert: (url: string, poster?: string) => void) => {
          const p = videoProblem(file);
          if (p) return warn(p);
          void upload(file, insert, 'video');
        },
      },
    },
  };
}

export type { IDomEditor };
