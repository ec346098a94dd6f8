import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { DEFAULT_HEIGHT } from './editor-config.ts';
import { RichHtml } from './RichHtml.tsx';

export interface RichTextEditorProps {
  /** HTML. An empty editor gives ''. */
  value?: string;
  onChange?: (html: string) => void;
  /** Editing area height in px (default 350, docs/spec-notes.md#constants). */
  height?: number;
  /** Whitelisted upload folder for images and videos (default 'editor'). */
  rootPath?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /**
   * 'edit' (default): the stored HTML is shown and the editor downloads when the merchant clicks 编辑 or focuses the
   * field (docs/performance-browser.md: a page with a rich-text field is usable without the editor's 190 KB). 'render': the editor loads
   * at once, for forms opened to write the text (a 新增 dialog, the 系统配置 page).
   */
  loadOn?: 'edit' | 'render';
  /** Put the caret in the editor once it is created (set when it opens on 编辑). */
  autoFocus?: boolean;
}

const Impl = lazy(() => import('./RichTextEditorImpl.tsx'));

const TOOLBAR = 42;
const box = { border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden', background: '#fff' } as const;

/**
 * Rich-text editor (@wangeditor-next, Chinese UI): font sizes 8pt–36pt, images (< 5 MB) and MP4 videos (≤ 30 MB,
 * "上传视频必须为 MP4 格式！" / "上传视频大小限制 30M 以内！") uploaded through /api/com/file/upWidthWangEdit.
 * Loaded on use: until then the field shows its HTML (sanitised by the server before storage, RichHtml) in a box of
 * the editor's size, so nothing moves when the editor arrives. The server sanitises every stored text.
 */
export function RichTextEditor({ loadOn = 'edit', ...props }: RichTextEditorProps) {
  const height = props.height ?? DEFAULT_HEIGHT;
  const [editing, setEditing] = useState(loadOn === 'render');
  const busy = <Preview {...props} height={height} busy />;
  if (editing)
    return (
      <Suspense fallback={busy}>
        <Impl {...props} height={height} autoFocus={props.autoFocus ?? loadOn === 'edit'} />
      </Suspense>
    );
  return <Preview {...props} height={height} onEdit={props.disabled ? undefined : () => setEditing(true)} />;
}

/** The field before the editor: a bar with 编辑 (the keyboard's way in: focusing it opens the editor) and the HTML. */
function Preview({
  value,
  placeholder = '请输入内容…',
  height,
  id,
  disabled,
  busy,
  onEdit,
}: RichTextEditorProps & { height: number; busy?: boolean; onEdit?: () => void }) {
  // The theme's placeholder colour (AA contrast on white, App.tsx); antd's default 0.25 black fails axe.
  let body: ReactNode = (
    <span style={{ color: 'var(--ant-color-text-placeholder, rgba(0,0,0,0.56))' }}>{placeholder}</span>
  );
  if (value) body = <RichHtml html={value} />;
  return (
    <div className="jz-rich-text-preview" data-testid="rich-text-preview" aria-busy={busy || undefined} style={box}>
      <div
        style={{
          height: TOOLBAR,
          display: 'flex',
          alignItems: 'center',
          padding: '0 8px',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        {/* The form label points here (a click on it opens the editor); the name stays 编辑, not the label's. */}
        <Button
          id={busy ? undefined : id}
          aria-label="编辑"
          size="small"
          type="text"
          icon={<EditOutlined />}
          disabled={disabled || busy}
          loading={busy}
          onFocus={onEdit}
          onClick={onEdit}
        >
          编辑
        </Button>
      </div>
      {/* A click into the text opens the editor too; the keyboard's way is the 编辑 button above. */}
      <div
        onClick={onEdit}
        style={{
          height,
          overflowY: 'auto',
          padding: '8px 12px',
          cursor: onEdit ? 'text' : undefined,
          background: disabled ? 'rgba(0,0,0,0.04)' : undefined,
        }}
      >
        {body}
      </div>
    </div>
  );
}
