import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configDrafts } from '../config-drafts.ts';
import ConfigPage from './ConfigPage.tsx';

// The rich-text editor is lazy and covered by its own tests and the e2e suite (as in ConfigEditor.test.tsx): a
// textarea stands in for it; antd, the form, the router and the query cache are real.
vi.mock('../../../../components/rich-text/RichTextEditor.tsx', () => ({
  RichTextEditor: (p: { value?: string; onChange?: (v: string) => void }) => (
    <textarea aria-label="内容" value={p.value ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />
  ),
}));

const stored: Record<string, string> = {};
const posts: { url: string; body: Record<string, unknown> }[] = [];
vi.mock('../../../../lib/api-client.ts', async (orig) => ({
  ...(await orig<typeof import('../../../../lib/api-client.ts')>()),
  api: {
    get: async (url: string) => {
      // The type dictionary answers its labels; each text answers what was last saved.
      if (url.includes('/dict/')) return { dataList: [] };
      const type = url.split('/').pop()!;
      return { type, value: JSON.stringify({ content: stored[type] ?? '' }), updatedAt: null };
    },
    post: async (url: string, body: { type: string; value: { content: string } }) => {
      posts.push({ url, body });
      stored[body.type] = body.value.content;
      return null;
    },
  },
}));

function Where() {
  const l = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="where">{l.pathname + l.search}</div>
      {/* What the sidebar does: navigate() to another page. */}
      <button type="button" onClick={() => navigate('/sys/dict')}>
        去字典管理
      </button>
      <button type="button" onClick={() => navigate('/slow')}>
        去慢页面
      </button>
      <button type="button" onClick={() => navigate('/sys/config')}>
        回系统配置
      </button>
    </>
  );
}

// A page whose chunk never arrives: the router navigates in a transition, so the page left stays on screen meanwhile.
const Slow = lazy(() => new Promise<{ default: () => null }>(() => {}));

function renderPage(path = '/sys/config') {
  return renderWithProviders(
    <>
      <Where />
      <Suspense fallback={<div>加载中</div>}>
        <Routes>
          <Route path="/sys/config" element={<ConfigPage />} />
          <Route path="/sys/dict" element={<div>字典页</div>} />
          <Route path="/slow" element={<Slow />} />
        </Routes>
      </Suspense>
    </>,
    { route: path },
  );
}

const box = () => screen.findByLabelText('内容');
const pick = (label: string) => fireEvent.click(screen.getByText(label, { exact: true }));
const where = () => screen.getByTestId('where').textContent;

describe('系统配置 keeps an unsaved edit per type', () => {
  beforeEach(() => {
    configDrafts.clearAll();
    posts.length = 0;
    for (const k of Object.keys(stored)) delete stored[k];
    stored.about_us = '<p>关于我们</p>';
    stored.user_agreement = '<p>用户协议正文</p>';
    localStorage.setItem('token', 't');
    sessionStorage.setItem('perms', JSON.stringify(['sys:config:list', 'sys:config:edit']));
  });

  it('switching type and back restores the edit with 有未保存的修改; the other type shows its own text', async () => {
    renderPage();
    expect(await box()).toHaveValue('<p>关于我们</p>');
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
    fireEvent.change(await box(), { target: { value: '<p>改了一半</p>' } });
    expect(await screen.findByText('有未保存的修改')).toBeInTheDocument();

    pick('用户协议');
    await waitFor(() => expect(where()).toBe('/sys/config?type=user_agreement'));
    await waitFor(async () => expect(await box()).toHaveValue('<p>用户协议正文</p>'));
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
    // The type left behind is marked.
    expect(screen.getByTitle('有未保存的修改')).toHaveTextContent('关于我们');

    pick('关于我们');
    await waitFor(async () => expect(await box()).toHaveValue('<p>改了一半</p>'));
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('typing back the saved text is no draft; 放弃修改 returns to the saved text; saving drops the draft', async () => {
    renderPage();
    fireEvent.change(await box(), { target: { value: '<p>草稿</p>' } });
    expect(await screen.findByText('有未保存的修改')).toBeInTheDocument();
    fireEvent.change(await box(), { target: { value: '<p>关于我们</p>' } });
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument());

    fireEvent.change(await box(), { target: { value: '<p>草稿</p>' } });
    fireEvent.click(await screen.findByRole('button', { name: '放弃修改' }));
    await waitFor(async () => expect(await box()).toHaveValue('<p>关于我们</p>'));
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
    expect(configDrafts.get('about_us')).toBeUndefined();

    fireEvent.change(await box(), { target: { value: '<p>新的介绍</p>' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument());
    pick('用户协议');
    await waitFor(async () => expect(await box()).toHaveValue('<p>用户协议正文</p>'));
    pick('关于我们');
    await waitFor(async () => expect(await box()).toHaveValue('<p>新的介绍</p>'));
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
  });

  it('asks before leaving with a draft: 继续编辑 stays, 放弃并离开 leaves and drops the drafts', async () => {
    renderPage();
    fireEvent.change(await box(), { target: { value: '<p>草稿</p>' } });
    await screen.findByText('有未保存的修改');

    fireEvent.click(screen.getByRole('button', { name: '去字典管理' }));
    // A dialog named for what it asks (not a generic 警告提示).
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    expect(within(dialog).getByText('「关于我们」有未保存的修改，离开后将丢失。')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(where()).toBe('/sys/config');
    expect(await box()).toHaveValue('<p>草稿</p>');
    expect(configDrafts.get('about_us')).toBe('<p>草稿</p>');

    // Asked again on the next attempt (the dialog of the first is closing; the newest one answers).
    fireEvent.click(screen.getByRole('button', { name: '去字典管理' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: '放弃并离开' }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: '放弃并离开' }).at(-1)!);
    await waitFor(() => expect(where()).toBe('/sys/dict'));
    expect(configDrafts.get('about_us')).toBeUndefined();
  });

  it('keeps the drafts when 放弃并离开 is overtaken: the next page had not arrived and the user came back', async () => {
    renderPage();
    fireEvent.change(await box(), { target: { value: '<p>草稿</p>' } });
    await screen.findByText('有未保存的修改');
    fireEvent.click(screen.getByRole('button', { name: '去慢页面' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '放弃并离开' }));
    await new Promise((r) => setTimeout(r, 50));
    // Still on screen while the next page loads: the editor and the drafts agree.
    expect(await box()).toHaveValue('<p>草稿</p>');
    fireEvent.click(screen.getByRole('button', { name: '回系统配置' }));
    await waitFor(() => expect(where()).toBe('/sys/config'));
    expect(await box()).toHaveValue('<p>草稿</p>');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    expect(configDrafts.get('about_us')).toBe('<p>草稿</p>');
  });

  it('leaves without asking when nothing is unsaved, and the tab-close prompt only with a draft', async () => {
    renderPage();
    await box();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      act(() => {
        window.dispatchEvent(e);
      });
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(await box(), { target: { value: '<p>草稿</p>' } });
    await screen.findByText('有未保存的修改');
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument());
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '去字典管理' }));
    await waitFor(() => expect(where()).toBe('/sys/dict'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a draft survives leaving by the back button: coming back restores it with the hint', async () => {
    const first = renderPage();
    fireEvent.change(await box(), { target: { value: '<p>没保存</p>' } });
    await screen.findByText('有未保存的修改');
    first.unmount();
    renderPage('/sys/config?type=about_us');
    await waitFor(async () => expect(await box()).toHaveValue('<p>没保存</p>'));
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('links to no developer page (组件示例 is reached by its address only)', async () => {
    renderPage();
    await box();
    expect(screen.queryByText('组件示例')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
