import { mainlandPhone } from '@jz/contracts/common';
import { Button, Card, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { setUserInfo } from '../../../../lib/storage.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import {
  sendNewPhoneCode,
  sendOldPhoneCode,
  useAccountMutations,
  useMyAccount,
  verifyOldPhone,
} from '../api/account.ts';
import { SmsCodeField } from '../../../../components/SmsCodeField.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 修改手机号 (/xiugaishoujihao): a code to the current phone, then one to the new phone; other devices sign out. */
export default function PhonePage() {
  const me = useMyAccount();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState('');
  const [busy, setBusy] = useState(false);
  const [newForm] = Form.useForm<{ phone: string; code: string }>();
  const { editPhone: save } = useAccountMutations();
  return (
    <Card className="jz-card" variant="borderless" title="修改手机号">
      <Steps
        current={step}
        style={{ maxWidth: 720, marginBottom: 32 }}
        items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }, { title: '完成' }]}
      />
      {step === 0 && (
        <Form
          name="phoneOld"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 10 }}
          onFinish={async (v: { code: string }) => {
            setBusy(true);
            try {
              setTicket((await verifyOldPhone(v.code)).ticket);
              setStep(1);
            } catch {
              /* shown by the API client */
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item label="原手机号">
            <span>{me.data?.phone ?? '-'}</span>
          </Form.Item>
          <SmsCodeField label="验证码" send={sendOldPhoneCode} />
          <Form.Item wrapperCol={{ offset: 4 }}>
            <Button type="primary" htmlType="submit" loading={busy}>
              下一步
            </Button>
          </Form.Item>
        </Form>
      )}
      {step === 1 && (
        <Form
          form={newForm}
          name="phoneNew"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 10 }}
          onFinish={async (v) => {
            await save
              .mutateAsync({ ticket, phone: v.phone, code: v.code })
              .then((u) => {
                setUserInfo(u);
                setStep(2);
              })
              .catch(() => undefined);
          }}
        >
          <Form.Item
            name="phone"
            label="新手机号"
            validateFirst
            rules={[{ required: true, message: '请输入新手机号' }, zodRule(mainlandPhone)]}
          >
            <Input maxLength={11} inputMode="numeric" aria-label="新手机号" />
          </Form.Item>
          <SmsCodeField
            label="新手机验证码"
            send={async () => {
              const { phone } = await newForm.validateFields(['phone']);
              await sendNewPhoneCode(phone);
            }}
          />
          <Form.Item wrapperCol={{ offset: 4 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              确认修改
            </Button>
          </Form.Item>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title="手机号已修改"
          subTitle={`新手机号 ${me.data?.phone ?? ''}，其他设备上的登录已失效。`}
          extra={
            <Button type="primary" onClick={() => navigate(pagePath('account.mine'))}>
              返回我的账号
            </Button>
          }
        />
      )}
    </Card>
  );
}
