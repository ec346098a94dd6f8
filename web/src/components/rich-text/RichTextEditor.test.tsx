import { fireEvent, render, screen } from '@testing-library/react';
import { App, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor.tsx';

// Whether the editor's module (the 190 KB chunk in the build) has been imported: vi.mock's factory runs on import.
const state = vi.hoisted(() => ({ loaded: 0, props: [] as Record<string, unknown>[] }));
vi.mock('./RichTextEditorImpl.tsx', () => {
  state.loaded++;
  return {
    default: (p: Record<string, unknown>) => {
      state.props.push(p);
      return <div data-testid="editor-impl">{String(p.value ?? '')}</div>;
    },
  };
});

const HTML = '<p><strong>日常保洁 3 小时</strong></p><ul><li>自带清洁工具与耗材</li></ul>';

function Field(props: { disabled?: boolean; loadOn?: 'edit' | 'render'; value?: string }) {
  return (
    <App>
      <Form initialValues={{ intro: props.value }}>
        <Form.Item name="intro" label="商品介绍">
          <RichTextEditor rootPath="goods" height={200} disabled={props.disabled} loadOn={props.loadOn} />
        </Form.Item>
      </Form>
    </App>
  );
}

describe('RichTextEditor loads on use', { timeout: 30_000 }, () => {
  beforeEach(() => {
    state.loaded = 0;
    state.props = [];
  });

  it('shows the stored HTML and does not import the editor until 编辑', async () => {
    render(<Field value={HTML} />);
    const preview = screen.getByTestId('rich-text-preview');
    expect(preview.querySelector('strong')?.textContent).toBe('日常保洁 3 小时');
    expect(preview).toHaveTextContent('自带清洁工具与耗材');
    // A render later, still no editor.
    await new Promise((r) => setTimeout(r, 50));
    expect(state.loaded).toBe(0);
    expect(screen.queryByTestId('editor-impl')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    expect((await screen.findByTestId('editor-impl')).textContent).toBe(HTML);
    expect(state.loaded).toBe(1);
    expect(screen.queryByTestId('rich-text-preview')).toBeNull();
    // Opened by the merchant: the caret goes into it; the form's value and id reach the editor.
    expect(state.props.at(-1)).toMatchObject({ value: HTML, autoFocus: true, rootPath: 'goods', height: 200 });
  });

  it('opens when the field is focused (keyboard, or a click on its label)', async () => {
    render(<Field value={HTML} />);
    expect(state.loaded).toBe(0);
    // The form label points at the 编辑 button.
    const button = screen.getByRole('button', { name: '编辑' });
    expect(screen.getByText('商品介绍').closest('label')?.getAttribute('for')).toBe(button.id);
    fireEvent.focus(button);
    expect(await screen.findByTestId('editor-impl')).toBeInTheDocument();
  });

  it('a click into the text opens it; an empty field shows the placeholder', async () => {
    render(<Field />);
    const preview = screen.getByTestId('rich-text-preview');
    expect(preview).toHaveTextContent('请输入内容…');
    fireEvent.click(screen.getByText('请输入内容…'));
    expect(await screen.findByTestId('editor-impl')).toBeInTheDocument();
  });

  it('a disabled field shows its HTML and never loads the editor', async () => {
    render(<Field value={HTML} disabled />);
    const button = screen.getByRole('button', { name: '编辑' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    fireEvent.focus(button);
    fireEvent.click(screen.getByText('自带清洁工具与耗材'));
    await new Promise((r) => setTimeout(r, 50));
    expect(state.loaded).toBe(0);
    expect(screen.getByTestId('rich-text-preview')).toHaveTextContent('日常保洁 3 小时');
  });

  it("loadOn='render' loads at once, without stealing the focus", async () => {
    render(<Field value={HTML} loadOn="render" />);
    expect(await screen.findByTestId('editor-impl')).toBeInTheDocument();
    expect(state.props.at(-1)).toMatchObject({ autoFocus: false });
  });
});
