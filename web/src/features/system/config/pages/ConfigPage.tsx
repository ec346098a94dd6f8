import { CONFIG_TEXT_TYPES } from '@jz/contracts/config';
import { Card, Segmented, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useDict } from '../../../../lib/dict.tsx';
import { ConfigEditor } from '../components/ConfigEditor.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 系统配置: choose one of the platform texts (关于我们, 用户协议, 隐私政策, 商家入驻须知) and edit it. */
export default function ConfigPage() {
  const { options } = useDict('sys_config_type');
  const [params, setParams] = useSearchParams();
  const choices = options.length
    ? options.map((o) => ({ label: o.label, value: o.value }))
    : CONFIG_TEXT_TYPES.map((t) => ({ label: t.label, value: t.value }));
  const type =
    params.get('type') && choices.some((c) => c.value === params.get('type')) ? params.get('type')! : choices[0].value;
  return (
    <Card
      className="jz-card"
      variant="borderless"
      title="系统配置"
      extra={<Link to={pagePath('sys.widgets')}>组件示例</Link>}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Space style={{ marginBottom: 12 }} align="center">
        <Typography.Text strong>配置类型</Typography.Text>
        <Segmented
          aria-label="配置类型"
          options={choices}
          value={type}
          onChange={(v) => setParams({ type: String(v) }, { replace: true })}
        />
      </Space>
      <ConfigEditor key={type} type={type} />
    </Card>
  );
}
