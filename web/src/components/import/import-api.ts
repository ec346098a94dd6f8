import type { employeeImportApi } from '@jz/contracts/api/employee-import';
import type { ImportJob } from '@jz/contracts/import';
import { http } from '../../lib/api-client.ts';
import { callContract, contractUrl, downloadContract } from '../../lib/contract-client.ts';

/** The five calls of one import (contracts api/employee-import.ts, api/goods-import.ts: the same shape). */
export type ImportApi = typeof employeeImportApi;

/** A 10 MB file on a slow line needs more than the API's 10 s timeout. */
const UPLOAD_TIMEOUT = 180_000;

/** Uploads the file for checking (multipart `file`); answers the job (checking, or the report of a small file). */
export async function uploadForCheck(c: ImportApi, file: File, onProgress?: (percent: number) => void) {
  const fd = new FormData();
  fd.append('file', file, file.name);
  const res = await http.post(contractUrl(c.check), fd, {
    timeout: UPLOAD_TIMEOUT,
    jz: { quiet: true, silentSuccess: true, silentError: true },
    onUploadProgress: (e) => {
      if (e.total) onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    },
  });
  return (res.data as { result: ImportJob }).result;
}

export const getImportJob = (c: ImportApi, id: number) =>
  callContract(c.progress, { params: { id } }, { quiet: true, silentError: true });

/** All or nothing: answers the finished job, or rejects with the server's reason (the row that failed). */
export const confirmImport = (c: ImportApi, importId: number) =>
  callContract(c.confirm, { body: { importId } }, { quiet: true, silentSuccess: true, silentError: true });

export const downloadTemplate = (c: ImportApi, name: string) => downloadContract(c.template, {}, `${name}.xlsx`);
export const downloadErrors = (c: ImportApi, id: number) =>
  downloadContract(c.errorFile, { params: { id } }, '导入错误说明.xlsx');
