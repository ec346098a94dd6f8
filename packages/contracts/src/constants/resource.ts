// The schema-free part of resource.ts (re-exported there): see docs/contracts.md "Constants without schemas". Import
// nothing with schemas here.
import { UPLOAD_KINDS } from './upload.ts';

export const RESOURCE_TYPES = [...UPLOAD_KINDS, 'link'] as const;

export const RESOURCE_TYPE_LABELS: Record<(typeof RESOURCE_TYPES)[number], string> = {
  image: '图片',
  video: '视频',
  pdf: 'PDF',
  office: '办公文档',
  link: '外部链接',
};
