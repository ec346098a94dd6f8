import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { DEFAULT_HEIGHT } from './editor-config.ts';

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
}

const Impl = lazy(() => import('./RichTextEditorImpl.tsx'));

/**
 * Rich-text editor (@wangeditor-next, Chinese UI): font sizes 8pt–36pt, images (< 5 MB) and MP4 videos (≤ 30 MB,
 * "上传视频必须为 MP4 格式！" / "上传视频大小限制 30M 以内！") uploaded through /api/com/file/upWidthWangEdit.
 * Lazy-loaded: pages without it never download the editor. The server sanitises every stored text.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const height = props.height ?? DEFAULT_HEIGHT;
  return (
    <Suspense
      fallback={
        <div
          style={{ height: height + 42, border: '1px solid #d9d9d9', borderRadius: 6, padding: 16 }}
          aria-busy="true"
        >
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      }
    >
      <Impl {...props} height={height} />
    </Suspense>
  );
}
