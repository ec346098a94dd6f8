import { Card, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { useOnboardingState } from '../api/onboarding.ts';
import { IndividualForm } from '../components/IndividualForm.tsx';
import { CompanyForm } from '../components/CompanyForm.tsx';
import { StatusCard } from '../components/StatusCard.tsx';

/**
 * 用户进件 (/yonghujinjian): the onboarding status with the payment provider and, while a submission is possible
 * (never onboarded, or rejected and 重新提交 chosen), the 个人 / 企业 step forms.
 */
export default function OnboardingPage() {
  const state = useOnboardingState();
  const [resubmitting, setResubmitting] = useState(false);
  const s = state.data;
  const canEdit = hasPerm('merchant:finance:jinjian:submit');
  const showForms = !!s && s.canSubmit && canEdit && (s.status === 0 || resubmitting);

  return (
    <Card title="用户进件" variant="borderless">
      {state.isError && !s ? (
        <QueryError error={state.error} onRetry={state.refetch} />
      ) : !s ? (
        <Skeleton active />
      ) : (
        <>
          <StatusCard state={s} onResubmit={() => setResubmitting(true)} />
          {showForms ? (
            <Card type="inner" title={s.status === 30 ? '重新提交进件资料' : '提交进件资料'} style={{ marginTop: 16 }}>
              <Tabs
                defaultActiveKey={s.application?.kind === 2 ? 'qiye' : 'geren'}
                items={[
                  { key: 'geren', label: '个人', children: <IndividualForm onDone={() => setResubmitting(false)} /> },
                  { key: 'qiye', label: '企业', children: <CompanyForm onDone={() => setResubmitting(false)} /> },
                ]}
              />
            </Card>
          ) : null}
        </>
      )}
    </Card>
  );
}
