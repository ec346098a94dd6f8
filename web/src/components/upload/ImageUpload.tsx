import { DeleteOutlined, EyeOutlined, LoadingOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import './upload.css';
import { Progress, Space, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { LazyPreviewModal } from '../preview/LazyPreviewModal.tsx';
import { ACCEPT, accepts, imageSizeProblem } from './file-rules.ts';
import { failureText, fileUrl, uploadFile } from './upload-api.ts';
import { useAppApi } from '../../lib/app-api.ts';

export interface ImageUploadProps {
  /** The image URL (as the server answered it). */
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** Whitelisted folder on the server, e.g. 'shop' or 'employee'. */
  rootPath: string;
  disabled?: boolean;
  /** Square side in px (default 104). */
  size?: number;
  /** Text under the plus (default 上传图片). */
  label?: string;
}

/**
 * Single image upload (docs/spec-notes.md#validation): refuses files of 5 MB and more with "图片大小不能超过 5MB!" before sending,
 * says "上传成功" / "上传失败", previews, replaces (click the image or 更换) and clears.
 */
export function ImageUpload({ value, onChange, rootPath, disabled, size = 104, label = '上传图片' }: ImageUploadProps) {
  const { message } = useAppApi();
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState(false);

  const beforeUpload = (file: File) => {
    if (!accepts(ACCEPT.image, file)) {
      message.warning('只能上传 png、jpg、jpeg、webp、gif、ico 格式的图片！');
      return Upload.LIST_IGNORE;
    }
    const problem = imageSizeProblem(file.size);
    if (problem) {
      message.warning(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const pick = (
    <Upload
      // The picture tile is not a control of its own: antd then makes its wrapper the button (Tab, Enter).
      hasControlInside={false}
      accept={ACCEPT.image}
      showUploadList={false}
      disabled={disabled || percent !== null}
      beforeUpload={beforeUpload}
      customRequest={async ({ file, onSuccess, onError }) => {
        setPercent(0);
        try {
          const r = await uploadFile(file as File, { rootPath, kind: 'image', onProgress: setPercent });
          onChange?.(r.url);
          message.success('上传成功');
          onSuccess?.(r);
        } catch (e) {
          message.error(failureText(e));
          onError?.(e as Error);
        } finally {
          setPercent(null);
        }
      }}
    >
      {value ? (
        <Tooltip title="更换图片">
          <span className="jz-image-upload__swap">
            <SwapOutlined aria-label="更换图片" />
          </span>
        </Tooltip>
      ) : (
        <div className="jz-image-upload__empty" style={{ width: size, height: size }}>
          {percent !== null ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 6 }}>{label}</div>
        </div>
      )}
    </Upload>
  );

  return (
    <div className="jz-image-upload">
      {value ? (
        <div className="jz-image-upload__card" style={{ width: size, height: size }}>
          <img src={fileUrl(value)} alt="已上传图片" />
          <Space className="jz-image-upload__actions" size={10}>
            <EyeOutlined aria-label="预览图片" onClick={() => setPreview(true)} />
            {!disabled && pick}
            {!disabled && <DeleteOutlined aria-label="删除图片" onClick={() => onChange?.(null)} />}
          </Space>
          {percent !== null && (
            <Progress className="jz-image-upload__progress" percent={percent} size="small" showInfo={false} />
          )}
        </div>
      ) : (
        <>
          {pick}
          {percent !== null && <Progress percent={percent} size="small" style={{ width: size }} />}
        </>
      )}
      <LazyPreviewModal open={preview} url={value} kind="image" title="图片预览" onClose={() => setPreview(false)} />
    </div>
  );
}
