import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HEIGHT, editorConfig, FONT_SIZES, normaliseHtml, videoProblem } from './editor-config.ts';
import { expectEvery } from '../../../test/expect-every.ts';

const calls: unknown[][] = [];
let answer: () => Promise<unknown> = async () => ({
  url: '/tmpl/uploads/editor/0123456789abcdef0123456789abcdef.mp4',
  name: 'a.mp4',
  type: 'video',
});
vi.mock('../upload/upload-api.ts', async (orig) => ({
  ...(await orig<typeof import('../upload/upload-api.ts')>()),
  uploadForEditor: (...a: unknown[]) => {
    calls.push(a);
    return answer();
  },
}));

const MB = 1024 * 1024;
const fileOf = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function setup() {
  const said: string[] = [];
  const cfg = editorConfig({
    rootPath: 'sys/config',
    warn: (t) => said.push(`warn:${t}`),
    success: (t) => said.push(`ok:${t}`),
    error: (t) => said.push(`err:${t}`),
  });
  const menu = cfg.MENU_CONF as Record<
    string,
    { customUpload: (f: File, insert: (...a: string[]) => void) => void; fontSizeList?: string[] }
  >;
  return { cfg, menu, said };
}

describe('rich-text editor rules (spec §5, §9)', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('defaults: height 350, font sizes 8pt to 36pt', () => {
    expect(DEFAULT_HEIGHT).toBe(350);
    expect(FONT_SIZES[0]).toBe('8pt');
    expect(FONT_SIZES.at(-1)).toBe('36pt');
    expectEvery(FONT_SIZES, (s) => /^\d+pt$/.test(s));
    expect(setup().menu.fontSize.fontSizeList).toEqual(FONT_SIZES);
  });

  it('video: MP4 only, at most 30 MB, with the spec messages', () => {
    expect(videoProblem({ name: 'a.mov', type: 'video/quicktime', size: MB })).toBe('上传视频必须为 MP4 格式！');
    expect(videoProblem({ name: 'a.mp4', type: 'video/webm', size: MB })).toBe('上传视频必须为 MP4 格式！');
    expect(videoProblem({ name: 'a.mp4', type: 'video/mp4', size: 30 * MB + 1 })).toBe('上传视频大小限制 30M 以内！');
    expect(videoProblem({ name: 'a.mp4', type: 'video/mp4', size: 30 * MB })).toBeUndefined();
  });

  it('refuses bad videos and big images before uploading; uploads the rest to the configured folder and inserts them', async () => {
    const { menu, said } = setup();
    const inserted: string[][] = [];
    const insert = (...a: string[]) => inserted.push(a);
    menu.uploadVideo.customUpload(fileOf('clip.avi', 'video/x-msvideo', MB), insert);
    menu.uploadVideo.customUpload(fileOf('clip.mp4', 'video/mp4', 31 * MB), insert);
    menu.uploadImage.customUpload(fileOf('big.png', 'image/png', 5 * MB), insert);
    expect(said).toEqual([
      'warn:上传视频必须为 MP4 格式！',
      'warn:上传视频大小限制 30M 以内！',
      'warn:图片大小不能超过 5MB!',
    ]);
    expect(calls).toHaveLength(0);

    menu.uploadVideo.customUpload(fileOf('clip.mp4', 'video/mp4', 2 * MB), insert);
    await vi.waitFor(() => expect(said).toContain('ok:上传成功'));
    expect(calls[0][1]).toMatchObject({ rootPath: 'sys/config', kind: 'video' });
    expect(inserted[0][0]).toBe('/tmpl/uploads/editor/0123456789abcdef0123456789abcdef.mp4');
  });

  it('says 上传失败 when the server refuses', async () => {
    answer = async () => {
      throw new Error('no');
    };
    const { menu, said } = setup();
    menu.uploadImage.customUpload(fileOf('a.png', 'image/png', 1000), () => {});
    await vi.waitFor(() => expect(said).toEqual(['err:上传失败']));
  });

  it('an empty editor is an empty value', () => {
    expect(normaliseHtml('<p><br></p>')).toBe('');
    expect(normaliseHtml('<p>hi</p>')).toBe('<p>hi</p>');
  });
});
