/** Spec 01 §5 and §9: what an upload may hold. */
export const FILE_LIMITS = {
  /** The multipart field the files come in (spec 01 §7). */
  field: 'fileCollection',
  /** The multipart field with the upload's metadata (JSON). */
  metadataField: 'metadata',
  maxFiles: 10,
  maxFileMegabytes: 32,
  maxTotalMegabytes: 32,
  maxFileBytes: 32 * 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  /** Longest stored file name, in characters (the original is kept as well). */
  maxNameLength: 200,
  /** How long a signed download URL works. */
  signedUrlSeconds: 5 * 60,
} as const;

/** The file types an upload may hold, decided by its content, with the extension each is given. */
export const uploadTypes = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
} as const;
export type UploadType = keyof typeof uploadTypes;

export const isUploadType = (mime: string): mime is UploadType => Object.hasOwn(uploadTypes, mime);

/** What the browser's file picker offers (the server decides by content whatever is picked). */
export const uploadAccept = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

/** Spec 01 §5: image preview is offered only for png, jpg, jpeg, svg and webp. */
export const previewExtensions = ['png', 'jpg', 'jpeg', 'svg', 'webp'] as const;
export const previewTypes = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** True when a file can be previewed as an image: its type, else its name, says it is one. */
export function canPreview(file: { name: string; contentType?: string | null }): boolean {
  if (file.contentType) return (previewTypes as readonly string[]).includes(file.contentType);
  return (previewExtensions as readonly string[]).includes(extensionOf(file.name));
}

/**
 * A file name safe to store, to use in a storage key and in a Content-Disposition header: the last
 * path part only, letters, digits, dot, dash and underscore (anything else becomes _), no leading
 * dot (no hidden files), at most FILE_LIMITS.maxNameLength characters with the extension kept.
 */
export function sanitiseFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const ascii = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/_?\._?/g, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+/, '')
    .replace(/[._]+$/, '');
  const name = ascii || 'file';
  if (name.length <= FILE_LIMITS.maxNameLength) return name;
  const extension = extensionOf(name);
  const keep = extension && extension.length < 10 ? `.${extension}` : '';
  return name.slice(0, FILE_LIMITS.maxNameLength - keep.length) + keep;
}

/**
 * The stored name of an upload: sanitised, and ending with the extension of the type its content
 * has (report.html holding a PNG is stored as report.html.png), so nobody opens it as something else.
 */
export function storedFileName(original: string, type: UploadType): string {
  const name = sanitiseFileName(original);
  const extension = extensionOf(name);
  const fits =
    type === 'image/jpeg' ? extension === 'jpg' || extension === 'jpeg' : extension === uploadTypes[type];
  return fits ? name : sanitiseFileName(`${name}.${uploadTypes[type]}`);
}

/** Spec 01 §5 checked before sending (the server checks again, by content): at most 10, 32MB each and in total. */
export function checkUploadSelection(
  files: ReadonlyArray<{ name: string; size: number; type?: string }>,
): 'filesEmpty' | 'tooManyFiles' | 'fileTooLarge' | 'totalTooLarge' | 'onlyImagesAndPdf' | null {
  if (files.length === 0) return 'filesEmpty';
  if (files.length > FILE_LIMITS.maxFiles) return 'tooManyFiles';
  for (const file of files) {
    const extension = extensionOf(file.name);
    const typeFits = file.type ? isUploadType(file.type) : false;
    if (!typeFits && !['png', 'jpg', 'jpeg', 'pdf'].includes(extension)) return 'onlyImagesAndPdf';
    if (file.size > FILE_LIMITS.maxFileBytes) return 'fileTooLarge';
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return total > FILE_LIMITS.maxTotalBytes ? 'totalTooLarge' : null;
}

/** Sizes as a records manager reads them: 812 B, 14.2 KB, 3.1 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
