import { gerenFields } from '@jz/contracts/jinjian';
import { Descriptions, Form, Input, Select } from 'antd';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type IndividualInput, useOnboardingMutations } from '../api/onboarding.ts';
import { SettlementFields } from './SettlementFields.tsx';
import { StepForm } from './StepForm.tsx';
import { ValidityFields } from './ValidityFields.tsx';
import { ImageUpload } from './widgets.ts';

const VALIDITY = { type: 'certValidityType', begin: 'certBeginDate', end: 'certEndDate' };

/** 个人进件: identity → settlement card → review and submit. */
export function IndividualForm({ onDone }: { onDone: () => void }) {
  const { submitIndividual: submit } = useOnboardingMutations();
  return (
    <StepForm<IndividualInput>
      name="jinjian-geren"
      draftKey="geren"
      defaults={{ certType: '00', certValidityType: '0' }}
      submitting={submit.isPending}
      onSubmit={async (v) => {
        await submit.mutateAsync(v);
        onDone();
      }}
      steps={[
        {
          title: '身份信息',
          fields: [
            'name',
            'certType',
            'idCardNo',
            ...Object.values(VALIDITY),
            'mobile',
            'idCardFrontUrl',
            'idCardBackUrl',
          ],
          render: () => (
            <>
              <Form.Item label="姓名" name="name" required rules={[zodRule(gerenFields.name)]}>
                <Input maxLength={30} placeholder="与身份证一致" />
              </Form.Item>
              <Form.Item label="证件类型" name="certType">
                <Select options={[{ value: '00', label: '居民身份证' }]} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item label="身份证号" name="idCardNo" required rules={[zodRule(gerenFields.idCardNo)]}>
                <Input maxLength={18} autoComplete="off" />
              </Form.Item>
              <ValidityFields label="身份证" names={VALIDITY} />
              <Form.Item label="手机号" name="mobile" required rules={[zodRule(gerenFields.mobile)]}>
                <Input maxLength={11} inputMode="numeric" />
              </Form.Item>
              <Form.Item
                label="身份证人像面"
                name="idCardFrontUrl"
                required
                rules={[zodRule(gerenFields.idCardFrontUrl)]}
              >
                <ImageUpload rootPath="jinjian" label="上传人像面" />
              </Form.Item>
              <Form.Item
                label="身份证国徽面"
                name="idCardBackUrl"
                required
                rules={[zodRule(gerenFields.idCardBackUrl)]}
              >
                <ImageUpload rootPath="jinjian" label="上传国徽面" />
              </Form.Item>
            </>
          ),
        },
        {
          title: '结算银行卡',
          fields: ['bankName', 'branchCode', 'cardNo', 'holderName', 'cardMobile'],
          render: (form) => (
            <SettlementFields
              form={form}
              corporate={false}
              holderFrom="name"
              rules={{
                cardNo: gerenFields.cardNo,
                holderName: gerenFields.holderName,
                cardMobile: gerenFields.cardMobile,
              }}
            />
          ),
        },
      ]}
      review={(v) => (
        <Descriptions
          bordered
          column={2}
          size="small"
          title="请核对进件资料"
          style={{ marginBottom: 16 }}
          items={[
            { label: '姓名', children: v.name },
            { label: '身份证号', children: v.idCardNo },
            {
              label: '有效期',
              children:
                v.certValidityType === '1' ? `${v.certBeginDate} 起长期有效` : `${v.certBeginDate} 至 ${v.certEndDate}`,
            },
            { label: '手机号', children: v.mobile },
            { label: '开户银行', children: v.bankName },
            { label: '联行号', children: v.branchCode },
            { label: '银行卡号', children: v.cardNo },
            { label: '持卡人', children: v.holderName },
            { label: '银行预留手机号', children: v.cardMobile },
          ]}
        />
      )}
    />
  );
}
