import { useQuery } from '@tanstack/react-query';
import { Button, Form, Result } from 'antd';
import { useEffect, useState } from 'react';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { configQuery, useSaveConfig } from '../api/config.ts';

/** spec §2 / §9: the editor is as tall as the window minus 175 px. */
export function useEditorHeight(offset = 175) {
  const [h, setH] = useState(() => Math.max(200, window.innerHeight - offset));
  useEffect(() => {
    const on = () => setH(Math.max(200, window.innerHeight - offset));
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, [offset]);
  return h;
}

const textLength = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim().length;
const hasMedia = (html: string) => /<(img|video)\b/i.test(html);

/**
 * The system-configuration editor (spec §2, §4, §5): takes a configuration type, loads it when opened or when the
 * type changes, fills the rich-text field `content`; 保 存 validates the form first, then saves type + value.
 * Uploads go to sys/config. A new type remounts the editor with that type's content.
 */
export function ConfigEditor({ type }: { type: string }) {
  const [form] = Form.useForm<{ content: string }>();
  const height = useEditorHeight();
  const q = useQuery({ ...configQuery(type), enabled: !!type });
  const save = useSaveConfig();

  // The editor mounts only once the form holds the loaded content (it takes its first value at creation).
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const ready = readyFor === type;
  useEffect(() => {
    if (!q.data) return;
    form.setFieldsValue({ content: q.data.content });
    setReadyFor(type);
  }, [q.data, form, type]);

  if (q.isError)
    return (
      <Result
        status="error"
        title="配置加载失败"
        subTitle={(q.error as Error).message}
        extra={<Button onClick={() => q.refetch()}>重试</Button>}
      />
    );

  return (
    <Form
      form={form}
      name={`config-editor-${type}`}
      layout="vertical"
      onFinish={(v) => save.mutateAsync({ type, content: v.content ?? '' })}
      initialValues={{ content: '' }}
    >
      <Form.Item
        name="content"
        rules={[
          {
            validator: async (_r, v: string) => {
              if (!v || (textLength(v) === 0 && !hasMedia(v))) throw new Error('请输入内容');
              if (v.length > 500_000) throw new Error('内容过长，请精简后再保存');
            },
          },
        ]}
      >
        {q.isLoading ? (
          <div style={{ height: height + 42 }} aria-busy="true" />
        ) : (
          <RichTextEditor key={type} height={height} rootPath="sys/config" />
        )}
      </Form.Item>
      <Auth perm="sys:config:edit">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!ready}>
          保存
        </Button>
      </Auth>
    </Form>
  );
}
