import { SendOutlined } from '@ant-design/icons';
import { broadcastBody } from '@jz/contracts/message';
import type { Broadcast } from '@jz/contracts/message';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Radio, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useAlert, useConfirm } from '../../../../components/confirm.ts';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { broadcastKeys, getBroadcastPage, merchantOptionsQuery, useBroadcastMutations } from '../api/broadcast.ts';
import { formatDateTime } from '../../../../lib/format.ts';

const s = broadcastBody.shape;

interface BroadcastForm {
  title: string;
  content: string;
  target: 'all' | 'some';
  merchantIds?: number[];
}

/** 消息推送 (platform toolkit): a system message to every merchant or to chosen ones, and the history. */
export default function BroadcastPage() {
  const [form] = Form.useForm<BroadcastForm>();
  const target = Form.useWatch('target', form);
  const merchants = useQuery(merchantOptionsQuery);
  const { send } = useBroadcastMutations();
  const { confirmWarning } = useConfirm();
  const { alertSuccess } = useAlert();
  const nameOf = (id: number) => merchants.data?.find((m) => m.id === id)?.name ?? `#${id}`;

  const submit = async (v: BroadcastForm) => {
    const who = v.target === 'all' ? '全部商家' : `${v.merchantIds?.length ?? 0} 个商家`;
    if (!(await confirmWarning(`确定向${who}发送「${v.title}」吗？发送后无法撤回。`))) return;
    const r = await send.mutateAsync({
      title: v.title,
      content: v.content,
      merchantIds: v.target === 'some' ? v.merchantIds : undefined,
    });
    form.resetFields();
    void alertSuccess(`「${v.title}」已发送，送达 ${r?.recipientCount ?? 0} 个账号。`);
  };

  const columns: ColumnsType<Broadcast> = [
    { title: '标题', dataIndex: 'title', width: 220 },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '接收商家',
      dataIndex: 'merchantIds',
      width: 240,
      render: (ids: number[] | null) =>
        ids ? ids.map((id) => <Tag key={id}>{nameOf(id)}</Tag>) : <Tag color="blue">全部商家</Tag>,
    },
    { title: '送达账号', dataIndex: 'recipientCount', width: 100 },
    { title: '发送人', dataIndex: 'senderName', width: 110 },
    {
      title: '发送时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (t: string) => formatDateTime(t, { seconds: true }),
    },
  ];

  return (
    <>
      {hasPerm('platform:message:send') && (
        <Card className="jz-card" title="发送系统消息">
          <Form
            form={form}
            name="broadcast"
            labelCol={{ span: 3 }}
            wrapperCol={{ span: 14 }}
            initialValues={{ target: 'all' }}
            onFinish={submit}
          >
            <Form.Item
              name="title"
              label="标题"
              validateFirst
              rules={[{ required: true, message: '请输入标题' }, zodRule(s.title)]}
            >
              <Input maxLength={100} placeholder="如：春节服务安排" />
            </Form.Item>
            <Form.Item
              name="content"
              label="内容"
              validateFirst
              rules={[{ required: true, message: '请输入内容' }, zodRule(s.content)]}
            >
              <Input.TextArea rows={4} maxLength={2000} showCount />
            </Form.Item>
            <Form.Item name="target" label="接收对象">
              <Radio.Group
                options={[
                  { label: '全部商家', value: 'all' },
                  { label: '指定商家', value: 'some' },
                ]}
              />
            </Form.Item>
            {target === 'some' && (
              <Form.Item
                name="merchantIds"
                label="选择商家"
                rules={[{ required: true, message: '请选择至少一个商家' }]}
              >
                <Select
                  mode="multiple"
                  loading={merchants.isLoading}
                  optionFilterProp="label"
                  placeholder="请选择商家"
                  options={(merchants.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                />
              </Form.Item>
            )}
            <Form.Item wrapperCol={{ offset: 3 }}>
              <Auth perm="platform:message:send">
                <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
                  发送
                </Button>
              </Auth>
            </Form.Item>
          </Form>
        </Card>
      )}
      <DataTable<Broadcast>
        title="发送记录"
        queryKey={broadcastKeys.all}
        fetcher={getBroadcastPage}
        columns={columns}
        search={[{ name: 'title', label: '标题' }]}
      />
    </>
  );
}
