import type { RotaDay, TimeRange } from '@jz/contracts/dispatch';
import { Button, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { dayProblem, HALF_HOURS, rangesText } from '../../../../components/weekly-hours/weekly-hours.ts';
import { useRotaMutations } from '../api/rota.ts';

const OPTIONS = HALF_HOURS.map((t) => ({ label: t, value: t }));
type Mode = 'off' | 'custom' | 'weekly';

export interface CellTarget {
  employee: { id: number; name: string };
  day: RotaDay;
  /** Her weekly hours that day (what 恢复为每周排班 gives back). */
  weekly: TimeRange[];
}

const dayLabel = (d: string) => `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;

/**
 * One cell of the rota: that date's hours instead of the weekly ones — 休息, custom ranges (one or two), or 恢复为每周
 * 排班 (the exception deleted). The server refuses a change that would leave an assigned job outside her hours.
 */
export function ExceptionModal({ target, onClose }: { target: CellTarget | null; onClose: () => void }) {
  const { save, restore } = useRotaMutations();
  const [mode, setMode] = useState<Mode>('custom');
  const [ranges, setRanges] = useState<TimeRange[]>([]);
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (!target) return;
    const x = target.day.exception;
    setMode(x ? (x.ranges.length ? 'custom' : 'off') : 'custom');
    setRanges(target.day.ranges.length ? target.day.ranges : [{ from: '08:00', to: '18:00' }]);
    setReason(x?.reason ?? '');
  }, [target]);
  if (!target) return null;
  const problem = mode === 'custom' ? (ranges.length ? dayProblem(ranges) : '请至少设置一个时段') : null;
  const setRange = (k: number, part: 'from' | 'to', t: string) =>
    setRanges(ranges.map((r, i) => (i === k ? { ...r, [part]: t } : r)));

  const ok = async () => {
    try {
      if (mode === 'weekly') {
        if (target.day.exception) await restore.mutateAsync(target.day.exception.id);
      } else
        await save.mutateAsync({
          employeeId: target.employee.id,
          day: target.day.day,
          ranges: mode === 'off' ? [] : ranges,
          reason: reason.trim() || undefined,
        });
      onClose();
    } catch {
      /* the client showed the refusal (an assigned job in the way); the dialog stays */
    }
  };

  return (
    <Modal
      open
      title={`调整排班：${target.employee.name} ${dayLabel(target.day.day)}`}
      okText="保存"
      cancelText="取消"
      onOk={ok}
      onCancel={onClose}
      okButtonProps={{ disabled: !!problem, loading: save.isPending || restore.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">每周排班当天：{rangesText(target.weekly)}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="当天">
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={[
              { label: '休息', value: 'off' },
              { label: '自定义时段', value: 'custom' },
              ...(target.day.exception ? [{ label: '恢复为每周排班', value: 'weekly' }] : []),
            ]}
          />
        </Form.Item>
        {mode === 'custom' && (
          <Form.Item label="时段" validateStatus={problem ? 'error' : undefined} help={problem}>
            <Space orientation="vertical">
              {ranges.map((r, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the first and second range of the day
                <Space key={k}>
                  <Select
                    aria-label={`第${k + 1}段开始`}
                    style={{ width: 96 }}
                    options={OPTIONS.slice(0, -1)}
                    value={r.from}
                    onChange={(t) => setRange(k, 'from', t)}
                  />
                  –
                  <Select
                    aria-label={`第${k + 1}段结束`}
                    style={{ width: 96 }}
                    options={OPTIONS.slice(1)}
                    value={r.to}
                    onChange={(t) => setRange(k, 'to', t)}
                  />
                  {k > 0 && (
                    <Button type="link" size="small" onClick={() => setRanges(ranges.slice(0, k))}>
                      删除
                    </Button>
                  )}
                </Space>
              ))}
              {ranges.length < 2 && (
                <Button type="link" size="small" onClick={() => setRanges([...ranges, { from: '13:00', to: '18:00' }])}>
                  + 添加时段
                </Button>
              )}
            </Space>
          </Form.Item>
        )}
        {mode !== 'weekly' && (
          <Form.Item label="原因">
            <Input
              value={reason}
              maxLength={100}
              placeholder="如：加班、调休、家中有事（选填）"
              onChange={(e) => setReason(e.target.value)}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
