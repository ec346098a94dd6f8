import { staffApi } from '@jz/contracts/api/staff';
import type { StaffJob } from '@jz/contracts/staff';
import { MAX_JOB_PHOTOS } from '@jz/contracts/constants/staff';
import { Button, type ButtonProps, Dialog, ImageUploader, type ImageUploadItem, TextArea, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { staffCall } from '../api/client.ts';
import { compressImage } from '../lib/compress-image.ts';
import { FieldLabel } from './FieldLabel.tsx';
import { take } from './take-step.ts';

/** Uploads one photo (shrunk first); the preview is the local copy (the stored file is private). */
async function uploadPhoto(file: File): Promise<ImageUploadItem> {
  const small = await compressImage(file);
  const form = new FormData();
  form.append('file', small, small.name);
  const { url } = await staffCall(staffApi.upload, { body: form } as never, 60_000);
  return { url, thumbnailUrl: URL.createObjectURL(small) };
}

/** 完成服务: up to nine photos (uploaded as chosen), a note, and a confirmation. */
export function FinishStep({
  job,
  run,
  big,
}: {
  job: StaffJob;
  run: (fn: () => Promise<void>) => Promise<void>;
  big: ButtonProps;
}) {
  const [photos, setPhotos] = useState<ImageUploadItem[]>([]);
  const [note, setNote] = useState('');
  const noteId = useId();
  return (
    <div>
      <div className="staff-muted" style={{ marginBottom: 6 }}>
        服务照片（最多 {MAX_JOB_PHOTOS} 张）
      </div>
      <ImageUploader
        value={photos}
        onChange={setPhotos}
        upload={uploadPhoto}
        maxCount={MAX_JOB_PHOTOS}
        multiple
        accept="image/*"
        onUploadQueueChange={(q) => {
          const failed = q.find((t) => t.status === 'fail');
          if (failed) Toast.show({ content: '有照片上传失败，请检查网络后重新选择' });
        }}
      />
      <div style={{ marginTop: 8 }}>
        <FieldLabel htmlFor={noteId}>完成备注</FieldLabel>
      </div>
      <TextArea
        id={noteId}
        className="staff-boxed"
        placeholder="备注（选填），如：已清洁厨房和两间卧室"
        maxLength={500}
        rows={2}
        value={note}
        onChange={setNote}
        style={{ margin: '8px 0', '--font-size': '15px' }}
      />
      <Button
        {...big}
        color="success"
        onClick={async () => {
          const ok = await Dialog.confirm({
            title: '确认完成服务？',
            content: photos.length ? `将提交 ${photos.length} 张照片` : '未上传照片，确定直接完成吗？',
            confirmText: '确认完成',
            cancelText: '再看看',
          });
          if (!ok) return;
          const trimmed = note.trim();
          await run(() =>
            take(job, 'finish', { photos: photos.map((p) => p.url), ...(trimmed ? { note: trimmed } : {}) }),
          );
        }}
      >
        完成服务
      </Button>
    </div>
  );
}
