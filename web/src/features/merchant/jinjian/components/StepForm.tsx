import { Button, Form, type FormInstance, Space, Steps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useDraft } from './draft.ts';

export interface StepDef {
  title: string;
  /** The fields checked before leaving the step. */
  fields: string[];
  render: (form: FormInstance) => ReactNode;
}

export interface StepFormProps<V extends object> {
  /** Unique antd form name (field ids are prefixed with it). */
  name: string;
  draftKey: string;
  defaults: Partial<V>;
  steps: StepDef[];
  review: (values: V) => ReactNode;
  submitting: boolean;
  onSubmit: (values: V) => Promise<unknown>;
}

/**
 * A step form (fields → settlement card → review and submit). Every step stays mounted (hidden when not current) so
 * all values are validated again at submit; values and the step reached are kept as a draft in local storage.
 */
export function StepForm<V extends object>({
  name,
  draftKey,
  defaults,
  steps,
  review,
  submitting,
  onSubmit,
}: StepFormProps<V>) {
  const [form] = Form.useForm();
  const draft = useDraft<V>(draftKey);
  const last = steps.length; // the review step comes after the field steps
  const [step, setStepState] = useState(Math.min(draft.initial?.step ?? 0, last));
  const values = Form.useWatch([], { form, preserve: true }) as V | undefined;

  const setStep = (n: number) => {
    setStepState(n);
    draft.save(form.getFieldsValue(true), n);
  };
  const next = async () => {
    await form.validateFields(steps[step].fields);
    setStep(step + 1);
  };
  const submit = async () => {
    let all: V;
    try {
      all = (await form.validateFields({ recursive: true })) as V;
    } catch (e) {
      // jump back to the first step holding an error
      const bad = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      const at = steps.findIndex((s) => s.fields.includes(String(bad)));
      if (at >= 0) setStep(at);
      return;
    }
    await onSubmit({ ...(form.getFieldsValue(true) as V), ...all });
    draft.clear();
    form.resetFields();
    setStepState(0);
  };

  return (
    <div className="jz-jinjian-stepform">
      <Steps
        current={step}
        items={[...steps.map((s) => ({ title: s.title })), { title: '确认提交' }]}
        style={{ margin: '8px 0 24px' }}
      />
      <Form
        form={form}
        name={name}
        labelCol={{ flex: '160px' }}
        wrapperCol={{ flex: '480px' }}
        initialValues={{ ...defaults, ...draft.initial?.values }}
        onValuesChange={() => draft.save(form.getFieldsValue(true), step)}
      >
        {steps.map((s, i) => (
          <div key={s.title} style={{ display: i === step ? 'block' : 'none' }}>
            {s.render(form)}
          </div>
        ))}
        {step === last && values ? review({ ...(form.getFieldsValue(true) as V) }) : null}
        <Form.Item label=" " colon={false} style={{ marginTop: 16 }}>
          <Space>
            {step > 0 ? <Button onClick={() => setStep(step - 1)}>上一步</Button> : null}
            {step < last ? (
              <Button type="primary" onClick={() => void next().catch(() => {})}>
                下一步
              </Button>
            ) : (
              <Button type="primary" loading={submitting} onClick={() => void submit().catch(() => {})}>
                提交审核
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
