/**
 * docs/spec-notes.md#states, #validation, #errors, #constants: every exact user-facing string of the spec, each proved where the spec puts it by rendering
 * (or calling) the piece of the console that shows it. A string added to the spec belongs in SPEC_STRINGS and gets
 * a case below; the last case fails when one has no proof.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { FullScreenLoading } from './app/App.tsx';
import { DIALOG_TITLES, useAlert, useConfirm } from './components/confirm.ts';
import { StatusSwitch } from './components/StatusSwitch.tsx';
import { editorConfig, videoProblem } from './components/rich-text/editor-config.ts';
import { FileUpload } from './components/upload/FileUpload.tsx';
import { ImageUpload } from './components/upload/ImageUpload.tsx';
import { ConfigEditor } from './features/system/config/components/ConfigEditor.tsx';
import { type TransportAdapter, api, download, http } from './lib/api-client.ts';
import { loadingStore } from './lib/loading.ts';
import { setMessageApi } from './lib/notify.ts';

const SPEC_STRINGS = [
  '拼命加载中',
  '操作成功',
  '确定更改状态?',
  '确认要删除吗?',
  '图片大小不能超过 5MB!',
  '上传成功',
  '上传失败',
  '文件大小不能超过 {max}!',
  '上传视频必须为 MP4 格式！',
  '上传视频大小限制 30M 以内！',
  '网络错误,请稍后再试',
  '保 存',
  '信息提示',
  '成功提示',
  '警告提示',
  '危险提示',
] as const;
const proved = new Set<string>();

// Uploads: the server call is replaced; the widgets and antd are real.
let uploadImpl: () => Promise<unknown> = async () => ({ url: '/tmpl/uploads/x/0123456789abcdef0123456789abcdef.png' });
vi.mock('./components/upload/upload-api.ts', async (orig) => ({
  ...(await orig<typeof import('./components/upload/upload-api.ts')>()),
  uploadFile: () => uploadImpl(),
}));
// The config editor: a textarea stands in for the rich-text editor (covered by its own tests and e2e).
vi.mock('./components/rich-text/RichTextEditor.tsx', () => ({
  RichTextEditor: (p: { value?: string; onChange?: (v: string) => void }) => (
    <textarea aria-label="内容" value={p.value ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />
  ),
}));

const toasts: string[] = [];
const msg = (text: string) => {
  toasts.push(text);
};
afterEach(() => {
  http.defaults.adapter = undefined;
  toasts.length = 0;
});
const answer =
  (body: unknown): TransportAdapter =>
  async (config) => ({
    data: body,
    status: 200,
    statusText: '',
    headers: { 'content-type': 'application/json' },
    config,
    request: {},
  });
const fileInput = (c: HTMLElement) => c.querySelector('input[type=file]') as HTMLInputElement;
const png = (size: number) => new File([new Uint8Array(size)], 'a.png', { type: 'image/png' });

function Dialogs() {
  const { confirmDelete, confirmStatus, confirmWarning } = useConfirm();
  const { alertSuccess, alertInfo, alertWarning, alertDanger } = useAlert();
  return (
    <>
      <Button onClick={() => void confirmDelete()}>删除行</Button>
      <Button onClick={() => void confirmStatus()}>改状态</Button>
      <Button onClick={() => void confirmWarning('确定审核通过吗?')}>审核通过</Button>
      <Button onClick={() => void alertSuccess('已发送')}>发送成功</Button>
      <Button onClick={() => void alertInfo('请注意')}>发通知</Button>
      <Button onClick={() => void alertWarning('请检查')}>发警告</Button>
      <Button onClick={() => void alertDanger('失败了')}>报失败</Button>
    </>
  );
}

describe('the exact strings of the spec, where the spec puts them', () => {
  it('拼命加载中: the full-screen loading while a request is pending', async () => {
    renderWithProviders(<FullScreenLoading />);
    expect(screen.queryByText('拼命加载中')).not.toBeInTheDocument();
    act(() => loadingStore.start());
    expect(await screen.findByText('拼命加载中', {}, { timeout: 2000 })).toBeInTheDocument();
    act(() => loadingStore.end());
    await waitFor(() => expect(screen.queryByText('拼命加载中')).not.toBeInTheDocument());
    proved.add('拼命加载中');
  });

  it('操作成功 after a mutation; 网络错误,请稍后再试 when the network fails (API client and download)', async () => {
    setMessageApi({ success: msg, warning: msg, error: msg, info: msg } as never);
    http.defaults.adapter = answer({ code: 200, message: 'ok', result: null });
    await api.post('/api/x/edit', { id: 1 });
    expect(toasts).toEqual(['操作成功']);
    toasts.length = 0;
    http.defaults.adapter = async (config) => {
      throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK', config });
    };
    await download('/api/x/export');
    expect(toasts).toEqual(['网络错误,请稍后再试']);
    await expect(api.get('/api/x/list')).rejects.toMatchObject({ code: -1 });
    expect(toasts).toEqual(['网络错误,请稍后再试', '网络错误,请稍后再试']);
    proved.add('操作成功').add('网络错误,请稍后再试');
  });

  it('确定更改状态? titled 信息提示: the status switch', async () => {
    renderWithProviders(<StatusSwitch checked onChange={async () => null} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('确定更改状态?')).toBeInTheDocument();
    expect(screen.getAllByText('信息提示')[0].closest('.ant-modal-confirm')).toHaveTextContent('确定更改状态?');
    proved.add('确定更改状态?').add('信息提示');
  });

  it('each dialog kind has its title: delete 危险提示 (red OK), warning 警告提示, alerts 成功/信息/警告/危险提示', async () => {
    renderWithProviders(<Dialogs />);
    const opens = async (button: string, title: string, text?: string) => {
      fireEvent.click(screen.getByRole('button', { name: button }));
      const t = await screen.findAllByText(title);
      const dialog = t[t.length - 1].closest('.ant-modal-confirm') as HTMLElement;
      expect(dialog).not.toBeNull();
      if (text) expect(dialog).toHaveTextContent(text);
      return dialog;
    };
    const del = await opens('删除行', DIALOG_TITLES.danger, '确认要删除吗?');
    expect(del.querySelector('.ant-btn-dangerous')).not.toBeNull();
    fireEvent.click(within(del).getByRole('button', { name: /取\s*消/ }));
    proved.add('确认要删除吗?').add('危险提示');

    const warn = await opens('审核通过', DIALOG_TITLES.warning, '确定审核通过吗?');
    expect(warn.querySelector('.ant-btn-dangerous')).toBeNull();
    fireEvent.click(within(warn).getByRole('button', { name: /取\s*消/ }));
    proved.add('警告提示');

    for (const [button, kind, text] of [
      ['发送成功', 'success', '已发送'],
      ['发通知', 'info', '请注意'],
      ['发警告', 'warning', '请检查'],
      ['报失败', 'danger', '失败了'],
    ] as const) {
      const d = await opens(button, DIALOG_TITLES[kind], text);
      expect(d.querySelector('.ant-modal-confirm-btns button')).toHaveTextContent(/确\s*定/);
      expect(within(d).queryByRole('button', { name: /取\s*消/ })).toBeNull();
      fireEvent.click(within(d).getByRole('button', { name: /确\s*定/ }));
    }
    proved.add('成功提示');
  });

  it('图片大小不能超过 5MB!, 上传成功, 上传失败: the image upload', async () => {
    const { container } = renderWithProviders(<ImageUpload rootPath="shop" value={null} onChange={() => {}} />);
    fireEvent.change(fileInput(container), { target: { files: [png(5 * 1024 * 1024)] } });
    expect(await screen.findByText('图片大小不能超过 5MB!')).toBeInTheDocument();
    uploadImpl = async () => ({ url: '/tmpl/uploads/shop/0123456789abcdef0123456789abcdef.png' });
    fireEvent.change(fileInput(container), { target: { files: [png(10)] } });
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    uploadImpl = async () => {
      throw new Error('x');
    };
    fireEvent.change(fileInput(container), { target: { files: [png(10)] } });
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    proved.add('图片大小不能超过 5MB!').add('上传成功').add('上传失败');
  });

  it('文件大小不能超过 {max}!: the file upload, worded with its limit', async () => {
    const { container } = renderWithProviders(
      <FileUpload rootPath="goods" maxSize="2kb" value={[]} onChange={() => {}} />,
    );
    fireEvent.change(fileInput(container), { target: { files: [png(2049)] } });
    expect(await screen.findByText('文件大小不能超过 2kb!')).toBeInTheDocument();
    proved.add('文件大小不能超过 {max}!');
  });

  it('上传视频必须为 MP4 格式！ and 上传视频大小限制 30M 以内！: the rich-text editor video upload', () => {
    const warned: string[] = [];
    const cfg = editorConfig({ rootPath: 'x', warn: (t) => warned.push(t), success: () => {}, error: () => {} });
    const menus = cfg.MENU_CONF as unknown as { uploadVideo: { customUpload: (f: File, i: () => void) => void } };
    const upload = menus.uploadVideo.customUpload;
    upload(new File(['x'], 'a.mov', { type: 'video/quicktime' }), () => {});
    const big = new File(['x'], 'a.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 + 1 });
    upload(big, () => {});
    expect(warned).toEqual(['上传视频必须为 MP4 格式！', '上传视频大小限制 30M 以内！']);
    expect(videoProblem({ name: 'a.mp4', type: 'video/mp4', size: 30 * 1024 * 1024 })).toBeUndefined();
    proved.add('上传视频必须为 MP4 格式！').add('上传视频大小限制 30M 以内！');
  });

  it('保 存: the config editor button (antd spaces two-character labels)', async () => {
    sessionStorage.setItem('perms', JSON.stringify(['sys:config:list', 'sys:config:edit']));
    http.defaults.adapter = answer({
      code: 200,
      message: 'ok',
      result: { type: 'about_us', value: '{"content":"<p>x</p>"}' },
    });
    renderWithProviders(<ConfigEditor type="about_us" />);
    const save = await screen.findByRole('button', { name: /保\s*存/ });
    expect(save.textContent?.replace(/\s/g, '')).toBe('保存');
    proved.add('保 存');
  });

  it('every string of the list has been proved above', () => {
    expect(SPEC_STRINGS.filter((s) => !proved.has(s))).toEqual([]);
  });
});
