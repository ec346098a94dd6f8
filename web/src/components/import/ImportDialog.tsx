import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_LIMITS, type ImportJob, type ImportProblem } from '@jz/contracts/import';
import { Alert, Button, Modal, Progress, Result, Space, Steps, Table, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import {
  confirmImport,
  downloadErrors,
  downloadTemplate,
  getImportJob,
  type ImportApi,
  uploadForCheck,
} from './import-api.ts';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** 批量导入员工 */
  title: string;
  /** The import's calls: employeeImportApi or goodsImportApi. */
  api: ImportApi;
  /** The template's download name (员工导入模板). */
  templateName: string;
  /** What is counted in the result: 名员工, 个商品. */
  unit: string;
  /** After a successful import (refresh the list). */
  onImported?: (count: number) => void;
}

type Phase = 'upload' | 'checking' | 'report' | 'importing' | 'done';

const POLL_MS = 1000;
const failureText = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The Excel import of the console (docs/import.md): 下载模板 → 上传并校验 (the upload's progress, then
 * the check's rows read / total) → the report (行, 列, 值, 问题 and the annotated file) → 确认导入 (only without
 * problems; all or nothing) → the result. Used by 公司员工 and 商品管理 with their own contracts.
 */
export function ImportDialog({ open, onClose, title, api, templateName, unit, onImported }: ImportDialogProps) {
  const [phase, setPhase] = useState<Phase>('upload');
  const [percent, setPercent] = useState(0);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const reset = () => {
    setPhase('upload');
    setPercent(0);
    setJob(null);
    setFailure(null);
  };
  const close = () => {
    if (phase === 'checking' || phase === 'importing') return; // the job runs on; closing would lose its answer
    reset();
    onClose();
  };

  const check = async (file: File) => {
    setFailure(null);
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setFailure(`文件大小不能超过 ${IMPORT_LIMITS.maxBytes / 1024 / 1024}MB，请分成多个文件导入`);
      return;
    }
    setPhase('checking');
    setPercent(0);
    try {
      let j = await uploadForCheck(api, file, (p) => setPercent(Math.round(p / 5))); // the upload: first fifth
      while (alive.current && j.status === 'checking') {
        setJob(j);
        await sleep(POLL_MS);
        j = await getImportJob(api, j.importId);
      }
      setJob(j);
      if (j.status === 'failed') {
        setFailure(j.message ?? '文件无法读取');
        setPhase('upload');
      } else setPhase('report');
    } catch (e) {
      setFailure(failureText(e, '上传失败，请稍后重试'));
      setPhase('upload');
    }
  };

  const confirm = async () => {
    if (!job) return;
    setPhase('importing');
    setFailure(null);
    let polling = true;
    // Rows written so far, while the confirmation (one transaction) runs.
    void (async () => {
      while (polling && alive.current) {
        await sleep(POLL_MS);
        if (!polling) break;
        const j = await getImportJob(api, job.importId).catch(() => null);
        if (polling && j) setJob(j);
      }
    })();
    try {
      const done = await confirmImport(api, job.importId);
      polling = false;
      setJob(done);
      setPhase('done');
      onImported?.(done.imported);
    } catch (e) {
      polling = false;
      setFailure(failureText(e, '导入失败，全部数据未导入'));
      setPhase('report');
    }
  };

  const errors = job?.errors ?? [];
  const hasErrors = !!job && job.errorCount > 0;
  const canConfirm = phase === 'report' && !!job && job.status === 'valid' && !failure;
  // A report with problems stays on 上传并校验 (in red): the next step is a fixed file, not the confirmation.
  const step =
    phase === 'upload' ? 0 : phase === 'checking' || (phase === 'report' && hasErrors) ? 1 : phase === 'done' ? 3 : 2;
  const stepStatus = phase === 'done' ? 'finish' : phase === 'report' && hasErrors ? 'error' : 'process';
  const checkPercent = job?.total ? Math.round((job.checked / job.total) * 100) : 0;

  const footer =
    phase === 'done'
      ? [
          <Button key="ok" type="primary" onClick={close}>
            完成
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={close} disabled={phase === 'checking' || phase === 'importing'}>
            取消
          </Button>,
          phase === 'report' && (
            <Button key="again" onClick={reset}>
              重新上传
            </Button>
          ),
          phase === 'report' || phase === 'importing' ? (
            <Button
              key="confirm"
              type="primary"
              disabled={!canConfirm && phase !== 'importing'}
              loading={phase === 'importing'}
              onClick={() => void confirm()}
            >
              确认导入
            </Button>
          ) : null,
        ];

  return (
    <Modal
      open={open}
      title={title}
      width={860}
      onCancel={close}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        status={stepStatus}
        style={{ marginBottom: 24 }}
        items={[{ title: '下载模板' }, { title: '上传并校验' }, { title: '确认导入' }, { title: '完成' }]}
      />

      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}

      {phase === 'upload' && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(api, templateName)}>
              下载模板
            </Button>
            <Typography.Text type="secondary">
              按模板填写后上传；每个文件最多 {IMPORT_LIMITS.maxRows} 行、不超过 {IMPORT_LIMITS.maxBytes / 1024 / 1024}
              MB。上传后逐行校验，校验通过才能导入，不会写入任何数据。
            </Typography.Text>
          </Space>
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void check(file as File);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽 Excel 文件（.xlsx）到此处上传</p>
          </Upload.Dragger>
        </Space>
      )}

      {phase === 'checking' && (
        <div role="status" style={{ padding: '24px 0' }}>
          <Progress percent={job ? Math.max(20, 20 + Math.round(checkPercent * 0.8)) : percent} />
          <Typography.Text type="secondary">
            {!job
              ? '正在上传文件…'
              : job.total === null
                ? `正在读取文件，已读取 ${job.checked} 行…`
                : `正在校验，已校验 ${job.checked} / ${job.total} 行…`}
          </Typography.Text>
        </div>
      )}

      {(phase === 'report' || phase === 'importing') && job && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {hasErrors ? (
            <Alert
              type="warning"
              showIcon
              title={`共 ${job.total ?? 0} 行，发现 ${job.errorCount} 处问题，请修改后重新上传；全部正确才能导入。`}
              action={
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadErrors(api, job.importId)}>
                  下载错误说明
                </Button>
              }
            />
          ) : (
            !failure && (
              <Alert type="success" showIcon title={`共 ${job.total ?? 0} 行，全部校验通过，可以确认导入。`} />
            )
          )}
          {phase === 'importing' && (
            <div role="status">
              <Progress percent={job.total ? Math.min(99, Math.round((job.checked / job.total) * 100)) : 50} />
              <Typography.Text type="secondary">正在导入，请勿关闭窗口…</Typography.Text>
            </div>
          )}
          {hasErrors && (
            <Table<ImportProblem>
              size="small"
              rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
              dataSource={errors}
              pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: '行', dataIndex: 'row', width: 70 },
                { title: '列', dataIndex: 'column', width: 120, render: (c: string) => c || '整行' },
                { title: '值', dataIndex: 'value', width: 180, ellipsis: true, render: (v: string) => v || '（空）' },
                { title: '问题', dataIndex: 'message' },
              ]}
              footer={
                job.moreErrors > 0 ? () => `另有 ${job.moreErrors} 处问题未列出，请下载错误说明查看全部。` : undefined
              }
            />
          )}
        </Space>
      )}

      {phase === 'done' && job && (
        <Result status="success" title={`成功导入 ${job.imported} ${unit}`} subTitle={`文件：${job.fileName}`} />
      )}
    </Modal>
  );
}
