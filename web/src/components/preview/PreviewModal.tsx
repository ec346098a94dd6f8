import { FileOutlined } from '@ant-design/icons';
import { Button, Modal, Result } from 'antd';
import { type PreviewKind, previewKindOf } from '../upload/file-rules.ts';
import { fileUrl } from '../upload/upload-api.ts';

export interface PreviewModalProps {
  open: boolean;
  url?: string | null;
  /** Decided from the URL's extension when omitted. */
  kind?: PreviewKind;
  title?: string;
  onClose: () => void;
}

/**
 * Preview dialog (docs/spec-notes.md#routes, #constants): images at max-width 100 %, MP4 video with controls, PDF opened in a new tab (the
 * server forbids framing its files, so no inline frame). Anything else offers a download link.
 */
export function PreviewModal({ open, url, kind, title = '预览', onClose }: PreviewModalProps) {
  const src = fileUrl(url);
  const k = kind ?? (src ? previewKindOf(src) : 'other');
  return (
    <Modal
      open={open}
      title={title}
      footer={null}
      onCancel={onClose}
      width={k === 'image' ? 720 : 800}
      destroyOnHidden
      centered
    >
      {!src ? null : k === 'image' ? (
        <img src={src} alt={title} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />
      ) : k === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: user-uploaded clips have no caption track
        <video
          src={src}
          controls
          style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
          data-testid="preview-video"
        />
      ) : (
        <Result
          icon={<FileOutlined />}
          title={k === 'pdf' ? 'PDF 文件' : '该文件不支持在线预览'}
          // PDFs are served as attachments (active content never runs on the console's origin): they download.
          subTitle={k === 'pdf' ? '为安全起见，PDF 文件下载后查看' : undefined}
          extra={
            <Button type="primary" href={src} target="_blank" rel="noopener noreferrer">
              下载文件
            </Button>
          }
        />
      )}
    </Modal>
  );
}
