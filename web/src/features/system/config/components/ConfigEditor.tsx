import { ExclamationCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { configQuery, useConfigMutations } from '../api/config.ts';
import { configDrafts, sameText, useDraftTypes } from '../config-drafts.ts';
import { QueryError } from '../../../../components/QueryState.tsx';

/** docs/spec-notes.md#routes, #constants: the editor is as tall as the window minus 175 px. */
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
 * The system-configuration editor (docs/spec-notes.md#routes, #states, #validation): takes a configuration type, loads it when opened or when the
 * type changes, fills the rich-text field `content`; 保 存 validates the form first, then saves type + value.
 * Uploads go to sys/config. A new type remounts the editor with that type's content.
 *
 * Unsaved edits are kept per type (config-drafts.ts): an edit that differs from the saved text is the
 * type's draft, the editor opens on the draft rather than the saved text, and while one exists the form says
 * 有未保存的修改 beside 保 存 and offers 放弃修改 (back to the saved text).
 */
export function ConfigEditor({ type }: { type: string }) {
  const [form] = Form.useForm<{ content: string }>();
  const height = useEditorHeight();
  const q = useQuery({ ...configQuery(type), enabled: !!type });
  const { save } = useConfigMutations();
  const dirty = useDraftTypes().includes(type);
  // A new key remounts the editor on 放弃修改 (it takes its first value at creation).
  const [editorKey, setEditorKey] = useState(0);

  // The editor mounts only once the form holds the loaded content (it takes its first value at creation).
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const ready = readyFor === type;
  useEffect(() => {
    if (!q.data) return;
    form.setFieldsValue({ content: configDrafts.get(type) ?? q.data.content });
    setReadyFor(type);
  }, [q.data, form, type]);

  const saved = q.data?.content ?? '';
  const onEdit = (content: string) => {
    if (!ready) return;
    if (sameText(content, saved)) configDrafts.clear(type);
    else configDrafts.set(type, content);
  };
  const discard = () => {
    configDrafts.clear(type);
    form.setFieldsValue({ content: saved });
    form.validateFields(['content']).catch(() => undefined);
    setEditorKey((k) => k + 1);
  };

  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} title="配置加载失败" />;

  return (
    <Form
      form={form}
      name={`config-editor-${type}`}
      layout="vertical"
      onFinish={async (v) => {
        const content = v.content ?? '';
        await save.mutateAsync({ type, content });
        // What was typed while the call ran stays a draft.
        if (form.getFieldValue('content') === content) configDrafts.clear(type);
      }}
      onValuesChange={(_changed, all) => onEdit(all.content ?? '')}
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
          <RichTextEditor key={`${type}.${editorKey}`} height={height} rootPath="sys/config" loadOn="render" />
        )}
      </Form.Item>
      <Space size={16}>
        <Auth perm="sys:config:edit">
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!ready}>
            保存
          </Button>
        </Auth>
        {dirty && ready && (
          <>
            <Typography.Text type="warning" role="status">
              <ExclamationCircleOutlined /> 有未保存的修改
            </Typography.Text>
            <Button type="link" size="small" onClick={discard}>
              放弃修改
            </Button>
          </>
        )}
      </Space>
    </Form>
  );
}
