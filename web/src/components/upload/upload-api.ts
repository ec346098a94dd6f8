import { uploadApi } from '@jz/contracts/api/upload';
import type { AnyContract, ResultOf } from '@jz/contracts/contract';
import type { UploadKind } from '@jz/contracts/upload';
import { ApiError, http } from '../../lib/api-client.ts';
import { contractUrl } from '../../lib/contract-client.ts';

export interface UploadOptions {
  /** Whitelisted folder (e.g. 'shop', 'sys/config'); the server refuses anything else. */
  rootPath: string;
  /** Narrows what the server accepts ('image' for image widgets). */
  kind?: UploadKind | UploadKind[];
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Large files need more than the API's 10 s timeout. */
const UPLOAD_TIMEOUT = 120_000;

function form(file: File | Blob, o: UploadOptions) {
  const fd = new FormData();
  fd.append('rootPath', o.rootPath);
  if (o.kind) fd.append('kind', Array.isArray(o.kind) ? o.kind.join(',') : o.kind);
  fd.append('file', file, (file as File).name ?? 'file');
  return fd;
}

/** A multipart upload contract: the form is built here (callContract sends url-encoded forms), with progress. */
async function send<C extends AnyContract>(c: C, file: File | Blob, o: UploadOptions): Promise<ResultOf<C>> {
  const res = await http.post(contractUrl(c), form(file, o), {
    timeout: UPLOAD_TIMEOUT,
    signal: o.signal,
    // The widgets say 上传成功 / 上传失败 themselves.
    jz: { quiet: true, silentSuccess: true, silentError: true },
    onUploadProgress: (e) => {
      if (e.total) o.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    },
  });
  o.onProgress?.(100);
  return (res.data as { result: ResultOf<C> }).result;
}

/** Uploads one file (multipart: file, rootPath, kind). Rejects with ApiError carrying the server's message. */
export const uploadFile = (file: File | Blob, o: UploadOptions) => send(uploadApi.up, file, o);

/** The rich-text editor's images and videos. */
export const uploadForEditor = (file: File | Blob, o: UploadOptions) => send(uploadApi.editor, file, o);

export const failureText = (e: unknown) => (e instanceof ApiError && e.message ? `上传失败：${e.message}` : '上传失败');

/** Stored files answer `/tmpl/uploads/...`; when the API lives on another host (VITE_API_HOST) prefix it. */
export function fileUrl(url: string | null | undefined) {
  if (!url) return '';
  if (url.startsWith('/tmpl/')) return `${import.meta.env.VITE_API_HOST ?? ''}${url}`;
  return url;
}
