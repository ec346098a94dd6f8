import type { ImportJob } from '@jz/contracts/import';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { ImportDialog } from './ImportDialog.tsx';

/** The server calls, replaced per test; the dialog and antd are real. */
const calls = { upload: 0, progress: 0, confirm: [] as number[], errors: [] as number[], template: 0 };
let uploadAnswer: () => Promise<ImportJob>;
let progressAnswers: ImportJob[] = [];
let confirmAnswer: () => Promise<ImportJob>;
vi.mock('./import-api.ts', () => ({
  uploadForCheck: () => {
    calls.upload++;
    return uploadAnswer();
  },
  getImportJob: async () => {
    calls.progress++;
    return progressAnswers.shift() ?? progressAnswers.at(-1);
  },
  confirmImport: (_c: unknown, id: number) => {
    calls.confirm.push(id);
    return confirmAnswer();
  },
  downloadErrors: async (_c: unknown, id: number) => {
    calls.errors.push(id);
  },
  downloadTemplate: async () => {
    calls.template++;
  },
}));

const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  importId: 7,
  kind: 'employee',
  fileName: '员工.xlsx',
  status: 'valid',
  total: 50,
  checked: 50,
  valid: 50,
  errorCount: 0,
  errors: [],
  moreErrors: 0,
  imported: 0,
  message: null,
  expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
  used: false,
  ...over,
});
const badJob = job({
  status: 'invalid',
  valid: 49,
  errorCount: 1,
  errors: [{ row: 7, column: '手机号', value: '1234', message: '请输入正确的 11 位手机号' }],
});

function renderDialog(onImported = vi.fn()) {
  render(
    <AntApp>
      <ImportDialog
        open
        onClose={() => {}}
        title="批量导入员工"
        api={{} as never}
        templateName="员工导入模板"
        unit="名员工"
        onImported={onImported}
      />
    </AntApp>,
  );
  return onImported;
}
const upload = () => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(10)], '员工.xlsx')] } });
};
const confirmButton = () => screen.getByRole('button', { name: /确认导入/ });

beforeEach(() => {
  Object.assign(calls, { upload: 0, progress: 0, confirm: [], errors: [], template: 0 });
  progressAnswers = [];
});

describe('ImportDialog', () => {
  it('shows the report of a file with a bad row: 行/列/值/问题, the error file, confirm disabled', async () => {
    uploadAnswer = async () => job({ status: 'checking', total: null, checked: 0 });
    progressAnswers = [job({ status: 'checking', total: 50, checked: 20 }), badJob];
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: /下载模板/ }));
    expect(calls.template).toBe(1);
    upload();
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(await screen.findByText(/发现 1 处问题/, {}, { timeout: 4000 })).toBeInTheDocument();
    const table = screen.getByRole('table');
    for (const h of ['行', '列', '值', '问题']) expect(within(table).getByText(h)).toBeInTheDocument();
    expect(within(table).getByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(within(table).getByText('1234')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /下载错误说明/ }));
    expect(calls.errors).toEqual([7]);
  });

  it('imports a valid file and shows the result; a refused confirmation shows its reason', async () => {
    uploadAnswer = async () => job();
    confirmAnswer = async () => {
      throw new ApiError(2004, '第 31 行「手机号」：手机号 13900003029 已是本商家的员工，全部数据未导入');
    };
    const onImported = renderDialog();
    upload();
    expect(await screen.findByText(/全部校验通过/)).toBeInTheDocument();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());
    expect(await screen.findByText(/第 31 行「手机号」/)).toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /重新上传/ }));
    confirmAnswer = async () => job({ status: 'done', imported: 50, used: true });
    upload();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());
    expect(await screen.findByText('成功导入 50 名员工')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith(50);
    expect(calls.confirm).toEqual([7, 7]);
  });

  it('an unreadable file says why and stays on the upload step', async () => {
    uploadAnswer = async () => {
      throw new ApiError(2001, '文件不是有效的 Excel（.xlsx）文件，请使用下载的模板');
    };
    renderDialog();
    upload();
    expect(await screen.findByText(/不是有效的 Excel/)).toBeInTheDocument();
    expect(screen.getByText(/点击或拖拽/)).toBeInTheDocument();
  });
});
