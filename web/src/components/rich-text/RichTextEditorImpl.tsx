import '@wangeditor-next/editor/dist/css/style.css';
import { i18nChangeLanguage, type IDomEditor } from '@wangeditor-next/editor';
import { Editor, Toolbar } from '@wangeditor-next/editor-for-react';
import { useEffect, useMemo, useState } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';
import { DEFAULT_HEIGHT, editorConfig, normaliseHtml, toolbarConfig } from './editor-config.ts';
import { useAppApi } from '../../lib/app-api.ts';

i18nChangeLanguage('zh-CN');

/** The real editor (its own chunk; see RichTextEditor for the lazy wrapper). */
export default function RichTextEditorImpl({
  value,
  onChange,
  height = DEFAULT_HEIGHT,
  rootPath = 'editor',
  placeholder,
  disabled,
  id,
  autoFocus,
}: RichTextEditorProps) {
  const { message } = useAppApi();
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const config = useMemo(
    () =>
      editorConfig({
        rootPath,
        placeholder,
        warn: (t) => message.warning(t),
        success: (t) => message.success(t),
        error: (t) => message.error(t),
      }),
    [rootPath, placeholder, message],
  );

  useEffect(() => {
    if (!editor) return;
    if (disabled) editor.disable();
    else editor.enable();
  }, [editor, disabled]);
  // Opened by 编辑 (or by focusing the field): the caret goes to the end of the text, ready to type.
  useEffect(() => {
    if (editor && autoFocus && !disabled) editor.focus(true);
  }, [editor, autoFocus, disabled]);
  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );

  return (
    <div
      className="jz-rich-text"
      id={id}
      data-testid="rich-text"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden', zIndex: 1 }}
    >
      <Toolbar
        editor={editor}
        defaultConfig={toolbarConfig}
        mode="default"
        style={{ borderBottom: '1px solid #f0f0f0' }}
      />
      <Editor
        defaultConfig={config}
        value={value ?? ''}
        onCreated={setEditor}
        onChange={(ed) => {
          const html = normaliseHtml(ed.getHtml());
          if (html !== (value ?? '')) onChange?.(html);
        }}
        mode="default"
        style={{ height, overflowY: 'hidden' }}
      />
    </div>
  );
}
