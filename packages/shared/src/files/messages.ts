import { FILE_LIMITS } from './rules';

/**
 * Spec 01 §5 and §8 as they write them (uploads, downloads, deletes), then our own words for what
 * the spec leaves silent (which limit was met, why a download was refused).
 */
export const fileMessages = {
  // Spec 01 §5.
  onlyImagesAndPdf: 'Only image and PDF files are allowed',
  // Spec 01 §8 wrapper defaults.
  filesEmpty: 'Files are empty',
  noFilesFound: 'No files found for this site',
  downloadError: (reason: string) => `Download Error: ${reason}`,
  signedUrlFailed: 'Failed to get signed url',
  downloadFailed: 'Failed to download site related file',
  deleteFailed: 'Failed to delete site related file',
  loadMultimediaFailed: 'Failed to load multimedia',
  // Ours: the limits of spec 01 §9, said so a person knows which one they met.
  tooManyFiles: `At most ${FILE_LIMITS.maxFiles} files can be uploaded at once`,
  fileTooLarge: `Each file must be at most ${FILE_LIMITS.maxFileMegabytes}MB`,
  totalTooLarge: `Files must be at most ${FILE_LIMITS.maxTotalMegabytes}MB in total`,
  notMultipart: 'Files must be sent as multipart/form-data in the field fileCollection',
  unexpectedField: `Files must be sent in the field ${FILE_LIMITS.field}`,
  metadataInvalid: 'The upload metadata is not valid',
  // Issue 25 point 2: refused at once rather than held open or answered 500.
  emptyFile: (name: string) => `The file ${name} is empty`,
  nameInvalid: 'A file name cannot hold control characters',
  fileNotFound: 'File not found',
  // Reasons behind 'Download Error: {reason}'.
  linkExpired: 'the link has expired',
  linkInvalid: 'the link is not valid',
  quarantined: 'the file is quarantined',
  notScanned: 'the file has not been scanned for viruses; only staff who may edit sites can download it',
  uploadHint: `PNG, JPEG or PDF; at most ${FILE_LIMITS.maxFiles} files, ${FILE_LIMITS.maxTotalMegabytes}MB in all.`,
  // Shown beside a file's scan status.
  noScanner: 'Not scanned: no virus scanner is configured',
  waitingForScan: 'Waiting for the virus scan',
  scanFailed: 'The virus scan failed; it will be tried again',
  quarantinedNote: 'A virus was found: the file is quarantined and cannot be downloaded',
  deleteConfirm: (name: string) => `Delete the file ${name}? This cannot be undone.`,
  uploaded: (count: number) => (count === 1 ? '1 file uploaded' : `${count} files uploaded`),
  deleted: 'File deleted',
  noScannerConfigured: 'No virus scanner is configured',
  alreadyScanned: 'The file has already been scanned',
  scanQueued: 'The file will be scanned again',
} as const;
