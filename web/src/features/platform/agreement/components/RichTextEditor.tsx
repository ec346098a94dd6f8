import '@wangeditor-next/editor/dist/css/style.css';
import type { IDomEditor, IEditorConfig, IToolbarConfig } from '@wangeditor-next/editor';
import { Editor, Toolbar } from '@wangeditor-next/editor-for-react';
import { useEffect, useState } from 'react';

const toolbarConfig: Partial<IToolbarConfig> = {
  // No upload endpoints here: images are inserted by URL; video and full-screen are left out of agreements.
  excludeKeys: ['uploadImage', 'group-video', 'fullScreen', 'codeBlock', 'todo'],
};

/**
 * A controlled rich-text field (antd Form value/onChange) on wangEditor-next, docs/spec-notes.md#constants default height 350.
 * The server sanitises whatever it receives.
 */
export function RichTextEditor(props: {
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
  placeholder?: string;
  id?: string;
}) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const editorConfig: Partial<IEditorConfig> = { placeholder: props.placeholder ?? '请输入内容…' };
  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );
  return (
    <div
      id={props.id}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}
      data-testid="rich-text-editor"
    >
      <Toolbar
        editor={editor}
        defaultConfig={toolbarConfig}
        mode="default"
        style={{ borderBottom: '1px solid #f0f0f0' }}
      />
      <Editor
        defaultConfig={editorConfig}
        value={props.value ?? ''}
        onCreated={setEditor}
        onChange={(e) => {
          const html = e.isEmpty() ? '' : e.getHtml();
          if (html !== (props.value ?? '')) props.onChange?.(html);
        }}
        mode="default"
        style={{ height: props.height ?? 350, overflowY: 'hidden' }}
      />
    </div>
  );
}
