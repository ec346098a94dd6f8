import { qiyeFields } from '@jz/contracts/jinjian';
import { Descriptions, Form, Input } from 'antd';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type CompanyInput, useOnboardingMutations } from '../api/onboarding.ts';
import { SettlementFields } from './SettlementFields.tsx';
import { StepForm } from './StepForm.tsx';
import { ValidityFields } from './ValidityFields.tsx';
import { ImageUpload, RegionCascader, regionNamesOf, useRegionTree } from './widgets.ts';

const LICENSE = { type: 'licenseValidityType', begin: 'licenseBeginDate', end: 'licenseEndDate' };
const LEGAL = { type: 'legalValidityType', begin: 'legalBeginDate', end: 'legalEndDate' };

/** The form keeps the registered region as one cascader value; the API takes its three codes. */
type CompanyValues = Omit<CompanyInput, 'provinceCode' | 'cityCode' | 'districtCode'> & { region?: string[] };

/** 企业进件: company, licence and legal person → corporate account → review and submit. */
export function CompanyForm({ onDone }: { onDone: () => void }) {
  const { submitCompany: submit } = useOnboardingMutations();
  const regions = useRegionTree();
  return (
    <StepForm<CompanyValues>
      name="jinjian-qiye"
      draftKey="qiye"
      defaults={{ licenseValidityType: '1', legalValidityType: '0' }}
      submitting={submit.isPending}
      onSubmit={async ({ region, ...v }) => {
        const [provinceCode, cityCode, districtCode] = region ?? [];
        await submit.mutateAsync({ ...v, provinceCode, cityCode, districtCode });
        onDone();
      }}
      steps={[
        {
          title: '企业信息',
          fields: [
            'companyName',
            'licenseCode',
            ...Object.values(LICENSE),
            'licenseUrl',
            'region',
            'address',
            'legalName',
            'legalIdCardNo',
            ...Object.values(LEGAL),
            'contactName',
            'contactMobile',
          ],
          render: () => (
            <>
              <Form.Item label="企业名称" name="companyName" required rules={[zodRule(qiyeFields.companyName)]}>
                <Input maxLength={60} placeholder="与营业执照一致" />
              </Form.Item>
              <Form.Item label="统一社会信用代码" name="licenseCode" required rules={[zodRule(qiyeFields.licenseCode)]}>
                <Input maxLength={18} autoComplete="off" />
              </Form.Item>
              <ValidityFields label="营业执照" names={LICENSE} />
              <Form.Item label="营业执照照片" name="licenseUrl" required rules={[zodRule(qiyeFields.licenseUrl)]}>
                <ImageUpload rootPath="jinjian" label="上传营业执照" />
              </Form.Item>
              <Form.Item
                label="注册地址"
                name="region"
                rules={[{ required: true, type: 'array', len: 3, message: '请选择注册地址的省、市、区县' }]}
              >
                <RegionCascader width="100%" />
              </Form.Item>
              <Form.Item label="详细地址" name="address" required rules={[zodRule(qiyeFields.address)]}>
                <Input maxLength={100} placeholder="街道、门牌号" />
              </Form.Item>
              <Form.Item label="法人姓名" name="legalName" required rules={[zodRule(qiyeFields.legalName)]}>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item label="法人身份证号" name="legalIdCardNo" required rules={[zodRule(qiyeFields.legalIdCardNo)]}>
                <Input maxLength={18} autoComplete="off" />
              </Form.Item>
              <ValidityFields label="法人身份证" names={LEGAL} />
              <Form.Item label="联系人" name="contactName" required rules={[zodRule(qiyeFields.contactName)]}>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item label="联系人手机号" name="contactMobile" required rules={[zodRule(qiyeFields.contactMobile)]}>
                <Input maxLength={11} inputMode="numeric" />
              </Form.Item>
            </>
          ),
        },
        {
          title: '对公结算账户',
          fields: ['bankName', 'branchCode', 'cardNo', 'holderName'],
          render: (form) => (
            <SettlementFields
              form={form}
              corporate
              holderFrom="companyName"
              rules={{ cardNo: qiyeFields.cardNo, holderName: qiyeFields.holderName, cardMobile: undefined }}
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
            { label: '企业名称', children: v.companyName },
            { label: '统一社会信用代码', children: v.licenseCode },
            {
              label: '营业执照有效期',
              children:
                v.licenseValidityType === '1'
                  ? `${v.licenseBeginDate} 起长期有效`
                  : `${v.licenseBeginDate} 至 ${v.licenseEndDate}`,
            },
            { label: '注册地址', children: `${regionNamesOf(regions.data, v.region).join('')}${v.address ?? ''}` },
            { label: '法人', children: v.legalName },
            { label: '法人身份证号', children: v.legalIdCardNo },
            { label: '联系人', children: `${v.contactName ?? ''} ${v.contactMobile ?? ''}` },
            { label: '开户银行', children: v.bankName },
            { label: '联行号', children: v.branchCode },
            { label: '对公账号', children: v.cardNo },
            { label: '账户户名', children: v.holderName },
          ]}
        />
      )}
    />
  );
}
