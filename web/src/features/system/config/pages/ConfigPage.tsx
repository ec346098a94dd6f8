import { CONFIG_TEXT_TYPES } from '@jz/contracts/config';
import { App, Badge, Card, Segmented, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useDict } from '../../../../lib/dict.tsx';
import { ConfigEditor } from '../components/ConfigEditor.tsx';
import { configDrafts, useDraftTypes } from '../config-drafts.ts';
import { useLeaveGuard } from '../use-leave-guard.ts';

/**
 * 系统配置: choose one of the platform texts (关于我们, 用户协议, 隐私政策, 商家入驻须知) and edit it. Switching type keeps
 * the unsaved edit of the one left (a dot marks each type with a draft); leaving the page with drafts asks first.
 */
export default function ConfigPage() {
  const { modal } = App.useApp();
  const { options } = useDict('sys_config_type');
  const [params, setParams] = useSearchParams();
  const drafts = useDraftTypes();
  const choices: { label: string; value: string }[] = options.length
    ? options.map((o) => ({ label: o.label, value: o.value }))
    : CONFIG_TEXT_TYPES.map((t) => ({ label: t.label, value: t.value }));
  const type =
    params.get('type') && choices.some((c) => c.value === params.get('type')) ? params.get('type')! : choices[0].value;
  const labelOf = (v: string) => choices.find((c) => c.value === v)?.label ?? v;

  // 放弃并离开 drops the drafts when the page is really gone: a navigation to a page whose chunk is still loading keeps
  // this page on screen, and a click back here before it arrives cancels it (the editor still shows the drafts then).
  const discardOnLeave = useRef(false);
  useEffect(
    () => () => {
      if (discardOnLeave.current) configDrafts.clearAll();
    },
    [],
  );
  useLeaveGuard(
    drafts.length > 0,
    () =>
      new Promise<boolean>((resolve) => {
        discardOnLeave.current = false;
        modal.confirm({
          title: '放弃未保存的修改？',
          content: `${drafts.map((t) => `「${labelOf(t)}」`).join('')}有未保存的修改，离开后将丢失。`,
          okText: '放弃并离开',
          okButtonProps: { danger: true },
          cancelText: '继续编辑',
          onOk: () => {
            discardOnLeave.current = true;
            resolve(true);
          },
          onCancel: () => resolve(false),
        });
      }),
  );

  return (
    <Card className="jz-card" variant="borderless" title="系统配置" styles={{ body: { paddingTop: 12 } }}>
      <Space style={{ marginBottom: 12 }} align="center">
        <Typography.Text strong>配置类型</Typography.Text>
        <Segmented
          aria-label="配置类型"
          options={choices.map((c) => ({
            value: c.value,
            label: drafts.includes(c.value) ? (
              <span title="有未保存的修改">
                {c.label}
                <Badge status="warning" style={{ marginInlineStart: 6 }} />
              </span>
            ) : (
              c.label
            ),
          }))}
          value={type}
          onChange={(v) => setParams({ type: String(v) }, { replace: true })}
        />
      </Space>
      <ConfigEditor key={type} type={type} />
    </Card>
  );
}
