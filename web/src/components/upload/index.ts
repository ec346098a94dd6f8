export { FileUpload, type FileUploadProps } from './FileUpload.tsx';
export { ACCEPT, ACCEPT_ALL, formatBytes, parseSize, previewKindOf, sizeProblem } from './file-rules.ts';
export { ImageUpload, type ImageUploadProps } from './ImageUpload.tsx';
export { fileUrl, uploadFile, uploadForEditor } from './upload-api.ts';
