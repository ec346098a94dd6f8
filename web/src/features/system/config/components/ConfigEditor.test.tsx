import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toForm } from '../../../../lib/api-client.ts';
import { ConfigEditor } from './ConfigEditor.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

// The editor itself is covered by its own tests and the e2e suite; here a textarea stands in for it.
const editorProps: { height?: number; rootPath?: string }[] = [];
vi.mock('../../../../components/rich-text/RichTextEditor.tsx', () => ({
  RichTextEditor: (p: { value?: string; onChange?: (v: string) => void; height?: number; rootPath?: string }) => {
    editorProps.push({ height: p.height, rootPath: p.rootPath });
    return <textarea aria-label="内容" value={p.value ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />;
  },
}));

const gets: string[] = [];
const posts: { url: string; body: Record<string, unknown> }[] = [];
let stored = JSON.stringify({ content: '<p>关于我们</p>' });
vi.mock('../../../../lib/api-client.ts', async (orig) => ({
  ...(await orig<typeof import('../../../../lib/api-client.ts')>()),
  api: {
    get: async (url: string) => {
      gets.push(url);
      return { type: url.split('/').pop(), value: stored, updatedAt: null };
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push({ url, body });
      return null;
    },
  },
}));

function renderEditor(type = 'about_us') {
  return renderWithProviders(<ConfigEditor type={type} />);
}

describe('ConfigEditor (spec §2, §4, §5)', () => {
  beforeEach(() => {
    gets.length = 0;
    posts.length = 0;
    editorProps.length = 0;
    stored = JSON.stringify({ content: '<p>关于我们</p>' });
    sessionStorage.setItem('perms', JSON.stringify(['sys:config:list', 'sys:config:edit']));
  });

  it('offers no 保 存 without sys:config:edit', async () => {
    sessionStorage.setItem('perms', JSON.stringify(['sys:config:list']));
    renderEditor();
    await screen.findByLabelText('内容');
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
  });

  it('loads the type, decodes the JSON value into the content; the editor is window height - 175, uploads to sys/config', async () => {
    window.innerHeight = 900;
    renderEditor();
    expect(await screen.findByLabelText('内容')).toHaveValue('<p>关于我们</p>');
    expect(gets).toEqual(['/api/app/config/findByType/about_us']);
    expect(editorProps.at(-1)).toEqual({ height: 725, rootPath: 'sys/config' });
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeInTheDocument();
  });

  it('validates first: an empty content is not saved', async () => {
    stored = 'not json';
    renderEditor('privacy_policy');
    const box = await screen.findByLabelText('内容');
    expect(box).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '<p><br></p>' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts).toHaveLength(0);
  });

  it('saves type and the JSON-encoded content object', async () => {
    renderEditor();
    const box = await screen.findByLabelText('内容');
    fireEvent.change(box, { target: { value: '<p>新的介绍</p>' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: '/api/app/config/edit', body: { type: 'about_us', value: { content: '<p>新的介绍</p>' } } },
      ]),
    );
    // The form body carries the object JSON-encoded: the spec's `value` string.
    expect(toForm(posts[0].body).toString()).toBe(
      new URLSearchParams({ type: 'about_us', value: JSON.stringify({ content: '<p>新的介绍</p>' }) }).toString(),
    );
  });
});
