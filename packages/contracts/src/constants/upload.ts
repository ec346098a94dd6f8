// The schema-free part of upload.ts (re-exported there): see docs/contracts.md "Constants without schemas". Import
// nothing with schemas here.
export const UPLOAD_KINDS = ['image', 'video', 'pdf', 'office'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
