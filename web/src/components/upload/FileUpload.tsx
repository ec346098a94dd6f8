import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { LazyPreviewModal } from '../preview/LazyPreviewModal.tsx';
import { ACCEPT, accepts, isImageName, sizeProblem } from './file-rules.ts';
import { failureText, fileUrl, uploadFile } from './upload-api.ts';
import './upload.css';
import { useAppApi } from '../../lib/app-api.ts';

export interface FileUploadProps {
  /** Uploaded file URLs (the server's answers). */
  value?: string[];
  onChange?: (urls: string[]) => void;
  rootPath: string;
  /** Largest file, with unit kb / m / g (docs/spec-notes.md#validation; default '5m'). */
  maxSize?: string;
  /** Accepted names, e.g. ".pdf,.docx" (default: the image types of docs/spec-notes.md#validation). */
  accept?: string;
  /** How many files at most (default 1). */
  limit?: number;
  /** 'picture-card' for image walls, 'text' for document lists (default: picture-card when only images are accepted). */
  listType?: 'text' | 'picture-card';
  disabled?: boolean;
  buttonText?: string;
  /** Show the uploaded/uploading files under the button (default true; progress shows either way). */
  showList?: boolean;
  /** Called with each server answer (the resource page refreshes its list). */
  onUploaded?: (r: { url: string; name: string }) => void;
}

/** The file name of an address, without a signed URL's query. */
const nameOf = (url: string) => decodeURIComponent(url.split('?')[0].split('/').pop() ?? url);

/**
 * General file upload (docs/spec-notes.md#validation): maxSize with units ("文件大小不能超过 {max}!"), accept (default images), limit
 * (default 1), a progress bar per file while it uploads, preview and removal.
 */
export function FileUpload({
  value,
  onChange,
  rootPath,
  maxSize = '5m',
  accept = ACCEPT.image,
  limit = 1,
  listType,
  disabled,
  buttonText = '上传文件',
  showList = true,
  onUploaded,
}: FileUploadProps) {
  const { message } = useAppApi();
  const [list, setList] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const latest = useRef<string[]>(value ?? []);
  latest.current = value ?? [];
  const type = listType ?? (accept === ACCEPT.image ? 'picture-card' : 'text');

  // Files from the value (already uploaded), plus those still in flight. Keyed by content, not identity.
  const valueKey = JSON.stringify(value ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valueKey stands for value (a new array each render must not loop)
  useEffect(() => {
    setList((cur) => {
      const urls = value ?? [];
      // Done files are keyed by their stored URL (uid), so a re-render keeps their original names.
      const done: UploadFile[] = urls.map(
        (url) =>
          cur.find((f) => f.uid === url) ?? {
            uid: url,
            name: nameOf(url),
            status: 'done',
            url: fileUrl(url),
            thumbUrl: isImageName(url) ? fileUrl(url) : undefined,
          },
      );
      return [...done, ...cur.filter((f) => f.status === 'uploading')];
    });
  }, [valueKey]);

  const count = (value?.length ?? 0) + list.filter((f) => f.status === 'uploading').length;

  const beforeUpload = (file: File, batch: File[]) => {
    if (!accepts(accept, file)) {
      message.warning(`文件格式不正确，只能上传 ${accept.replaceAll('.', '').replaceAll(',', '、')} 格式的文件！`);
      return Upload.LIST_IGNORE;
    }
    const problem = sizeProblem(file.size, maxSize);
    if (problem) {
      message.warning(problem);
      return Upload.LIST_IGNORE;
    }
    if (count + batch.indexOf(file) + 1 > limit) {
      message.warning(`最多只能上传 ${limit} 个文件！`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <>
      <Upload
        accept={accept}
        multiple={limit > 1}
        listType={type}
        fileList={showList ? list : list.filter((f) => f.status === 'uploading')}
        disabled={disabled}
        beforeUpload={beforeUpload}
        onPreview={(f) => setPreview(f.status === 'done' ? f.uid : null)}
        onRemove={(f) => {
          if (f.status === 'uploading') return false;
          const next = (value ?? []).filter((u) => u !== f.uid);
          latest.current = next;
          onChange?.(next);
          return true;
        }}
        customRequest={async ({ file, onProgress, onSuccess, onError }) => {
          const f = file as File & { uid: string };
          setList((cur) => [
            ...cur.filter((x) => x.uid !== f.uid),
            { uid: f.uid, name: f.name, status: 'uploading', percent: 0 },
          ]);
          try {
            const r = await uploadFile(f, {
              rootPath,
              onProgress: (p) => {
                onProgress?.({ percent: p });
                setList((cur) => cur.map((x) => (x.uid === f.uid ? { ...x, percent: p } : x)));
              },
            });
            setList((cur) =>
              cur
                .filter((x) => x.uid !== f.uid)
                .concat({
                  uid: r.url,
                  name: f.name,
                  status: 'done',
                  url: fileUrl(r.url),
                  thumbUrl: isImageName(r.url) ? fileUrl(r.url) : undefined,
                }),
            );
            onChange?.([...latest.current, r.url]);
            latest.current = [...latest.current, r.url];
            onUploaded?.(r);
            message.success('上传成功');
            onSuccess?.(r);
          } catch (e) {
            setList((cur) => cur.filter((x) => x.uid !== f.uid));
            message.error(failureText(e));
            onError?.(e as Error);
          }
        }}
      >
        {count >= limit || disabled ? null : type === 'picture-card' ? (
          <div>
            <UploadOutlined />
            <div style={{ marginTop: 6 }}>{buttonText}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>{buttonText}</Button>
        )}
      </Upload>
      <LazyPreviewModal open={preview !== null} url={preview} onClose={() => setPreview(null)} />
    </>
  );
}
