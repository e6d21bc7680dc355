export {
  DOCUMENT_TYPES,
  deleteFile,
  fileUrl,
  findCachedFile,
  findReadableFile,
  IMAGE_TYPES,
  readUpload,
  type StoredFile,
  sendableFile,
  sniffContentType,
  storeContent,
  storeUpload,
} from './files.service.ts';
